import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/**
 * "Even if its US is lower than 5" reads the 7th-edition convention into the seed: only enemies of
 * Unit Strength 5 or more block a march (classic/movement §march-block-unit-strength). This entry
 * lifts that limit for its unit. In classic-8th every enemy blocks already, so it changes nothing
 * there and says so.
 */
export const marchBlocker = defineEntry({
  id: 'march-blocker',
  name: 'March Blocker',
  kind: 'special-rule',
  source: SEED,
  text: 'This unit can march block even if its US is lower than 5.',
  clauses: { blocks: 'the unit blocks enemy marches within 8 inches even with a Unit Strength below 5' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'movement',
      clause: 'blocks',
      label: 'March Blocker',
      kind: 'set',
      value: 1,
      when: (query, held) => {
        if (query.move !== 'march-block') return null
        return held.decision('march-blocking') === 'unit-strength-5-blocks'
          ? true
          : 'every enemy within 8" calls for a march test in classic-8th (classic/variants §march-blocking)'
      },
    },
  ],
})
