import { additionalHandWeapon } from './additional-hand-weapon.js'
import { alwaysStrikesFirst } from './always-strikes-first.js'
import { armourSave } from './armour-save.js'
import { attacks } from './attacks.js'
import { breakTest } from './break-test.js'
import { casualties } from './casualties.js'
import { combatResult } from './combat-result.js'
import { danceOfDoom } from './dance-of-doom.js'
import { dice } from './dice.js'
import { draich } from './draich.js'
import { eternalHatred } from './eternal-hatred.js'
import { fleeAndPursuit } from './flee-and-pursuit.js'
import { greatWeapon } from './great-weapon.js'
import { halberd } from './halberd.js'
import { handWeapon } from './hand-weapon.js'
import { hatred } from './hatred.js'
import { heavyArmour } from './heavy-armour.js'
import { hydraBanner } from './hydra-banner.js'
import { impale } from './impale.js'
import { killingBlow } from './killing-blow.js'
import { lance } from './lance.js'
import { leadershipTest } from './leadership-test.js'
import { lightArmour } from './light-armour.js'
import { musician } from './musician.js'
import { potionOfStrength } from './potion-of-strength.js'
import { regeneration } from './regeneration.js'
import { scalySkin } from './scaly-skin.js'
import { seaDragonCloak } from './sea-dragon-cloak.js'
import { shield } from './shield.js'
import { spear } from './spear.js'
import { standard } from './standard.js'
import { strikeOrder } from './strike-order.js'
import { thickSkinned } from './thick-skinned.js'
import { toHitCloseCombat } from './to-hit-close-combat.js'
import { toWound } from './to-wound.js'
import { turnSequence } from './turn-sequence.js'
import { twoHanded } from './two-handed.js'
import { unitStrength } from './unit-strength.js'
import { variants } from './variants.js'
import { warBanner } from './war-banner.js'
import { wardSave } from './ward-save.js'

/** Every entry of the classic catalogue, one file each: core mechanics first, then the seed's. */
export const classicEntries = [
  turnSequence,
  dice,
  attacks,
  toHitCloseCombat,
  toWound,
  armourSave,
  wardSave,
  casualties,
  strikeOrder,
  unitStrength,
  combatResult,
  leadershipTest,
  breakTest,
  fleeAndPursuit,
  handWeapon,
  lightArmour,
  heavyArmour,
  shield,
  alwaysStrikesFirst,
  musician,
  standard,
  additionalHandWeapon,
  twoHanded,
  draich,
  spear,
  lance,
  impale,
  halberd,
  greatWeapon,
  killingBlow,
  hatred,
  eternalHatred,
  hydraBanner,
  warBanner,
  potionOfStrength,
  danceOfDoom,
  seaDragonCloak,
  scalySkin,
  thickSkinned,
  regeneration,
  variants,
] as const
