import type { CombatMoment, TriggerPoint, TriggerQueryOf } from '../../engine/effects.js'
import type { Answer, CombatState, RequestSpec, UnitState } from '../../engine/types.js'
import type { BattleContext } from './context.js'
import type { Fighter } from './model-fighting.js'

/** Wounds a combat step caused, by the side whose combat result they count for. */
export interface StepWounds {
  readonly side: number
  readonly counted: number
  readonly seqs: readonly number[]
}

/** What a combat step may read of the round it is part of. */
export interface RoundView {
  readonly combat: CombatState
  /** The units of a side still fighting (not destroyed, not fleeing). */
  live(side: number): UnitState[]
  sideOf(unitId: string): number
  moment(unitId: string): CombatMoment
  /** The events the round rests on (its declaration). */
  readonly from: readonly number[]
}

/** A fighter of the round at a trigger point: `subject` is the model or unit that strikes (the holder). */
export interface FighterMoment {
  readonly subject: UnitState
  readonly fighter: Fighter
  readonly round: RoundView
}

/**
 * The trigger points the close-combat round asks (DESIGN §3): entries contribute steps there, and each step gives
 * back the wounds it caused, for the combat result.
 */
declare module '../../engine/effects.js' {
  interface TriggerMoments {
    /** A fighter is about to strike in its Initiative step, before its attacks are counted (Tree Whack). */
    'model-strikes': { readonly query: FighterMoment; readonly result: readonly StepWounds[] }
    /**
     * Every other attack of the round is made; each fighter with models left strikes last (Stomp Attacks).
     * `fighting`: how many of its models are still in base contact.
     */
    'model-strikes-last': {
      readonly query: FighterMoment & { readonly fighting: number }
      readonly result: readonly StepWounds[]
    }
    /** Blows have left a unit of the combat without models: its last model falls (Timber!). */
    'model-falls': {
      readonly query: { readonly subject: UnitState; readonly round: RoundView }
      readonly result: readonly StepWounds[]
    }
  }
}

type CombatTrigger = 'model-strikes' | 'model-strikes-last' | 'model-falls'

/** Runs the steps the catalogue contributes at a trigger point of the round, in catalogue order; their wounds. */
export function* combatTriggers<T extends CombatTrigger & TriggerPoint>(
  ctx: BattleContext,
  on: T,
  query: TriggerQueryOf<T>,
): Generator<RequestSpec, StepWounds[], Answer> {
  const caused: StepWounds[] = []
  // Every combat trigger point gives back wounds (TriggerMoments above); the generic cannot see it.
  for (const step of ctx.triggered(on, query)) caused.push(...((yield* step.run()) as readonly StepWounds[]))
  return caused
}
