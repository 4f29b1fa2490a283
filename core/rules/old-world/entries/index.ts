import { additionalHandWeapon } from './additional-hand-weapon.js'
import { barding, fullPlateArmour, heavyArmour, lightArmour, shield } from './armour.js'
import { armourBane } from './armour-bane.js'
import { armourSave } from './armour-save.js'
import { armouredHide } from './armoured-hide.js'
import { attacks } from './attacks.js'
import { bow } from './bow.js'
import { breakTest } from './break-test.js'
import { casualties } from './casualties.js'
import { challenge } from './challenge.js'
import { champion } from './champion.js'
import { characters } from './characters.js'
import { charge } from './charge.js'
import { closeOrder } from './close-order.js'
import { combatResult } from './combat-result.js'
import { dice } from './dice.js'
import { fear } from './fear.js'
import { flamingAttacks } from './flaming-attacks.js'
import { flammable } from './flammable.js'
import { fleeAndPursuit } from './flee-and-pursuit.js'
import { general } from './general.js'
import { greatWeapon } from './great-weapon.js'
import { halberd } from './halberd.js'
import { handWeapon } from './hand-weapon.js'
import { hatred } from './hatred.js'
import { immuneToPsychology } from './immune-to-psychology.js'
import { joining } from './joining.js'
import { lance } from './lance.js'
import { largeTarget } from './large-target.js'
import { leadershipTest } from './leadership-test.js'
import { lumbering } from './lumbering.js'
import { magic } from './magic.js'
import { magicalAttacks } from './magical-attacks.js'
import { maximumArmourValue } from './maximum-armour-value.js'
import { mounts } from './mounts.js'
import { moveThroughCover } from './move-through-cover.js'
import { movement } from './movement.js'
import { multipleShots } from './multiple-shots.js'
import { musician } from './musician.js'
import { panic } from './panic.js'
import { parry } from './parry.js'
import { rally } from './rally.js'
import { regeneration } from './regeneration.js'
import { shooting } from './shooting.js'
import { spear } from './spear.js'
import { standard } from './standard.js'
import { stompAttacks } from './stomp-attacks.js'
import { strikeFirst, strikeLast } from './strike-first-last.js'
import { strikeOrder } from './strike-order.js'
import { stubborn } from './stubborn.js'
import { terrain } from './terrain.js'
import { terror } from './terror.js'
import { thunderstomp } from './thunderstomp.js'
import { timber } from './timber.js'
import { toHitCloseCombat } from './to-hit-close-combat.js'
import { toHitShooting } from './to-hit-shooting.js'
import { toWound } from './to-wound.js'
import { treeSpirit } from './tree-spirit.js'
import { treeWhack } from './tree-whack.js'
import { turnSequence } from './turn-sequence.js'
import { unitLeadership } from './unit-leadership.js'
import { unitStrength } from './unit-strength.js'
import { variants } from './variants.js'
import { victoryPoints } from './victory-points.js'
import { wardSave } from './ward-save.js'

/** Every entry of the Old World catalogue: the seed-001 entries and the core mechanics they rest on. */
export const oldWorldEntries = [
  armourSave,
  attacks,
  breakTest,
  casualties,
  challenge,
  champion,
  charge,
  characters,
  joining,
  combatResult,
  dice,
  fear,
  fleeAndPursuit,
  general,
  handWeapon,
  immuneToPsychology,
  leadershipTest,
  movement,
  moveThroughCover,
  regeneration,
  standard,
  strikeOrder,
  terrain,
  terror,
  stubborn,
  toHitCloseCombat,
  toHitShooting,
  toWound,
  treeSpirit,
  unitLeadership,
  turnSequence,
  victoryPoints,
  unitStrength,
  variants,
  wardSave,
  bow,
  largeTarget,
  magic,
  magicalAttacks,
  multipleShots,
  shooting,
  flamingAttacks,
  flammable,
  lumbering,
  stompAttacks,
  thunderstomp,
  timber,
  treeWhack,
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
  mounts,
  spear,
  additionalHandWeapon,
  armourBane,
  strikeFirst,
  strikeLast,
  hatred,
  closeOrder,
  musician,
  panic,
  rally,
] as const
