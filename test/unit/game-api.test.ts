import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import {
  catalogueHash,
  exportText,
  type GameApi,
  type GameView,
  LocalGameApi,
  replaySteps,
  SNAPSHOT_INTERVAL,
  snapshotKey,
} from '../../core/api/index.js'
import { canonicalJson } from '../../core/events/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { EventStore } from '../../core/store/index.js'
import { dispatchCall } from '../../electron/dispatch.js'
import { attack, classicCombat, openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/** Every page of a replay; the game at its head. */
async function replayToHead(api: GameApi, gameId: string): Promise<GameView> {
  const steps = replaySteps(api, gameId)
  for (;;) {
    const next = await steps.next()
    if (next.done) return next.value
  }
}

describe('GameApi', () => {
  it('GameCreated pins the ruleset, its variant and the catalogue hash; every event carries the rules version', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    const events = [...api.store.readEvents(gameId)]
    expect(events[0]?.payload).toMatchObject({
      ruleset: 'classic',
      variant: 'classic',
      catalogueHash: catalogueHash(classic),
    })
    expect(new Set(events.map((e) => e.rulesVersion))).toEqual(new Set([`classic/classic@${catalogueHash(classic)}`]))
    await api.close()
  })

  it('app dice come from the api and are recorded as DiceRolled with source app', async () => {
    const api = await openApi(tempDir(), 'a.sqlite', { rollDie: () => 6 })
    const gameId = await classicCombat(api)
    const declared = await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz', models: 3 },
    })
    const rolled = await api.rollDice(gameId, declared.requests[0]!.id, 'p1')
    expect(rolled.outcomes[0]?.values).toEqual({ attacks: 3, need: 3, hits: 3 })
    const stored = [...api.store.readEvents(gameId)].at(-1)
    expect(stored).toMatchObject({ type: 'DiceRolled', payload: { requestId: '6.1', faces: [6, 6, 6], source: 'app' } })
    await api.close()
  })

  it('an answer brings what the screen shows next: the step, the status and the game after it, as status and openGame say', async () => {
    const api = await openApi(tempDir(), 'a.sqlite', { rollDie: () => 6 })
    const gameId = await classicCombat(api)
    const declared = await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz', models: 3 },
    })
    expect(declared.status).toEqual(await api.status(gameId))
    expect(declared.status.openRequests.map((r) => r.id)).toEqual(['6.1'])
    expect(declared.status.canDeclare).toEqual([])
    const rolled = await api.rollDice(gameId, '6.1', 'p1')
    expect(rolled.seq).toBe(7)
    expect(rolled.status).toEqual(await api.status(gameId))
    expect(rolled.status.openRequests.map((r) => r.id)).toEqual(['7.1'])
    expect(rolled.view).toEqual(await api.openGame(gameId))
    // The game as it was then, even once it has moved on: read late, the view is the game at that seq.
    await api.rollDice(gameId, '7.1', 'p1')
    expect(declared.view).toEqual(await api.openGame(gameId, 6))
    expect(declared.view.state.seq).toBe(6)
    // Printed in-process (the CLI's JSON), the step carries the status but not the whole game.
    expect(Object.keys(JSON.parse(JSON.stringify(rolled))).sort()).toEqual(
      ['actor', 'explanation', 'outcomes', 'payload', 'requests', 'seq', 'status', 'type'].sort(),
    )
    // Over a transport (the hosts' dispatch: HTTP, IPC) it is plain data with the game in it.
    const sent = JSON.parse(JSON.stringify(await dispatchCall(api, 'rollDice', [gameId, '8.1', 'p2'])))
    expect(sent.view).toEqual(JSON.parse(JSON.stringify(await api.openGame(gameId))))
    expect(sent.status).toEqual(JSON.parse(JSON.stringify(await api.status(gameId))))
    await api.close()
  })

  it('the default app dice are real D6 faces', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    const declared = await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz', models: 10 },
    })
    await api.rollDice(gameId, declared.requests[0]!.id, 'p1')
    const faces = ([...api.store.readEvents(gameId)].at(-1)!.payload as { faces: number[] }).faces
    expect(faces).toHaveLength(10)
    for (const face of faces) expect(face >= 1 && face <= 6 && Number.isInteger(face)).toBe(true)
    await api.close()
  })

  it('a stale expected version is a conflict and writes nothing', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    await expect(api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'late' } }, 3)).rejects.toMatchObject(
      { code: 'store/conflict' },
    )
    expect(api.store.head(gameId).seq).toBe(5)
    await api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'on time' } }, 5)
    expect(api.store.head(gameId).seq).toBe(6)
    await api.close()
  })

  it('a second writer on the same database is seen: the session reloads to the new head', async () => {
    const dir = tempDir()
    const first = await openApi(dir)
    const gameId = await classicCombat(first)
    const second = await openApi(dir)
    await second.append(gameId, { type: 'Note', actor: 'p2', payload: { text: 'from the second screen' } })
    const view = await first.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'from the first' } })
    expect(view.seq).toBe(7)
    expect(first.store.verifyGame(gameId)).toEqual({ ok: true, events: 7 })
    await first.close()
    await second.close()
  })

  it('opening a game at an earlier seq replays to it; at its head it shows the open requests', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    await api.append(gameId, {
      type: 'MeleeAttacksDeclared',
      actor: 'p1',
      payload: { attacker: 'warriors', target: 'boyz', models: 5 },
    })
    const head = await api.openGame(gameId)
    expect(head.openRequests.map((r) => r.id)).toEqual(['6.1'])
    const early = await api.openGame(gameId, 3)
    expect(early.seq).toBe(3)
    expect(Object.keys(early.state.units)).toEqual(['warriors', 'boyz'])
    expect(early.openRequests).toEqual([])
    await expect(api.openGame(gameId, 7)).rejects.toMatchObject({
      code: 'api/bad-seq',
      message: expect.stringContaining('has events 1 to 6; there is no seq 7'),
    })
    await expect(api.openGame(gameId, 0)).rejects.toMatchObject({ code: 'api/bad-seq' })
    // what openGame hands out is a copy: the next append does not change it
    await api.append(gameId, {
      type: 'DiceRolled',
      actor: 'p1',
      payload: { requestId: '6.1', faces: [1, 1, 1, 1, 1], source: 'physical' },
    })
    expect(head.openRequests.map((r) => r.id)).toEqual(['6.1'])
    expect(head.state.seq).toBe(6)
    await api.close()
  })

  it('snapshots are taken where no procedure is open, and opening from one equals a full replay', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const gameId = await classicCombat(api)
    let seq = 5
    while (seq < SNAPSHOT_INTERVAL + 50) {
      await attack(api, gameId, 'warriors', 'boyz', 1, [2]) // one attack that misses: declare + roll
      seq += 2
    }
    await api.close()
    const store = EventStore.open(join(dir, 'arbiter.sqlite'))
    const snapshots = store.latestSnapshot(gameId, Number.MAX_SAFE_INTEGER, snapshotKey(catalogueHash(classic)))
    expect(snapshots?.seq).toBeGreaterThanOrEqual(SNAPSHOT_INTERVAL)
    store.close()
    const reopened = await openApi(dir)
    const fromSnapshot = await reopened.openGame(gameId)
    const fullReplay = await replayToHead(reopened, gameId)
    expect(canonicalJson(fromSnapshot.state)).toBe(canonicalJson(fullReplay.state))
    await reopened.close()
  })

  it('export then import gives the same events, hashes included, in another database', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const gameId = await classicCombat(api)
    await attack(api, gameId, 'warriors', 'boyz', 5, [6, 3, 4, 1, 5], [5, 2, 6, 4], [6, 3])
    const text = await exportText(api, gameId)
    await api.close()
    const other = await openApi(dir, 'other.sqlite')
    expect(await other.importGame(text)).toEqual({ gameId, events: 9 })
    expect(await exportText(other, gameId)).toBe(text)
    await expect(other.importGame(text)).rejects.toMatchObject({ code: 'store/game-exists' })
    await other.close()
  })

  it('import refuses a file whose events the rules refuse, naming the line, and writes nothing', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const gameId = await classicCombat(api)
    await api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'ok' } })
    const lines = (await exportText(api, gameId)).trimEnd().split('\n')
    await api.close()
    // a well-chained file whose last event answers no request: re-chain it so only the rules can object
    const { sha256Hex } = await import('../../core/store/sha256.js')
    const { chainText } = await import('../../core/events/index.js')
    const last = JSON.parse(lines[5] as string)
    const forged = { ...last, type: 'DiceRolled', payload: { requestId: '9.9', faces: [3], source: 'physical' } }
    forged.hash = sha256Hex(chainText(forged.prevHash, forged, canonicalJson(forged.payload)))
    const closing = canonicalJson({ arbiterExport: { gameId, events: 6, head: forged.hash } })
    const file = `${[...lines.slice(0, 5), canonicalJson(forged), closing].join('\n')}\n`
    const other = await openApi(dir, 'other.sqlite')
    await expect(other.importGame(file)).rejects.toThrow(/line 6 \(seq 6\): .*request "9.9", which is not open/)
    expect(await other.listGames()).toEqual([])
    await other.close()
  })

  it('createGame refuses an unknown ruleset and an unknown variant, writing nothing', async () => {
    const api = await openApi(tempDir())
    await expect(
      api.createGame({
        ruleset: 'chess',
        players: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
        actor: 'a',
      }),
    ).rejects.toMatchObject({ code: 'api/unknown-ruleset' })
    await expect(
      api.createGame({
        ruleset: 'classic',
        variant: 'house',
        players: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
        actor: 'a',
      }),
    ).rejects.toMatchObject({ code: 'engine/unknown-variant' })
    expect(await api.listGames()).toEqual([])
    await api.close()
  })
})

