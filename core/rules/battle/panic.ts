import { RuleError } from '../../engine/errors.js'
import { phaseKey } from '../../engine/outcomes.js'
import { choose, rollDice } from '../../engine/requests.js'
import type {
  Answer,
  EventOf,
  GameState,
  Procedure,
  ProcedureContext,
  RequestSpec,
  UnitState,
} from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { fallBack } from './fall-back.js'
import { fleeDice } from './flee-dice.js'
import { generalOf, leadershipFor } from './leadership.js'
import type { UnitLostModels } from './phase-losses.js'
import { applied, immunity } from './psychology-records.js'
import { describePhase, emitTest, engaged, leadershipRoll, rollVerdict } from './psychology-tests.js'
import { chargeMarkers, cite } from './unit-checks.js'

type Step = Generator<RequestSpec, void, Answer>

// Panic (core mechanics A.7, A.10) and the General's auto-pass: the code of each ruleset's Panic entry

/**
 * One Panic test: none for an immune unit; the General may pass his unit's first Panic test of the
 * game; otherwise Ld on 2D6, and a unit that fails flees. Returns whether it held.
 */
export function* panicTest(
  ctx: BattleContext,
  unit: UnitState,
  cause: Explanation,
  phase: string,
): Generator<RequestSpec, boolean, Answer> {
  const records = ctx.modifiers('psychology', { subject: unit, opponent: [], test: 'panic' })
  const immune = immunity(records) ?? applied(records, 'auto-pass') ?? null
  if (immune) {
    emitTest(ctx, unit, 'panic', {
      passed: true,
      roll: null,
      leadership: null,
      phase,
      auto: 'immune',
      text: `${unit.name} takes no Panic test: ${immune.label}`,
      explanation: explain(`${unit.name}: ${immune.label}`, { rule: immune.source }, [cause]),
    })
    return true
  }
  const autoPass = ctx.profile.panic.generalAutoPass
  const general = autoPass ? generalOf(ctx, unit.player) : null
  if (autoPass && general && general.unit.id === unit.id && general.model.models > 0 && (unit.panicTests ?? 0) === 0) {
    const option = yield* choose({
      purpose: 'general-auto-pass',
      chooser: unit.player,
      options: [
        { id: 'auto-pass', text: 'pass it automatically (once a game)' },
        { id: 'roll', text: 'roll the test' },
      ],
      text: `${unit.name}'s first Panic test of the game: General ${general.model.name} may pass it automatically`,
      explanation: explain(
        `the first Panic test General ${general.model.name} or his unit takes in the game`,
        { rule: autoPass },
        [cause, general.why],
      ),
    })
    if (option === 'auto-pass') {
      emitTest(ctx, unit, 'panic', {
        passed: true,
        roll: null,
        leadership: null,
        phase,
        auto: 'general',
        text: `${unit.name} passes its Panic test: General ${general.model.name}'s once-a-game automatic pass`,
        explanation: explain(
          `General ${general.model.name} passes the first Panic test of the game automatically`,
          { value: true, rule: autoPass, from: [ctx.seq] },
          [cause],
        ),
      })
      return true
    }
  }
  const ld = yield* leadershipFor(ctx, unit, 'panic')
  const roll = yield* leadershipRoll(unit, 'Panic test', ld, cause, ctx)
  const failed = roll.passed ? null : ctx.profile.panic.failed(ctx, unit)
  // Falling back in good order is The Old World's clause (old-world/panic §fall-back), not in classic's entry.
  const fallBackRule = ctx.profile.panic.fallBack
  const failedRule = failed?.end === 'fall-back' && fallBackRule ? fallBackRule : ctx.rule('panic', 'flee')
  emitTest(ctx, unit, 'panic', {
    passed: roll.passed,
    roll: roll.total,
    leadership: ld.value,
    phase,
    text: `${unit.name} ${roll.passed ? 'passes' : 'fails'} its Panic test (${roll.total} against ${ld.value})`,
    explanation: explain(
      `${unit.name} ${roll.passed ? 'passes' : 'fails'} its Panic test`,
      {
        value: roll.passed,
        rule: roll.passed ? ctx.rule('leadership-test', 'roll') : failedRule,
        from: [roll.seq],
      },
      [cause, ld.explanation, rollVerdict(ctx, roll, ld.value)],
    ),
  })
  if (!failed) return true
  if (failed.end === 'fall-back') {
    yield* fallBack(ctx, unit, null, failed.why)
    return false
  }
  const dice = fleeDice(ctx, unit)
  const flight = yield* rollDice({
    purpose: 'flee',
    count: dice.count,
    sides: 6,
    roller: unit.player,
    text: `${unit.name} panics: roll ${dice.count}D6 to flee`,
    explanation: explain(`${unit.name} flees in panic`, { rule: ctx.rule('panic', 'flee') }, [
      dice.why,
      ...(failed.why ? [failed.why] : []),
    ]),
    odds: { kind: 'total' },
  })
  const distance = sum(flight.faces)
  ctx.emit({
    kind: 'fled',
    text: `${unit.name} flees ${distance}" in panic`,
    values: { unit: unit.id, roll: distance },
    explanation: explain(
      `${unit.name} flees ${distance}": dice ${flight.faces.join(' + ')}`,
      { value: distance, rule: ctx.rule('panic', 'flee'), from: [flight.seq] },
      [dice.why],
    ),
  })
  return false
}

/**
 * The Panic entry's step for a unit that lost models in the phase just ended (its `heavy-casualties` clause, at the
 * `unit-lost-models` trigger point): one that lost 25% or more of the models it had when that phase started takes
 * its Panic test now, at once or as the next phase starts (classic/variants §panic-heavy-casualties).
 */
