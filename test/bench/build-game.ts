/**
 * Builds a long, real, playable game fast: every event is validated and stepped through the
 * engine exactly as GameApi.append does, but the envelopes are written through the store in
 * chunks of up to CHUNK events a transaction (one fsync a chunk, not one an event).
 *
 * GameApi has no bulk path that also writes snapshots (importGame writes none), so this saves
 * them itself the way GameApi.append does: after an event, when SNAPSHOT_INTERVAL events have
 * passed since the last one and no procedure is open, under the api's snapshotKey and as a waypoint.
 */
import { LocalGameApi, SNAPSHOT_INTERVAL, snapshotKey, toEngineEvent, waypointKey } from '../../core/api/index.js'
import { createEngine, type EngineEvent, type GameState } from '../../core/engine/index.js'
import type { UnchainedEvent } from '../../core/events/index.js'
import { gameEvents } from '../../core/events/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { BENCH_TURNS, CombatScript, PLAYERS } from './script.js'

export const CHUNK = 10_000

export interface BuiltGame {
  readonly gameId: string
  readonly events: number
  readonly snapshots: number
  readonly lastSnapshotSeq: number
}

export async function buildGame(file: string, events: number, seed: number): Promise<BuiltGame> {
  const clockStart = Date.UTC(2026, 3, 30, 18, 0, 0)
  let tick = 0
  const clock = () => new Date(clockStart + 1000 * tick++).toISOString()
  const api = await LocalGameApi.open(file, { clock })
  try {
    const { gameId } = await api.createGame({
      ruleset: 'classic',
      players: PLAYERS,
      title: `Bench: ${events} events`,
      turns: BENCH_TURNS,
      actor: PLAYERS[0].id,
    })
    const store = api.store
    const engine = createEngine(classic)
    const state = engine.initialState()
    const first = [...store.readEvents(gameId)]
    for (const envelope of first) engine.step(state, toEngineEvent(envelope))
    const game = () => state.game as GameState
    const rulesVersion = first[0]!.rulesVersion
    const key = snapshotKey(game().catalogueHash)

    const script = new CombatScript(seed, events)
    let batch: UnchainedEvent[] = []
    let written = game().seq
    let lastSnapshotSeq = 0
    let snapshots = 0
    // Snapshots wait for their events to be written: a snapshot may not run ahead of the head.
    let pendingSnapshots: { seq: number; json: string }[] = []
    const flush = () => {
      if (batch.length === 0) return
      store.append(gameId, written, batch)
      written += batch.length
      batch = []
      for (const snapshot of pendingSnapshots) {
        store.saveSnapshot(gameId, snapshot.seq, key, snapshot.json)
        store.saveSnapshot(gameId, snapshot.seq, waypointKey(key), snapshot.json, false)
      }
      pendingSnapshots = []
      // The loop never yields, so GameApi's idle checkpoint cannot run: checkpoint here, or the WAL
      // would grow to the size of the whole game.
      store.checkpoint()
    }
    while (game().seq < events) {
      const draft = script.next(game())
      const v = gameEvents.currentVersion(draft.type)
      const payload = gameEvents.validateNew(draft.type, v, draft.payload)
      const seq = game().seq + 1
      engine.step(state, { type: draft.type, payload, seq, actor: draft.actor, gameId } as EngineEvent)
      batch.push({ gameId, type: draft.type, v, at: clock(), actor: draft.actor, rulesVersion, payload })
      if (seq - lastSnapshotSeq >= SNAPSHOT_INTERVAL) {
        const json = engine.snapshot(state)
        if (json !== null) {
          pendingSnapshots.push({ seq, json })
          lastSnapshotSeq = seq
          snapshots += 1
        }
      }
      if (batch.length >= CHUNK) flush()
    }
    flush()
    return { gameId, events: written, snapshots, lastSnapshotSeq }
  } finally {
    await api.close()
  }
}
