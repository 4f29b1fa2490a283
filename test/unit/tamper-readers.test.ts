import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ChainCheck,
  type GameView,
  LocalGameApi,
  type ReplayPage,
  type WrittenStep,
} from '../../core/api/index.js'
import { ArbiterError } from '../../core/events/errors.js'
import { configureChainThreads } from '../../core/store/chain-threads.js'
import { dispatchCall } from '../../electron/dispatch.js'
import { useBuiltGame } from '../helpers/built-game.js'
import { run } from '../helpers/cli.js'
import { type Expected, forgeries } from '../helpers/tamper.js'
import { useTempDir } from '../helpers/temp.js'

/**
 * Issue 17's tamper suite: the database forged in each way a cheat would, and every reader asked —
 * the command line's replay, status, games, export and verify, and the web host's openGame, status,
 * replay and append through the one call path both hosts use (dispatchCall over a LocalGameApi that
 * may write). Each refuses naming the seq, or warns, never crashes (no stack trace, no
 * `api/unexpected`, which the web host answers with a 500), and a write stops on a broken chain and is
 * never locked by a forged snapshot (no `store/conflict`).
 */

const tempDir = useTempDir()
/** The chain check's worker as built (`npm test` builds first): a worker thread runs JavaScript. */
const builtWorker = new URL('../../dist/core/store/chain-worker.js', import.meta.url)

const game = useBuiltGame(2000 + 300, 17)

type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string }

/** One web host call: its value, or its refusal as the host would send it; anything else fails the test. */
async function host<T>(api: LocalGameApi, method: string, ...args: unknown[]): Promise<Outcome<T>> {
  try {
    return { ok: true, value: (await dispatchCall(api, method, args)) as T }
  } catch (error) {
    expect(error, `${method} threw something that is not a refusal`).toBeInstanceOf(ArbiterError)
    const { code, message } = error as ArbiterError
    expect(code, `${method}: ${message}`).not.toBe('api/unexpected')
    expect(code, `${method}: ${message}`).not.toBe('store/conflict')
    return { ok: false, code, message }
  }
}

/** The web host's replay, page after page, to its last page. */
async function hostReplay(api: LocalGameApi, gameId: string): Promise<Outcome<ReplayPage>> {
  let fromSeq: number | null = 1
  let last: Outcome<ReplayPage> = { ok: false, code: 'none', message: 'no page' }
  while (fromSeq !== null) {
    last = await host<ReplayPage>(api, 'replay', gameId, { fromSeq, limit: 1000 })
    if (!last.ok) return last
    fromSeq = last.value.nextSeq
  }
  return last
}

/** A command: it ends with 0 or 1, never a throw, a usage error or a stack trace. */
async function command(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const result = await run(...argv)
  expect([0, 1], `${argv[0]}: ${result.err}`).toContain(result.code)
  expect(result.err).not.toMatch(/\n\s+at /)
  return result
}

function refusal(code: string, seq: number) {
  return { ok: false, code, message: expect.stringContaining(`seq ${seq}`) }
}

