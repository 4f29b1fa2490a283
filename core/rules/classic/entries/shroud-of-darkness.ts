import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const shroudOfDarkness = defineEntry({
  id: 'shroud-of-darkness',
  name: 'Shroud of Darkness',
  kind: 'spell',
  source: SEED,
  text:
    'Augment, Range 18", 5+ Ward Save vs ranged attacks and spells until the casters next magic phase. ' +
    'Has no effect on character models.',
  params: { castingValue: 3, range: 18, type: 'augment', ward: 5 },
  clauses: {
    'casting-value': 'casting value 3 (the heading\'s "3/5+", classic/variants §shroud-casting-value)',
    range: 'an augment with a range of 18"',
    ward: "the target has a 5+ ward save against ranged attacks and spells until the caster's next magic phase",
    characters: 'no effect on character models',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'ward-save',
      clause: 'ward',
      label: 'Shroud of Darkness',
      kind: 'set',
      when: (q, held) => {
        if (held.unit.character) return 'no effect on character models'
        return q.attack === 'shooting' || q.attack === 'spell' ? true : 'only against ranged attacks and spells'
      },
      value: (_q, held) => Number(held.params.ward),
    },
  ],
})
