import { alwaysStrikesFirst } from './always-strikes-first.js'
import { armourSave } from './armour-save.js'
import { attacks } from './attacks.js'
import { blackLotus } from './black-lotus.js'
import { breakTest } from './break-test.js'
import { casualties } from './casualties.js'
import { challenge } from './challenge.js'
import { champion } from './champion.js'
import { characters } from './characters.js'
import { combatResult } from './combat-result.js'
import { dice } from './dice.js'
import { fleeAndPursuit } from './flee-and-pursuit.js'
import { handWeapon } from './hand-weapon.js'
import { heavyArmour } from './heavy-armour.js'
import { leadershipTest } from './leadership-test.js'
import { lightArmour } from './light-armour.js'
import { musician } from './musician.js'
import { shield } from './shield.js'
import { standard } from './standard.js'
import { strikeOrder } from './strike-order.js'
import { toHitCloseCombat } from './to-hit-close-combat.js'
import { toWound } from './to-wound.js'
import { turnSequence } from './turn-sequence.js'
import { unitStrength } from './unit-strength.js'
import { variants } from './variants.js'
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
  characters,
  challenge,
  champion,
  blackLotus,
  variants,
] as const
