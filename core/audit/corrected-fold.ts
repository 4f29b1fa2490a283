import type { Engine, EngineState } from '../engine/driver.js'
import type { EngineEvent, StepOptions, StepResult } from '../engine/types.js'
import { ArbiterError } from '../events/errors.js'
import type { PayloadOf } from '../events/event-types.js'
import { gameEvents } from '../events/index.js'
import type { FoldedEvent } from '../store/event-store.js'

/**
 * A game's events folded as corrected (docs/corrections.md): which events the log's Corrections void or replace,
 * and the fold that honours them. Below the api (DESIGN §1: api -> audit -> engine): the api's views, the audit
 * and the what-if forks all fold through it.
 */

export type CorrectionPayload = PayloadOf<'Correction'>

/** How the fold takes one corrected event. */
export interface CorrectionMark {
  /** The seq of the Correction. */
  readonly by: number
  readonly author: string
  readonly reason: string
  readonly agreedBy: readonly string[]
  /** The event folded in its place (validated, at the current version); absent when it is voided. */
  readonly replacement?: { readonly type: string; readonly payload: unknown }
}

/** The corrected events of a game, by seq. */
export type Corrections = ReadonlyMap<number, CorrectionMark>
export const NO_CORRECTIONS: Corrections = new Map()

/** The marks of one Correction (its payload validated), added to `into`. */
export function markCorrection(
  into: Map<number, CorrectionMark>,
  seq: number,
  author: string,
  payload: CorrectionPayload,
) {
  const common = { by: seq, author, reason: payload.reason, agreedBy: payload.agreedBy }
  for (const target of payload.voids) into.set(target, common)
  for (const replaced of payload.replaces)
    into.set(replaced.seq, {
      ...common,
      replacement: {
        type: replaced.type,
        payload: gameEvents.readPayload(replaced.type, replaced.v, replaced.payload),
      },
    })
}

/** The corrections that the Correction events among `events` make. */
export function correctionsOf(events: Iterable<FoldedEvent>): Map<number, CorrectionMark> {
  const marks = new Map<number, CorrectionMark>()
  for (const event of events) {
    if (event.type !== 'Correction') continue
    const payload = gameEvents.readPayload(event.type, event.v, event.payload) as CorrectionPayload
    markCorrection(marks, event.seq, event.actor, payload)
  }
  return marks
}

/**
 * The envelope as the engine takes it: payload validated and upcast to the current version.
 * `stored` rows skip the schema when they are at the current version: every such payload was
 * written in its validated form (appends store what `validateNew` returned; an import refuses a
 * payload that is not already in that form), and every read path hashes the rows it folds, so a
 * row edited since cannot reach the engine. A schema that changes what it accepts or fills in must
 * therefore get a new version and an upcaster, never a silent change at the same version.
 * Older versions are always validated and upcast.
 */
export function toEngineEvent(envelope: FoldedEvent, stored = false): EngineEvent {
  const payload =
    stored && envelope.v === gameEvents.currentVersion(envelope.type)
      ? envelope.payload
      : gameEvents.readPayload(envelope.type, envelope.v, envelope.payload)
  return {
    type: envelope.type,
    payload,
    seq: envelope.seq,
    actor: envelope.actor,
    gameId: envelope.gameId,
  } as EngineEvent
}

/**
 * Folds stored events (validated when written, hashed when read) through an engine; errors name the seq. With
 * `corrections`, as corrected (core/api/corrections.ts): a voided event moves the game to its seq unchanged (no
 * step: `onStep` gets null), a replaced one is folded as its replacement, by the same actor at the same seq.
 * `options` (`explanations: false`) when nothing reads the steps' explanations (see `StepOptions`).
 */
export function foldEvents(
  engine: Engine,
  state: EngineState,
  events: Iterable<FoldedEvent>,
  onStep?: (step: StepResult | null, event: FoldedEvent, correction: CorrectionMark | undefined) => void,
  corrections: Corrections = NO_CORRECTIONS,
  options?: StepOptions,
): EngineState {
  for (const envelope of events) {
    const correction = corrections.size > 0 ? corrections.get(envelope.seq) : undefined
    let result: StepResult | null
    try {
      result = correction
        ? stepCorrected(engine, state, envelope, correction, options)
        : engine.step(state, toEngineEvent(envelope, true), options)
    } catch (error) {
      throw storedEventError(envelope, error)
    }
    if (onStep) onStep(result, envelope, correction)
  }
  return state
}

/**
 * What a stored event the fold could not take says, naming its seq: a refusal of the rules with its
 * own code; anything else (a payload re-hashed into a shape its schema never accepted, which the
 * engine trips on) as `store/bad-event`, naming the field when the payload does not fit its schema.
 */
function storedEventError(event: FoldedEvent, error: unknown): Error {
  const place = `game ${event.gameId} seq ${event.seq} (${event.type})`
  if (error instanceof ArbiterError && error.code !== 'event/invalid')
    return new ArbiterError(error.code, `${place}: ${error.message}`, error.field)
  let problem: string
  try {
    gameEvents.readPayload(event.type, event.v, event.payload)
    problem = `the engine could not fold it: ${error instanceof Error ? error.message : String(error)}`
  } catch (invalid) {
    problem = `the stored payload does not fit its schema: ${(invalid as Error).message}`
  }
  return new ArbiterError('store/bad-event', `${place}: ${problem}`)
}

/** One corrected event folded: its replacement stepped in its place, or (voided) its seq skipped. */
export function stepCorrected(
  engine: Engine,
  state: EngineState,
  envelope: FoldedEvent,
  correction: CorrectionMark,
  options?: StepOptions,
): StepResult | null {
  const { replacement } = correction
  if (!replacement) {
    engine.skip(state, envelope.seq)
    return null
  }
  const { seq, actor, gameId } = envelope
  return engine.step(
    state,
    { type: replacement.type, payload: replacement.payload, seq, actor, gameId } as EngineEvent,
    options,
  )
}
