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
      'Magic Resistance 1: classic, 1 extra dispel die against spells cast on the bearer or the unit it has joined; ' +
      'classic-8th, a 6+ ward save against spells (classic/variants §magic-resistance)',
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
      when: (_q, held) => (held.decision('magic-resistance') === 'extra-dispel-dice' ? true : null),
      value: (_q, held) => Number(held.params.mr),
    },
    {
      at: 'ward-save',
      clause: 'magic-resistance',
      label: 'Crown of Black Iron (MR 1: a ward against spells, classic/variants §magic-resistance)',
      kind: 'set',
      joined: true,
      when: (q, held) =>
        held.decision('magic-resistance') === 'ward-vs-spells'
          ? q.attack === 'spell'
            ? true
            : 'only against spells'
          : null,
      value: (_q, held) => 7 - Number(held.params.mr),
    },
  ],
})
