import { z } from 'zod'
import type { Engine, EngineState } from '../engine/driver.js'
import type { ActiveEffect } from '../engine/effects.js'
import type { EngineEvent, GameState, Outcome, StepResult, UnitState } from '../engine/types.js'
import { canonicalJson } from '../events/canonical-json.js'
import { ArbiterError } from '../events/errors.js'
import type { Explanation } from '../explain/explanation.js'
import type { FoldedEvent } from '../store/event-store.js'
import { type Corrections, correctionsOf, foldEvents, toEngineEvent } from './corrected-fold.js'

/**
 * What-if forks (issue 18 §5): the game replayed in memory with some of its events edited — a die changed, a
 * choice made the other way, a declaration added, changed or voided, a muster mended — beside the game as
 * recorded (and corrected), and the difference between the two. Nothing is written.
 */

const seq = z.number().int().min(1)
const eventType = z.string().min(1).max(100)
/** One edit of a fork, as a host or `arbiter what-if --edit EDITS.json` gives it. */
export const whatIfEditSchema = z.discriminatedUnion('kind', [
  /** The dice of the DiceRolled at `seq` came up `faces`. */
  z.strictObject({ kind: z.literal('dice'), seq, faces: z.array(z.number().int().min(1).max(100)).min(1).max(200) }),
  /** The ChoiceMade at `seq` chose `option`. */
  z.strictObject({ kind: z.literal('choice'), seq, option: z.string().min(1).max(100) }),
  /** The event at `seq` never happened. */
  z.strictObject({ kind: z.literal('void'), seq }),
  /** The event at `seq` was this one instead (a declaration changed, a muster mended). */
  z.strictObject({ kind: z.literal('replace'), seq, type: eventType, payload: z.unknown() }),
  /** This event was also recorded, right after `after` (a declaration added), by `actor`. */
  z.strictObject({
    kind: z.literal('add'),
    after: seq,
    type: eventType,
    actor: z.string().min(1).max(100),
    payload: z.unknown(),
  }),
])
export const whatIfEditsSchema = z.array(whatIfEditSchema).min(1).max(100)
export type WhatIfEdit = z.infer<typeof whatIfEditSchema>

/** One step as a fork compares it. */
export interface ComparedStep {
  readonly outcomes: readonly Outcome[]
  /** The rolls and choices it asked for, each with what it needs. */
  readonly requests: readonly { readonly id: string; readonly text: string; readonly explanation: Explanation }[]
  readonly explanation: Explanation | null
}

/** An event the fork changed (edited, added or voided), or a step whose outcomes or requests differ. */
export interface StepDifference {
  /** The event's seq in the game; null for an event only the fork has (an `add`). */
  readonly seq: number | null
  /** Its seq in the fork (an `add` moves the later events on by one); null when the fork voided it. */
  readonly forkSeq: number | null
  readonly type: string
  /** What the game's step did; null when the game does not count it (voided by a correction) or never had it. */
  readonly real: ComparedStep | null
  /** What the fork's step did; null when the fork voided it. */
  readonly fork: ComparedStep | null
}

/** A unit whose state at the head differs: the fields that differ, and the unit either way (null: not mustered). */
export interface UnitDifference {
  readonly unit: string
  readonly name: string
  readonly fields: readonly string[]
  readonly real: UnitState | null
  readonly fork: UnitState | null
}

export interface WhatIfResult {
  readonly gameId: string
  readonly edits: readonly WhatIfEdit[]
  /** The game's head: the fork is compared with the game as it stands there. */
  readonly head: number
  /** The first seq of the game whose step the fork changes; null when nothing differs (an edit that changes nothing). */
  readonly firstDivergence: number | null
  /** Every event the fork changed and every step whose outcomes or requests differ, in order, with both explanations. */
  readonly steps: readonly StepDifference[]
  /** The units whose state differs at the head (empty when the fork stopped before it). */
  readonly units: readonly UnitDifference[]
  /** The active effects (spells, items, with their durations) at the head that only the game, or only the fork, has. */
  readonly effects: { readonly onlyReal: readonly ActiveEffect[]; readonly onlyFork: readonly ActiveEffect[] }
  /**
   * Where the fork could not go on: the game's seq whose recorded event the fork's rules refuse (dice for a roll the
   * fork asks differently, an answer to a request it never opened), and why. The comparison ends there; edit that
   * event too to go further.
   */
  readonly stopped: { readonly seq: number; readonly problem: string } | null
  /** Victory points either way: no ruleset of this Arbiter keeps them yet, so null. */
  readonly victoryPoints: null
}

