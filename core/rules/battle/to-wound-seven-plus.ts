import { type DiceJudgement, type NaturalLimits, rollAgainst } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { shootingRoll } from './charts.js'
import type { BattleContext } from './context.js'
import { s } from './counting.js'

const SIX_WORDS = { success: ['6', '6s'], failure: ['fails', 'fail'] } as const
const WOUND_WORDS = { success: ['wound', 'wounds'], failure: ['fails', 'fail'] } as const

/**
 * A to-wound roll of 7+ (classic/variants §killing-blow-seven-plus): where the ruleset has one, a score of 7 to 9 is
 * rolled as the 7+ to hit is, a 6 and then 4+, 5+ or 6 with a second die; null where it has none or the score is
 * not such a one (10+ cannot wound).
 */
export function sevenPlusToWound(ctx: BattleContext, need: number | null): { second: number } | null {
  if (need === null || need <= 6 || ctx.profile.toWoundSevenPlus === null) return null
  const plan = shootingRoll(need)
  return plan.first === 6 && plan.second !== null ? { second: plan.second } : null
}

/**
 * Rolls `hits` dice needing 6s, then the 6s again against the second score. The wounds are the second roll's
 * successes; its dice stand for the roll's natural faces (the natural-6 point reads them, with the 7+ score, and
 * Killing Blow steps aside on rolls of 7+).
 */
export function* rollSevenPlusToWound(
  ctx: BattleContext,
  attacker: UnitState,
  target: UnitState,
  hits: number,
  score: number,
  second: number,
  limits: NaturalLimits,
  needWhy: Explanation,
  from: readonly number[],
): Generator<RequestSpec, DiceJudgement, Answer> {
  const rule = ctx.profile.toWoundSevenPlus ?? needWhy.rule
  const sixesNote = explain(`${score}+: a 6, and then ${second === 6 ? 'a 6' : `${second}+`} with a second die`, {
    ...(rule ? { rule } : {}),
  })
  const first = yield* rollAgainst(
    ctx,
    {
      purpose: 'to-wound',
      count: hits,
      sides: 6,
      need: 6,
      roller: attacker.player,
      text: `${attacker.name}: roll ${hits} D6 to wound ${target.name}, 6s, then ${second}+ (${score}+)`,
      explanation: explain(`${attacker.name} rolls ${hits} dice to wound`, { from: [...from] }, [needWhy, sixesNote]),
    },
    limits,
    SIX_WORDS,
    [],
    ctx.rule('dice', 're-roll-once'),
    second,
  )
  if (first.successes === 0) return first
  const again = yield* rollAgainst(
    ctx,
    {
      purpose: 'to-wound-7-plus',
      count: first.successes,
      sides: 6,
      need: second,
      roller: attacker.player,
      text: `${attacker.name}: roll ${first.successes} D6 for the 6s, ${second}+ to wound (${score}+)`,
      explanation: explain(`${first.successes} 6${s(first.successes)} roll again: ${second}+ wounds`, {
        ...(rule ? { rule } : {}),
        from: [...from],
      }),
    },
    limits,
    WOUND_WORDS,
    [],
    ctx.rule('dice', 're-roll-once'),
  )
  return {
    dice: again.dice,
    successes: again.successes,
    explanation: explain(`${again.successes} wound${s(again.successes)} (${score}+)`, { value: again.successes }, [
      first.explanation,
      again.explanation,
    ]),
  }
}
