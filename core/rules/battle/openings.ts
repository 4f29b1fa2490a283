import type { Answer, EventOf, RequestSpec, UnitState } from '../../engine/types.js'
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

/**
 * "A turn starts", for each unit of the player whose turn it is (DESIGN §3): entries contribute the steps a rule
 * takes then (Stupidity's test). Asked from a ruleset's openings, in the order its steps are listed.
 */
declare module '../../engine/effects.js' {
  interface TriggerMoments {
    'turn-starts': {
      readonly query: { readonly subject: UnitState; readonly event: EventOf<'TurnStarted'> }
      // biome-ignore lint/suspicious/noConfusingVoidType: a turn's step gives nothing back, as a procedure's generator.
      readonly result: void
    }
  }
}

/** The steps the entries of each unit of the player whose turn starts contribute, unit by unit. */
export function* turnStartSteps(
  ctx: BattleContext,
  event: EventOf<'TurnStarted'>,
): Generator<RequestSpec, void, Answer> {
  if (!ctx.mayTrigger('turn-starts')) return
  const player = event.payload.player
  const units = ctx.game.units
  for (const id in units) {
    const unit = units[id] as UnitState
    if (unit.player !== player || unit.models === 0) continue
    for (const step of ctx.triggered('turn-starts', { subject: unit, event })) yield* step.run()
  }
}
