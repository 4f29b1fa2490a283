import type { SideTally } from '../engine/effects.js'
import type { BaseValue } from '../engine/modifiers.js'
import type { Answer, CombatState, RequestSpec, UnitState } from '../engine/types.js'
import type { Explanation } from '../explain/explanation.js'
import type { ClassicContext } from './classic/catalogue.js'
import type { General } from './classic/psychology.js'

/** How a losing unit's break test ends: it holds (pass/fail tests), gives ground, falls back in good order, breaks. */
export type BreakVerdict = 'hold' | 'give-ground' | 'fall-back' | 'break'

/** What a break test is asked about: the losing unit, both sides as the combat result counted them, the margin. */
export interface BreakQuestion {
  readonly unit: UnitState
  readonly winners: SideTally
  readonly losers: SideTally
  readonly combat: CombatState
  /** By how much the unit's side lost. */
  readonly difference: number
  /** The combat result's explanation, which the test's explanation points back to. */
  readonly resultWhy: Explanation
}

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
   * Natural doubles in a Leadership test outside break tests: none (classic: double 1 only on a
   * break test); or double 1 passes and double 6 fails in every test (The Old World, B.1).
   */
  readonly leadershipDoubles: 'break-test-only' | 'every-test'
  /**
   * A losing unit's break test: classic's passes or fails (hold / break); The Old World's gives ground, falls
   * back in good order or breaks.
   */
  breakTest(ctx: ClassicContext, question: BreakQuestion): Generator<RequestSpec, BreakVerdict, Answer>
  /** Where the General must stand to lend his Leadership to `unit`, as the table is asked it (Inspiring Presence). */
  commandRange(ctx: ClassicContext, general: General, unit: UnitState): string
  /** The ruling a pursuit's catch rests on, where the ruleset's table decides it (null: the entry says it all). */
  pursuitContact(ctx: ClassicContext): Explanation | null
}
