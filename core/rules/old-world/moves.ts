import { RuleError } from '../../engine/errors.js'
import type { EventOf, Procedure, ProcedureContext } from '../../engine/types.js'
import { moveDeclared } from '../battle/moves.js'

/**
 * MoveDeclared in The Old World: the procedure shared with the classic ruleset (classic/moves.ts),
 * but a flying move is refused, as this catalogue has no Fly rule yet to say how far a unit flies.
 */
export function* oldWorldMoveDeclared(context: ProcedureContext, event: EventOf<'MoveDeclared'>): Procedure {
  if (event.payload.kind === 'fly')
    throw new RuleError(
      'rules/cannot-move',
      `seq ${event.seq}: MoveDeclared: a flying move needs a Fly rule, which the Old World catalogue does not have yet`,
    )
  yield* moveDeclared(context, event)
}
