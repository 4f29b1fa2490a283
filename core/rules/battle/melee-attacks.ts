import { RuleError } from '../../engine/errors.js'
import type { EventOf, Procedure, ProcedureContext, UnitState } from '../../engine/types.js'
import type { BattleContext } from './context.js'
import { strike } from './strike.js'

/**
 * One unit's close-combat attacks against another, declared on their own (the foundation's
 * declaration, kept so recorded games replay): the strike sequence with no combat around it.
 */
export function* meleeAttacks(context: ProcedureContext, event: EventOf<'MeleeAttacksDeclared'>): Procedure {
  const ctx = context as BattleContext
  const attacker = ctx.unit(event.payload.attacker)
  const target = ctx.unit(event.payload.target)
  checkDeclaration(ctx, event, attacker, target)
  const fighting = event.payload.models ?? attacker.models
  yield* strike(ctx, { attacker, target, combat: null, fighting, supporting: 0, from: [event.seq] })
}

function checkDeclaration(
  ctx: BattleContext,
  event: EventOf<'MeleeAttacksDeclared'>,
  attacker: UnitState,
  target: UnitState,
): void {
  const where = `seq ${event.seq}: MeleeAttacksDeclared`
  if (ctx.game.phase !== 'close-combat') {
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: close-combat attacks are made in the close-combat phase, not ` +
        `${ctx.game.phase ?? 'before any phase'} (${ctx.game.ruleset}/turn-sequence §close-combat)`,
    )
  }
  if (attacker.player === target.player)
    throw new RuleError('rules/friendly-target', `${where}: ${attacker.name} and ${target.name} are on the same side`)
  if (attacker.models === 0)
    throw new RuleError('rules/unit-destroyed', `${where}: ${attacker.name} has no models left`)
  if (target.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${target.name} has no models left`)
  const fighting = event.payload.models
  if (fighting !== undefined && fighting > attacker.models) {
    throw new RuleError(
      'rules/too-many-models',
      `${where}: ${fighting} models cannot fight, ${attacker.name} has ${attacker.models} ` +
        `(${ctx.game.ruleset}/attacks §fighting-models)`,
    )
  }
}
