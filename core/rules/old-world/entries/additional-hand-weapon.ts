import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
import { CORE } from './sources.js'

export const additionalHandWeapon = defineEntry({
  id: 'additional-hand-weapon',
  name: 'Additional hand weapon',
  kind: 'weapon',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/two-hand-weapons-additional-hand-weapon',
  text: "Combat, S as the wielder's, AP -; Extra Attacks (+1), Requires Two Hands.",
  params: { twoHanded: true },
  clauses: {
    attacks: 'Extra Attacks (+1): +1 Attack to each model fighting with it',
    'two-hands': 'Requires Two Hands: no shield while it is used (old-world/shield §two-hands)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'attacks',
      label: 'additional hand weapon +1 A',
      kind: 'add',
      when: (q) => (q.characteristic === 'A' ? fightsWith(q.subject, q.combat, 'additional-hand-weapon') : null),
      value: 1,
    },
  ],
})
