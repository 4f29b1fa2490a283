import { armourSave } from './armour-save.js'
import { attacks } from './attacks.js'
import { bow } from './bow.js'
import { breakTest } from './break-test.js'
import { casualties } from './casualties.js'
import { challenge } from './challenge.js'
import { champion } from './champion.js'
import { characters } from './characters.js'
import { combatResult } from './combat-result.js'
import { dice } from './dice.js'
import { fleeAndPursuit } from './flee-and-pursuit.js'
import { handWeapon } from './hand-weapon.js'
import { largeTarget } from './large-target.js'
import { leadershipTest } from './leadership-test.js'
import { magic } from './magic.js'
import { magicalAttacks } from './magical-attacks.js'
import { multipleShots } from './multiple-shots.js'
import { regeneration } from './regeneration.js'
import { shooting } from './shooting.js'
import { standard } from './standard.js'
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
  bow,
  largeTarget,
  magic,
  magicalAttacks,
  multipleShots,
  shooting,
] as const
