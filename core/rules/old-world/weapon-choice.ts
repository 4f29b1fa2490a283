import type { CombatMoment } from '../../engine/effects.js'
import type { UnitState } from '../../engine/types.js'
import { closeCombatWeapons } from '../battle/weapons.js'

/**
 * The Old World's close-combat weapons: which one a unit fights with. They keep the classic ids, so the shared round's
 * weapon choice reads the same. The weapon entries ask it (`fightsWith`), so it cannot import them;
 * old-world/weapons.ts hands it the catalogue's entries, among which it finds the weapons by their kind. What each
 * does is read from the Old World's own entries.
 */
export const oldWorldWeapons = closeCombatWeapons('old-world')
export const { fightsWith, weaponOf } = oldWorldWeapons
const byId = oldWorldWeapons.byId

/** The weapon `unit` fights with at this moment of a combat, and whether it Requires Two Hands (its entry says). */
export function requiresTwoHands(unit: UnitState, combat: CombatMoment): string | null {
  const weapon = weaponOf(unit, combat)
  return weapon !== null && byId().get(weapon)?.params?.twoHanded === true ? weapon : null
}

/** The Armour Bane (X) of the weapon `unit` fights with at this moment, 0 when it has none. */
export function weaponArmourBane(unit: UnitState, combat: CombatMoment | null): number {
  if (combat === null) return 0
  const weapon = weaponOf(unit, combat)
  return weapon === null ? 0 : Number(byId().get(weapon)?.params?.armourBane ?? 0)
}

/** The weapon `unit` fights with at this moment when its entry carries Strike Last, else null. */
export function weaponStrikesLast(unit: UnitState, combat: CombatMoment): string | null {
  const weapon = weaponOf(unit, combat)
  return weapon !== null && byId().get(weapon)?.params?.strikeLast === true ? weapon : null
}
