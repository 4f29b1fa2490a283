import type { CombatState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { s } from './counting.js'

/** A round of close combat is over; the combat goes on. */
export function endRound(ctx: BattleContext, combat: CombatState, round: number): void {
  ctx.emit({
    kind: 'round-ended',
    text: `combat ${combat.id}: round ${round} is over`,
    values: { combat: combat.id, round },
    explanation: explain(`round ${round} of combat ${combat.id} is over`),
  })
}

/** The round is over and so is the combat: one side has no unit left in it. */
export function endCombat(ctx: BattleContext, combat: CombatState, round: number): void {
  endRound(ctx, combat, round)
  ctx.emit({
    kind: 'combat-ended',
    text: `combat ${combat.id} is over`,
    values: { combat: combat.id, round },
    explanation: explain(
      `combat ${combat.id} is over after ${round} round${s(round)}: one side has no unit left in it`,
    ),
  })
}