async function readersOf(file: string, expected: Expected): Promise<void> {
  const gameId = game.built.gameId
  const verify = await command('verify', '--db', file, '--game', gameId)
  const status = await command('status', '--db', file, '--game', gameId)
  const games = await command('games', '--db', file)
  const replay = await command('replay', '--db', file, '--game', gameId)
  const exported = await command('export', '--db', file, '--game', gameId, '--out', join(tempDir(), 'game.jsonl'))

  const api = await LocalGameApi.open(file, { mustExist: true })
  try {
    const opened = await host<GameView>(api, 'openGame', gameId)
    const shownStatus = await host<{ seq: number; checks?: unknown }>(api, 'status', gameId)
    const replayed = await hostReplay(api, gameId)
    const note = { type: 'Note', actor: 'orcs', payload: { text: 'after the forgery' } }
    const appended = await host<WrittenStep>(api, 'append', gameId, note)

    switch (expected.kind) {
      case 'broken': {
        const named = `seq ${expected.seq}`
        expect(verify.code).toBe(1)
        expect(verify.out).toContain(named)
        for (const refused of [status, replay, exported]) {
          expect(refused.code).toBe(1)
          expect(refused.err).toContain('store/chain-broken')
          expect(refused.err).toContain(named)
        }
        expect(games.code).toBe(1)
        expect(games.out).toContain(`BROKEN ${gameId}: ${named}`)
        for (const refused of [opened, shownStatus, replayed, appended])
          expect(refused).toMatchObject(refusal('store/chain-broken', expected.seq))
        break
      }
      case 'bad-event': {
        // export and games fold nothing: the chain holds, so they pass it; verify replays the rules and
        // refuses it (issue 17 item 3), and so does every reader that folds, naming the event.
        expect(verify.code).toBe(1)
        expect(verify.out).toContain(`BROKEN game ${gameId}: seq ${expected.seq}:`)
        expect(verify.out).not.toMatch(/^OK /m)
        for (const refused of [status, replay]) {
          expect(refused.code).toBe(1)
          expect(refused.err).toContain('store/bad-event')
          expect(refused.err).toContain(`seq ${expected.seq} (ArmyMustered)`)
        }
        for (const refused of [opened, shownStatus, replayed, appended])
          expect(refused).toMatchObject(refusal('store/bad-event', expected.seq))
        break
      }
      case 'set-aside': {
        const warning = `warning: the stored snapshot at seq ${expected.seq} was set aside`
        for (const shown of [games, replay, exported]) expect(shown.code).toBe(0)
        // verify checks every stored snapshot against the replay (issue 17 item 3), on its face too.
        expect(verify.code).toBe(1)
        expect(verify.out).toContain(`BROKEN game ${gameId}: seq ${expected.seq}:`)
        expect(verify.out).not.toMatch(/^OK /m)
        expect(status.code).toBe(0)
        expect(status.out).toContain(warning)
        expect(opened).toMatchObject({ ok: true })
        const view = (opened as { value: GameView }).value
        expect(view.state.title).not.toBe('Forged')
        expect(view.checks?.setAside?.map((s) => s.seq)).toContain(expected.seq)
        expect(replayed).toMatchObject({ ok: true })
        expect(appended).toMatchObject({ ok: true, value: { seq: game.built.events + 1 } })
        break
      }
      case 'unverified': {
        for (const shown of [games, exported]) expect(shown.code).toBe(0)
        // Forged with its digest: only a replay shows it, and verify replays (issue 17 item 3).
        expect(verify.code).toBe(1)
        expect(verify.out).toBe(
          `BROKEN game ${gameId}: seq ${expected.seq}: the stored snapshot differs from the state the events give: ` +
            'it was changed around Arbiter\n',
        )
        expect(status.code).toBe(0)
        expect(status.out).toContain(
          `unverified: the state is restored from the stored snapshot at seq ${expected.seq}`,
        )
        expect(replay.code).toBe(0)
        expect(replay.err).toContain(`warning: the stored snapshot at seq ${expected.seq} was set aside`)
        expect(opened).toMatchObject({ ok: true, value: { checks: { unverifiedSnapshot: expected.seq } } })
        expect((opened as { value: GameView }).value.state.title).toBe('Forged')
        expect(replayed).toMatchObject({ ok: true })
        expect((replayed as { value: ReplayPage }).value.view?.checks?.setAside?.map((s) => s.seq)).toEqual([
          expected.seq,
        ])
        // Named by the replay and filed again from the events: the write after it folds from the true
        // state (its status carries no unverified flag: the replay verified the snapshot it filed), and
        // so does the next open.
        expect(appended).toMatchObject({ ok: true, value: { seq: game.built.events + 1 } })
        expect((appended as { value: WrittenStep }).value.status.checks).toBeUndefined()
        const reopened = await host<GameView>(api, 'openGame', gameId, expected.seq + 1)
        expect(reopened).toMatchObject({ ok: true })
        expect((reopened as { value: GameView }).value.state.title).not.toBe('Forged')
        break
      }
      case 'consistent': {
        for (const shown of [verify, status, games, replay, exported]) expect(shown.code).toBe(0)
        expect(verify.out).toContain(`${expected.head} events, chain intact`)
        expect(status.out).toContain(`at seq ${expected.head}:`)
        expect(opened).toMatchObject({ ok: true, value: { seq: expected.head } })
        expect(replayed).toMatchObject({ ok: true, value: { view: { seq: expected.head } } })
        expect(appended).toMatchObject({ ok: true, value: { seq: expected.head + 1 } })
        break
      }
    }
  } finally {
    await api.close()
  }
}

