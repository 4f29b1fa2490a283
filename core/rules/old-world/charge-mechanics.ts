import type { BaseValue } from '../../engine/modifiers.js'
import type { UnitState } from '../../engine/types.js'
import type { BattleContext } from '../battle/context.js'
import type { RulesetProfile } from '../battle/profile.js'
import { oldWorldRule } from './catalogue.js'

/** The maximum possible charge range (B.2): the charger's M + 6, the most a higher die can add. */
function maxChargeRange(_ctx: BattleContext, charger: UnitState, m: number): BaseValue {
  return {
    value: m + 6,
    text: `${charger.name}'s maximum possible charge range: M ${m} + 6 = ${m + 6}"`,
    rule: oldWorldRule('charge', 'max-range'),
    from: [charger.musteredAt],
  }
}

/** Difficult terrain, and dangerous terrain which hinders as difficult does: -1 to M for the move (B.2). */
function terrainMovement(_ctx: BattleContext, unit: UnitState, terrain: 'difficult' | 'dangerous'): BaseValue {
  return {
    value: -1,
    text: `${unit.name} moves through ${terrain} terrain: -1 to its Movement (to a minimum of 1)`,
    rule: oldWorldRule('terrain', terrain),
  }
}

/** The Old World's charge and psychology side of the shared procedures (core-mechanics B.2, B.7). */
export const oldWorldChargeMechanics: Pick<RulesetProfile, 'maxChargeRange' | 'leadershipDoubles' | 'terrainMovement'> =
  {
    maxChargeRange,
    leadershipDoubles: {
      double1: oldWorldRule('leadership-test', 'double-1'),
      double6: oldWorldRule('leadership-test', 'double-6'),
    },
    terrainMovement,
  }
