import type { Ruleset } from '../../engine/types.js'
import { combatJoined, combatRoundDeclared } from '../classic/close-combat-round.js'
import { meleeAttacks } from '../classic/melee-attacks.js'
import { oldWorldCatalogue } from './catalogue.js'
import { oldWorldEntries } from './entries/index.js'
import { oldWorldMechanics } from './mechanics.js'
import { OLD_WORLD_TROOP_TYPES } from './troop-types.js'
import { oldWorldGenericTroops } from './troops.js'

/**
 * The Old World (seed 001, core-mechanics B). It runs the procedures it shares with the classic
 * ruleset under its own mechanics and catalogue: a citation `ctx.rule('to-wound', 'chart')` in a
 * shared procedure names old-world/to-wound here.
 */
export const oldWorld: Ruleset = {
  id: 'old-world',
  name: 'The Old World',
  catalogue: oldWorldCatalogue,
  definitions: oldWorldEntries,
  defaultVariant: 'old-world',
  mechanics: oldWorldMechanics,
  troopTypes: OLD_WORLD_TROOP_TYPES,
  // Generic troops (ow-combat); the seed's own units are added beside them.
  troops: oldWorldGenericTroops,
  // The Combat phase keeps the id the shared close-combat procedures know it by.
  phases: ['strategy', 'movement', 'shooting', 'close-combat'],
  procedures: {
    MeleeAttacksDeclared: { name: 'melee-attacks', start: meleeAttacks, phases: ['close-combat'] },
    CombatJoined: { name: 'close-combat-round', start: combatJoined, phases: ['close-combat'] },
    CombatRoundDeclared: { name: 'close-combat-round', start: combatRoundDeclared, phases: ['close-combat'] },
  },
}
