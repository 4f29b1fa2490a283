import type { Ruleset } from '../../engine/types.js'
import { pursuitReached, unitReformed } from '../battle/after-the-rout.js'
import { challengeIssued } from '../battle/challenges.js'
import { chargeDeclared } from '../battle/charges.js'
import { combatJoined, combatRoundDeclared } from '../battle/close-combat-round.js'
import { characterJoined, characterLeft } from '../battle/joining.js'
import { meleeAttacks } from '../battle/melee-attacks.js'
import { panicTestDeclared } from '../battle/panic.js'
import { lossesTestedAtOnce } from '../battle/phase-losses.js'
import { shotDeclared } from '../battle/shooting-attack.js'
import { oldWorldCatalogue } from './catalogue.js'
import { oldWorldEntries } from './entries/index.js'
import { oldWorldSpellCast } from './magic/casting.js'
import { oldWorldMoveDeclared } from './moves.js'
import { checkOldWorldMuster } from './muster.js'
import { oldWorldOpenings } from './openings.js'
import { oldWorldProfile } from './profile.js'
import { treemanTroops } from './treeman-troops.js'
import { OLD_WORLD_TROOP_TYPES } from './troop-types.js'
import { oldWorldGenericTroops } from './troops.js'
import { oldWorldVictory } from './victory.js'

/**
 * The Old World (seed 001, core-mechanics B). It runs the procedures it shares with the classic
 * ruleset under its own profile and catalogue: a citation `ctx.rule('to-wound', 'chart')` in a
 * shared procedure names old-world/to-wound here.
 */
export const oldWorld: Ruleset = {
  id: 'old-world',
  name: 'The Old World',
  catalogue: oldWorldCatalogue,
  definitions: oldWorldEntries,
  defaultVariant: 'old-world',
  profiles: { 'old-world': oldWorldProfile },
  // The profile under its former name, for the tests that still read it (Ruleset.mechanics).
  mechanics: oldWorldProfile,
  troopTypes: OLD_WORLD_TROOP_TYPES,
  // The seed's Treeman and its foes, then generic troops to muster against it.
  troops: [...treemanTroops, ...oldWorldGenericTroops],
  // The Combat phase keeps the id the shared close-combat procedures know it by.
  phases: ['strategy', 'movement', 'shooting', 'close-combat'],
  checkMuster: checkOldWorldMuster,
  // Heavy casualties as each phase starts; the Rally sub-phase in the Strategy phase (old-world/openings.ts).
  openings: oldWorldOpenings,
  victory: oldWorldVictory,
  procedures: {
    MeleeAttacksDeclared: { name: 'melee-attacks', start: meleeAttacks, phases: ['close-combat'] },
    CombatJoined: { name: 'close-combat-round', start: combatJoined, phases: ['close-combat'] },
    PursuitReached: { name: 'pursuit-reached', start: pursuitReached, phases: ['close-combat'] },
    UnitReformed: { name: 'unit-reformed', start: unitReformed, phases: ['close-combat'] },
    CombatRoundDeclared: { name: 'close-combat-round', start: combatRoundDeclared, phases: ['close-combat'] },
    ChargeDeclared: { name: 'charge', start: chargeDeclared, phases: ['movement'] },
    MoveDeclared: { name: 'move', start: lossesTestedAtOnce(oldWorldMoveDeclared), phases: ['movement'] },
    CharacterJoined: { name: 'character-joined', start: characterJoined, phases: ['movement'] },
    CharacterLeft: { name: 'character-left', start: characterLeft, phases: ['movement'] },
    ChallengeIssued: { name: 'challenge', start: challengeIssued, phases: ['close-combat'] },
    // Stand and Shoot answers a charge in the Movement phase.
    ShotDeclared: {
      name: 'shooting-attack',
      start: lossesTestedAtOnce(shotDeclared),
      phases: ['shooting', 'movement'],
    },
    // A friend destroyed, broken or fallen back within 6", or fleeing through: the players declare it.
    PanicTestDeclared: {
      name: 'panic-test',
      start: panicTestDeclared,
      phases: ['strategy', 'movement', 'shooting', 'close-combat'],
    },
    // Each type of spell in its own phase (old-world/magic §phases): the procedure checks which.
    SpellCast: {
      name: 'spell',
      start: lossesTestedAtOnce(oldWorldSpellCast),
      phases: ['strategy', 'movement', 'shooting', 'close-combat'],
    },
  },
}
