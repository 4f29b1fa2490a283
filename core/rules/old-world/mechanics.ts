import type { BaseValue } from '../../engine/modifiers.js'
import type { UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { ClassicContext } from '../classic/catalogue.js'
import type { General } from '../classic/psychology.js'
import type { RulesetMechanics } from '../mechanics.js'
import { oldWorldBreakTest } from './break-test.js'
import type { OldWorldContext } from './catalogue.js'
import { oldWorldChargeMechanics } from './charge-mechanics.js'
import { oldWorldEntries } from './entries/index.js'
import { oldWorldPanic } from './panic.js'
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

/** The General's Command range (core-mechanics B.7): 12", 18" when he is a Large Target; he may be in any rank. */
function commandRange(context: ClassicContext, general: General, unit: UnitState): string {
  const ctx = context as unknown as OldWorldContext
  const large = ctx.holds(general.model, 'large-target')
  return `within ${large ? 18 : 12}" of ${unit.name} (his Command range${large ? ', 18" as a Large Target' : ''})`
}

/** The Old World's side of the procedures it shares with the classic ruleset (core-mechanics C). */
export const oldWorldMechanics: RulesetMechanics = {
  toHitChart,
  toWoundChart,
  regeneration: 'on-wound-counted',
  ...oldWorldChargeMechanics,
  breakTest: oldWorldBreakTest,
  commandRange,
  pursuitContact: (ctx) =>
    explain('a pursuit roll equal to or above the flee roll reaches the unit', {
      rule: (ctx as unknown as OldWorldContext).rule('variants', 'pursuit-contact'),
    }),
  entry: (id) => oldWorldEntries.find((e) => e.id === id),
  cover: ['partial', 'full'],
  // Tree Whack as a model strikes; Timber! as one falls (old-world/tree-whack, old-world/timber).
  combatSteps: { beforeStrike: treeWhack, fallen: timber },
  panic: oldWorldPanic,
  ralliedBar: 'until-end-of-turn',
  standAndShootBeyondRange: 'long-range',
}
