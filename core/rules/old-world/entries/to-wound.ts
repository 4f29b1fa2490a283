import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const toWound = defineEntry({
  id: 'to-wound',
  name: 'To wound',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:the-combat-phase/roll-to-wound-combat',
  text:
    "Compare the hit's Strength with the target's Toughness: S 2 or more above T wounds on 2+, 1 above on 3+, equal on " +
    '4+, 1 below on 5+, 2 to 5 below on 6+; 6 or more below cannot wound. A natural 1 always fails.',
  clauses: {
    chart: 'S - T >= 2: 2+; 1: 3+; 0: 4+; -1: 5+; -2 to -5: 6+',
    'cannot-wound': 'a hit whose Strength is 6 or more below the Toughness cannot wound',
    'natural-1': 'a natural 1 always fails to wound',
  },
  enforcement: 'enforced',
})
