import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const wardSave = defineEntry({
  id: 'ward-save',
  name: 'Ward save',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:the-shooting-phase/ward-saves',
  text:
    'A ward save is taken after a failed or impossible armour save. A model with several takes its best one only; ' +
    'ward saves are never modified by Armour Piercing. A natural 1 always fails.',
  clauses: {
    'after-armour': 'rolled for each wound the armour save did not stop',
    'best-single': 'only the best ward save is taken; ward saves never combine',
    'natural-1': 'a natural 1 always fails',
  },
  enforcement: 'enforced',
})
