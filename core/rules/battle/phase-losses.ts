import type { Answer, EventOf, RequestSpec, UnitState } from '../../engine/types.js'
import type { BattleContext } from './context.js'

/** A unit that lost models in the phase just ended, at the `unit-lost-models` trigger point, as the next phase starts. */
export interface UnitLostModels {
  readonly subject: UnitState
  /** The key of the phase that ended (`turn/player/phase@seq`). */
  readonly ended: string
  readonly event: EventOf<'PhaseStarted'>
}

/**
 * "A unit lost models in the phase just ended" (DESIGN §3): as a phase starts, entries contribute the steps their
 * rule takes for each unit that lost models in the one before it (Panic's heavy-casualties test).
 */
declare module '../../engine/effects.js' {
  interface TriggerMoments {
    'unit-lost-models': {
      readonly query: UnitLostModels
      // biome-ignore lint/suspicious/noConfusingVoidType: the step gives nothing back, as a procedure's generator.
      readonly result: void
    }
  }
}

/** Every phase's opening: the steps for each unit that lost models in the phase just ended, in the order they lost. */
export function* phaseLossesSteps(
  ctx: BattleContext,
  event: EventOf<'PhaseStarted'>,
): Generator<RequestSpec, void, Answer> {
  const ended = ctx.game.lastPhase
  const losses = ctx.game.phaseLosses
  if (ended === undefined || losses?.phase !== ended) return
  for (const id of losses.units)
    for (const step of ctx.triggered('unit-lost-models', { subject: ctx.unit(id), ended, event })) yield* step.run()
}
