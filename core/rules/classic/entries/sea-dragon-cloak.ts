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
    ranged:
      '+2 to the armour save against ranged attacks (shots and breath weapons), not against spells: the seed keeps ' +
      'the two apart ("ranged attacks and spells", Shroud of Darkness; Champion)',
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
      // A ranged attack is a shot made outside any combat; a spell is not one (seed 000 Shroud of Darkness: "vs ranged
      // attacks and spells"; Champion: "for ranged attacks" beside "for spells").
      when: (q) => {
        if (q.combat !== null) return null
        return q.attack === 'spell' ? 'a spell is no ranged attack: the cloak names only ranged attacks' : true
      },
      value: -2,
    },
  ],
})