/** What the api gives a fork: the game's events, its engine, and how a new event of each type is validated. */
export interface ForkInput {
  readonly gameId: string
  readonly engine: Engine
  /** Every event of the game, seq 1 to the head, as stored (its corrections among them). */
  readonly events: readonly FoldedEvent[]
  readonly players: readonly string[]
  /** A new event's payload as `append` would store it (ArmyMustered read from a list), or a refusal. */
  readonly validate: (type: string, payload: unknown) => unknown
  /** The state to start both folds from (a snapshot before the first edit), when there is one. */
  readonly start?: { readonly seq: number; readonly restore: () => EngineState }
}

function badEdit(message: string): never {
  throw new ArbiterError('api/bad-edit', message)
}

/** One event of the fork: the game's (as corrected, maybe edited), voided, or added. */
interface ForkItem {
  /** Index into the game's events; null for an added event. */
  readonly real: number | null
  /** Its seq in the fork. */
  readonly seq: number
  /** The event the fork folds; null when the fork voids it (its seq is skipped, as a correction's void is). */
  readonly event: EngineEvent | null
  readonly edited: boolean
  /** The fork's event is not the game's (an edit that gives the same event changes nothing). */
  readonly changed: boolean
}

/** The request ids and seqs an added event moves on: `12.1` answered after an event added at 10 is `13.1`. */
function shiftedPayload(type: string, payload: unknown, shift: (seq: number) => number): unknown {
  const record = payload as Record<string, unknown>
  if ((type === 'DiceRolled' || type === 'ChoiceMade') && typeof record.requestId === 'string') {
    const match = /^(\d+)\.(\d+)$/.exec(record.requestId)
    if (match) return { ...record, requestId: `${shift(Number(match[1]))}.${match[2]}` }
  }
  // A Stand and Shoot names the charge it answers by seq.
  if (type === 'ShotDeclared' && typeof record.charge === 'number') return { ...record, charge: shift(record.charge) }
  return payload
}

