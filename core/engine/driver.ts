import { canonicalJson } from '../events/canonical-json.js'
import type { EventType } from '../events/event-types.js'
import { type Explanation, explain } from '../explain/explanation.js'
import type { EngineState } from './engine-state.js'
import { checkEntitlement } from './entitlement.js'
import { RuleError } from './errors.js'
import { createGameRuns } from './game-runs.js'
import { createHandlers, type Handler } from './handlers.js'
import { createHoldings } from './holding.js'
import { indexRuleset } from './ruleset-index.js'
import { newStepScratch } from './step-scratch.js'
import { createTimingPoints } from './timing-points.js'
import { checkGameGoesOn } from './turn-sequence.js'
import type { EngineEvent, EventOf, GameState, ProcedureContext, Ruleset, StepOptions, StepResult } from './types.js'
import { rescore } from './victory.js'

export type { EngineState, Frame } from './engine-state.js'

export interface Engine {
  readonly ruleset: Ruleset
  initialState(): EngineState
  /** Folds one event into `state` (in place); `options.explanations` false when nothing reads them. */
  step(state: EngineState, event: EngineEvent, options?: StepOptions): StepResult
  /** Moves the game to `seq` unchanged: a seq the log holds that the game does not count (a voided event). */
  skip(state: EngineState, seq: number): void
  /** Canonical JSON of the game, or null while a procedure is open (it cannot be serialised). */
  snapshot(state: EngineState): string | null
  restore(snapshotJson: string): EngineState
  /** A procedure context on a state, to ask the timing points outside a procedure (tests, audits). */
  contextFor(state: EngineState): ProcedureContext
}

/** The heading of a step whose procedure said several things. */
function stepTitle(event: EngineEvent): string {
  if (event.type === 'DiceRolled')
    return `dice ${event.payload.faces.join(', ')} for request ${event.payload.requestId}`
  if (event.type === 'ChoiceMade') return `choice "${event.payload.option}" for request ${event.payload.requestId}`
  return `seq ${event.seq}: ${event.type}`
}

/** A step's explanation: the handler's own, with what its outcomes and requests say beneath it. */
function stepExplanation(
  event: EngineEvent,
  own: Explanation | null,
  children: readonly Explanation[],
): Explanation | null {
  if (own && children.length > 0) return explain(own.text, { from: own.from ?? [] }, [...own.children, ...children])
  if (!own && children.length === 1) return children[0] ?? null
  if (!own && children.length > 1) return explain(stepTitle(event), { from: [event.seq] }, children)
  return own
}

/**
 * An engine for a ruleset: the fold `step(state, event)`. It holds no game: each game's procedure
 * context and step in progress live in its run (`game-runs.ts`), so one engine (the api caches one
 * per ruleset) folds any number of games, interleaved, each as it would alone.
 */
export function createEngine(ruleset: Ruleset): Engine {
  const index = indexRuleset(ruleset)
  const holdings = createHoldings(index)
  const runOf = createGameRuns(index, holdings, createTimingPoints(index, holdings))
  const handlers = createHandlers({ index, holdings, runOf })

  function step(state: EngineState, event: EngineEvent, options?: StepOptions): StepResult {
    const expected = (state.game?.seq ?? 0) + 1
    if (event.seq !== expected)
      throw new RuleError('engine/out-of-order', `event seq ${event.seq} where seq ${expected} was expected`)
    checkEntitlement(state.game, event)
    checkGameGoesOn(state.game, event)
    const explaining = options?.explanations !== false
    const scratch = newStepScratch(event.seq, explaining)
    if (state.game) {
      const run = runOf(state.game)
      if (explaining && run.unexplainedOpen)
        // A caller's mistake, not a refusal of the rules: the fold must have wanted explanations from the last
        // point where no procedure was open.
        throw new Error(`seq ${event.seq}: explanations asked of a game folded without them while a procedure was open`)
      run.step = scratch
    }
    const own = (handlers[event.type] as Handler<EventType>)(state, event as EventOf<EventType>, scratch)
    const game = state.game as GameState
    game.seq = event.seq
    const scored = rescore(game, runOf(game).context, ruleset.victory, scratch.outcomes, explaining)
    if (!explaining) {
      // Trees left out now may be held by a procedure still open, for a later step's explanations.
      runOf(game).unexplainedOpen = state.frames.size > 0
      return { state: game, seq: event.seq, outcomes: scratch.outcomes, explanation: null, requests: scratch.requests }
    }
    const children: Explanation[] = []
    for (const outcome of scratch.outcomes) children.push(outcome.explanation)
    for (const request of scratch.requests) children.push(request.explanation)
    if (scored) children.push(scored)
    const explanation = stepExplanation(event, own, children)
    return { state: game, seq: event.seq, outcomes: scratch.outcomes, explanation, requests: scratch.requests }
  }

  return {
    ruleset,
    initialState: () => ({ game: null, frames: new Map() }),
    step,
    skip(state, seq) {
      const expected = (state.game?.seq ?? 0) + 1
      if (!state.game || seq !== expected)
        throw new RuleError('engine/out-of-order', `seq ${seq} skipped where seq ${expected} was expected`)
      state.game.seq = seq
    },
    snapshot: (state) => (state.game && state.frames.size === 0 ? canonicalJson(state.game) : null),
    restore: (json) => ({ game: JSON.parse(json) as GameState, frames: new Map() }),
    contextFor(state) {
      if (!state.game) throw new RuleError('engine/no-game', 'no game has been created yet')
      // Fresh scratch for this game alone, so nothing said here lands in an earlier step's result.
      const run = runOf(state.game)
      run.step = newStepScratch(state.game.seq)
      return run.context
    },
  }
}
