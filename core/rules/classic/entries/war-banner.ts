import { defineEntry } from '../../../engine/catalogue.js'
import { bannerStands } from './hydra-banner.js'
import { SEED } from './sources.js'

export const warBanner = defineEntry({
  id: 'war-banner',
  name: 'War Banner',
  kind: 'banner',
  source: SEED,
  text: '+1CR',
  clauses: {
    'combat-result': "+1 to the combat result of the banner's side",
    'lost-with-standard':
      'the banner is borne by the standard bearer: a unit that breaks from combat and loses its standard loses the ' +
      'banner with it (classic/variants §magic-banner-lost)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'combat-result',
      clause: 'combat-result',
      label: 'War Banner',
      kind: 'add',
      when: (q, held) => {
        if (q.stage !== 'score' || held.unit.models === 0) return null
        return bannerStands(held.unit)
      },
      value: 1,
      describe: (_q, held) => `War Banner of ${held.unit.name}`,
    },
  ],
})
