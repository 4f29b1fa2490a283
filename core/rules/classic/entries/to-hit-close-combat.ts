import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const toHitCloseCombat = defineEntry({
  id: 'to-hit-close-combat',
  name: 'To hit in close combat',
  kind: 'core',
  source: `${CORE} A.5`,
  anchor: '8e:close-combat/roll-to-hit-close-combat',
  text:
    "Compare the attacker's WS with the target's: higher needs 3+, more than double the attacker's WS " +
    'against it needs 5+, otherwise 4+.',
  clauses: {
    chart: 'WS higher than the target: 3+; target WS more than twice the attacker: 5+; otherwise 4+',
    'natural-6': 'a natural 6 always hits',
    'natural-1': 'a natural 1 always misses',
  },
  enforcement: 'enforced',
})
