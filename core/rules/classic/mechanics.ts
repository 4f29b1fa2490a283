import type { BaseValue } from '../../engine/modifiers.js'
import type { UnitState } from '../../engine/types.js'
import { passOrBreak } from '../battle/break-test.js'
import type { BattleContext } from '../battle/context.js'
import type { General } from '../battle/leadership.js'
import type { RulesetMechanics } from '../battle/mechanics.js'
import { classicDecision, classicRule } from './catalogue.js'
import { classicEntries } from './entries/index.js'
import { unitStrengthOf } from './entries/unit-strength.js'
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

/** The S-vs-T chart's cell; the variant decides whether T - S >= 4 is "N" (core-mechanics A.10). */
export function toWoundChart(ctx: BattleContext, strength: number, toughness: number): BaseValue {
  const diff = strength - toughness
  const floor = classicDecision(ctx, 'to-wound-floor')
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

/** The classic ruleset's side of the procedures it shares with The Old World. */
export const classicMechanics: RulesetMechanics = {
  toHitChart,
  toWoundChart,
  regeneration: 'round-end-not-counted',
  chargingTest: { test: 'terror', rule: classicRule('terror', 'charging') },
  maxChargeRange: () => null,
  fearInCombat: 'phase-start-every-enemy',
  // Only a break test has a natural double (a double 1), in classic's Leadership tests.
  leadershipDoubles: null,
  terrainMovement: () => null,
  breakTest: passOrBreak,
  commandRange,
  pursuitContact: () => null,
  entry: (id) => classicEntries.find((e) => e.id === id),
  weapons: classicWeapons,
  cover: ['soft', 'hard'],
  panic: {
    heavyCasualties: 'quarter-or-more',
    heavyCasualtiesExcept: [],
    chargersExempt: false,
    generalAutoPass: classicRule('general', 'auto-pass'),
    fallBackCounts: false,
    fallBack: null,
    friendCounts: () => null,
    failed: () => ({ end: 'flee', why: null }),
  },
  ralliedBar: null,
  standAndShootBeyondRange: null,
  unitStrength: unitStrengthOf,
  firingRanks: null,
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
