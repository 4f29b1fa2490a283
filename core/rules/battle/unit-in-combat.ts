import type { Answer, CombatState, EventOf, RequestSpec, UnitState } from '../../engine/types.js'
import type { BattleContext } from './context.js'

/** When a combat's units are asked what their rules do: as it is joined, as its round is fought, as the phase starts. */
export type CombatMomentOfUnit = 'joined' | 'fought' | 'phase-starts'

/** A unit of a combat at the `unit-in-combat` trigger point: the subject, its combat and side, the moment. */
export interface UnitInCombat {
  readonly subject: UnitState
  readonly combat: CombatState
  /** The index of the subject's side in `combat.sides`. */
  readonly side: number
  readonly moment: CombatMomentOfUnit
  /** The event the moment rests on. */
  readonly from: number
}

/**
 * "A unit is in a combat" (DESIGN §3): as a combat is joined, as its round is fought and as the close-combat phase
 * starts, entries contribute the steps their rule takes for each unit of it (Fear's tests), and say themselves at
 * which of these moments they act.
 */
declare module '../../engine/effects.js' {
  interface TriggerMoments {
    'unit-in-combat': {
      readonly query: UnitInCombat
      // biome-ignore lint/suspicious/noConfusingVoidType: the step gives nothing back, as a procedure's generator.
      readonly result: void
    }
  }
}

/** The steps the entries contribute for each unit of a combat at a moment, side by side, unit by unit. */
export function* unitInCombatSteps(
  ctx: BattleContext,
  combat: CombatState,
  moment: CombatMomentOfUnit,
  from: number,
): Generator<RequestSpec, void, Answer> {
  for (const [side, { units }] of combat.sides.entries()) {
    for (const entry of units) {
      const subject = ctx.unit(entry.unit)
      for (const step of ctx.triggered('unit-in-combat', { subject, combat, side, moment, from })) yield* step.run()
    }
  }
}

/** The close-combat phase's opening: the steps for each unit of every combat that goes on. */
export function* combatsAtPhaseStart(
  ctx: BattleContext,
  event: EventOf<'PhaseStarted'>,
): Generator<RequestSpec, void, Answer> {
  // A combat a charge made and not yet fought is asked as it is joined (its CombatJoined), not twice.
  for (const combat of Object.values(ctx.game.combats))
    if (!combat.ended && combat.round > 0) yield* unitInCombatSteps(ctx, combat, 'phase-starts', event.seq)
}
