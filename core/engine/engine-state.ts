import type { GameState, Procedure, ProcedureContext } from './types.js'

/** A procedure in progress: its generator and the request it waits on. */
export interface Frame {
  readonly procedure: string
  readonly generator: Procedure
  readonly context: ProcedureContext
}

/**
 * The fold's accumulator. `game` is plain JSON; `frames` holds the open procedures (generators),
 * which is why snapshots are taken only when none is open. A step changes the accumulator in
 * place — no collection is copied per event — and a caller that must keep an older state
 * replays to it (api does, from the nearest snapshot).
 */
export interface EngineState {
  game: GameState | null
  readonly frames: Map<string, Frame>
}
