import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/**
 * "Even if its US is lower than 5" reads the 7th-edition convention into the seed: only enemies of
 * Unit Strength 5 or more block a march (classic/movement §march-block-unit-strength), in every variant
 * (classic/variants §march-blocking). This entry lifts that limit for its unit.
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
      when: (query) => (query.move === 'march-block' ? true : null),
    },
  ],
})
