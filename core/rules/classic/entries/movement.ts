import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const movement = defineEntry({
  id: 'movement',
  name: 'Movement',
  kind: 'core',
  source: `${CORE} A.2, A.10`,
  anchor: 'wap:movement/marching',
  text:
    'A unit moves up to its Move in inches, or marches up to twice that; a non-fleeing enemy of Unit Strength 5 or ' +
    "more within 8 inches stops a march, in every variant (the seed's March Blocker). A reform takes the whole move.",
  clauses: {
    normal: 'a normal move is up to M inches',
    march: 'a march is up to 2 x M inches',
    'march-blocked':
      'a non-fleeing enemy within 8 inches blocks a march (classic/variants §march-blocking); fleeing enemies never do',
    'march-block-unit-strength':
      'only enemies of Unit Strength 5 or more block a march (classic/variants §march-blocking)',
    'march-test':
      "no Leadership test lets a blocked unit march: 8th's march test is not played, the seed's rule is " +
      '(classic/variants §march-blocking)',
    reform: 'a reform is the whole move: the unit does not move otherwise',
    'who-may-move': 'a unit that is fleeing or engaged in close combat makes no move of its own',
    once: 'a unit makes one move a turn; a unit that declared a charge moves by its charge',
  },
  enforcement: 'enforced',
})
