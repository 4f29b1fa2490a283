import type { StepResult } from '../engine/types.js'
import { ArbiterError } from '../events/errors.js'
import { gameEvents } from '../events/index.js'
import { explain } from '../explain/explanation.js'
import type { FoldedEvent } from '../store/event-store.js'
import type { StepView } from './game-api-contract.js'
import { view } from './game-views.js'

/**
 * Corrections (docs/corrections.md): a `Correction` event voids earlier events or replaces each with another.
 * Nothing is edited: every view of a game folds its events as corrected by every correction in its log, a
 * voided event as a seq the game does not count, a replaced one as its replacement at the same seq (so request
 * ids and `from` citations keep naming the log's seqs).
 */

import {
  type CorrectionMark,
  type CorrectionPayload,
  type Corrections,
  markCorrection,
} from '../audit/corrected-fold.js'

export {
  type CorrectionMark,
  type CorrectionPayload,
  type Corrections,
  correctionsOf,
  NO_CORRECTIONS,
} from '../audit/corrected-fold.js'

/** Event types no correction may target or put in an event's place. */
const UNCORRECTABLE = new Set(['GameCreated', 'Correction'])

/**
 * The earliest seq at or before `seq` that a correction recorded after `seq` changes, or null: a state folded
 * to `seq` before that correction (a snapshot) is not the corrected game, and a fold must start before it.
 */
export function firstChangedBefore(seq: number, corrections: Corrections): number | null {
  let first: number | null = null
  for (const [target, mark] of corrections)
    if (target <= seq && mark.by > seq && (first === null || target < first)) first = target
  return first
}

/** The newest snapshot at or before `toSeq` that no later correction changed (`latest` finds one at or before a seq). */
export function freshSnapshot<S extends { readonly seq: number }>(
  toSeq: number,
  corrections: Corrections,
  latest: (atOrBeforeSeq: number) => S | null,
): S | null {
  let bound = toSeq
  for (;;) {
    const snapshot = latest(bound)
    if (snapshot === null) return null
    const changed = firstChangedBefore(snapshot.seq, corrections)
    if (changed === null) return snapshot
    bound = changed - 1
  }
}

/** The step of a corrected event as the log shows it: the recorded event, what the fold made of it, and why. */
export function correctedView(envelope: FoldedEvent, result: StepResult | null, mark: CorrectionMark): StepView {
  const correction = {
    by: mark.by,
    author: mark.author,
    reason: mark.reason,
    agreedBy: mark.agreedBy,
    ...(mark.replacement ? { replacement: mark.replacement } : {}),
  }
  if (result !== null) return { ...view(envelope, result), correction }
  const said = `seq ${envelope.seq} (${envelope.type}) voided by the correction at seq ${mark.by}: ${mark.reason}`
  const { seq, type, actor, payload } = envelope
  return {
    seq,
    type,
    actor,
    payload,
    outcomes: [],
    explanation: explain(said, { from: [mark.by] }),
    requests: [],
    correction,
  }
}

/** What the policy needs to know of the game to judge a correction. */
export interface CorrectionContext {
  /** The seq the correction would be recorded at (the head + 1). */
  readonly seq: number
  readonly author: string
  readonly players: readonly string[]
  /** The corrections already in the log. */
  readonly corrections: Corrections
  /** The recorded events from the first one the correction targets to the head. */
  readonly events: readonly FoldedEvent[]
}

function refuse(message: string): never {
  throw new ArbiterError('api/correction-refused', message)
}

/** The seqs a correction targets, voided first, then replaced. */
export function targetsOf(payload: Pick<CorrectionPayload, 'voids' | 'replaces'>): number[] {
  return [...payload.voids, ...payload.replaces.map((replaced) => replaced.seq)]
}

/**
 * Judges a correction by the rules of docs/corrections.md and returns the game's corrections with it: the author
 * is a player; it targets recorded events after GameCreated, none a correction or corrected already; and unless it
 * is the author's own undo (only events the author recorded, physical dice at most, with nothing standing after
 * them), every other player agreed to it. Whether the game still replays as corrected is the fold's to say.
 */
