import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  catalogueHash,
  foldEvents,
  LocalGameApi,
  SNAPSHOT_INTERVAL,
  snapshotKey,
  waypointKey,
} from '../../core/api/index.js'
import { createEngine, type GameState } from '../../core/engine/index.js'
import { canonicalJson } from '../../core/events/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { SNAPSHOTS_KEPT } from '../../core/store/index.js'
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

  it('scrubbing: one GameApi hashes the whole chain once for a head, and again when the head moves', async () => {
    const api = await openApi(tempDir())
    const gameId = await classicCombat(api)
    const checks = vi.spyOn(api.store, 'verifyGame')
    await api.openGame(gameId, 2)
    await api.openGame(gameId, 3)
    expect(checks.mock.calls.map(([, fromSeq]) => fromSeq ?? 1)).toEqual([1, 5])
    await api.append(gameId, { type: 'Note', actor: 'p1', payload: { text: 'the head moves on' } })
    checks.mockClear()
    await api.openGame(gameId, 3)
    expect(checks.mock.calls.map(([, fromSeq]) => fromSeq ?? 1)).toEqual([1])
    await api.close()
  })
})
