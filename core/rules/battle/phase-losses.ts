import { phaseKey } from '../../engine/outcomes.js'
import type { Answer, EventOf, Procedure, ProcedureContext, RequestSpec, UnitState } from '../../engine/types.js'
import type { BattleContext } from './context.js'

/**
 * A unit that lost models, at the `unit-lost-models` trigger point: as the next phase starts (the phase just ended),
 * or, where the ruleset tests at once, as the declaration that cost them is resolved (the phase under way).
 */
export interface UnitLostModels {
  readonly subject: UnitState
  /** The key of the phase the losses were in (`turn/player/phase@seq`). */
  readonly ended: string
  /** The seq of the event that opens the test: the PhaseStarted, or the declaration just resolved. */
  readonly seq: number
  /** The declaration has just been resolved, in the phase of the losses (not the next phase's start). */
  readonly atOnce: boolean
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
    for (const step of ctx.triggered('unit-lost-models', {
      subject: ctx.unit(id),
      ended,
      seq: event.seq,
      atOnce: false,
    }))
      yield* step.run()
}

/**
 * Where the ruleset tests heavy casualties at once (`panic.heavyCasualtiesWhen`: classic-8th, The Old World): once a
 * declaration that may cost models is resolved, the steps for each unit that lost models in this phase so far. A unit
 * tested already this phase is not tested again (the Panic entry's step reads it); the next phase's start still
 * opens what no declaration did.
 */
export function lossesTestedAtOnce<E extends { readonly seq: number }>(
  start: (context: ProcedureContext, event: E) => Procedure,
): (context: ProcedureContext, event: E) => Procedure {
  return function* (context, event) {
    yield* start(context, event)
    const ctx = context as BattleContext
    if (ctx.profile.panic.heavyCasualtiesWhen.value !== 'after-the-attack') return
    const losses = ctx.game.phaseLosses
    const phase = phaseKey(ctx.game)
    if (losses?.phase !== phase) return
    for (const id of [...losses.units])
      for (const step of ctx.triggered('unit-lost-models', {
        subject: ctx.unit(id),
        ended: phase,
        seq: event.seq,
        atOnce: true,
      }))
        yield* step.run()
  }
}