export function checkCorrection(payload: CorrectionPayload, context: CorrectionContext): Map<number, CorrectionMark> {
  const { seq, author, players, corrections, events } = context
  if (!players.includes(author)) refuse(`${author} is not a player of this game (${players.join(', ')})`)
  const targets = targetsOf(payload)
  if (targets.length === 0) refuse('a correction voids or replaces at least one event')
  const bySeq = new Map(events.map((event) => [event.seq, event]))
  const seen = new Set<number>()
  for (const target of targets) {
    if (seen.has(target)) refuse(`seq ${target} is named twice`)
    seen.add(target)
    if (target === 1) refuse('seq 1 starts the game (GameCreated): it cannot be corrected; start a new game instead')
    const event = bySeq.get(target)
    if (target >= seq || event === undefined) refuse(`there is no seq ${target} to correct (the game is at ${seq - 1})`)
    if (UNCORRECTABLE.has(event.type)) refuse(`seq ${target} is a ${event.type}: it cannot be corrected`)
    const earlier = corrections.get(target)
    if (earlier) refuse(`seq ${target} was corrected already, at seq ${earlier.by}`)
  }
  for (const replaced of payload.replaces)
    if (UNCORRECTABLE.has(replaced.type)) refuse(`seq ${replaced.seq} cannot be replaced by a ${replaced.type}`)
  for (const player of payload.agreedBy) {
    if (!players.includes(player)) refuse(`agreedBy: ${player} is not a player of this game (${players.join(', ')})`)
    if (player === author) refuse(`agreedBy: ${author} is the author; agreedBy names the other players`)
  }
  const why = agreementNeeded(payload, context, new Set(targets))
  const missing = players.filter((player) => player !== author && !payload.agreedBy.includes(player))
  if (why.length > 0 && missing.length > 0)
    refuse(`this correction needs the agreement of ${missing.join(', ')} (agreedBy), because ${why.join('; ')}`)
  const marks = new Map(corrections)
  markCorrection(marks, seq, author, payload)
  return marks
}

/** Why a correction is more than its author's own undo (docs/corrections.md): empty when it is that undo. */
function agreementNeeded(payload: CorrectionPayload, context: CorrectionContext, targets: ReadonlySet<number>) {
  const why: string[] = []
  const first = Math.min(...targets)
  for (const replaced of payload.replaces) why.push(`it replaces seq ${replaced.seq}`)
  for (const event of context.events) {
    if (event.seq < first) continue
    if (targets.has(event.seq)) {
      if (event.actor !== context.author) why.push(`seq ${event.seq} was recorded by ${event.actor}`)
      const dice = event.type === 'DiceRolled' ? (event.payload as { source?: string }) : undefined
      if (dice?.source === 'app') why.push(`seq ${event.seq} holds dice the app rolled (voiding them is a re-roll)`)
      continue
    }
    const stands = event.type !== 'Correction' && !context.corrections.has(event.seq)
    if (stands) why.push(`seq ${event.seq} (${event.type}), recorded after seq ${first}, stands`)
  }
  return why
}

/**
 * The event an undo by `author` takes back: the last recorded event that the game still counts (neither a
 * correction nor voided), which must be the author's own and not corrected already. `events` are the log's
 * newest events, oldest first; `null` when none of them is one (read further back).
 */
export function undoTarget(events: readonly FoldedEvent[], corrections: Corrections, author: string): number | null {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index] as FoldedEvent
    if (event.type === 'Correction') continue
    const mark = corrections.get(event.seq)
    if (mark && !mark.replacement) continue
    if (event.type === 'GameCreated') refuse('there is nothing to undo: the game has only begun')
    if (mark)
      refuse(`the last event, seq ${event.seq} (${event.type}), was corrected at seq ${mark.by}: undo stops there`)
    if (event.actor !== author)
      refuse(
        `the last event, seq ${event.seq} (${event.type}), was recorded by ${event.actor}: undo takes back only your ` +
          `own last event; a correction of theirs needs their agreement (docs/corrections.md)`,
      )
    return event.seq
  }
  return null
}

/**
 * The corrections of a whole log (an exported game, or a database verified), each judged as it was recorded
 * (`checkCorrection` against the events and corrections before it): a log cannot carry a correction Arbiter would
 * have refused. A refusal names the correction's seq.
 */
export function correctionsOfLog(
  events: readonly FoldedEvent[],
  players: readonly string[],
): { readonly ok: true; readonly corrections: Corrections } | { readonly ok: false; seq: number; problem: string } {
  let corrections: Map<number, CorrectionMark> = new Map()
  for (const [index, event] of events.entries()) {
    if (event.type !== 'Correction') continue
    try {
      const payload = gameEvents.readPayload(event.type, event.v, event.payload) as CorrectionPayload
      const first = Math.max(1, Math.min(...targetsOf(payload), event.seq))
      corrections = checkCorrection(payload, {
        seq: event.seq,
        author: event.actor,
        players,
        corrections,
        events: events.slice(first - 1, index),
      })
    } catch (error) {
      return { ok: false, seq: event.seq, problem: (error as Error).message }
    }
  }
  return { ok: true, corrections }
}
