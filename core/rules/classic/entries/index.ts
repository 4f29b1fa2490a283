import { additionalHandWeapon } from './additional-hand-weapon.js'
import { alwaysStrikesFirst } from './always-strikes-first.js'
import { armourSave } from './armour-save.js'
import { attacks } from './attacks.js'
import { blackLotus } from './black-lotus.js'
import { breakTest } from './break-test.js'
import { breathWeapon } from './breath-weapon.js'
import { casualties } from './casualties.js'
import { challenge } from './challenge.js'
import { champion } from './champion.js'
import { characters } from './characters.js'
import { charge } from './charge.js'
import { chillWind } from './chill-wind.js'
import { combatResult } from './combat-result.js'
import { concealed } from './concealed.js'
import { crownOfBlackIron } from './crown-of-black-iron.js'
import { danceOfDoom } from './dance-of-doom.js'
import { dice } from './dice.js'
import { dominion } from './dominion.js'
import { doombolt } from './doombolt.js'
import { draich } from './draich.js'
import { eternalHatred } from './eternal-hatred.js'
import { fear } from './fear.js'
import { fieryBreath } from './fiery-breath.js'
import { fleeAndPursuit } from './flee-and-pursuit.js'
import { flyingModel } from './flying-model.js'
import { general } from './general.js'
import { greatWeapon } from './great-weapon.js'
import { halberd } from './halberd.js'
import { handWeapon } from './hand-weapon.js'
import { handbows } from './handbows.js'
import { hatred } from './hatred.js'
import { heavyArmour } from './heavy-armour.js'
import { heavyCavalry } from './heavy-cavalry.js'
import { hydraBanner } from './hydra-banner.js'
import { impale } from './impale.js'
import { joining } from './joining.js'
import { killingBlow } from './killing-blow.js'
import { lance } from './lance.js'
import { largeTarget } from './large-target.js'
import { leadershipTest } from './leadership-test.js'
import { lightArmour } from './light-armour.js'
import { magic } from './magic.js'
import { marchBlocker } from './march-blocker.js'
import { mounts } from './mounts.js'
import { movement } from './movement.js'
import { multipleShots } from './multiple-shots.js'
import { musician } from './musician.js'
import { noLeader } from './no-leader.js'
import { panic } from './panic.js'
import { potionOfStrength } from './potion-of-strength.js'
import { rally } from './rally.js'
import { regeneration } from './regeneration.js'
import { repeaterCrossbow } from './repeater-crossbow.js'
import { scalySkin } from './scaly-skin.js'
import { scout } from './scout.js'
import { seaDragonCloak } from './sea-dragon-cloak.js'
import { shield } from './shield.js'
import { shooting } from './shooting.js'
import { shroudOfDarkness } from './shroud-of-darkness.js'
import { skirmish } from './skirmish.js'
import { soulStealer } from './soul-stealer.js'
import { spear } from './spear.js'
import { standard } from './standard.js'
import { strikeOrder } from './strike-order.js'
import { stubborn } from './stubborn.js'
import { stupidity } from './stupidity.js'
import { terror } from './terror.js'
import { thickSkinned } from './thick-skinned.js'
import { toHitCloseCombat } from './to-hit-close-combat.js'
import { toHitShooting } from './to-hit-shooting.js'
import { toWound } from './to-wound.js'
import { turnSequence } from './turn-sequence.js'
import { twoHanded } from './two-handed.js'
import { unitLeadership } from './unit-leadership.js'
import { unitStrength } from './unit-strength.js'
import { variants } from './variants.js'
import { victoryPoints } from './victory-points.js'
import { warBanner } from './war-banner.js'
import { wardSave } from './ward-save.js'

/** Every entry of the classic catalogue, one file each: core mechanics first, then the seed's. */
export const classicEntries = [
  turnSequence,
  victoryPoints,
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
  charge,
  movement,
  handWeapon,
  lightArmour,
  heavyArmour,
  shield,
  alwaysStrikesFirst,
  musician,
  standard,
  terror,
  heavyCavalry,
  marchBlocker,
  flyingModel,
  scout,
  concealed,
  shooting,
  toHitShooting,
  handbows,
  repeaterCrossbow,
  multipleShots,
  breathWeapon,
  fieryBreath,
  largeTarget,
  skirmish,
  additionalHandWeapon,
  twoHanded,
  draich,
  spear,
  lance,
  mounts,
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
  characters,
  joining,
  challenge,
  champion,
  blackLotus,
  variants,
  magic,
  chillWind,
  dominion,
  doombolt,
  soulStealer,
  shroudOfDarkness,
  crownOfBlackIron,
  // Psychology and Leadership (issue #7).
  unitLeadership,
  panic,
  rally,
  fear,
  stubborn,
  stupidity,
  general,
  noLeader,
] as const
