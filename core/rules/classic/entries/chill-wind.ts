import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const chillWind = defineEntry({
  id: 'chill-wind',
  name: 'Chill Wind',
  kind: 'spell',
  source: SEED,
  text: '(6+) MM, Range 24", D6 S4 hits, target unit suffers -1BS until casters next magic phase',
  params: { castingValue: 6, range: 24, type: 'magic-missile', strength: 4 },
  clauses: {
    'casting-value': 'casting value 6+',
    range: 'a magic missile with a range of 24"',
    hits: 'the target suffers D6 Strength 4 hits',
    'ballistic-skill': "the target unit has -1 BS until the caster's next magic phase",
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'ballistic-skill',
      label: 'Chill Wind',
      kind: 'add',
      when: (q) => (q.characteristic === 'BS' ? true : null),
      value: -1,
    },
  ],
})
