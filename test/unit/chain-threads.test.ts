import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { UnchainedEvent } from '../../core/events/envelope.js'
import { ChainReader } from '../../core/store/chain-reader.js'
import { type ChainPartAnswer, type ChainPartJob, configureChainThreads } from '../../core/store/chain-threads.js'
import { EventStore } from '../../core/store/index.js'
import { tamper } from '../helpers/tamper.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
/** The worker as built (`npm test` builds before it runs vitest): a worker thread runs JavaScript, not TypeScript. */
const builtWorker = new URL('../../dist/core/store/chain-worker.js', import.meta.url)
const EVENTS = 40

afterAll(() => configureChainThreads({}))

function event(n: number, gameId: string): UnchainedEvent {
  return {
    gameId,
    type: 'Note',
    v: 1,
    at: `2024-05-01T10:00:${String(n % 60).padStart(2, '0')}Z`,
    actor: n % 2 ? 'p1 "quoted"' : 'p2 😀',
    rulesVersion: 'r1',
    payload: { text: `note ${n}`, n },
  }
}

function storeWith(file: string, gameId: string): EventStore {
  const store = EventStore.open(file)
  store.createGame(
    { gameId, ruleset: 'classic', variant: 'base', catalogueHash: 'c'.repeat(64), createdAt: '2024-05-01T10:00:00Z' },
    event(1, gameId),
  )
  for (let seq = 2; seq <= EVENTS; seq++) store.append(gameId, seq - 1, [event(seq, gameId)])
  return store
}

/** The ranges the calling thread checked itself (the workers check theirs on connections of their own). */
function ownRanges(): { ranges: [number, number | undefined][]; stop: () => void } {
  const spy = vi.spyOn(ChainReader.prototype, 'checkChain')
  return {
    get ranges() {
      return spy.mock.calls.map(([, from, to]) => [from, to] as [number, number | undefined])
    },
    stop: () => spy.mockRestore(),
  }
}

const forgeries: { name: string; sql: string; firstBad: number }[] = [
  {
    name: 'a payload changed early in the chain',
    sql: `UPDATE events SET payload = '{"n":0}' WHERE seq = 5`,
    firstBad: 5,
  },
  {
    name: 'a hash changed in the middle',
    sql: `UPDATE events SET hash = '${'e'.repeat(64)}' WHERE seq = 20`,
    firstBad: 20,
  },
  {
    name: 'a prev_hash changed late in the chain',
    sql: `UPDATE events SET prev_hash = '${'a'.repeat(64)}' WHERE seq = 33`,
    firstBad: 33,
  },
  { name: 'a row deleted where two pieces meet', sql: 'DELETE FROM events WHERE seq = 14', firstBad: 14 },
  { name: 'two rows deleted, a whole piece', sql: 'DELETE FROM events WHERE seq IN (27, 28)', firstBad: 27 },
  { name: 'the last row of a piece changed', sql: `UPDATE events SET actor = 'mallory' WHERE seq = 27`, firstBad: 27 },
  {
    name: 'rows changed early and late: the one nearest seq 1 named',
    sql: `UPDATE events SET actor = 'mallory' WHERE seq IN (8, 36)`,
    firstBad: 8,
  },
]

