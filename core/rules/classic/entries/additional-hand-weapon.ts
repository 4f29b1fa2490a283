import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
import { SEED } from './sources.js'

export const additionalHandWeapon = defineEntry({
  id: 'additional-hand-weapon',
  name: 'Additional hand weapon',
  kind: 'weapon',
  source: SEED,
  text: 'S like wielder, +1A, Two-handed',
  params: { twoHanded: true },
  clauses: {
    strength: "strikes with the wielder's own Strength",
    attacks: '+1 Attack to each model fighting with it',
    'two-handed': 'two-handed: it cannot be used together with a shield (classic/two-handed)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'attacks',
      label: 'additional hand weapon',
      kind: 'add',
      when: (q) => (q.characteristic === 'A' ? fightsWith(q.subject, q.combat, 'additional-hand-weapon') : null),
      value: 1,
    },
  ],
})
