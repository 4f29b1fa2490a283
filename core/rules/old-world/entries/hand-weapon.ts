import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
import { CORE } from './sources.js'

export const handWeapon = defineEntry({
  id: 'hand-weapon',
  name: 'Hand weapon',
  kind: 'weapon',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/hand-weapon',
  text: "S as the wielder's, AP -: every model has one.",
  clauses: {
    strength: "strikes with the wielder's own Strength",
    'armour-piercing': 'no Armour Piercing (AP -)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: "hand weapon: the wielder's Strength",
      kind: 'add',
      when: (q) => (q.characteristic === 'S' ? (fightsWith(q.subject, q.combat, 'hand-weapon') ?? true) : null),
      value: 0,
    },
  ],
})
