import { armourSave } from './armour-save.js'
import { attacks } from './attacks.js'
import { breakTest } from './break-test.js'
import { casualties } from './casualties.js'
import { challenge } from './challenge.js'
import { champion } from './champion.js'
import { characters } from './characters.js'
import { combatResult } from './combat-result.js'
import { dice } from './dice.js'
import { flamingAttacks } from './flaming-attacks.js'
import { flammable } from './flammable.js'
import { fleeAndPursuit } from './flee-and-pursuit.js'
import { handWeapon } from './hand-weapon.js'
import { leadershipTest } from './leadership-test.js'
import { lumbering } from './lumbering.js'
import { regeneration } from './regeneration.js'
import { standard } from './standard.js'
import { stompAttacks } from './stomp-attacks.js'
import { strikeOrder } from './strike-order.js'
import { thunderstomp } from './thunderstomp.js'
import { timber } from './timber.js'
import { toHitCloseCombat } from './to-hit-close-combat.js'
import { toHitShooting } from './to-hit-shooting.js'
import { toWound } from './to-wound.js'
import { treeWhack } from './tree-whack.js'
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
  flamingAttacks,
  flammable,
  lumbering,
  stompAttacks,
  thunderstomp,
  timber,
  treeWhack,
] as const
