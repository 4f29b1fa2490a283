import { additionalHandWeapon } from './additional-hand-weapon.js'
import { barding, fullPlateArmour, heavyArmour, lightArmour, shield } from './armour.js'
import { armourBane } from './armour-bane.js'
import { armourSave } from './armour-save.js'
import { armouredHide } from './armoured-hide.js'
import { attacks } from './attacks.js'
import { breakTest } from './break-test.js'
import { casualties } from './casualties.js'
import { challenge } from './challenge.js'
import { champion } from './champion.js'
import { characters } from './characters.js'
import { closeOrder } from './close-order.js'
import { combatResult } from './combat-result.js'
import { dice } from './dice.js'
import { fleeAndPursuit } from './flee-and-pursuit.js'
import { greatWeapon } from './great-weapon.js'
import { halberd } from './halberd.js'
import { handWeapon } from './hand-weapon.js'
import { hatred } from './hatred.js'
import { lance } from './lance.js'
import { leadershipTest } from './leadership-test.js'
import { maximumArmourValue } from './maximum-armour-value.js'
import { musician } from './musician.js'
import { parry } from './parry.js'
import { regeneration } from './regeneration.js'
import { spear } from './spear.js'
import { standard } from './standard.js'
import { strikeFirst, strikeLast } from './strike-first-last.js'
import { strikeOrder } from './strike-order.js'
import { toHitCloseCombat } from './to-hit-close-combat.js'
import { toHitShooting } from './to-hit-shooting.js'
import { toWound } from './to-wound.js'
import { unitStrength } from './unit-strength.js'
import { variants } from './variants.js'
import { wardSave } from './ward-save.js'

/** Every entry of the Old World catalogue: the seed-001 entries and the core mechanics they rest on. */
export const oldWorldEntries = [
  armourSave,
  attacks,
  breakTest,
  casualties,
  challenge,
  champion,
  characters,
  combatResult,
  dice,
  fleeAndPursuit,
  handWeapon,
  leadershipTest,
  regeneration,
  standard,
  strikeOrder,
  toHitCloseCombat,
  toHitShooting,
  toWound,
  unitStrength,
  variants,
  wardSave,
  // The close-combat maths (ow-combat): armour, weapons, strike order, combat result.
  lightArmour,
  heavyArmour,
  fullPlateArmour,
  shield,
  barding,
  armouredHide,
  maximumArmourValue,
  parry,
  greatWeapon,
  halberd,
  lance,
  spear,
  additionalHandWeapon,
  armourBane,
  strikeFirst,
  strikeLast,
  hatred,
  closeOrder,
  musician,
] as const
