import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const heavyCavalry = defineEntry({
  id: 'heavy-cavalry',
  name: 'Heavy Cavalry',
  kind: 'special-rule',
  source: SEED,
  text:
    '- When this unit makes a march movement, it may move only up to 1.5-times its movement allowance (M). - For ' +
    'fleeing and pursuit/overrun moves this unit counts as having M6 or less.',
  clauses: {
    march: 'a march is at most 1.5 x M',
    'flee-pursuit':
      'counts as M6 or less for fleeing and pursuit: 2D6, not 3D6 (classic/variants §flee-dice, every variant)',
  },
  params: { march: 1.5, fleeMove: 6 },
  enforcement: 'enforced',
  effects: [
    {
      at: 'movement',
      clause: 'march',
      label: 'Heavy Cavalry marches 1.5 x M',
      kind: 'set',
      value: (_q, held) => Number(held.params.march),
      when: (query) => (query.move === 'march' ? true : null),
    },
    {
      at: 'movement',
      clause: 'flee-pursuit',
      label: 'Heavy Cavalry counts as M6 or less',
      kind: 'cap',
      value: (_q, held) => Number(held.params.fleeMove),
      when: (query) => (query.move === 'flee' || query.move === 'pursuit' ? true : null),
    },
  ],
})
