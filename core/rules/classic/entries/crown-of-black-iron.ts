import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const crownOfBlackIron = defineEntry({
  id: 'crown-of-black-iron',
  name: 'Crown of Black Iron',
  kind: 'item',
  source: SEED,
  text: '5+ Ward Save, MR 1',
  params: { ward: 5, mr: 1 },
  clauses: {
    ward: 'the bearer has a 5+ ward save',
    'magic-resistance':
      'Magic Resistance 1: 1 extra dispel die against spells cast on the bearer or the unit it has joined, in every ' +
      'variant (classic/variants §magic-resistance)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'ward-save',
      clause: 'ward',
      label: 'Crown of Black Iron',
      kind: 'set',
      value: (_q, held) => Number(held.params.ward),
    },
    {
      at: 'dispel-dice',
      clause: 'magic-resistance',
      label: 'Crown of Black Iron (MR 1)',
      kind: 'add',
      joined: true,
      value: (_q, held) => Number(held.params.mr),
    },
  ],
})
