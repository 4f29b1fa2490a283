import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
import { SEED } from './sources.js'

export const draich = defineEntry({
  id: 'draich',
  name: 'Draich',
  kind: 'weapon',
  source: SEED,
  text: 'Two-handed weapon, +2S',
  params: { twoHanded: true },
  clauses: {
    strength: '+2 Strength to the wielder in close combat',
    'two-handed': 'two-handed: it cannot be used together with a shield (classic/two-handed)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: 'draich',
      kind: 'add',
      when: (q) => (q.characteristic === 'S' ? fightsWith(q.subject, q.combat, 'draich') : null),
      value: 2,
    },
  ],
})
