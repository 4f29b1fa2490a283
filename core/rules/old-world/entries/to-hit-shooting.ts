import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const toHitShooting = defineEntry({
  id: 'to-hit-shooting',
  name: 'To hit with shooting',
  kind: 'core',
  source: `${CORE} B.4`,
  anchor: 'tow:the-shooting-phase/roll-to-hit-shooting',
  text: 'BS 1 hits on 6+, BS 2 on 5+, BS 3 on 4+, BS 4 on 3+, BS 5 on 2+; a natural 1 always misses.',
  clauses: {
    chart: 'the score to hit is 7 - BS',
    'natural-1': 'a natural 1 always misses',
  },
  enforcement: 'enforced',
})
