import { defineEntry } from '../../../engine/catalogue.js'
import type { BattleContext } from '../../battle/context.js'
import { heavyCasualties } from '../../battle/panic.js'
import { CORE } from './sources.js'

/**
 * Panic (core-mechanics B.7): battle/panic.ts, shared with classic's Panic (heavyCasualties, the entry's step as
 * the next phase starts; panicTestDeclared), under The Old World's Panic rules (old-world/panic.ts). Distances are the
 * table's: a friend destroyed, breaking or falling back within 6", or fleeing through the unit, is declared (PanicTestDeclared).
 */
export const panic = defineEntry({
  id: 'panic',
  name: 'Panic',
  kind: 'core',
  source: `${CORE} B.2, B.4, B.7`,
  anchor: 'tow:the-psychology-of-war/panic-tests',
  text:
    'A unit takes a Panic test (a Leadership test) when it loses more than 25% of the models it had at the start of a ' +
    'phase (in any phase but Combat), when a friendly unit of Unit Strength 5 or more is destroyed within 6", when one ' +
    'Breaks or Falls Back in Good Order within 6", or when fleeing or falling-back friends move through it. Once per ' +
    'phase; not while charging, engaged or fleeing. Failed: it Falls Back in Good Order if more than 50% of its ' +
    'starting models remain, else it flees. Unit Strength is counted at the start of the phase.',
  clauses: {
    'heavy-casualties':
      'a unit that lost more than 25% of the models it had at the start of a phase tests (not for Combat phase ' +
      "losses), at the phase's end (old-world/variants §panic-heavy-casualties)",
    'friend-destroyed': 'a friendly unit of Unit Strength 5 or more destroyed within 6" (the players declare it)',
    'friend-broke':
      'a friendly unit of Unit Strength 5 or more that Breaks or Falls Back in Good Order within 6" (declared)',
    'fled-through': 'friends fleeing or falling back in good order through the unit (the players declare it)',
    'unit-strength':
      "the friend's Unit Strength is counted at the start of the phase (old-world/variants §panic-unit-strength)",
    'once-per-phase': 'a unit takes at most one Panic test a phase',
    exempt: 'a unit charging, engaged in combat or fleeing takes no Panic test (chargers never do)',
    flee: 'a unit that fails its Panic test flees, unless more than 50% of its starting models remain',
    'fall-back': 'a unit that fails with more than 50% of its starting models left Falls Back in Good Order instead',
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
