import { defineEntry } from '../../../engine/catalogue.js'
import { STRIKE_TIER } from '../../battle/strike-tier.js'
import { fightsWith } from '../weapon-choice.js'
import { CORE } from './sources.js'

const hasAsf = (rules: readonly { id: string }[]) => rules.some((rule) => rule.id === 'always-strikes-first')

/** Generic gear the seed does not list; from core mechanics (A.5, 8th-edition reference). */
export const greatWeapon = defineEntry({
  id: 'great-weapon',
  name: 'Great weapon',
  kind: 'weapon',
  source: `${CORE} A.5`,
  text: 'Great weapon: +2 Strength in close combat, strikes last; needs both hands (core mechanics, not the seed).',
  params: { twoHanded: true },
  clauses: {
    strength: '+2 Strength to the wielder in close combat',
    'strikes-last':
      'strikes after every unit that does not strike last, even on the charge; with Always Strikes First the two ' +
      'cancel and it strikes in Initiative order (classic/variants §strikes-last)',
    'two-handed': 'two-handed: it cannot be used together with a shield (classic/two-handed)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: 'great weapon',
      kind: 'add',
      when: (q) => (q.characteristic === 'S' ? fightsWith(q.subject, q.combat, 'great-weapon') : null),
      value: 2,
    },
    {
      at: 'strike-order',
      clause: 'strikes-last',
      label: 'great weapon: strikes last',
      kind: 'cap',
      when: (q) => {
        const using = fightsWith(q.subject, q.combat, 'great-weapon')
        if (using !== true) return using
        return hasAsf(q.subject.rules) ? null : true
      },
      value: STRIKE_TIER.last,
    },
    {
      at: 'strike-order',
      clause: 'strikes-last',
      label: 'great weapon and Always Strikes First cancel: Initiative order',
      kind: 'cap',
      when: (q) => (fightsWith(q.subject, q.combat, 'great-weapon') === true && hasAsf(q.subject.rules) ? true : null),
      value: STRIKE_TIER.initiative,
    },
  ],
})
