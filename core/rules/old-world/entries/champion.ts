import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const champion = defineEntry({
  id: 'champion',
  name: 'Champions',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:command-groups/champions',
  text:
    "A unit's champion fights with its own profile; only attacks directed at it can wound it, and it may issue and " +
    'accept challenges.',
  clauses: {
    'stat-line': 'the champion fights with its own stat line instead of the rank and file one',
    'attacked-separately': 'in close combat only attacks directed at the champion can wound it',
    'excess-wasted': 'wounds beyond what it has left are wasted, unless it fights in a challenge',
    challenges: 'it may issue, accept and refuse challenges like a character',
    'wounds-recorded': "a multi-wound champion's wounds are recorded on their own",
  },
  enforcement: 'enforced',
})
