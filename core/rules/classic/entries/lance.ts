import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
import { SEED } from './sources.js'

export const lance = defineEntry({
  id: 'lance',
  name: 'Lance',
  kind: 'weapon',
  source: SEED,
  text: '+2S in first round of combat and charging',
  clauses: {
    charge: '+2 Strength in the first round of a combat the wielder charged into; nothing otherwise',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'charge',
      label: 'lance on the charge',
      kind: 'add',
      when: (q) => {
        if (q.characteristic !== 'S') return null
        const using = fightsWith(q.subject, q.combat, 'lance')
        if (using !== true || q.combat === null) return using
        if (!q.combat.charged) return 'only in the first round of a combat it charged into: it did not charge'
        if (!q.combat.charging) return `only in the first round of the charge: this is round ${q.combat.round}`
        return true
      },
      value: 2,
    },
  ],
})
