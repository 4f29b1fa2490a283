import { choose, rollDice } from '../../engine/requests.js'
import type { Answer, CombatState, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { pursuitMakesCombat } from './after-the-rout.js'
import type { BattleContext } from './context.js'
import type { GradedBreakRules } from './profile.js'
import { restraintTest } from './restraint-test.js'
import { endRound } from './round-end.js'

/**
 * The steps a graded break test adds to the shared close-combat round (The Old World, core-mechanics B.2, B.6):
 * Give Ground, Fall Back in Good Order, Follow Up. Classic's pass/fail test never ends in them, so they cite
 * clauses only a ruleset that grades its break tests has (old-world/flee-and-pursuit).
 */
function gradedRules(ctx: BattleContext): GradedBreakRules {
  const rules = ctx.profile.gradedBreak
  if (!rules) throw new Error(`ruleset ${ctx.game.ruleset} grades no break test: no unit gives ground or falls back`)
  return rules
}

/** The inches a unit that gives ground moves straight back. */
export const GIVE_GROUND_INCHES = 2

/**
 * Fall Back in Good Order: the unit flees the higher of 2D6, leaves the combat and rallies at once. Out of combat
 * (a failed Panic test, The Old World) `combat` is null and `why` says what made it fall back.
 */
export function* fallBack(
  context: BattleContext,
  unit: UnitState,
  combat: CombatState | null,
  why: Explanation | null = null,
): Generator<RequestSpec, number, Answer> {
  const ctx = context
  const graded = gradedRules(ctx)
  const rule = graded.fallBack
  const answer = yield* rollDice({
    purpose: 'fall-back',
    count: 2,
    sides: 6,
    roller: unit.player,
    text: `${unit.name} falls back in good order: roll 2D6, it moves the higher die`,
    explanation: explain(`${unit.name} falls back in good order`, { rule }, why ? [why] : []),
    odds: { kind: 'total', keep: { which: 'highest', count: 1 } },
  })
  const roll = Math.max(...answer.faces)
  ctx.emit({
    kind: 'fell-back',
    text: `${unit.name} falls back ${roll}" in good order, ${combat ? 'leaves the combat and ' : ''}rallies`,
    values: combat ? { unit: unit.id, combat: combat.id, roll } : { unit: unit.id, roll },
    explanation: explain(
      `${unit.name} falls back ${roll}": the higher of ${answer.faces.join(' and ')}; it rallies at once`,
      { value: roll, rule, from: [answer.seq] },
      why ? [why] : [],
    ),
  })
  return roll
}

/** Give Ground: the unit moves 2" straight back, keeps its facing and stays in the combat. */
export function giveGround(context: BattleContext, unit: UnitState, combat: CombatState): void {
  const ctx = context
  const graded = gradedRules(ctx)
  ctx.emit({
    kind: 'gave-ground',
    text: `${unit.name} gives ground ${GIVE_GROUND_INCHES}" straight back, facing kept; it stays in the combat`,
    values: { unit: unit.id, combat: combat.id, distance: GIVE_GROUND_INCHES },
    explanation: explain(`${unit.name} gives ground ${GIVE_GROUND_INCHES}"`, {
      value: GIVE_GROUND_INCHES,
      rule: graded.giveGround,
      from: [ctx.seq],
    }),
  })
}

/**
 * A winner whose foe gave ground follows up (back into contact) or restrains and reforms with a Leadership
 * test; failed, it must follow up. Returns whether it followed up.
 */
export function* decideFollowUp(
  context: BattleContext,
  winner: UnitState,
  foes: readonly UnitState[],
  combat: CombatState,
): Generator<RequestSpec, boolean, Answer> {
  const ctx = context
  const graded = gradedRules(ctx)
  const names = foes.map((foe) => foe.name).join(' and ')
  const rule = graded.followUp
  const option = yield* choose({
    purpose: 'follow-up',
    chooser: winner.player,
    options: [
      { id: 'follow-up', text: `follow up ${names}: move back into contact` },
      { id: 'hold', text: 'restrain and reform: take a Leadership test' },
    ],
    text: `${winner.name}: follow up ${names}, or restrain?`,
    explanation: explain(`${names} gave ground: ${winner.name} may follow up`, { rule }),
  })
  if (option === 'hold' && (yield* restraintTest(context, winner, foes, 'follow up'))) return false
  ctx.emit({
    kind: 'followed-up',
    text: `${winner.name} follows up ${names}: the combat goes on`,
    values: { unit: winner.id, combat: combat.id },
    explanation: explain(`${winner.name} follows up ${names} and stays in contact`, { rule, from: [ctx.seq] }),
  })
  return true
}

/** A pursuer reached a unit that fell back in good order: it is not destroyed; the two fight on next turn. */
export function reachFallenBack(
  context: BattleContext,
  pursuer: UnitState,
  unit: UnitState,
  roll: number,
  fallBackRoll: number,
  from: number,
): void {
  const ctx = context
  const graded = gradedRules(ctx)
  const note = context.profile.pursuitContact(context)
  ctx.emit({
    kind: 'pursuit-contact',
    text:
      `${pursuer.name} reaches ${unit.name} (${roll} against ${fallBackRoll}): not destroyed, as it fell back in ` +
      `good order; they fight next turn, the pursuer counting as charging (combat pursuit-${ctx.seq})`,
    values: { unit: unit.id, by: pursuer.id },
    explanation: explain(
      `pursuit ${roll} >= fall back ${fallBackRoll}: ${pursuer.name} reaches ${unit.name}, which is not destroyed`,
      { rule: graded.contact, from: [from] },
      note ? [note] : [],
    ),
  })
  // The unit rallied at once and may reform, so it faces its pursuer (variants §after-the-rout).
  pursuitMakesCombat(ctx, pursuer, unit, 'front', undefined, ctx.seq, [from])
}

/** Every loser still in the combat gave ground (and one did): with nobody following up, the sides are apart. */
export function outOfContact(losers: readonly UnitState[], gaveGround: readonly UnitState[]): boolean {
  return gaveGround.length > 0 && losers.every((unit) => gaveGround.includes(unit))
}

/** The combat ends because the losers gave ground and no winner followed them up. */
export function endCombatApart(context: BattleContext, combat: CombatState, round: number): void {
  const ctx = context
  const graded = gradedRules(ctx)
  endRound(context, combat, round)
  ctx.emit({
    kind: 'combat-ended',
    text: `combat ${combat.id} is over: the losers gave ground and no winner followed up`,
    values: { combat: combat.id, round },
    explanation: explain(
      `combat ${combat.id} is over after ${round} round${round === 1 ? '' : 's'}: the sides are out of contact`,
      { rule: graded.apart },
      [
        explain('every losing unit gave ground and none was followed up', {
          rule: graded.combatApart,
        }),
      ],
    ),
  })
}
