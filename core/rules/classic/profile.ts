import type { BaseValue } from '../../engine/modifiers.js'
import type { UnitState } from '../../engine/types.js'
import { passOrBreak } from '../battle/break-test.js'
import type { BattleContext } from '../battle/context.js'
import type { General } from '../battle/leadership.js'
import { type Cited, citedDecision, coverKinds, type RulesetProfile, tableMembers } from '../battle/profile.js'
import { classicRule } from './catalogue.js'
import { type ClassicDecisions, classicDecisions } from './decisions.js'
import { classicEntries } from './entries/index.js'
import { unitStrengthOf } from './entries/unit-strength.js'
import { classicRankWidth } from './rank-width.js'
import { classicWeapons } from './weapons.js'

/** The WS chart's cell (core-mechanics A.5), as a base for the to-hit modifiers. */
export function toHitChart(ctx: BattleContext, ws: number, targetWs: number): BaseValue {
  const need = ws > targetWs ? 3 : targetWs > 2 * ws ? 5 : 4
  const why =
    ws > targetWs
      ? "the attacker's is higher"
      : targetWs > 2 * ws
        ? "the target's is more than twice as high"
        : "not higher, and the target's is not more than twice as high"
  return { value: need, text: `WS ${ws} vs WS ${targetWs}: ${why}`, rule: ctx.rule('to-hit-close-combat', 'chart') }
}

/** The S-vs-T chart's cell; the variant's `floor` says whether T - S >= 4 is "N" (core-mechanics A.10). */
function toWoundChart(
  ctx: BattleContext,
  strength: number,
  toughness: number,
  floor: ClassicDecisions['to-wound-floor'],
): BaseValue {
  const diff = strength - toughness
  if (diff <= -4 && floor === 'cannot-wound-at-t-minus-4') {
    return {
      value: null,
      text: `S ${strength} vs T ${toughness}: T - S = ${-diff} is "N", cannot wound (classic/variants §to-wound-floor)`,
      rule: ctx.rule('to-wound', 'cannot-wound'),
    }
  }
  const need = diff >= 2 ? 2 : diff === 1 ? 3 : diff === 0 ? 4 : diff === -1 ? 5 : 6
  const note = diff <= -2 ? ` (T - S = ${-diff} still wounds on 6+, classic/variants §to-wound-floor: ${floor})` : ''
  return { value: need, text: `S ${strength} vs T ${toughness}${note}`, rule: ctx.rule('to-wound', 'chart') }
}

/** Inspiring Presence reaches 12" from a General on his own or in the front rank of his unit (classic/general). */
function commandRange(_ctx: BattleContext, general: General, unit: UnitState): string {
  return general.joined
    ? `in the front rank of ${general.unit.name} and within 12" of ${unit.name}`
    : `within 12" of ${unit.name}`
}

/** The classic ruleset's profile: the shared one, with the switches and rulings its own magic procedures read. */
export interface ClassicProfile extends RulesetProfile {
  /** Power and dispel dice per wizard (7th) or the Winds of Magic (8th): `variants §magic-dice`. */
  readonly magicDice: Cited<ClassicDecisions['magic-dice']>
  /** What a miscast does: `variants §miscast`. */
  readonly miscast: Cited<ClassicDecisions['miscast']>
  /** What Magic Resistance gives: `variants §magic-resistance`. */
  readonly magicResistance: Cited<ClassicDecisions['magic-resistance']>
  /** What Soul Stealer gains a slayer: `variants §soul-stealer-gain`. */
  readonly soulStealerGain: Cited<ClassicDecisions['soul-stealer-gain']>
}

/** The classic variants, each with a profile. */
export type ClassicVariant = 'classic' | 'classic-8th'

/** The classic ruleset's profile in one variant: its side of the procedures it shares with The Old World. */
function classicProfile(variant: ClassicVariant): ClassicProfile {
  const cite = <Id extends keyof ClassicDecisions & string>(id: Id) =>
    citedDecision('classic', classicDecisions, variant, id)
  const toWoundFloor = cite('to-wound-floor').value
  const width = cite('rank-width')
  return {
    magicDice: cite('magic-dice'),
    miscast: cite('miscast'),
    magicResistance: cite('magic-resistance'),
    soulStealerGain: cite('soul-stealer-gain'),
    ...tableMembers('classic', classicDecisions, variant),
    toHitChart,
    toWoundChart: (ctx, strength, toughness) => toWoundChart(ctx, strength, toughness, toWoundFloor),
    regeneration: { value: 'round-end-not-counted', rule: classicRule('regeneration', 'close-combat') },
    maxChargeRange: () => null,
    // Only a break test has a natural double (a double 1), in classic's Leadership tests.
    leadershipDoubles: null,
    terrainMovement: () => null,
    breakTest: passOrBreak,
    commandRange,
    pursuitContact: () => null,
    entry: (id) => classicEntries.find((e) => e.id === id),
    weapons: classicWeapons,
    ...coverKinds({
      soft: classicRule('to-hit-shooting', 'soft-cover'),
      hard: classicRule('to-hit-shooting', 'hard-cover'),
    }),
    panic: {
      heavyCasualties: { value: 'quarter-or-more', rule: classicRule('panic', 'heavy-casualties') },
      // No test for the close-combat phase's losses (classic/variants §panic-close-combat-losses).
      heavyCasualtiesExcept: { value: ['close-combat'], rule: cite('panic-close-combat-losses').rule },
      heavyCasualtiesWhen: cite('panic-heavy-casualties'),
      chargersExempt: null,
      generalAutoPass: classicRule('general', 'auto-pass'),
      fallBackCounts: null,
      fallBack: null,
      friendCounts: () => null,
      failed: () => ({ end: 'flee', why: null }),
    },
    ralliedBar: null,
    standAndShootBeyondRange: null,
    unitStrength: unitStrengthOf,
    mounts: {
      sharedRules: null,
      monsterApart: classicRule('mounts', 'ridden-monster'),
      betterArmour: null,
      shotsShared: { value: 5, rule: classicRule('mounts', 'shot-at-monster') },
      monsterReaction: {
        rule: classicRule('mounts', 'monster-reaction'),
        table: cite('monster-reaction-table').rule,
      },
    },
    firingRanks: classicRule('shooting', 'firing-ranks'),
    standardTrophies: null,
    championLeadership: null,
    initiativeTies: cite('initiative-ties'),
    toWoundSevenPlus: cite('killing-blow-seven-plus').rule,
    rankWidth: (unit) => ({ value: classicRankWidth(unit, width.value), rule: width.rule }),
    wipeOutRestrains: classicRule('variants', 'reform-after-combat'),
    gradedBreak: null,
    terrain: null,
    hiddenModels: {
      hidden: classicRule('concealed', 'hidden'),
      unharmed: classicRule('concealed', 'unharmed'),
      lendsNoLeadership: classicRule('variants', 'concealed-hidden'),
    },
    breathWeapons: {
      rangedAttack: classicRule('breath-weapon', 'ranged-attack'),
      template: classicRule('breath-weapon', 'template'),
      lineOfSight: classicRule('breath-weapon', 'line-of-sight'),
      hits: classicRule('breath-weapon', 'hits'),
    },
    flyingMoves: { flies: classicRule('flying-model', 'flies'), distance: classicRule('variants', 'flying-move') },
  }
}

/** The classic ruleset's profiles, by variant. */
export const classicProfiles: Readonly<Record<ClassicVariant, ClassicProfile>> = {
  classic: classicProfile('classic'),
  'classic-8th': classicProfile('classic-8th'),
}
