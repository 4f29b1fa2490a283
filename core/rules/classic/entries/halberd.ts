import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
import { CORE } from './sources.js'

/** Generic gear the seed does not list; from core mechanics (A.5, 8th-edition reference). */
export const halberd = defineEntry({
  id: 'halberd',
  name: 'Halberd',
  kind: 'weapon',
  source: `${CORE} A.5`,
  text: 'Halberd: +1 Strength in close combat; needs both hands (core mechanics, not the seed).',
  params: { twoHanded: true },
  clauses: {
    strength: '+1 Strength to the wielder in close combat',
    'two-handed': 'two-handed: it cannot be used together with a shield (classic/two-handed)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: 'halberd',
      kind: 'add',
      when: (q) => (q.characteristic === 'S' ? fightsWith(q.subject, q.combat, 'halberd') : null),
      value: 1,
    },
  ],
})
