import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const seaDragonCloak = defineEntry({
  id: 'sea-dragon-cloak',
  name: 'Sea Dragon Cloak',
  kind: 'armour',
  source: SEED,
  text: 'The model gets +1AS vs CC attacks and +2AS vs ranged attacks.',
  clauses: {
    'close-combat': '+1 to the armour save against close-combat attacks',
    ranged: '+2 to the armour save against ranged attacks (any attack made outside a combat)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'close-combat',
      label: 'Sea Dragon Cloak: close combat',
      kind: 'add',
      when: (q) => (q.combat !== null ? true : null),
      value: -1,
    },
    {
      at: 'armour-save',
      clause: 'ranged',
      label: 'Sea Dragon Cloak: ranged attack',
      kind: 'add',
      // A ranged attack is one made outside any combat (a shot, a spell's hits): its `combat` is null.
      when: (q) => (q.combat === null ? true : null),
      value: -2,
    },
  ],
})
