import type { UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import { characteristic } from './charts.js'
import type { BattleContext } from './context.js'
import { type Terrain, terrainMove } from './terrain.js'

/** The charge range when it is known before any dice: 2 x M in classic; null when it is rolled (8th). */
export function fixedRange(
  ctx: BattleContext,
  charger: UnitState,
  target: UnitState,
  where: string,
  terrain?: Terrain,
) {
  // Terrain the charge crosses changes its M (The Old World; refused where the ruleset has no terrain rules).
  const m = terrainMove(ctx, where, charger, terrain, characteristic(ctx, charger, 'M', target, null))
  const variant = ctx.profile.chargeRange.value
  if (variant === 'twice-move') {
    return {
      m: m.value,
      range: 2 * m.value,
      why: explain(
        `charge range 2 x M ${m.value} = ${2 * m.value}"`,
        { value: 2 * m.value, rule: ctx.rule('variants', 'charge-range') },
        [m.explanation],
      ),
    }
  }
  return {
    m: m.value,
    range: null,
    why: explain(
      higherDieRange(ctx)
        ? `charge range M ${m.value} + the higher of 2D6, rolled after the response`
        : `charge range M ${m.value} + 2D6, rolled after the response`,
      { rule: ctx.rule('variants', 'charge-range') },
      terrain ? [m.explanation] : [],
    ),
  }
}

/** The charge range adds only the higher of the 2D6 (The Old World, old-world/variants §charge-range). */
export function higherDieRange(ctx: BattleContext): boolean {
  const variant: string = ctx.profile.chargeRange.value
  return variant === 'move-plus-higher-die'
}
