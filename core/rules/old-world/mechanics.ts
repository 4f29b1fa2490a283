import type { BaseValue } from '../../engine/modifiers.js'
import type { ClassicContext } from '../classic/catalogue.js'
import type { RulesetMechanics } from '../mechanics.js'
import { timber } from './timber.js'
import { treeWhack } from './tree-whack.js'

/** The WS chart (core-mechanics B.5): more than double the target's WS hits on 2+. */
function toHitChart(ctx: ClassicContext, ws: number, targetWs: number): BaseValue {
  const need = ws > 2 * targetWs ? 2 : ws > targetWs ? 3 : targetWs > 2 * ws ? 5 : 4
  const why =
    need === 2
      ? "the attacker's is more than twice as high"
      : need === 3
        ? "the attacker's is higher"
        : need === 5
          ? "the target's is more than twice as high"
          : "not higher, and the target's is not more than twice as high"
  return { value: need, text: `WS ${ws} vs WS ${targetWs}: ${why}`, rule: ctx.rule('to-hit-close-combat', 'chart') }
}

/** The S-vs-T chart (core-mechanics B.5): a hit 6 or more below the Toughness cannot wound. */
function toWoundChart(ctx: ClassicContext, strength: number, toughness: number): BaseValue {
  const diff = strength - toughness
  if (diff <= -6)
    return {
      value: null,
      text: `S ${strength} vs T ${toughness}: T - S = ${-diff}, 6 or more, cannot wound`,
      rule: ctx.rule('to-wound', 'cannot-wound'),
    }
  const need = diff >= 2 ? 2 : diff === 1 ? 3 : diff === 0 ? 4 : diff === -1 ? 5 : 6
  return { value: need, text: `S ${strength} vs T ${toughness}`, rule: ctx.rule('to-wound', 'chart') }
}

/** The Old World's side of the procedures it shares with the classic ruleset (core-mechanics C). */
export const oldWorldMechanics: RulesetMechanics = {
  toHitChart,
  toWoundChart,
  regeneration: 'on-wound-counted',
  // Tree Whack as a model strikes; Timber! as one falls (old-world/tree-whack, old-world/timber).
  combatSteps: { beforeStrike: treeWhack, fallen: timber },
}
