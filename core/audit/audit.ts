import type { Engine } from '../engine/driver.js'
import type { GameState, OpenRequest, Outcome, OutcomeInit, StepResult } from '../engine/types.js'
import type { PayloadOf } from '../events/event-types.js'
import { gameEvents } from '../events/index.js'
import { citedRules, type Explanation, explain } from '../explain/explanation.js'
import type { FoldedEvent } from '../store/event-store.js'
import { type CorrectionMark, correctionsOf, foldEvents, toEngineEvent } from './corrected-fold.js'
import { compareRollClaim, type Compared as RollCompared, type RollRecord } from './roll-claims.js'
import { unitDifferences } from './what-if.js'

/**
 * The audit (issue 18 §4): every place a game departs from the rules — each claim the table made that the rules
 * do not give, each table ruling, each correction — with the engine's explanation beside the table's, the rule
 * text cited, the seqs involved, and whether it changed the game (a unit's fate, a combat result). Pure: it folds
 * the events it is given.
 */

export interface CitedRule {
  readonly ruleset: string
  readonly id: string
  readonly clause: string
  readonly name: string
  /** The clause's words (the entry's when the clause has none of its own). */
  readonly text: string
}

export interface AuditEntry {
  readonly kind: 'claim' | 'ruling' | 'correction'
  /** The seq of the claim, ruling or correction. */
  readonly seq: number
  /** Every seq involved: the event itself and those it is about. */
  readonly seqs: readonly number[]
  readonly by: string
  /** What the table said, ruled or corrected, in words. */
  readonly table: string
  /** What the rules give, in words; null for a correction (the rules gave what the recorded events gave). */
  readonly rules: string | null
  readonly engineExplanation: Explanation | null
  readonly tableExplanation: Explanation | null
  /** The rules the engine's explanation cites, with their words. */
  readonly cited: readonly CitedRule[]
  /** It changed the game: a unit's models, wounds or flight, a break test, a combat's winner or margin. */
  readonly changedGame: boolean
  /** How, in words (empty when it did not). */
  readonly changes: readonly string[]
}

export interface AuditReport {
  readonly gameId: string
  readonly head: number
  readonly entries: readonly AuditEntry[]
  /** Some entry changed the game. */
  readonly changedGame: boolean
}

type Claim = PayloadOf<'Claim'>
type OutcomeOf<K extends Outcome['kind']> = Extract<OutcomeInit, { kind: K }>
type Ruling = PayloadOf<'Ruling'>
type CorrectionPayload = PayloadOf<'Correction'>

function citations(engine: Engine, explanation: Explanation | null): CitedRule[] {
  if (!explanation) return []
  const entries = new Map(engine.ruleset.catalogue.entries.map((entry) => [entry.id, entry]))
  return citedRules(explanation).map((ref) => {
    const entry = entries.get(ref.id)
    const clauses = (entry?.clauses ?? {}) as Readonly<Record<string, string>>
    return { ...ref, name: entry?.name ?? ref.id, text: clauses[ref.clause] ?? entry?.text ?? '' }
  })
}

/** What the rules gave at `about` that a claim speaks of, and the table's word against it. */
interface Compared {
  readonly table: string
  readonly rules: string
  readonly outcome: OutcomeInit | null
  readonly differs: boolean
  readonly changes: boolean
}

function compareClaim(claim: Claim, outcomes: readonly Outcome[]): Compared[] {
  const compared: Compared[] = []
  const of = <K extends Outcome['kind']>(kind: K) =>
    (outcomes as readonly OutcomeInit[]).filter((o): o is OutcomeOf<K> => o.kind === kind)
  const forUnit = <K extends 'casualties' | 'fled' | 'break-test'>(kind: K) =>
    (outcomes as readonly OutcomeInit[]).filter(
      (o) => o.kind === kind && (o.values as { unit?: string }).unit === claim.unit,
    ) as OutcomeOf<K>[]
  if (claim.modelsRemoved !== undefined) {
    const casualties = forUnit('casualties')
    const removed = casualties.reduce((sum, o) => sum + o.values.removed, 0)
    const differs = removed !== claim.modelsRemoved
    const models = (n: number) => `${n} model${n === 1 ? '' : 's'} removed`
    compared.push({
      table: `${claim.unit}: ${models(claim.modelsRemoved)}`,
      rules: `${claim.unit}: ${models(removed)}`,
      outcome: casualties[0] ?? null,
      differs,
      changes: differs,
    })
  }
  if (claim.fledInches !== undefined) {
    const fled = forUnit('fled')[0]
    const differs = fled?.values.roll !== claim.fledInches
    compared.push({
      table: `${claim.unit} fled ${claim.fledInches}"`,
      rules: fled ? `${claim.unit} fled ${fled.values.roll}"` : `${claim.unit} did not flee here`,
      outcome: fled ?? null,
      differs,
      changes: differs,
    })
  }
  if (claim.breakTest !== undefined) {
    const test = forUnit('break-test')[0]
    const passed = claim.breakTest === 'passed'
    const differs = test?.values.passed !== passed
    compared.push({
      table: `${claim.unit}: break test ${claim.breakTest}`,
      rules: test
        ? `${claim.unit}: break test ${test.values.passed ? 'passed' : 'failed'}`
        : `${claim.unit} took no break test here`,
      outcome: test ?? null,
      differs,
      changes: differs,
    })
  }
  if (claim.scores !== undefined) {
    const result = of('combat-result').find((o) => claim.combat === undefined || o.values.combat === claim.combat)
    const said = (scores: Record<string, number>) =>
      Object.entries(scores)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([player, score]) => `${player} ${score}`)
        .join(', ')
    const differs = !result || said(result.values.scores) !== said(claim.scores)
    // The result changes the game when its winner or its margin does (the loser's break test rests on both).
    const [winner, margin] = standing(claim.scores)
    const changes = !result || winner !== result.values.winner || margin !== result.values.difference
    compared.push({
      table: `combat result ${said(claim.scores)}`,
      rules: result ? `combat result ${said(result.values.scores)}` : 'no combat result here',
      outcome: result ?? null,
      differs,
      changes: differs && changes,
    })
  }
  return compared
}

