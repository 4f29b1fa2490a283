import type { BaseValue } from '../../engine/modifiers.js'
import type { UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from '../battle/context.js'
import type { General } from '../battle/leadership.js'
import { type Cited, citedDecision, coverKinds, type RulesetProfile, tableMembers } from '../battle/profile.js'
import { oldWorldBreakTest } from './break-test.js'
import { oldWorldRule } from './catalogue.js'
import { oldWorldChargeMechanics } from './charge-mechanics.js'
import { type OldWorldDecisions, oldWorldDecisions } from './decisions.js'
import { oldWorldEntries } from './entries/index.js'
import { unitStrengthOf } from './entries/unit-strength.js'
import { oldWorldPanic } from './panic.js'
import { rankWidthOf } from './rank-bonus.js'
import { oldWorldWeapons } from './weapons.js'

/** The WS chart (core-mechanics B.5): more than double the target's WS hits on 2+. */
function toHitChart(ctx: BattleContext, ws: number, targetWs: number): BaseValue {
  const need = ws > 2 * targetWs ? 2 : ws > targetWs ? 3 : targetWs > 2 * ws ? 5 : 4
  const why =
    need === 2
      ? "the attacker's is more than twice as high"
      : need === 3
        ? "the attacker's is higher"
        : need === 5
          ? "the target's is more than twice as high"
          : "not higher, and the target's is not more than twice as high"
  return { value: need, text: `WS ${ws} vs WS ${targetWs}: ${why}`, rule: ctx.rule('to-hit-close-combat', 'chart') }
}

/** The S-vs-T chart (core-mechanics B.5): a hit 6 or more below the Toughness cannot wound. */
function toWoundChart(ctx: BattleContext, strength: number, toughness: number): BaseValue {
  const diff = strength - toughness
  if (diff <= -6)
    return {
      value: null,
      text: `S ${strength} vs T ${toughness}: T - S = ${-diff}, 6 or more, cannot wound`,
      rule: ctx.rule('to-wound', 'cannot-wound'),
    }
  const need = diff >= 2 ? 2 : diff === 1 ? 3 : diff === 0 ? 4 : diff === -1 ? 5 : 6
  return { value: need, text: `S ${strength} vs T ${toughness}`, rule: ctx.rule('to-wound', 'chart') }
}

/** The General's Command range (core-mechanics B.7): 12", 18" when he is a Large Target; he may be in any rank. */
function commandRange(ctx: BattleContext, general: General, unit: UnitState): string {
  const large = ctx.holds(general.model, 'large-target')
  return `within ${large ? 18 : 12}" of ${unit.name} (his Command range${large ? ', 18" as a Large Target' : ''})`
}

/** A ruling of The Old World's table, as the profile reads it. */
function cite<Id extends keyof OldWorldDecisions & string>(id: Id) {
  return citedDecision('old-world', oldWorldDecisions, 'old-world', id)
}

/** The Old World's profile: the shared one, with the rulings its own magic procedures read. */
export interface OldWorldProfile extends RulesetProfile {
  /** Whom a Wizard may cast in: `variants §casting-turn`. */
  readonly castingTurn: Cited<OldWorldDecisions['casting-turn']>
  /** What a miscast on a dispel harms: `variants §dispel-miscast`. */
  readonly dispelMiscast: Cited<OldWorldDecisions['dispel-miscast']>
}

/** The Old World's profile (its one variant): its side of the procedures it shares with the classic ruleset (core-mechanics C). */
export const oldWorldProfile: OldWorldProfile = {
  castingTurn: cite('casting-turn'),
  dispelMiscast: cite('dispel-miscast'),
  ...tableMembers('old-world', oldWorldDecisions, 'old-world'),
  toHitChart,
  toWoundChart,
  regeneration: { value: 'on-wound-counted', rule: oldWorldRule('regeneration', 'close-combat') },
  ...oldWorldChargeMechanics,
  breakTest: oldWorldBreakTest,
  commandRange,
  pursuitContact: () =>
    explain('a pursuit roll equal to or above the flee roll reaches the unit', {
      rule: oldWorldRule('variants', 'pursuit-contact'),
    }),
  entry: (id) => oldWorldEntries.find((e) => e.id === id),
  weapons: oldWorldWeapons,
  ...coverKinds({
    partial: oldWorldRule('to-hit-shooting', 'partial-cover'),
    full: oldWorldRule('to-hit-shooting', 'full-cover'),
  }),
  panic: oldWorldPanic,
  ralliedBar: oldWorldRule('rally', 'rallied'),
  standAndShootBeyondRange: oldWorldRule('shooting', 'beyond-range'),
  unitStrength: unitStrengthOf,
  initiativeTies: { value: 'simultaneous', rule: oldWorldRule('strike-order', 'simultaneous') },
  // A hit 6 or more below the Toughness cannot wound (B.5): The Old World has no to-wound roll of 7+.
  toWoundSevenPlus: null,
  // Ranks as the troop type needs them (B.8); a type with no rank bonus counts ranks of five.
  rankWidth: (unit) => ({ value: rankWidthOf(unit) ?? 5, rule: oldWorldRule('combat-result', 'ranks') }),
  // No model of The Old World hides in its unit, breathes fire or flies: its catalogue has no such rule yet.
  firingRanks: oldWorldRule('shooting', 'firing-ranks'),
  mounts: {
    sharedRules: oldWorldRule('mounts', 'shared-rules'),
    monsterApart: null,
    betterArmour: oldWorldRule('mounts', 'ridden-monster'),
    shotsShared: null,
    monsterReaction: null,
  },
  standardTrophies: oldWorldRule('standard', 'captured'),
  championLeadership: oldWorldRule('unit-leadership', 'champion'),
  wipeOutRestrains: null,
  gradedBreak: {
    giveGround: oldWorldRule('flee-and-pursuit', 'give-ground'),
    fallBack: oldWorldRule('flee-and-pursuit', 'fall-back'),
    followUp: oldWorldRule('flee-and-pursuit', 'follow-up'),
    contact: oldWorldRule('flee-and-pursuit', 'contact'),
    apart: oldWorldRule('flee-and-pursuit', 'apart'),
    combatApart: oldWorldRule('variants', 'combat-apart'),
  },
  terrain: {
    difficult: oldWorldRule('terrain', 'difficult'),
    dangerous: oldWorldRule('terrain', 'dangerous'),
    dangerousTest: oldWorldRule('terrain', 'dangerous-test'),
    charge: oldWorldRule('terrain', 'charge'),
  },
  hiddenModels: null,
  breathWeapons: null,
  flyingMoves: null,
}
