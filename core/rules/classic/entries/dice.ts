import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const dice = defineEntry({
  id: 'dice',
  name: 'Dice',
  kind: 'core',
  source: `${CORE} A.1`,
  text: 'Characteristics run 1-10; a re-rolled die is never re-rolled again.',
  clauses: {
    'characteristic-range': 'a characteristic is never below 0 nor above 10',
    're-roll-once': 'a re-rolled die is never re-rolled again',
  },
  enforcement: 'enforced',
})
