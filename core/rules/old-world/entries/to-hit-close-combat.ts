import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const toHitCloseCombat = defineEntry({
  id: 'to-hit-close-combat',
  name: 'To hit in combat',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:the-combat-phase/roll-to-hit-combat',
  text:
    "Compare the attacker's WS with the target's: more than double needs 2+, higher needs 3+, otherwise 4+, and a " +
    'target with more than double the WS needs 5+. A natural 1 always misses and a natural 6 always hits.',
  clauses: {
    chart:
      "WS more than twice the target's: 2+; higher: 3+; not higher: 4+; the target's more than twice the attacker's: 5+",
    'natural-1': 'a natural 1 always misses',
    'natural-6': 'a natural 6 always hits',
  },
  enforcement: 'enforced',
})
