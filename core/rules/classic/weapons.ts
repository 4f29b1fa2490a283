import { closeCombatWeapons } from '../battle/weapons.js'
import { additionalHandWeapon } from './entries/additional-hand-weapon.js'
import { draich } from './entries/draich.js'
import { greatWeapon } from './entries/great-weapon.js'
import { halberd } from './entries/halberd.js'
import { handWeapon } from './entries/hand-weapon.js'
import { lance } from './entries/lance.js'
import { spear } from './entries/spear.js'
import { classicWeaponChoice } from './weapon-choice.js'

/** The classic close-combat weapons: which one a unit fights with (classic/variants §close-combat-weapon). */
export const classicWeapons = closeCombatWeapons(classicWeaponChoice, () => [
  handWeapon,
  additionalHandWeapon,
  spear,
  lance,
  halberd,
  greatWeapon,
  draich,
])
export const { fightsWith, isTwoHanded, weaponOf } = classicWeapons
