import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const noLeader = defineEntry({
  id: 'no-leader',
  name: 'No Leader',
  kind: 'special-rule',
  source: SEED,
  text:
    'This model may never be the army general. Also units cannot use this models Ld for Ld-tests and ' +
    'this model does not allow a unit to rally below 25%.',
  clauses: {
    general: 'this model may never be the army general',
    leadership: "units cannot use this model's Ld for Ld tests",
    rally: 'this model does not count towards the 25% a unit needs to rally (classic/variants §rally-below-quarter)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'permission',
      clause: 'general',
      label: 'No Leader: never the general',
      kind: 'set',
      when: (q) => (q.action === 'lead-army' ? true : null),
      value: 'forbidden',
    },
    {
      at: 'permission',
      clause: 'leadership',
      label: "No Leader: units cannot use this model's Ld",
      kind: 'set',
      when: (q) => (q.action === 'lend-leadership' ? true : null),
      value: 'forbidden',
    },
    {
      at: 'permission',
      clause: 'rally',
      label: 'No Leader: does not help a unit rally below 25%',
      kind: 'set',
      when: (q) => (q.action === 'count-for-rally' ? true : null),
      value: 'forbidden',
    },
  ],
})
