import type { CombatMoment } from '../../engine/effects.js'
import type { Resolved } from '../../engine/modifiers.js'
import type { Answer, ModelRef, RequestSpec, UnitState } from '../../engine/types.js'
import type { Explanation } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { championAlive, modelView, rankAndFile, removeRankAndFile, woundModel, woundsLeftOf } from './models.js'
import { woundsFromHits } from './strike.js'

/**
 * Blows a model deals besides its attacks with a weapon (Stomp Attacks, Tree Whack, Timber!): hits that need no
 * roll to hit, then the shared to-wound, saves, casualties and Regeneration of every strike.
 */

/**
 * The moment of a special blow: no close-combat weapon of the attacker's counts, and the blow says its kind. The
 * kind is the dealing entry's own (it hands it to its step: Stomp Attacks' `STOMP_BLOW`); a rule that changes such
 * blows reads it from that entry (Thunderstomp), so no procedure tests a blow by a name of its own.
 */
export function specialMoment(moment: CombatMoment, attacker: UnitState, special: string): CombatMoment {
  return { ...moment, weapons: { ...moment.weapons, [attacker.id]: null }, special }
}

export interface SpecialHits {
  readonly attacker: UnitState
  /** The unit hit: its rank and file take the wounds (its champion on its own, as any blow's). */
  readonly target: UnitState
  /** The blow's moment in its combat (`specialMoment`); null for a blow struck outside any combat, `special` its kind. */
  readonly combat: CombatMoment | null
  readonly special?: string
  readonly hits: number
  readonly strength: Resolved & { readonly value: number }
  readonly from: readonly number[]
  readonly noArmour?: Explanation
  /** A champion or character of `target` singled out (Tree Whack's chosen model): the hits fall on it alone. */
  readonly model?: ModelRef
}

/**
 * Automatic hits on a unit's rank and file: wounds, saves and casualties as any hit's; returns the wounds that count
 * for the combat result (none past the last model: variants §excess-wounds) and the seqs that settled them.
 */
export function* specialHits(
  ctx: BattleContext,
  input: SpecialHits,
): Generator<RequestSpec, { counted: number; seqs: number[] }, Answer> {
  const { attacker, combat, hits, strength, from, model } = input
  // A model singled out takes the hits with its own profile and saves; its excess is wasted (woundModel).
  const target = model ? modelView(ctx, model) : input.target
  const left = model ? woundsLeftOf(target) : rankAndFile(target) * target.profile.W - target.woundsOnNextModel
  if (hits === 0 || left <= 0) return { counted: 0, seqs: [] }
  const remove = model
    ? (unsaved: number, why: Explanation) => woundModel(ctx, model, unsaved, why)
    : championAlive(target)
      ? (unsaved: number, why: Explanation) => removeRankAndFile(ctx, target, unsaved, why)
      : undefined
  const result = yield* woundsFromHits(
    ctx,
    {
      attacker,
      target,
      combat,
      from,
      strength,
      ...(input.noArmour ? { noArmour: input.noArmour } : {}),
      ...(input.special ? { special: input.special } : {}),
      ...(remove ? { remove } : {}),
    },
    hits,
    hits,
  )
  const counted = ctx.profile.excessWounds.value === 'not-counted' ? Math.min(result.unsaved, left) : result.unsaved
  return { counted, seqs: counted > 0 ? [ctx.seq] : [] }
}
