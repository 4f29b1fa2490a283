import type { EntryDefinition } from '../engine/catalogue.js'
import type { BaseValue } from '../engine/modifiers.js'
import type { ClassicContext } from './classic/catalogue.js'

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
  /** The ruleset's own catalogue entry with this id (the missile weapon a shot names), or undefined. */
  entry(id: string): EntryDefinition | undefined
  /** The kinds of cover a shot may declare: classic soft and hard, The Old World partial and full ('none' always). */
  readonly cover: readonly ('soft' | 'hard' | 'partial' | 'full')[]
}
