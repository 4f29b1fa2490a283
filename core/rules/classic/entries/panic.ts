import { defineEntry } from '../../../engine/catalogue.js'
import type { BattleContext } from '../../battle/context.js'
import { heavyCasualties } from '../../battle/panic.js'
import { CORE } from './sources.js'

/**
 * Panic (core mechanics): battle/panic.ts, shared with The Old World's Panic. Heavy casualties are the entry's step
 * as the next phase starts (heavyCasualties); the players declare the other causes (panicTestDeclared).
 */
export const panic = defineEntry({
  id: 'panic',
  name: 'Panic',
  kind: 'core',
  source: `${CORE} A.7, A.10`,
  anchor: '8e:panic/panic-tests',
  text:
    'A unit takes a Panic test (a Leadership test) when it loses 25% or more of the models it had at the start of a ' +
    'phase, when a friendly unit within 6" is destroyed or breaks from combat, or when friends flee through it. One ' +
    'test per unit per phase; none while it is engaged in combat or fleeing. A unit that fails flees.',
  clauses: {
    'heavy-casualties':
      'a unit that lost 25% or more of the models it had at the start of a phase tests at its end ' +
      '(classic/variants §panic-heavy-casualties)',
    'friend-destroyed': 'a friendly unit destroyed within 6" (the players declare it)',
    'friend-broke': 'a friendly unit breaking from combat within 6" (the players declare it)',
    'fled-through': 'friends fleeing through the unit (the players declare it)',
    'once-per-phase': 'a unit takes at most one Panic test a phase',
    exempt: 'a unit engaged in combat or fleeing takes no Panic test',
    flee: 'a unit that fails its Panic test flees (classic/variants §flee-dice)',
  },
  enforcement: 'enforced',
  triggers: [
    {
      on: 'unit-lost-models',
      clause: 'heavy-casualties',
      label: 'Panic test for heavy casualties',
      always: true,
      step: (ctx, query) => heavyCasualties(ctx as BattleContext, query),
    },
  ],
})
