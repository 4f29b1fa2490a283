import type { Ruleset } from '../../engine/types.js'
import { classicCatalogue } from './catalogue.js'
import { meleeAttacks } from './melee-attacks.js'

export const classic: Ruleset = {
  id: 'classic',
  name: 'Classic fan edition',
  catalogue: classicCatalogue,
  defaultVariant: 'classic',
  phases: ['movement', 'magic', 'shooting', 'close-combat'],
  procedures: {
    MeleeAttacksDeclared: { name: 'melee-attacks', start: meleeAttacks },
  },
}
