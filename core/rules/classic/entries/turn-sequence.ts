import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const turnSequence = defineEntry({
  id: 'turn-sequence',
  name: 'Turn sequence',
  kind: 'core',
  source: `${CORE} A.1`,
  anchor: '8e:movement/movement-phase-summary',
  text: 'A player turn is Movement, Magic, Shooting, then Close Combat.',
  clauses: {
    phases: 'movement, magic, shooting, close-combat, in that order',
    'close-combat': 'close-combat attacks are made in the Close Combat phase, where each combat fights one round',
  },
  enforcement: 'enforced',
})
