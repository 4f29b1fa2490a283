import { weaponChoice } from '../battle/weapons.js'

/**
 * Which of classic's close-combat weapons a unit fights with. The weapon entries ask it (`fightsWith`), so it knows
 * them by id only; classic/weapons.ts checks these ids against the entries it finds by their kind.
 */
export const classicWeaponChoice = weaponChoice([
  'hand-weapon',
  'additional-hand-weapon',
  'spear',
  'lance',
  'halberd',
  'great-weapon',
  'draich',
])
export const { fightsWith } = classicWeaponChoice
