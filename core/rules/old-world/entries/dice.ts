import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const dice = defineEntry({
  id: 'dice',
  name: 'Dice and characteristics',
  kind: 'core',
  source: `${CORE} B.1`,
  anchor: 'tow:general-principles/re-rolls',
  text:
    'Characteristics run from 0 to 10. A dice roll is re-rolled at most once, and the second result stands; a roll of ' +
    'several dice is re-rolled whole.',
  clauses: {
    'characteristic-range': 'characteristics stay between 0 and 10 whatever modifies them',
    're-roll-once': 'a die is never re-rolled more than once; the second result must be accepted',
  },
  enforcement: 'enforced',
})
