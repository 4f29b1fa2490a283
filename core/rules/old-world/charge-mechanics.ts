import type { BaseValue } from '../../engine/modifiers.js'
import type { UnitState } from '../../engine/types.js'
import type { ClassicContext } from '../classic/catalogue.js'
import type { RulesetMechanics } from '../mechanics.js'
import type { OldWorldContext } from './catalogue.js'

/** The shared procedures hand a classic-typed context; the Old World's own clauses are cited through its catalogue. */
const oldWorld = (ctx: ClassicContext) => ctx as unknown as OldWorldContext

/** The maximum possible charge range (B.2): the charger's M + 6, the most a higher die can add. */
function maxChargeRange(ctx: ClassicContext, charger: UnitState, m: number): BaseValue {
  return {
    value: m + 6,
    text: `${charger.name}'s maximum possible charge range: M ${m} + 6 = ${m + 6}"`,
    rule: oldWorld(ctx).rule('charge', 'max-range'),
    from: [charger.musteredAt],
  }
}

/** Difficult terrain, and dangerous terrain which hinders as difficult does: -1 to M for the move (B.2). */
function terrainMovement(ctx: ClassicContext, unit: UnitState, terrain: 'difficult' | 'dangerous'): BaseValue {
  return {
    value: -1,
    text: `${unit.name} moves through ${terrain} terrain: -1 to its Movement (to a minimum of 1)`,
    rule: oldWorld(ctx).rule('terrain', terrain),
  }
}

/** The Old World's charge and psychology side of the shared procedures (core-mechanics B.2, B.7). */
export const oldWorldChargeMechanics: Pick<
  RulesetMechanics,
  'chargingTest' | 'maxChargeRange' | 'fearInCombat' | 'leadershipDoubles' | 'terrainMovement'
> = {
  // Fear, not Terror, stops a charger (old-world/fear §charging); Terror causers cause Fear too.
  chargingTest: (ctx) => ({ test: 'fear', rule: oldWorld(ctx).rule('fear', 'charging') }),
  maxChargeRange,
  fearInCombat: 'combat-fought-causers-only',
  leadershipDoubles: 'every-test',
  terrainMovement,
}