export function* heavyCasualties(ctx: BattleContext, query: UnitLostModels): Step {
  const { subject: unit, ended, seq, atOnce } = query
  const rules = ctx.profile.panic
  // Losses in a phase the ruleset leaves out (The Old World's Combat phase) cause no test.
  const except = rules.heavyCasualtiesExcept.value
  if (except.length > 0 && except.includes(phaseOfKey(ended))) return
  const start = unit.phaseStart
  if (!start || start.phase !== ended) return
  const lost = start.models - unit.models
  const more = rules.heavyCasualties.value === 'more-than-quarter'
  if (lost <= 0 || (more ? lost * 4 <= start.models : lost * 4 < start.models)) return
  if (unit.models === 0 || unit.fleeing || engaged(ctx.game, unit) || unit.testedIn?.panic === ended) return
  if (rules.chargersExempt !== null && charging(ctx.game, unit)) return
  const cause = explain(
    `${unit.name} lost ${lost} of the ${start.models} models it had at the start of ${describePhase(ended)}: ` +
      (more ? 'more than 25%' : '25% or more'),
    { value: lost, rule: ctx.rule('panic', 'heavy-casualties'), from: [unit.changedAt, seq] },
    [
      explain(
        `${atOnce ? 'tested at once, as what cost them is resolved' : 'tested as the next phase starts'} ` +
          `(${cite(ctx.rule('variants', 'panic-heavy-casualties'))})`,
        { rule: ctx.rule('variants', 'panic-heavy-casualties') },
      ),
    ],
  )
  yield* panicTest(ctx, unit, cause, ended)
}

const CAUSES = {
  'friend-destroyed': 'was destroyed within 6"',
  'friend-broke': 'broke from combat within 6"',
  'fled-through': 'fled through it',
} as const

/** What a friend that fell back in good order did (The Old World: it causes Panic as a flight does). */
const FELL_BACK = {
  'friend-broke': 'fell back in good order from combat within 6"',
  'fled-through': 'fell back in good order through it',
} as const

/** The unit declared a charge this turn (its charge marker): The Old World's chargers take no Panic test. */
function charging(game: GameState, unit: UnitState): boolean {
  return chargeMarkers(game, unit.id).some((marker) => marker.params.role === 'charging')
}

/** The phase id of a phase key (`turn/player/phase@seq`). */
function phaseOfKey(key: string): string {
  return (key.split('@')[0] ?? key).split('/')[2] ?? ''
}

/** PanicTestDeclared: the players say a friend was destroyed or broke within 6", or fled through the unit. */
export function* panicTestDeclared(context: ProcedureContext, event: EventOf<'PanicTestDeclared'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: PanicTestDeclared`
  const { cause } = event.payload
  const unit = ctx.unit(event.payload.unit)
  const friend = ctx.unit(event.payload.friend)
  if (ctx.game.phase === null)
    throw new RuleError('rules/wrong-phase', `${where}: Panic tests are taken in a phase, and none has started`)
  if (friend.player !== unit.player)
    throw new RuleError('rules/wrong-side', `${where}: ${friend.name} is not a friend of ${unit.name}`)
  if (friend.id === unit.id)
    throw new RuleError('rules/bad-target', `${where}: ${unit.name} cannot cause its own Panic test`)
  if (unit.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${unit.name} has no models left`)
  if (unit.fleeing)
    throw new RuleError(
      'rules/unit-fleeing',
      `${where}: ${unit.name} is fleeing: fleeing units take no Panic test (${cite(ctx.rule('panic', 'exempt'))})`,
    )
  if (engaged(ctx.game, unit))
    throw new RuleError(
      'rules/already-engaged',
      `${where}: ${unit.name} is engaged in combat: units in combat take no Panic test (${cite(ctx.rule('panic', 'exempt'))})`,
    )
  const rules = ctx.profile.panic
  if (rules.chargersExempt !== null && charging(ctx.game, unit))
    throw new RuleError(
      'rules/panic-not-due',
      `${where}: ${unit.name} is charging this turn: chargers take no Panic test (${cite(ctx.rule('panic', 'exempt'))})`,
    )
  const key = phaseKey(ctx.game)
  if (unit.testedIn?.panic === key)
    throw new RuleError(
      'rules/panic-not-due',
      `${where}: ${unit.name} has taken its Panic test this phase (${cite(ctx.rule('panic', 'once-per-phase'))})`,
    )
  if (cause === 'friend-destroyed' && friend.models > 0)
    throw new RuleError('rules/panic-not-due', `${where}: ${friend.name} is not destroyed (${friend.models} models)`)
  const fellBack = rules.fallBackCounts !== null && friend.fellBackIn === key
  if (cause !== 'friend-destroyed' && !friend.fleeing && !fellBack)
    throw new RuleError(
      'rules/panic-not-due',
      `${where}: ${friend.name} is not fleeing${rules.fallBackCounts !== null ? ' and has not fallen back in good order this phase' : ''}`,
    )
  // Friends fleeing through the unit cause Panic whatever their size; a friend destroyed or breaking may not.
  const size = cause === 'fled-through' ? null : rules.friendCounts(ctx, friend)
  if (size && !size.counts)
    throw new RuleError('rules/panic-not-due', `${where}: ${size.why.text} (${cite(ctx.rule('panic', cause))})`)
  const how = fellBack ? FELL_BACK[cause as 'friend-broke' | 'fled-through'] : CAUSES[cause]
  const why = explain(
    `${friend.name} ${how} ${cause === 'fled-through' ? unit.name : `of ${unit.name}`}`,
    { rule: ctx.rule('panic', cause), from: [event.seq, friend.changedAt] },
    size ? [size.why] : [],
  )
  yield* panicTest(ctx, unit, why, key)
}
