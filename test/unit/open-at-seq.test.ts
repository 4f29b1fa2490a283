import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it, vi } from 'vitest'
import {
  catalogueHash,
  foldEvents,
  LocalGameApi,
  replaySteps,
  SNAPSHOT_INTERVAL,
  snapshotKey,
  waypointKey,
} from '../../core/api/index.js'
import { createEngine, type GameState } from '../../core/engine/index.js'
import { canonicalJson, canonicalJsonPieces } from '../../core/events/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { SNAPSHOTS_KEPT, snapshotDigest } from '../../core/store/index.js'
import { buildGame } from '../bench/build-game.js'
import { classicCombat, openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

describe('openGame at a seq: waypoints', () => {
  it('every snapshot is kept as a waypoint, and an open at any seq folds from the one before it', async () => {
    const file = join(tempDir(), 'long.db')
    const events = SNAPSHOT_INTERVAL * (SNAPSHOTS_KEPT + 2) + 300
    const built = await buildGame(file, events, 5)
    const api = await LocalGameApi.open(file, { mustExist: true })
    const key = snapshotKey(catalogueHash(classic))
    const waypoints = api.store.snapshotSeqs(built.gameId, waypointKey(key))
    expect(waypoints).toHaveLength(built.snapshots)
    expect(api.store.snapshotSeqs(built.gameId, key)).toHaveLength(SNAPSHOTS_KEPT)

    const reads = vi.spyOn(api.store, 'readEvents')
    for (const atSeq of [2, waypoints[0]! + 5, waypoints[1]! - 1, waypoints[2]!, events - 1]) {
      reads.mockClear()
      const opened = await api.openGame(built.gameId, atSeq)
      const folded = reads.mock.calls.map(([, options]) => options ?? {}).find((options) => options.toSeq === atSeq)
      const before = waypoints.filter((seq) => seq <= atSeq).at(-1) ?? 0
      expect(folded?.fromSeq).toBe(before + 1)
      const engine = createEngine(classic)
      const state = engine.initialState()
      foldEvents(engine, state, api.store.readEvents(built.gameId, { toSeq: atSeq }))
      expect(canonicalJson(opened.state)).toBe(canonicalJson(state.game as GameState))
    }
    await api.close()
  })

  it('scrubbing: one GameApi hashes the whole chain once, and again when another connection has written', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const gameId = await classicCombat(api)
    // An open checks on this thread or across threads (core/store/chain-threads.ts): either is a whole check.
    const alone = vi.spyOn(api.store, 'verifyGame')
    const acrossThreads = vi.spyOn(api.store, 'verifyGameAcrossThreads')
    const wholeChecks = () => [...alone.mock.calls, ...acrossThreads.mock.calls].map(([id, fromSeq]) => [id, fromSeq])
    await api.openGame(gameId, 2)
    await api.openGame(gameId, 3)
    // Checked whole before its first write; its own appends since keep the check.
    expect(wholeChecks()).toEqual([])
    await api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'the head moves on' } })
    await api.openGame(gameId, 3)
    expect(wholeChecks()).toEqual([])
    // Another connection writes (another command, an edit around Arbiter): the file's data version
    // changes, and the next open hashes the whole chain again.
    const other = await openApi(dir)
    await other.append(gameId, { type: 'Note', actor: 'p2', payload: { text: 'from elsewhere' } })
    await other.close()
    await api.openGame(gameId, 3)
    expect(alone).not.toHaveBeenCalled()
    expect(acrossThreads.mock.calls.map(([id, toSeq]) => [id, toSeq])).toEqual([
      [gameId, (await api.status(gameId)).seq],
    ])
    await api.close()
  })

  it('a waypoint forged with its digest is shown by an open after it as unverified, and set aside by the next replay', async () => {
    const file = join(tempDir(), 'forged.db')
    const built = await buildGame(file, (SNAPSHOTS_KEPT + 2) * SNAPSHOT_INTERVAL + 100, 9)
    const key = waypointKey(snapshotKey(catalogueHash(classic)))
    const raw = new Database(file)
    const row = raw
      .prepare<[string, string], { seq: number; state: string; anchor: string }>(
        'SELECT seq, state, anchor FROM snapshots WHERE game_id = ? AND engine_key = ? ORDER BY seq LIMIT 1',
      )
      .get(built.gameId, key)!
    const forged = JSON.stringify({ ...(JSON.parse(row.state) as GameState), title: 'Forged' })
    raw
      .prepare('UPDATE snapshots SET state = ?, digest = ? WHERE game_id = ? AND engine_key = ? AND seq = ?')
      .run(forged, snapshotDigest(row.anchor, key, forged), built.gameId, key, row.seq)
    raw.close()
    const api = await LocalGameApi.open(file, { readOnly: true })
    const shown = await api.openGame(built.gameId, row.seq + 3)
    expect(shown.state.title).toBe('Forged')
    expect(shown.checks).toEqual({ unverifiedSnapshot: row.seq })
    const replay = replaySteps(api, built.gameId)
    let next = await replay.next()
    while (!next.done) next = await replay.next()
    expect(next.value.checks?.setAside).toEqual([
      { seq: row.seq, problem: expect.stringContaining('the stored snapshot differs from the state the events give') },
    ])
    // Named once, set aside after: this GameApi opens from the events (a read-only store cannot file it again).
    const after = await api.openGame(built.gameId, row.seq + 3)
    expect(after.state.title).not.toBe('Forged')
    expect(after.checks?.setAside?.map((s) => s.seq)).toEqual([row.seq])
    await api.close()
  })

  it('a state hashed in pieces is the canonical JSON of it, piece by piece', async () => {
    const file = join(tempDir(), 'pieces.db')
    const built = await buildGame(file, 600, 3)
    const api = await LocalGameApi.open(file, { mustExist: true })
    const { state } = await api.openGame(built.gameId)
    for (const depth of [0, 1, 2, 5]) expect([...canonicalJsonPieces(state, depth)].join('')).toBe(canonicalJson(state))
    expect([...canonicalJsonPieces(state)].length).toBeGreaterThan(10)
    await api.close()
  })
})
