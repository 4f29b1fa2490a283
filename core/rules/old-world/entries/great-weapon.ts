import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
import { CORE } from './sources.js'

export const greatWeapon = defineEntry({
  id: 'great-weapon',
  name: 'Great weapon',
  kind: 'weapon',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/great-weapon',
  text: 'Combat, S+2, AP -2; Armour Bane (1), Requires Two Hands, Strike Last.',
  // Read by old-world/armour-bane, old-world/strike-last and the shield (old-world/weapons.ts).
  params: { twoHanded: true, armourBane: 1, strikeLast: true },
  clauses: {
    strength: "S+2: the wielder's Strength +2",
    'armour-piercing': 'AP -2: the armour save against its wounds is 2 worse',
    'armour-bane': 'Armour Bane (1) (old-world/armour-bane)',
    'two-hands': 'Requires Two Hands: no shield while it is used (old-world/shield §two-hands)',
    'strike-last': 'Strike Last (old-world/strike-last)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: 'great weapon S+2',
      kind: 'add',
      when: (q) => (q.characteristic === 'S' ? fightsWith(q.subject, q.combat, 'great-weapon') : null),
      value: 2,
    },
    {
      at: 'armour-piercing',
      clause: 'armour-piercing',
      label: 'great weapon AP -2',
      kind: 'add',
      holder: 'opponent',
      when: (q) => fightsWith(q.opponent, q.combat, 'great-weapon'),
      value: 2,
    },
  ],
})