/** The winner (null: a draw) and the margin of a combat result. */
function standing(scores: Record<string, number>): [string | null, number] {
  const ranked = Object.entries(scores).sort(([, a], [, b]) => b - a)
  const [first, second] = ranked
  if (!first) return [null, 0]
  const margin = first[1] - (second?.[1] ?? 0)
  return [margin === 0 ? null : first[0], margin]
}

export interface AuditInput {
  readonly gameId: string
  readonly engine: Engine
  /** Every event of the game, seq 1 to the head. */
  readonly events: readonly FoldedEvent[]
}

/** Folds the events as corrected by `corrections`; the state at the head, or null when the rules refuse one. */
function foldedHead(engine: Engine, events: readonly FoldedEvent[], corrections: ReadonlyMap<number, CorrectionMark>) {
  const state = engine.initialState()
  try {
    // Only the state is read: no explanation is built.
    foldEvents(engine, state, events, undefined, corrections, { explanations: false })
    return state.game
  } catch (error) {
    return (error as Error).message
  }
}

export function audit({ gameId, engine, events }: AuditInput): AuditReport {
  const corrections = correctionsOf(events)
  const payloads = new Map<number, unknown>()
  const about = new Set<number>()
  // The game's events as the fold counts them: a replaced event is its replacement (a claim mended by a correction).
  const counted = (event: FoldedEvent) => {
    const mark = corrections.get(event.seq)
    if (mark?.replacement) return { type: mark.replacement.type, payload: mark.replacement.payload }
    return mark ? null : { type: event.type, payload: gameEvents.readPayload(event.type, event.v, event.payload) }
  }
  for (const event of events) {
    const taken = event.type === 'Claim' || event.type === 'Ruling' || corrections.get(event.seq)?.replacement
    const effective = taken ? counted(event) : null
    if (effective && (effective.type === 'Claim' || effective.type === 'Ruling')) {
      const payload = effective.payload as Claim | Ruling
      payloads.set(event.seq, payload)
      about.add(payload.about)
    }
  }
  // One fold of the game as corrected, keeping the steps the claims and rulings are about, and the rulings' own,
  // every request the game opened and the dice that answered each (what the roll claims are compared with).
  const steps = new Map<number, StepResult>()
  const requests = new Map<string, OpenRequest>()
  const answers = new Map<string, { seq: number; faces: readonly number[] }>()
  const answered = new Map<number, string>()
  const head = engine.initialState()
  foldEvents(
    engine,
    head,
    events,
    (step, event, mark) => {
      if (!step) return
      if (about.has(event.seq) || payloads.has(event.seq)) steps.set(event.seq, step)
      for (const request of step.requests) requests.set(request.id, request)
      const type = mark?.replacement?.type ?? event.type
      if (type === 'DiceRolled') {
        // A stored row at the current version was validated when written (as the fold takes it, corrected-fold.ts).
        const dice = (mark?.replacement?.payload ?? toEngineEvent(event, true).payload) as PayloadOf<'DiceRolled'>
        answers.set(dice.requestId, { seq: event.seq, faces: dice.faces })
        answered.set(event.seq, dice.requestId)
      }
    },
    corrections,
  )
  const rolls: RollRecord = { requests, answers, answered, steps }
  const definitions = new Map(engine.ruleset.definitions.map((entry) => [entry.id, entry]))
  const rollRules = {
    id: engine.ruleset.id,
    effectClauses: (id: string) => [...new Set((definitions.get(id)?.effects ?? []).map((effect) => effect.clause))],
    ruleName: (id: string) => definitions.get(id)?.name ?? id,
  }
  const entries: AuditEntry[] = []
  for (const event of events) {
    if (corrections.get(event.seq) && !corrections.get(event.seq)?.replacement) continue
    const effective = counted(event)
    if (effective?.type === 'Claim') {
      const claim = payloads.get(event.seq) as Claim
      for (const compared of compareClaim(claim, steps.get(claim.about)?.outcomes ?? [])) {
        if (!compared.differs) continue
        const explanation = compared.outcome?.explanation ?? null
        entries.push({
          kind: 'claim',
          seq: event.seq,
          seqs: [claim.about, event.seq],
          by: event.actor,
          table: compared.table,
          rules: compared.rules,
          engineExplanation: explanation,
          tableExplanation: explain(`the table: ${compared.table}${claim.note ? ` (${claim.note})` : ''}`, {
            from: [event.seq],
          }),
          cited: citations(engine, explanation),
          changedGame: compared.changes,
          changes: compared.changes
            ? [`${compared.table}, where the rules give ${compared.rules.replace(/^.*?: /, '')}`]
            : [],
        })
      }
      // What the table did with the event's roll and rules, after what came out of it.
      const note = claim.note ? ` (${claim.note})` : ''
      for (const compared of compareRollClaim(claim, rolls, rollRules))
        if (compared.differs) entries.push(rollEntry(engine, event, claim, compared, note))
    }
    if (effective?.type === 'Ruling') entries.push(rulingEntry(engine, event, payloads.get(event.seq) as Ruling, steps))
    if (event.type === 'Correction') entries.push(correctionEntry(engine, event, events, head.game, steps))
  }
  return { gameId, head: events.length, entries, changedGame: entries.some((entry) => entry.changedGame) }
}

