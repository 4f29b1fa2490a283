import { RuleError } from '../../engine/errors.js'
import type { EventOf, ProcedureContext, UnitState } from '../../engine/types.js'
import { characterView } from '../classic/models.js'
import { parseDiceCount } from '../classic/special-blows.js'

/** Stomp Attacks (X) must say X as a number or dice (old-world/stomp-attacks), checked as the army is mustered. */
export function checkStompAttacks(ctx: ProcedureContext, event: EventOf<'ArmyMustered'>): void {
  const where = `seq ${event.seq}: ArmyMustered`
  for (const listed of event.payload.units) {
    const unit = ctx.unit(listed.id)
    const characters = unit.characters.map((character) => characterView(unit, character))
    for (const view of [unit, ...characters]) checkStompParam(view, where)
  }
}

function checkStompParam(unit: UnitState, where: string): void {
  const stomp = unit.rules.find((rule) => rule.id === 'stomp-attacks')
  if (!stomp || stomp.params.X === undefined || parseDiceCount(stomp.params.X) !== null) return
  throw new RuleError(
    'rules/bad-model',
    `${where}: ${unit.name}'s Stomp Attacks (${stomp.params.X}): X is a number or dice such as D3, D6, 2D6 or D3+1 ` +
      '(old-world/stomp-attacks §attacks)',
  )
}
