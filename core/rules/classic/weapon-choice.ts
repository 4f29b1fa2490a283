import { closeCombatWeapons } from '../battle/weapons.js'

/**
 * Classic's close-combat weapons: which one a unit fights with. The weapon entries ask it (`fightsWith`), so it cannot
 * import them; classic/weapons.ts hands it the catalogue's entries, among which it finds the weapons by their kind.
 */
export const classicWeapons = closeCombatWeapons('classic')
export const { fightsWith, isTwoHanded, weaponOf } = classicWeapons