/** The fork's events: the game's as corrected, with the edits applied (checked against the game). */
function forkItems(input: ForkInput, corrections: Corrections, edits: readonly WhatIfEdit[]): ForkItem[] {
  const { events, gameId } = input
  const head = events.length
  const bySeq = new Map<number, WhatIfEdit>()
  const added = new Map<number, WhatIfEdit[]>()
  for (const edit of edits) {
    if (edit.kind === 'add') {
      if (edit.after > head) badEdit(`add after seq ${edit.after}: the game has events 1 to ${head}`)
      if (!input.players.includes(edit.actor))
        badEdit(`add after seq ${edit.after}: ${edit.actor} is not a player of the game`)
      added.set(edit.after, [...(added.get(edit.after) ?? []), edit])
      continue
    }
    const at = edit.seq
    if (at > head) badEdit(`${edit.kind} seq ${at}: the game has events 1 to ${head}`)
    if (at === 1) badEdit('seq 1 starts the game (GameCreated): a fork keeps it')
    if (bySeq.has(at)) badEdit(`seq ${at} is edited twice`)
    const event = events[at - 1] as FoldedEvent
    if (event.type === 'Correction') badEdit(`seq ${at} is a Correction: edit the events it corrects instead`)
    const correction = corrections.get(at)
    if (correction && !correction.replacement)
      badEdit(`seq ${at} was voided by the correction at seq ${correction.by}: the game does not count it`)
    const type = correction?.replacement?.type ?? event.type
    if (edit.kind === 'dice' && type !== 'DiceRolled')
      badEdit(`seq ${at} is ${type}, not DiceRolled: no dice to change`)
    if (edit.kind === 'choice' && type !== 'ChoiceMade')
      badEdit(`seq ${at} is ${type}, not ChoiceMade: no choice to change`)
    bySeq.set(at, edit)
  }
  let shiftBy = 0
  const shifts: { from: number; by: number }[] = []
  const shift = (at: number) => at + (shifts.filter((s) => at > s.from).at(-1)?.by ?? 0)
  const items: ForkItem[] = []
  const makeEvent = (type: string, payload: unknown, at: number, actor: string) =>
    ({ type, payload, seq: at + shiftBy, actor, gameId }) as EngineEvent
  for (let index = 0; index < head; index += 1) {
    const envelope = events[index] as FoldedEvent
    const at = envelope.seq
    const correction = corrections.get(at)
    const edit = bySeq.get(at)
    if ((correction && !correction.replacement) || edit?.kind === 'void') {
      items.push({
        real: index,
        seq: at + shiftBy,
        event: null,
        edited: edit !== undefined,
        changed: edit !== undefined,
      })
    } else {
      const recorded = correction?.replacement ?? {
        type: envelope.type,
        payload: toEngineEvent(envelope, true).payload,
      }
      let { type, payload } = recorded
      if (edit?.kind === 'dice') payload = input.validate(type, { ...(payload as object), faces: edit.faces })
      if (edit?.kind === 'choice') payload = input.validate(type, { ...(payload as object), option: edit.option })
      if (edit?.kind === 'replace') {
        if (edit.type === 'GameCreated' || edit.type === 'Correction') badEdit(`seq ${at} cannot become a ${edit.type}`)
        ;({ type, payload } = { type: edit.type, payload: input.validate(edit.type, edit.payload) })
      }
      const event = makeEvent(type, shiftedPayload(type, payload, shift), at, envelope.actor)
      const changed =
        edit !== undefined && canonicalJson([type, payload]) !== canonicalJson([recorded.type, recorded.payload])
      items.push({ real: index, seq: event.seq, event, edited: edit !== undefined, changed })
    }
    for (const add of added.get(at) ?? []) {
      if (add.kind !== 'add') continue
      if (add.type === 'GameCreated' || add.type === 'Correction') badEdit(`a fork cannot add a ${add.type}`)
      shiftBy += 1
      shifts.push({ from: at, by: shiftBy })
      const payload = input.validate(add.type, add.payload)
      const event = makeEvent(add.type, payload, at, add.actor)
      items.push({ real: null, seq: event.seq, event, edited: true, changed: true })
    }
  }
  return items
}

function compared(step: StepResult | null): ComparedStep | null {
  if (step === null) return null
  return {
    outcomes: step.outcomes,
    requests: step.requests.map(({ id, text, explanation }) => ({ id, text, explanation })),
    explanation: step.explanation,
  }
}

/** What two steps did, as a fork compares them: outcomes and requests, without their explanations. */
function sameStep(a: ComparedStep | null, b: ComparedStep | null): boolean {
  if (a === null || b === null) return a === b
  const said = (s: ComparedStep) =>
    canonicalJson({
      outcomes: s.outcomes.map(({ kind, text, values }) => ({ kind, text, values })),
      requests: s.requests.map(({ text }) => text),
    })
  return said(a) === said(b)
}

/** Fields of a unit that say where in the log it changed, not what it is. */
const WHERE_IN_THE_LOG = new Set(['changedAt', 'musteredAt'])

/** The units whose state differs between two games, field by field (where in the log each changed aside). */
export function unitDifferences(real: GameState, fork: GameState): UnitDifference[] {
  const ids = [...new Set([...Object.keys(real.units), ...Object.keys(fork.units)])].sort()
  const differences: UnitDifference[] = []
  for (const id of ids) {
    const a = real.units[id] ?? null
    const b = fork.units[id] ?? null
    const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])].filter(
      (key) => !WHERE_IN_THE_LOG.has(key),
    )
    const fields = keys.filter(
      (key) =>
        canonicalJson((a as unknown as Record<string, unknown> | null)?.[key] ?? null) !==
        canonicalJson((b as unknown as Record<string, unknown> | null)?.[key] ?? null),
    )
    if (fields.length > 0)
      differences.push({ unit: id, name: (a ?? b)?.name ?? id, fields: fields.sort(), real: a, fork: b })
  }
  return differences
}