describe('GameApi catalogue pinning', () => {
  /** The game's export, re-chained as if it had been played under another catalogue. */
  async function playedUnderAnotherCatalogue(dir: string): Promise<{ gameId: string; text: string }> {
    const api = await openApi(dir)
    const gameId = await classicCombat(api)
    const events = [...api.store.readEvents(gameId)]
    await api.close()
    const { sha256Hex } = await import('../../core/store/sha256.js')
    const { chainText, GENESIS_HASH } = await import('../../core/events/index.js')
    const { toJsonl } = await import('../../core/store/jsonl.js')
    const other = 'f'.repeat(64)
    let prevHash = GENESIS_HASH
    const rechained = events.map((event) => {
      const payload =
        event.type === 'GameCreated' ? { ...(event.payload as object), catalogueHash: other } : event.payload
      const body = { ...event, payload, prevHash, rulesVersion: `classic/classic@${other}` }
      const hash = sha256Hex(chainText(prevHash, body, canonicalJson(payload)))
      prevHash = hash
      return { ...body, hash }
    })
    return { gameId, text: toJsonl(rechained) }
  }

  it('a game played under another catalogue is refused, unless replayed under the current rules on purpose', async () => {
    const dir = tempDir()
    const { gameId, text } = await playedUnderAnotherCatalogue(dir)
    const strict = await openApi(dir, 'strict.sqlite')
    await expect(strict.importGame(text)).rejects.toMatchObject({ code: 'api/catalogue-mismatch' })
    await strict.close()
    const lenient = await LocalGameApi.open(join(dir, 'lenient.sqlite'), { underCurrentRules: true })
    await lenient.importGame(text)
    expect((await lenient.replay(gameId)).view?.seq).toBe(5)
    await lenient.close()
    const strictAgain = await LocalGameApi.open(join(dir, 'lenient.sqlite'))
    await expect(strictAgain.replay(gameId)).rejects.toMatchObject({
      code: 'api/catalogue-mismatch',
      message: expect.stringContaining('ffffffffffff'),
    })
    await expect(strictAgain.openGame(gameId)).rejects.toMatchObject({ code: 'api/catalogue-mismatch' })
    await strictAgain.close()
  })

  it('the catalogue is read from the hashed GameCreated, not from the editable games table', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const gameId = await classicCombat(api)
    await api.close()
    const raw = new Database(join(dir, 'arbiter.sqlite'))
    raw.prepare('UPDATE games SET catalogue_hash = ?').run('f'.repeat(64))
    raw.close()
    const reopened = await openApi(dir)
    expect((await reopened.replay(gameId)).view?.seq).toBe(5)
    await reopened.close()
  })
})
