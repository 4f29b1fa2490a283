import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const toWound = defineEntry({
  id: 'to-wound',
  name: 'To wound',
  kind: 'core',
  source: `${CORE} A.5, A.10`,
  anchor: '7e:close-combat/wounding-the-enemy',
  text: 'Compare Strength with Toughness: S >= T+2 2+, T+1 3+, equal 4+, T-1 5+, lower 6+; a natural 1 always fails.',
  clauses: {
    chart: 'S >= T+2: 2+; S = T+1: 3+; S = T: 4+; S = T-1: 5+; S <= T-2: 6+',
    'cannot-wound': '"N": where the variant says so, T - S >= 4 cannot wound',
    'natural-1': 'a natural 1 always fails to wound',
  },
  enforcement: 'enforced',
})
