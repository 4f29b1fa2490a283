import { phaseKey } from '../../engine/outcomes.js'
import type { UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from '../battle/context.js'
import { citedDecision, type PanicMechanics } from '../battle/profile.js'
import { oldWorldRule } from './catalogue.js'
import { oldWorldDecisions } from './decisions.js'
import { unitStrengthOf } from './entries/unit-strength.js'

/** The Unit Strength a friend must have had for its loss, break or flight to cause Panic (B.7). */
const PANIC_UNIT_STRENGTH = 5

/** A friend destroyed, breaking or falling back nearby causes Panic when its Unit Strength was 5 or more at phase start. */
function friendCounts(ctx: BattleContext, friend: UnitState) {
  const start = friend.phaseStart?.phase === phaseKey(ctx.game) ? friend.phaseStart.models : friend.models
  const strength = unitStrengthOf({ ...friend, models: start })
  const counts = strength >= PANIC_UNIT_STRENGTH
  return {
    counts,
    why: explain(
      `${friend.name} had Unit Strength ${strength} at the start of the phase (${start} models): ` +
        `${counts ? '5 or more, it causes Panic' : 'below 5, it causes no Panic'}`,
      { value: strength, rule: oldWorldRule('panic', 'unit-strength'), from: [friend.musteredAt, friend.changedAt] },
      [explain('old-world/variants §panic-unit-strength', { rule: oldWorldRule('variants', 'panic-unit-strength') })],
    ),
  }
}

/** A failed Panic test: Fall Back in Good Order while more than 50% of the starting models remain, else flee. */
function failed(_ctx: BattleContext, unit: UnitState) {
  const above = unit.models * 2 > unit.startingModels
  const end: 'fall-back' | 'flee' = above ? 'fall-back' : 'flee'
  return {
    end,
    why: explain(
      `${unit.models} of its ${unit.startingModels} starting models left: ` +
        `${above ? 'more than 50%, it falls back in good order' : '50% or fewer, it flees'}`,
      { value: unit.models, rule: oldWorldRule('panic', above ? 'fall-back' : 'flee'), from: [unit.changedAt] },
    ),
  }
}

/** The Old World's Panic rules for the shared Panic procedure (core-mechanics B.2, B.4, B.7). */
export const oldWorldPanic: PanicMechanics = {
  heavyCasualties: { value: 'more-than-quarter', rule: oldWorldRule('panic', 'heavy-casualties') },
  heavyCasualtiesExcept: { value: ['close-combat'], rule: oldWorldRule('panic', 'heavy-casualties') },
  heavyCasualtiesWhen: citedDecision('old-world', oldWorldDecisions, 'old-world', 'panic-heavy-casualties'),
  chargersExempt: oldWorldRule('panic', 'exempt'),
  // The Old World's General has no once-a-game automatic pass.
  generalAutoPass: null,
  fallBackCounts: oldWorldRule('panic', 'friend-broke'),
  fallBack: oldWorldRule('panic', 'fall-back'),
  friendCounts,
  failed,
}
