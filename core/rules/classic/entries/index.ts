import { alwaysStrikesFirst } from './always-strikes-first.js'
import { armourSave } from './armour-save.js'
import { attacks } from './attacks.js'
import { breakTest } from './break-test.js'
import { casualties } from './casualties.js'
import { combatResult } from './combat-result.js'
import { dice } from './dice.js'
import { fear } from './fear.js'
import { fleeAndPursuit } from './flee-and-pursuit.js'
import { general } from './general.js'
import { handWeapon } from './hand-weapon.js'
import { heavyArmour } from './heavy-armour.js'
import { leadershipTest } from './leadership-test.js'
import { lightArmour } from './light-armour.js'
import { musician } from './musician.js'
import { noLeader } from './no-leader.js'
import { panic } from './panic.js'
import { rally } from './rally.js'
import { shield } from './shield.js'
import { standard } from './standard.js'
import { strikeOrder } from './strike-order.js'
import { stupidity } from './stupidity.js'
import { toHitCloseCombat } from './to-hit-close-combat.js'
import { toWound } from './to-wound.js'
import { turnSequence } from './turn-sequence.js'
import { unitLeadership } from './unit-leadership.js'
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
  variants,
  // Psychology and Leadership (issue #7).
  unitLeadership,
  panic,
  rally,
  fear,
  stupidity,
  general,
  noLeader,
] as const
