import type { CombatMoment } from '../engine/effects.js'
import type { BaseValue } from '../engine/modifiers.js'
import type { Answer, CombatState, RequestSpec, UnitState } from '../engine/types.js'
import type { ClassicContext } from './classic/catalogue.js'
import type { Fighter } from './classic/model-fighting.js'

/**
 * Where the rulesets differ inside a procedure they share (core-mechanics C): each ruleset hands
 * its own as `Ruleset.mechanics`, and the shared procedures read `ctx.mechanics`. A difference
 * that a catalogue entry can carry (a save modifier, a combat-result bonus) is an entry instead.
 */
export interface RulesetMechanics {
  /** The close-combat to-hit chart's cell, WS against WS, as the base of the to-hit modifiers. */
  toHitChart(ctx: ClassicContext, ws: number, targetWs: number): BaseValue
  /** The to-wound chart's cell, S against T; its value is null where the chart says it cannot wound. */
  toWoundChart(ctx: ClassicContext, strength: number, toughness: number): BaseValue
  /**
   * When a close-combat Regeneration roll is made: at the round's end, the wounds it restores not
   * counted for the combat result (classic); or right after each wound is lost, still counted (The Old World).
   */
  readonly regeneration: 'round-end-not-counted' | 'on-wound-counted'
  /**
   * Steps a ruleset adds inside the shared close-combat round: as a model strikes (The Old World's Tree Whack)
   * and once models have fallen (Timber!). The classic ruleset adds none.
   */
  readonly combatSteps: CombatSteps
}

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

export interface CombatSteps {
  /** As `fighter` is about to strike in its Initiative step, before its attacks are counted. */
  beforeStrike?(ctx: ClassicContext, fighter: Fighter, round: RoundView): Generator<RequestSpec, StepWounds[], Answer>
  /** Once blows have left these units of the combat with no models: what their fall sets off. */
  fallen?(
    ctx: ClassicContext,
    units: readonly UnitState[],
    round: RoundView,
  ): Generator<RequestSpec, StepWounds[], Answer>
}
