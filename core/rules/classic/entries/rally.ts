import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/** Rallying fleeing units (core mechanics): run by battle/rally.ts (rallyTests) as the movement phase starts. */
export const rally = defineEntry({
  id: 'rally',
  name: 'Rally',
  kind: 'core',
  source: `${CORE} A.2, A.10`,
  anchor: '7e:movement/rally-fleeing-troops',
  text:
    'At the start of his movement phase the player tests to rally each fleeing unit (a Leadership test) that did not ' +
    'begin to flee this turn; a unit that passes stops fleeing. A unit with too few models left cannot rally.',
  clauses: {
    test: 'each fleeing unit of the active player takes a Leadership test; passed, it stops fleeing',
    'fled-this-turn': 'a unit that began to flee this turn does not test',
    'below-quarter':
      'classic: fewer than 25% of its starting models, joined characters counted, cannot rally; classic-8th: 25% or ' +
      'less rallies only on a double 1 (classic/variants §rally-below-quarter)',
  },
  enforcement: 'enforced',
})