/** The entry of a roll claim the rules contradict. */
function rollEntry(engine: Engine, event: FoldedEvent, claim: Claim, compared: RollCompared, note: string): AuditEntry {
  return {
    kind: 'claim',
    seq: event.seq,
    seqs: [...new Set([claim.about, ...compared.seqs, event.seq])].sort((a, b) => a - b),
    by: event.actor,
    table: compared.table,
    rules: compared.rules,
    engineExplanation: compared.explanation,
    tableExplanation: explain(`the table: ${compared.table}${note}`, { from: [event.seq] }),
    cited: citations(engine, compared.explanation),
    changedGame: compared.change !== null,
    changes: compared.change === null ? [] : [compared.change],
  }
}

/** The entry of a table ruling: what the table ruled beside what the rules give. */
function rulingEntry(
  engine: Engine,
  event: FoldedEvent,
  ruling: Ruling,
  steps: ReadonlyMap<number, StepResult>,
): AuditEntry {
  const step = steps.get(event.seq)
  const outcomes = (step?.outcomes ?? []) as readonly OutcomeInit[]
  const ruled = outcomes.filter((o): o is OutcomeOf<'table-ruling'> => o.kind === 'table-ruling')
  const changes: string[] = []
  for (const { values } of ruled)
    for (const field of ['models', 'woundsOnNextModel', 'fleeing'] as const)
      if (values[field] !== undefined && values[field] !== values.rules[field])
        changes.push(`${values.unit} ${field}: the rules give ${values.rules[field]}, the table ruled ${values[field]}`)
  if (ruling.dropOpen) changes.push('the rolls and choices the rules still asked for were dropped')
  const rulesSide = steps.get(ruling.about)
  const explanation = rulesSide?.explanation ?? null
  return {
    kind: 'ruling',
    seq: event.seq,
    seqs: [ruling.about, event.seq],
    by: event.actor,
    table: `ruled (agreed by ${ruling.agreedBy.join(', ') || 'nobody else'}): ${ruling.why}`,
    rules: ruled.map((o) => o.text).join('; ') || null,
    engineExplanation: explanation,
    tableExplanation: step?.explanation ?? null,
    cited: citations(engine, explanation),
    changedGame: changes.length > 0,
    changes,
  }
}

/** The entry of a correction: what it voided or replaced, and whether the game folded without it differs. */
function correctionEntry(
  engine: Engine,
  event: FoldedEvent,
  events: readonly FoldedEvent[],
  game: GameState | null,
  steps: ReadonlyMap<number, StepResult>,
): AuditEntry {
  const payload = gameEvents.readPayload(event.type, event.v, event.payload) as CorrectionPayload
  // Did it change the game? The game folded without this correction (the others kept), against the game.
  const without = correctionsOf(events.filter((other) => other.seq !== event.seq))
  const other = foldedHead(engine, events, without)
  const changes =
    typeof other === 'string'
      ? [`without it the game does not replay: ${other}`]
      : other && game
        ? unitDifferences(game, other).map((unit) => `${unit.name}: ${unit.fields.join(', ')} differ without it`)
        : []
  const targets = [...payload.voids, ...payload.replaces.map((r) => r.seq)]
  return {
    kind: 'correction',
    seq: event.seq,
    seqs: [...targets, event.seq].sort((a, b) => a - b),
    by: event.actor,
    table: `${[
      ...(payload.voids.length > 0 ? [`voided seq ${payload.voids.join(', ')}`] : []),
      ...payload.replaces.map((r) => `replaced seq ${r.seq} with ${r.type}`),
    ].join('; ')}: ${payload.reason}`,
    rules: null,
    engineExplanation: null,
    tableExplanation: steps.get(event.seq)?.explanation ?? null,
    cited: [],
    changedGame: changes.length > 0,
    changes,
  }
}
