import { weaponChoice } from '../battle/weapons.js'

/**
 * Which of the Old World's close-combat weapons a unit fights with. They keep the classic ids, so the shared round's
 * weapon choice reads the same. The weapon entries ask it (`fightsWith`), so it knows them by id only;
 * old-world/weapons.ts checks these ids against the entries it finds by their kind.
 */
export const oldWorldWeaponChoice = weaponChoice([
  'hand-weapon',
  'additional-hand-weapon',
  'spear',
  'lance',
  'halberd',
  'great-weapon',
])
export const { fightsWith, weaponOf } = oldWorldWeaponChoice
