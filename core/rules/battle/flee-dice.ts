import type { MovementQuestion } from '../../engine/effects.js'
import { resolveModifiers } from '../../engine/modifiers.js'
import type { UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { characteristic } from './charts.js'
import type { BattleContext } from './context.js'

/** Flee and pursuit dice: 2D6, or 3D6 for a unit with M above 6 where the variant says so. */
export function fleeDice(
  ctx: BattleContext,
  unit: UnitState,
  move: Extract<MovementQuestion, 'flee' | 'pursuit'> = 'flee',
): { count: number; why: Explanation } {
  const decision = ctx.profile.fleeDice.value
  // The M the dice count: Heavy Cavalry counts as M6 or less (a cap at the movement point).
  const counted = fleeMove(ctx, unit, move)
  const count = decision === 'three-if-m-over-6' && counted.value > 6 ? 3 : 2
  return {
    count,
    why: explain(
      `${count}D6: M ${counted.value}, ${decision}`,
      { value: count, rule: ctx.rule('variants', 'flee-dice') },
      counted.records.length > 0 ? [counted.explanation] : [],
    ),
  }
}

/** The M a unit's flee or pursuit dice count: its M, limited by the movement point's records. */
function fleeMove(ctx: BattleContext, unit: UnitState, move: 'flee' | 'pursuit') {
  const m = characteristic(ctx, unit, 'M', null, null)
  return resolveModifiers(
    { value: m.value, text: `${unit.name} M`, from: [unit.musteredAt] },
    ctx.modifiers('movement', { subject: unit, opponent: [], move }),
    { mode: 'value', title: `M {} for ${move}` },
  ) as ReturnType<typeof resolveModifiers> & { value: number }
}
