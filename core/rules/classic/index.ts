import type { Ruleset } from '../../engine/types.js'
import { classicCatalogue } from './catalogue.js'
import { challengeIssued } from './challenges.js'
import { combatJoined, combatRoundDeclared } from './close-combat-round.js'
import { classicEntries } from './entries/index.js'
import { meleeAttacks } from './melee-attacks.js'
import { classicOpenings } from './openings.js'

export const classic: Ruleset = {
  id: 'classic',
  name: 'Classic fan edition',
  catalogue: classicCatalogue,
  definitions: classicEntries,
  defaultVariant: 'classic',
  phases: ['movement', 'magic', 'shooting', 'close-combat'],
  openings: classicOpenings,
  procedures: {
    MeleeAttacksDeclared: { name: 'melee-attacks', start: meleeAttacks, phases: ['close-combat'] },
    CombatJoined: { name: 'close-combat-round', start: combatJoined, phases: ['close-combat'] },
    CombatRoundDeclared: { name: 'close-combat-round', start: combatRoundDeclared, phases: ['close-combat'] },
    ChallengeIssued: { name: 'challenge', start: challengeIssued, phases: ['close-combat'] },
  },
}
