import type { EventOf, ProcedureContext } from '../../engine/types.js'
import { checkMusterJoins } from '../battle/joining.js'

/** The Old World's checks on an army as it is mustered (Ruleset.checkMuster), in order. */
const musterChecks: readonly ((ctx: ProcedureContext, event: EventOf<'ArmyMustered'>) => void)[] = [checkMusterJoins]

export function checkOldWorldMuster(ctx: ProcedureContext, event: EventOf<'ArmyMustered'>): void {
  for (const check of musterChecks) check(ctx, event)
}
