import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const turnSequence = defineEntry({
  id: 'turn-sequence',
  name: 'Turn sequence',
  kind: 'core',
  source: `${CORE} B.1`,
  anchor: 'tow:the-turn-sequence/the-turn-sequence',
  text:
    'A player turn has four phases, in order: Strategy (start of turn, command, conjuration, rally), Movement, ' +
    'Shooting and Combat. In the Combat phase each combat is fought once.',
  clauses: {
    phases: 'strategy, movement, shooting, combat (Arbiter names the Combat phase close-combat), in that order',
    'close-combat': 'close-combat attacks are made in the Combat phase, where each combat is fought once',
  },
  enforcement: 'enforced',
})
