import { phaseKey } from '../../engine/outcomes.js'
import type { Answer, EventOf, Procedure, ProcedureContext, RequestSpec, UnitState } from '../../engine/types.js'
import type { BattleContext } from './context.js'
import { hasModelsLeft } from './models.js'

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
    /**
     * A declaration resolved outside a combat round (a shot, a spell, a move) has left a unit without models: its last
     * model's Wounds hit 0 there (Timber!). `seq`: the declaration's.
     */
    'model-falls-outside-round': {
      readonly query: { readonly subject: UnitState; readonly seq: number }
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
 * What a declaration that may cost models sets off at once, once it is resolved. First, each unit it left without
 * models falls (`model-falls-outside-round`: Timber!), and so does each unit those steps leave without models.
 * Then, where the ruleset tests heavy casualties at once (`panic.heavyCasualtiesWhen`: classic-8th, The Old World),
 * the steps for each unit that lost models in this phase so far. A unit tested already this phase is not tested again
 * (the Panic entry's step reads it); the next phase's start still opens what no declaration did.
 */
export function lossesTestedAtOnce<E extends { readonly seq: number }>(
  start: (context: ProcedureContext, event: E) => Procedure,
): (context: ProcedureContext, event: E) => Procedure {
  return function* (context, event) {
    const ctx = context as BattleContext
    const standing = new Set(
      Object.values(ctx.game.units)
        .filter(hasModelsLeft)
        .map((unit) => unit.id),
    )
    yield* start(context, event)
    yield* fallsOutsideRound(ctx, standing, event.seq)
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

/** The units standing before the declaration that have no models now: each falls once, in the order they were mustered. */
function* fallsOutsideRound(
  ctx: BattleContext,
  standing: Set<string>,
  seq: number,
): Generator<RequestSpec, void, Answer> {
  for (;;) {
    const fallen = [...standing].map((id) => ctx.unit(id)).filter((unit) => !hasModelsLeft(unit))
    if (fallen.length === 0) return
    for (const unit of fallen) standing.delete(unit.id)
    for (const unit of fallen)
      for (const step of ctx.triggered('model-falls-outside-round', { subject: unit, seq })) yield* step.run()
  }
}