function effectDifferences(real: GameState, fork: GameState): WhatIfResult['effects'] {
  const keyed = (game: GameState) => new Map(game.effects.map((effect) => [canonicalJson(effect), effect]))
  const [a, b] = [keyed(real), keyed(fork)]
  return {
    onlyReal: [...a].filter(([key]) => !b.has(key)).map(([, effect]) => effect),
    onlyFork: [...b].filter(([key]) => !a.has(key)).map(([, effect]) => effect),
  }
}

/** How often (in events) a fork past its last edit checks whether it has become the game again. */
const CONVERGENCE_EVERY = 16

/**
 * The two states are the same: no procedure open in either, and the same game. JSON.stringify is enough: two
 * texts alike are two games alike, and two games alike written in another key order only skip a shortcut.
 */
function sameState(real: EngineState, fork: EngineState): boolean {
  return real.frames.size === 0 && fork.frames.size === 0 && JSON.stringify(real.game) === JSON.stringify(fork.game)
}

function noDifference(gameId: string, edits: readonly WhatIfEdit[], head: number): WhatIfResult {
  const none = { firstDivergence: null, steps: [], units: [], effects: { onlyReal: [], onlyFork: [] } }
  return { gameId, edits, head, ...none, stopped: null, victoryPoints: null }
}

/**
 * Replays the game and its fork side by side, in memory, and returns where and how they differ. An edit the rules
 * refuse at its own seq is a refusal (`api/bad-edit`); a recorded event the fork refuses later stops the fork there.
 */
export function whatIf(input: ForkInput, edits: readonly WhatIfEdit[]): WhatIfResult {
  const { engine, events, gameId } = input
  const corrections = correctionsOf(events)
  const items = forkItems(input, corrections, edits)
  // Both folds start from the snapshot (before the first edit, where both have the same events), or from seq 1.
  const firstEdited = items.find((item) => item.edited)?.seq ?? events.length + 1
  const from = input.start && input.start.seq < firstEdited ? input.start : undefined
  const real = from ? from.restore() : engine.initialState()
  const fork = from ? from.restore() : engine.initialState()
  const steps: StepDifference[] = []
  let stopped: WhatIfResult['stopped'] = null
  // Before the first changed event both folds give the same steps; an edit that changes nothing changes nothing.
  const firstChanged = items.findIndex((item) => item.changed)
  const lastEdited = items.findLastIndex((item) => item.edited)
  if (firstChanged === -1) return noDifference(gameId, edits, events.length)
  for (const [index, item] of items.entries()) {
    const envelope = item.real === null ? null : (events[item.real] as FoldedEvent)
    if (envelope && from && envelope.seq <= from.seq) continue
    // Past the last edit, both games fold the same events: once their states are the same again, so is the rest.
    if (index > lastEdited && index % CONVERGENCE_EVERY === 0 && sameState(real, fork)) break
    let realStep: StepResult | null = null
    if (envelope) foldEvents(engine, real, [envelope], (step) => (realStep = step), corrections)
    let forkStep: StepResult | null = null
    try {
      if (item.event) forkStep = engine.step(fork, item.event)
      else engine.skip(fork, item.seq)
    } catch (error) {
      const problem = (error as Error).message
      if (item.edited)
        badEdit(`the fork refuses ${envelope ? `seq ${envelope.seq}` : 'the added event'} as edited: ${problem}`)
      stopped = { seq: (envelope as FoldedEvent).seq, problem }
      break
    }
    if (index < firstChanged) continue
    const a = compared(realStep)
    const b = compared(forkStep)
    if (item.changed || !sameStep(a, b)) {
      steps.push({
        seq: envelope?.seq ?? null,
        forkSeq: item.event ? item.seq : null,
        type: item.event?.type ?? (envelope as FoldedEvent).type,
        real: a,
        fork: b,
      })
    }
  }
  const atHead = stopped === null && real.game && fork.game ? { real: real.game, fork: fork.game } : null
  return {
    gameId,
    edits,
    head: events.length,
    // An added event diverges at its own place in the fork.
    firstDivergence: steps[0] ? (steps[0].seq ?? steps[0].forkSeq) : null,
    steps,
    units: atHead ? unitDifferences(atHead.real, atHead.fork) : [],
    effects: atHead ? effectDifferences(atHead.real, atHead.fork) : { onlyReal: [], onlyFork: [] },
    stopped,
    victoryPoints: null,
  }
}
