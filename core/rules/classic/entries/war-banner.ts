import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const warBanner = defineEntry({
  id: 'war-banner',
  name: 'War Banner',
  kind: 'banner',
  source: SEED,
  text: '+1CR',
  clauses: { 'combat-result': "+1 to the combat result of the banner's side" },
  enforcement: 'enforced',
  effects: [
    {
      at: 'combat-result',
      clause: 'combat-result',
      label: 'War Banner',
      kind: 'add',
      when: (q, held) => (q.stage === 'score' && held.unit.models > 0 ? true : null),
      value: 1,
      describe: (_q, held) => `War Banner of ${held.unit.name}`,
    },
  ],
})
