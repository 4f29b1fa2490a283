import { RuleError } from '../../engine/errors.js'
import type { EventOf, ProcedureContext, UnitState } from '../../engine/types.js'
import { characterView } from '../classic/models.js'
import { parseDiceCount } from '../classic/special-blows.js'

/**
 * Muster checks of the Treeman's rules: a Lumbering model joins no unit and no character joins it
 * (old-world/lumbering §no-joining); Stomp Attacks (X) must say X as a number or dice (old-world/stomp-attacks).
 */
export function checkTreemanMuster(ctx: ProcedureContext, event: EventOf<'ArmyMustered'>): void {
  const where = `seq ${event.seq}: ArmyMustered`
  for (const listed of event.payload.units) {
    const unit = ctx.unit(listed.id)
    const characters = unit.characters.map((character) => characterView(unit, character))
    if (characters.length > 0 && ctx.holds(unit, 'lumbering'))
      throw new RuleError(
        'rules/not-permitted',
        `${where}: ${unit.name} is Lumbering: no character may join it (old-world/lumbering §no-joining)`,
      )
    for (const character of characters)
      if (ctx.holds(character, 'lumbering'))
        throw new RuleError(
          'rules/not-permitted',
          `${where}: ${character.name} is Lumbering: it may not join ${unit.name} or any unit ` +
            '(old-world/lumbering §no-joining)',
        )
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