describe('the tamper suite: every reader refuses or warns, never crashes; writes stop on a broken chain', () => {
  for (const forgery of forgeries) {
    it(forgery.name, async () => {
      const file = join(tempDir(), 'forged.sqlite')
      copyFileSync(game.file, file)
      const expected = forgery.forge(file, game.built)
      await readersOf(file, expected)
    }, 60_000)
  }

  // Again with every chain checked across threads (core/store/chain-threads.ts), an open's fold done while
  // the worker checks: the same refusals and warnings, the same seqs.
  describe('with the chain checked across threads', () => {
    beforeAll(() => configureChainThreads({ script: builtWorker, threads: 1, minRows: 1 }))
    afterAll(() => configureChainThreads({}))
    for (const forgery of forgeries) {
      it(forgery.name, async () => {
        const file = join(tempDir(), 'forged.sqlite')
        copyFileSync(game.file, file)
        await readersOf(file, forgery.forge(file, game.built))
      }, 60_000)
    }
  })

  it('verifyGame names each stored snapshot that is not the replay, by seq, and files it again from the events', async () => {
    const file = join(tempDir(), 'forged.sqlite')
    copyFileSync(game.file, file)
    const forged = forgeries.find((f) => f.name === 'a snapshot forged with its digest')!.forge(file, game.built)
    const api = await LocalGameApi.open(file, { mustExist: true })
    try {
      const first = await host<ChainCheck>(api, 'verifyGame', game.built.gameId)
      expect(first).toMatchObject({
        ok: true,
        value: {
          ok: false,
          seq: forged.kind === 'unverified' ? forged.seq : -1,
          problem: expect.stringContaining('differs from the state the events give'),
        },
      })
      const failed = (first as { value: ChainCheck & { ok: false } }).value
      expect(failed.snapshots?.map((s) => s.seq)).toEqual([failed.seq])
      // Set aside and filed again from the replay's state (this store may be written): the next verify
      // passes, and the head opens from the events' state.
      expect(await host<ChainCheck>(api, 'verifyGame', game.built.gameId)).toMatchObject({
        ok: true,
        value: { ok: true },
      })
      const opened = await host<GameView>(api, 'openGame', game.built.gameId)
      expect((opened as { value: GameView }).value.state.title).not.toBe('Forged')
    } finally {
      await api.close()
    }
  }, 60_000)

  it('a writer puts dropped guards back before it appends', async () => {
    const file = join(tempDir(), 'unguarded.sqlite')
    copyFileSync(game.file, file)
    forgeries.find((f) => f.name === 'the triggers dropped')!.forge(file, game.built)
    const api = await LocalGameApi.open(file, { mustExist: true })
    await api.append(game.built.gameId, { type: 'Note', actor: 'orcs', payload: { text: 'guarded again' } })
    await api.close()
    const raw = new Database(file)
    try {
      expect(() => raw.prepare(`UPDATE events SET at = 'x' WHERE seq = 1`).run()).toThrow('append-only')
      expect(() => raw.prepare('DELETE FROM events WHERE seq = 1').run()).toThrow('append-only')
    } finally {
      raw.close()
    }
  })
})
