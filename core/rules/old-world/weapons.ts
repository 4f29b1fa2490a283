import type { EntryDefinition } from '../../engine/catalogue.js'
import type { CombatMoment } from '../../engine/effects.js'
import type { UnitState } from '../../engine/types.js'
import { weaponOf } from '../classic/weapons.js'
import { additionalHandWeapon } from './entries/additional-hand-weapon.js'
import { greatWeapon } from './entries/great-weapon.js'
import { halberd } from './entries/halberd.js'
import { handWeapon } from './entries/hand-weapon.js'
import { lance } from './entries/lance.js'
import { spear } from './entries/spear.js'

/**
 * The Old World's close-combat weapons by id. They keep the classic ids, so the shared round's weapon choice
 * (classic/weapons.ts: which weapon a unit fights with) knows them; what each does is read here, from the Old
 * World's own entries. Built on first use: the entries import this module.
 */
let weaponsById: ReadonlyMap<string, EntryDefinition> | null = null
function byId(): ReadonlyMap<string, EntryDefinition> {
  weaponsById ??= new Map(
    [handWeapon, additionalHandWeapon, spear, lance, halberd, greatWeapon].map((weapon) => [weapon.id, weapon]),
  )
  return weaponsById
}

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