describe('the whole-chain check across threads (core/store/chain-threads.ts)', () => {
  it('the worker is built', () => {
    expect(
      existsSync(builtWorker),
      'run `npm run build` first: the worker thread runs dist/core/store/chain-worker.js',
    ).toBe(true)
  })

  it('passes an honest chain, whole or to a seq', async () => {
    await configureChainThreads({ script: builtWorker, threads: 2, minRows: 1 })
    const gameId = 'g "one"'
    const store = storeWith(join(tempDir(), 'honest.db'), gameId)
    try {
      expect(await store.verifyGameAcrossThreads(gameId)).toEqual({ ok: true, events: EVENTS })
      expect(await store.verifyGameAcrossThreads(gameId, 30)).toEqual({ ok: true, events: 30 })
    } finally {
      store.close()
    }
  })

  it('a worker takes pieces until none is left and answers for each, naming those broken', async () => {
    const gameId = 'g "worker"'
    const file = join(tempDir(), 'worker.db')
    storeWith(file, gameId).close()
    tamper(file, (raw) => raw.exec(`UPDATE events SET payload = '{"n":0}' WHERE seq IN (6, 31)`))
    const worker = new Worker(builtWorker)
    try {
      const next = new SharedArrayBuffer(4)
      // Pieces 0 and 1 taken by another thread already: the worker starts at piece 2 (rows 9 to 12).
      new Int32Array(next)[0] = 2
      const job: ChainPartJob = { id: 7, file, gameId, fromSeq: 1, toSeq: EVENTS, pieceRows: 4, next }
      const answered = new Promise<ChainPartAnswer>((resolve) => worker.once('message', resolve))
      worker.postMessage(job)
      const answer = await answered
      expect(answer).toEqual({
        id: 7,
        pieces: [2, 3, 4, 5, 6, 7, 8, 9],
        broken: [
          {
            piece: 7,
            seq: 31,
            problem: 'hash does not match the stored content: the row was changed',
          },
        ],
      })
      expect(new Int32Array(next)[0]).toBeGreaterThanOrEqual(10)
    } finally {
      await worker.terminate()
    }
  })

  for (const forgery of forgeries)
    it(`names what a check on one thread names: ${forgery.name}`, async () => {
      await configureChainThreads({ script: builtWorker, threads: 2, minRows: 1 })
      const gameId = 'g2'
      const file = join(tempDir(), 'forged.db')
      storeWith(file, gameId).close()
      tamper(file, (raw) => raw.exec(forgery.sql))
      const store = EventStore.open(file)
      try {
        const alone = store.verifyGame(gameId)
        expect(alone).toMatchObject({ ok: false, seq: forgery.firstBad })
        expect(await store.verifyGameAcrossThreads(gameId)).toEqual(alone)
      } finally {
        store.close()
      }
    })

  it('checks on the calling thread alone when a worker cannot run, and names the same row', async () => {
    const broken = join(tempDir(), 'broken-worker.mjs')
    writeFileSync(broken, "throw new Error('this host cannot run workers')\n")
    const gameId = 'g3'
    const file = join(tempDir(), 'fallback.db')
    storeWith(file, gameId).close()
    tamper(file, (raw) => raw.exec(`UPDATE events SET payload = '{"n":-1}' WHERE seq = 3`))
    for (const script of [pathToFileURL(broken), pathToFileURL(join(tempDir(), 'missing.mjs'))]) {
      await configureChainThreads({ script, threads: 1, minRows: 1 })
      const store = EventStore.open(file)
      try {
        const result = await store.verifyGameAcrossThreads(gameId)
        expect(result).toMatchObject({ ok: false, seq: 3 })
        expect(result).toEqual(store.verifyGame(gameId))
      } finally {
        store.close()
      }
    }
  })

  it('checks on the calling thread what a worker that never answers took, and does not hang', async () => {
    const silent = join(tempDir(), 'silent-worker.mjs')
    // Takes every piece, checks none, says nothing.
    writeFileSync(
      silent,
      "import { parentPort } from 'node:worker_threads'\n" +
        "parentPort.on('message', (job) => { Atomics.add(new Int32Array(job.next), 0, 1000) })\n",
    )
    await configureChainThreads({ script: pathToFileURL(silent), threads: 1, minRows: 1, answerWithinMs: 200 })
    const gameId = 'g6'
    const file = join(tempDir(), 'silent.db')
    storeWith(file, gameId).close()
    tamper(file, (raw) => raw.exec(`UPDATE events SET actor = 'mallory' WHERE seq = 12`))
    const store = EventStore.open(file)
    try {
      const result = await store.verifyGameAcrossThreads(gameId)
      expect(result).toMatchObject({ ok: false, seq: 12 })
      expect(result).toEqual(store.verifyGame(gameId))
    } finally {
      store.close()
    }
  })

  it('keeps a database in memory, and a short chain, on the calling thread', async () => {
    await configureChainThreads({ script: builtWorker, threads: 2 })
    const own = ownRanges()
    const memory = storeWith(':memory:', 'g4')
    const short = storeWith(join(tempDir(), 'short.db'), 'g5')
    try {
      expect(await memory.verifyGameAcrossThreads('g4')).toEqual({ ok: true, events: EVENTS })
      expect(await short.verifyGameAcrossThreads('g5')).toEqual({ ok: true, events: EVENTS })
      expect(own.ranges).toEqual([
        [1, EVENTS],
        [1, EVENTS],
      ])
    } finally {
      own.stop()
      memory.close()
      short.close()
    }
  })
})
