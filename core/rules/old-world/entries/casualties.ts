import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const casualties = defineEntry({
  id: 'casualties',
  name: 'Removing casualties',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:removing-casualties/multiple-wound-models',
  text:
    'Wounds fill one model before the next: a multi-wound model loses all its Wounds before another takes one. ' +
    'Models slain before their Initiative step do not strike.',
  clauses: {
    'fill-up': 'wounds are taken one model at a time; a wounded model takes the next wound, and none spills over',
    'slain-do-not-strike': 'a model slain before its Initiative step does not strike',
  },
  enforcement: 'enforced',
})
