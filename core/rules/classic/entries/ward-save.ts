import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const wardSave = defineEntry({
  id: 'ward-save',
  name: 'Ward save',
  kind: 'core',
  source: `${CORE} A.5`,
  anchor: '8e:shooting/ward-saves',
  text:
    'A ward save is taken after a failed or impossible armour save; only the best single ward counts; ' +
    'Strength never modifies it.',
  clauses: {
    'after-armour': 'rolled for each wound the armour save did not stop',
    'best-single': 'a model with several wards uses the best one only',
    unmodified: 'Strength never modifies a ward save',
    'natural-1': 'a natural 1 always fails',
  },
  enforcement: 'enforced',
})
