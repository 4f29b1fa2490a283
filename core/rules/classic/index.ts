import type { Ruleset } from '../../engine/types.js'
import { pursuitReached, unitReformed } from '../battle/after-the-rout.js'
import { challengeIssued } from '../battle/challenges.js'
import { chargeDeclared } from '../battle/charges.js'
import { combatJoined, combatRoundDeclared } from '../battle/close-combat-round.js'
import { characterJoined, characterLeft, checkMusterJoins } from '../battle/joining.js'
import { meleeAttacks } from '../battle/melee-attacks.js'
import { moveDeclared } from '../battle/moves.js'
import { panicTestDeclared } from '../battle/panic.js'
import { lossesTestedAtOnce } from '../battle/phase-losses.js'
import { shotDeclared } from '../battle/shooting-attack.js'
import { classicCatalogue } from './catalogue.js'
import { checkConcealed, unitDeployed } from './deployment.js'
import { classicEntries } from './entries/index.js'
import { CLASSIC_TROOP_TYPES } from './entries/unit-strength.js'
import { itemUsed } from './items.js'
import { spellCast } from './magic/spell-cast.js'
import { classicOpenings } from './openings.js'
import { classicProfiles } from './profile.js'
import { stupidMoveMade } from './stupid-move.js'
import { classicTroops } from './troops.js'
import { classicVictory } from './victory.js'

export const classic: Ruleset = {
  id: 'classic',
  name: 'Classic fan edition',
  catalogue: classicCatalogue,
  definitions: classicEntries,
  defaultVariant: 'classic',
  profiles: classicProfiles,
  // The default profile under its former name, for the tests that still read it (Ruleset.mechanics).
  mechanics: classicProfiles.classic,
  troopTypes: CLASSIC_TROOP_TYPES,
  phases: ['movement', 'magic', 'shooting', 'close-combat'],
  openings: classicOpenings,
  troops: classicTroops,
  checkMuster: (ctx, event) => {
    checkMusterJoins(ctx, event)
    checkConcealed(ctx, event)
  },
  victory: classicVictory,
  procedures: {
    MeleeAttacksDeclared: { name: 'melee-attacks', start: meleeAttacks, phases: ['close-combat'] },
    CombatJoined: { name: 'close-combat-round', start: combatJoined, phases: ['close-combat'] },
    CombatRoundDeclared: { name: 'close-combat-round', start: combatRoundDeclared, phases: ['close-combat'] },
    ChargeDeclared: { name: 'charge', start: chargeDeclared, phases: ['movement'] },
    MoveDeclared: { name: 'move', start: lossesTestedAtOnce(moveDeclared), phases: ['movement'] },
    CharacterJoined: { name: 'character-joined', start: characterJoined, phases: ['movement'] },
    CharacterLeft: { name: 'character-left', start: characterLeft, phases: ['movement'] },
    StupidMoveMade: { name: 'stupid-move', start: stupidMoveMade, phases: ['movement'] },
    UnitDeployed: { name: 'deployment', start: unitDeployed, phases: ['deployment'] },
    // Stand and Shoot answers a charge in the movement phase (the charge's helper says when it may).
    ShotDeclared: {
      name: 'shooting-attack',
      start: lossesTestedAtOnce(shotDeclared),
      phases: ['shooting', 'movement'],
    },
    SpellCast: { name: 'spell', start: lossesTestedAtOnce(spellCast), phases: ['magic'] },
    PanicTestDeclared: {
      name: 'panic-test',
      start: panicTestDeclared,
      phases: ['movement', 'magic', 'shooting', 'close-combat'],
    },
    ItemUsed: { name: 'item-used', start: itemUsed, phases: ['close-combat'] },
    ChallengeIssued: { name: 'challenge', start: challengeIssued, phases: ['close-combat'] },
    PursuitReached: { name: 'pursuit-reached', start: pursuitReached, phases: ['close-combat'] },
    UnitReformed: { name: 'unit-reformed', start: unitReformed, phases: ['close-combat'] },
  },
}
