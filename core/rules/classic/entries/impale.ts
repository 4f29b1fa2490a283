import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const impale = defineEntry({
  id: 'impale',
  name: 'Impale',
  kind: 'special-rule',
  source: SEED,
  text: 'The model gains +1S when charging.',
  clauses: { charging: '+1 Strength in the first round of a combat the model charged into' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'charging',
      label: 'Impale: charging',
      kind: 'add',
      when: (q) => {
        if (q.characteristic !== 'S' || q.combat === null) return null
        if (!q.combat.charged) return 'it did not charge into this combat'
        if (!q.combat.charging) return `only when charging: this is round ${q.combat.round}`
        return true
      },
      value: 1,
    },
  ],
})
