import type { QueryOf, SideTally } from '../../engine/effects.js'
import type { UnitState } from '../../engine/types.js'
import type { TroopType } from '../../events/event-types.js'
import { unitStrengthOf } from './entries/unit-strength.js'

/**
 * The rank bonus as The Old World counts it (core-mechanics B.6, B.8). The shared round hands every ruleset a count
 * of full ranks (`SideTally.ranks`, each as wide as the profile's `rankWidth`); The Old World's ranks depend on the troop type (how many models
 * a rank needs, the most it may claim) and on the formation (Combat Order, not Marching Column), so its
 * combat-result entry counts them here, from the unit as it stands when the result is worked out
 * (old-world/variants §rank-count), and leaves the shared procedure as it is. A unit whose list gives its files is
 * taken as ranked up in Close Order: the seed knows no other formation (no Skirmish or Open Order entries).
 */
const RANKS: Readonly<Partial<Record<TroopType, { readonly width: number; readonly max: number }>>> = {
  infantry: { width: 5, max: 2 },
  'heavy-infantry': { width: 4, max: 2 },
  'monstrous-infantry': { width: 3, max: 2 },
  'light-cavalry': { width: 5, max: 1 },
  'heavy-cavalry': { width: 4, max: 1 },
  'monstrous-cavalry': { width: 3, max: 1 },
  'war-beast': { width: 5, max: 1 },
  'light-chariot': { width: 3, max: 1 },
}

/** How many models a rank of the unit's troop type needs (B.8), or null: the type claims no rank bonus. */
export function rankWidthOf(unit: UnitState): number | null {
  return RANKS[unit.troopType]?.width ?? null
}

/** Whether a ranked unit is in Combat Order: at least as wide as it is deep (else a Marching Column). */
export function inCombatOrder(unit: UnitState): boolean | null {
  // A single model is one rank of one, square: in Combat Order with or without files (a Lumbering model alone).
  if (unit.models === 1) return true
  if (unit.files === null || unit.models === 0) return null
  return Math.ceil(unit.models / unit.files) <= unit.files
}

/** A unit's rank bonus before Disruption, or why it has none. */
export function rankBonusOf(unit: UnitState): { bonus: number; ranks: number; why: string } {
  const rule = RANKS[unit.troopType]
  if (!rule) return { bonus: 0, ranks: 0, why: `${unit.name} (${unit.troopType}) claims no rank bonus` }
  const files = unit.files
  if (files === null) return { bonus: 0, ranks: 0, why: `${unit.name}: the list gives no formation (files)` }
  if (files < rule.width)
    return { bonus: 0, ranks: 0, why: `${unit.name} is ${files} wide; its ranks need ${rule.width} models` }
  if (!inCombatOrder(unit))
    return {
      bonus: 0,
      ranks: 0,
      why: `${unit.name} is deeper than wide (${unit.models} models, ${files} wide): a Marching Column`,
    }
  const ranks = Math.floor(unit.models / files) + (unit.models % files >= rule.width ? 1 : 0)
  const bonus = Math.min(rule.max, Math.max(0, ranks - 1))
  return {
    bonus,
    ranks,
    why:
      `${unit.name}: ${ranks} rank${ranks === 1 ? '' : 's'} of ${rule.width} or more (${unit.troopType}), ` +
      `+1 a rank behind the first, at most +${rule.max}`,
  }
}

/** The enemy unit that Disrupts `unit`: it fights it in the flank or rear with Unit Strength 5+ (10+ vs heavy infantry). */
export function disruptorOf(query: QueryOf<'combat-result'>, unit: UnitState): UnitState | null {
  const needed = unit.troopType === 'heavy-infantry' ? 10 : 5
  return (
    query.enemy.units.find(
      (enemy) =>
        query.enemy.targets[enemy.id] === unit.id &&
        query.enemy.facings[enemy.id] !== 'front' &&
        unitStrengthOf(enemy) >= needed,
    ) ?? null
  )
}

/** The side's best rank bonus (only one unit's counts), or why it has none. */
export function bestRankBonus(query: QueryOf<'combat-result'>): { bonus: number; why: string } {
  let best: { bonus: number; why: string } | null = null
  const reasons: string[] = []
  for (const unit of query.side.units) {
    const counted = rankBonusOf(unit)
    const disruptor = counted.bonus > 0 ? disruptorOf(query, unit) : null
    if (disruptor) {
      reasons.push(
        `${unit.name} is Disrupted: ${disruptor.name} (Unit Strength ${unitStrengthOf(disruptor)}) fights it in the ` +
          `${query.enemy.facings[disruptor.id]}`,
      )
      continue
    }
    if (counted.bonus === 0) reasons.push(counted.why)
    else if (!best || counted.bonus > best.bonus) best = counted
  }
  return best ?? { bonus: 0, why: reasons.join('; ') || 'no unit can claim one' }
}

/** A side's total Unit Strength in the combat. */
export function sideUnitStrength(side: SideTally): number {
  return side.units.reduce((sum, unit) => sum + unitStrengthOf(unit), 0)
}

/** The distinct enemy units a side fights in the given facing (each counts once for the flank or rear bonus). */
export function enemiesEngagedIn(side: SideTally, facing: 'flank' | 'rear'): number {
  const enemies = new Set<string>()
  for (const [unit, target] of Object.entries(side.targets)) if (side.facings[unit] === facing) enemies.add(target)
  return enemies.size
}
