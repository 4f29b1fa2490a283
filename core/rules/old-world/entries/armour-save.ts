import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const armourSave = defineEntry({
  id: 'armour-save',
  name: 'Armour value and armour saves',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/armour-value',
  text:
    "A model's armour value comes from its armour and natural armour (light 6+, heavy 5+, full plate 4+; a shield or " +
    "barding improves it by 1); an unarmoured model counts as 7+. Saves are modified only by the weapon's Armour " +
    'Piercing. A natural 1 always fails.',
  clauses: {
    armour: 'the armour worn sets the armour value; a shield or barding improves it by 1',
    unarmoured: 'a model with no armour counts as 7+, so that a shield or barding still gives it 6+',
    'armour-piercing': "each point of the weapon's Armour Piercing worsens the save by 1; Strength does not",
    'no-save': 'a save that needs more than 6 cannot be taken',
    'natural-1': 'a natural 1 always fails, however good the save',
  },
  enforcement: 'enforced',
})
