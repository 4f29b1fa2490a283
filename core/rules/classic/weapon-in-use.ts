import type { CombatMoment } from '../../engine/effects.js'
import type { UnitState } from '../../engine/types.js'

/**
 * Whether `unit` fights with `weapon` at this moment of a combat, for a weapon entry's `when`:
 * `true`; the reason it does not (another weapon this round); or null outside close combat, where
 * close-combat weapons say nothing (a shot, a spell, a lone declared attack).
 */
export function fightsWith(unit: UnitState, combat: CombatMoment | null, weapon: string): true | string | null {
  if (combat === null || combat.weapons === undefined) return null
  const inUse = combat.weapons[unit.id] ?? null
  if (inUse === weapon) return true
  return `${unit.name} fights with ${inUse === null ? 'no close-combat weapon' : `its ${inUse}`} this round`
}
