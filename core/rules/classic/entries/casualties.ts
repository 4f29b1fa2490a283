import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const casualties = defineEntry({
  id: 'casualties',
  name: 'Removing casualties',
  kind: 'core',
  source: `${CORE} A.5`,
  anchor: '8e:close-combat/wounds-inflicted',
  text: 'Unsaved wounds are taken by one model until it is slain, then the next; slain models are removed.',
  clauses: {
    'fill-up': 'a multi-wound model loses all its Wounds before the next model takes any',
    'slain-do-not-strike':
      'models slain before their Initiative step do not strike: the models in contact drop by the models lost',
  },
  enforcement: 'enforced',
})
