import type { ModifierRecord, PsychologyTest, UnitAction } from '../../engine/effects.js'
import { recordExplanation } from '../../engine/modifiers.js'
import { passWords, rollDice } from '../../engine/requests.js'
import type { Answer, CombatState, GameState, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain, type RuleRef } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { leadershipFor } from './leadership.js'
import { leadershipOdds, naturalDouble } from './leadership-doubles.js'
import { immunity, type PsychologyWord } from './psychology-records.js'

type Step<T> = Generator<RequestSpec, T, Answer>
export type ChargeResponse = 'hold' | 'stand-and-shoot' | 'flee'

/** `classic/terror §charged`, as explanations and refusals write a citation. */
export function cite(ref: RuleRef): string {
  return `${ref.ruleset}/${ref.id} §${ref.clause}`
}

/** The combat a unit is engaged in, if any. */
export function combatOf(game: GameState, unit: UnitState): CombatState | undefined {
  return Object.values(game.combats).find(
    (combat) => !combat.ended && combat.sides.some((side) => side.units.some((u) => u.unit === unit.id)),
  )
}

/** The records as explanation lines, applied or ignored, each citing its rule. */
export function recordLines(records: readonly ModifierRecord[]): Explanation[] {
  return records.map((record) =>
    recordExplanation(record, record.status === 'ignored' ? `${record.label}: ${record.reason}` : record.label),
  )
}

/**
 * May `subject` do `action`? A `forbidden` record (Stupidity, Dominion) bars it whatever else says;
 * an `allowed` record lifts only a bar the core rules make (Handbows, Skirmish).
 */
export function permission(ctx: BattleContext, subject: UnitState, opponent: UnitState | null, action: UnitAction) {
  const records = ctx.modifiers('permission', { subject, opponent, action })
  const applied = (value: string) =>
    records.find((r) => r.kind === 'set' && r.status === 'applied' && r.value === value)
  return { records, forbidden: applied('forbidden'), allowed: applied('allowed') }
}

/**
 * Is `subject` subject to this psychology from `opponents`? `causes-…` records come from the
 * enemies' entries (Terror), `immune` and `auto-pass` from the unit's own (Terror's immunity,
 * Stupidity's Immune to Psychology).
 */
export function psychology(
  ctx: BattleContext,
  subject: UnitState,
  opponents: readonly UnitState[],
  test: PsychologyTest,
) {
  const records = ctx.modifiers('psychology', { subject, opponent: opponents, test })
  const applied = (value: PsychologyWord) => records.filter((r) => r.status === 'applied' && r.value === value)
  return {
    records,
    causes: applied(test === 'terror' ? 'causes-terror' : 'causes-fear'),
    // A Fear causer takes Fear's effects instead of a Terror test (classic/fear §immunities).
    immune: immunity(records) ?? (test === 'terror' ? applied('fear-instead')[0] : undefined),
    autoPass: applied('auto-pass')[0],
  }
}

/**
 * A 2D6 Leadership test for a charge or a move (Terror, the 8th-edition march test): passed on a
 * total at or below the Leadership; no double-1 rule outside break tests (classic/leadership-test).
 * The Leadership comes from `leadershipFor` (every leadership modifier and the General's).
 */
export function* leadershipTest(
  ctx: BattleContext,
  unit: UnitState,
  enemies: readonly UnitState[],
  test: 'terror' | 'march' | 'fear',
  reason: Explanation,
): Step<{ passed: boolean; roll: number; target: number; explanation: Explanation }> {
  const ld = yield* leadershipFor(ctx, unit, test, enemies)
  const target = ld.value ?? 0
  const name = test === 'terror' ? 'Terror' : test === 'fear' ? 'Fear' : 'march'
  const odds = leadershipOdds(ctx, target)
  const answer = yield* rollDice({
    purpose: `${test}-test`,
    count: 2,
    sides: 6,
    roller: unit.player,
    text: `${unit.name}: roll 2D6 ${name} test, ${passWords(odds)}`,
    explanation: explain(
      `${unit.name} takes a ${name} test on its Leadership`,
      { rule: ctx.rule('leadership-test', 'roll') },
      [reason, ld.explanation],
    ),
    odds,
  })
  const roll = sum(answer.faces)
  const natural = naturalDouble(ctx, answer.faces)
  const passed = natural ? natural.passed : roll <= target
  return {
    passed,
    roll,
    target,
    explanation: explain(
      `${unit.name} ${passed ? 'passes' : 'fails'} its ${name} test: ${answer.faces.join(' + ')} = ${roll} ` +
        (natural ? natural.text : `${passed ? '<=' : '>'} ${target}`),
      { value: passed, rule: natural?.rule ?? ctx.rule('leadership-test', 'roll'), from: [answer.seq] },
      [reason, ld.explanation],
    ),
  }
}

/** The charge markers a unit holds this turn (active effects of the `charge` entry). */
export function chargeMarkers(game: GameState, unit: string) {
  return game.effects.filter((effect) => effect.entry === 'charge' && effect.unit === unit)
}

/** How `target` responded to `charger`'s charge this turn, if it did (for stand and shoot). */
export function chargeResponse(game: GameState, target: string, charger: string): ChargeResponse | null {
  const marker = chargeMarkers(game, target).find((e) => e.params.role === 'charged' && e.params.charger === charger)
  return marker ? (marker.params.response as ChargeResponse) : null
}
