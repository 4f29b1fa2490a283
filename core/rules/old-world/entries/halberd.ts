import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
import { CORE } from './sources.js'

export const halberd = defineEntry({
  id: 'halberd',
  name: 'Halberd',
  kind: 'weapon',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/halberd',
  text: 'Combat, S+1, AP -1 (-2 against enemy models the wielder charged this turn); Requires Two Hands.',
  params: { twoHanded: true },
  clauses: {
    strength: "S+1: the wielder's Strength +1",
    'armour-piercing': 'AP -1: the armour save against its wounds is 1 worse',
    charged: 'AP -2 instead against the enemy the wielder charged this turn',
    'two-hands': 'Requires Two Hands: no shield while it is used (old-world/shield §two-hands)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: 'halberd S+1',
      kind: 'add',
      when: (q) => (q.characteristic === 'S' ? fightsWith(q.subject, q.combat, 'halberd') : null),
      value: 1,
    },
    {
      at: 'armour-piercing',
      clause: 'armour-piercing',
      label: 'halberd AP -1',
      kind: 'add',
      holder: 'opponent',
      when: (q) => {
        const using = fightsWith(q.opponent, q.combat, 'halberd')
        return using === true && q.combat?.charging ? null : using
      },
      value: 1,
    },
    {
      at: 'armour-piercing',
      clause: 'charged',
      label: 'halberd AP -2 against the enemy it charged',
      kind: 'add',
      holder: 'opponent',
      when: (q) => (fightsWith(q.opponent, q.combat, 'halberd') === true && q.combat?.charging ? true : null),
      value: 2,
    },
  ],
})
