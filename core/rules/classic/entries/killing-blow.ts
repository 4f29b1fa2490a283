import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const killingBlow = defineEntry({
  id: 'killing-blow',
  name: 'Killing Blow',
  kind: 'special-rule',
  source: SEED,
  text: 'To-wound rolls of a natural 6 ignore armour saves. Has no effect on to-wound rolls of 7+.',
  clauses: {
    'natural-6': 'each wound scored with a natural 6 to wound allows no armour save (a ward save still may be taken)',
    'seven-plus': 'no effect when the to-wound roll needed more than 6 (classic/variants §killing-blow-seven-plus)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'natural-6',
      clause: 'natural-6',
      label: 'Killing Blow: no armour save',
      kind: 'set',
      when: (q) => {
        if (q.roll !== 'to-wound') return null
        if (q.need !== undefined && q.need > 6)
          return `the roll needed ${q.need}+: no effect on to-wound rolls of 7+ (classic/variants §killing-blow-seven-plus)`
        return true
      },
      value: 'ignores-armour',
    },
  ],
})
