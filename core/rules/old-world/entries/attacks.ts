import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const attacks = defineEntry({
  id: 'attacks',
  name: 'Attacks',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:the-combat-phase/how-many-attacks',
  text:
    'Models of the fighting rank in base contact with the enemy make their full Attacks; the players say how many are ' +
    'in contact. Supporting attacks come only from weapons or rules that grant them.',
  clauses: {
    count: 'each model in base contact makes its Attacks characteristic in attacks',
    'fighting-models': 'the players say how many models fight; no more than the unit has',
  },
  enforcement: 'enforced',
})
