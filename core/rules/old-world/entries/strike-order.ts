import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const strikeOrder = defineEntry({
  id: 'strike-order',
  name: 'Order of strikes',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:the-combat-phase/simultaneous-combat',
  text:
    'Models strike in Initiative order, highest first; models with the same Initiative strike at the same time, so ' +
    'casualties they cause do not stop each other striking. Stomp Attacks come after every other attack.',
  clauses: {
    initiative: 'models strike in descending order of Initiative',
    simultaneous: 'models with the same Initiative strike at the same time',
  },
  enforcement: 'enforced',
})
