import { RuleError } from '../../engine/errors.js'
import type { EventOf, ProcedureContext } from '../../engine/types.js'
import { characterView } from '../battle/models.js'
import { forbidding } from '../battle/psychology-records.js'
import { cite } from '../battle/unit-checks.js'

/**
 * May each character who joined a unit join it? The `permission` point is asked for `join` with the character's
 * own view as subject and the unit as opponent (Tree Spirit and Lumbering bar both ways); a bar refuses the army.
 */
export function checkJoins(ctx: ProcedureContext, event: EventOf<'ArmyMustered'>): void {
  for (const { id } of event.payload.units) {
    const unit = ctx.unit(id)
    for (const character of unit.characters) {
      const bar = forbidding(ctx.modifiers, characterView(unit, character), 'join', unit)
      if (bar)
        throw new RuleError(
          'rules/not-permitted',
          `seq ${event.seq}: ArmyMustered: ${character.name} cannot join ${unit.name}: ${bar.label} (${cite(bar.source)})`,
        )
    }
  }
}

/** The Old World's checks on an army as it is mustered (Ruleset.checkMuster), in order. */
const musterChecks: readonly ((ctx: ProcedureContext, event: EventOf<'ArmyMustered'>) => void)[] = [checkJoins]

export function checkOldWorldMuster(ctx: ProcedureContext, event: EventOf<'ArmyMustered'>): void {
  for (const check of musterChecks) check(ctx, event)
}
