import type { Answer, EventOf, RequestSpec } from '../../engine/types.js'
import type { BattleContext } from './context.js'

/**
 * One check the rules make when a turn or a phase starts (Stupidity at the start of a turn, Fear
 * at the start of close combat, the Winds of Magic). Each ruleset registers its steps in its
 * openings; they run in the order listed, each asking the table what it needs.
 */
export type OpeningStep<T extends 'TurnStarted' | 'PhaseStarted', Ctx = BattleContext> = (
  ctx: Ctx,
  event: EventOf<T>,
) => Generator<RequestSpec, void, Answer>
