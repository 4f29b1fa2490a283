import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/**
 * Line of sight over models that are not Large Targets is the table's to judge (the players say
 * which models shoot); the +1 to hit is the engine's.
 */
export const largeTarget = defineEntry({
  id: 'large-target',
  name: 'Large Target',
  kind: 'special-rule',
  source: SEED,
  text:
    'The model can draw LOS over intervening models that are not Large Targets themselves. Also other models can ' +
    'draw LOS to Large Targets over intervening models that are not Large Targets, even over models in their own ' +
    'unit. This allows all models in a unit to shoot at Large Targets if they are in range and have LOS. In addition ' +
    'Templates as well as models shooting at Large Targets gain +1 to their to-hit rolls.',
  clauses: {
    'line-of-sight':
      'line of sight to and from a Large Target passes over models that are not Large Targets (the table judges it)',
    'all-models': 'every model of a unit in range and line of sight may shoot at a Large Target',
    'to-hit': 'templates and models shooting at a Large Target gain +1 to hit (classic/variants §large-target-to-hit)',
  },
  enforcement: 'enforced',
  effects: [
    {
      // Held by the target: it helps whoever shoots at it.
      at: 'to-hit',
      clause: 'to-hit',
      label: 'Large Target',
      kind: 'add',
      holder: 'opponent',
      when: (q, held) => {
        if (!q.shot) return null
        return held.decision('large-target-to-hit') === 'plus-one'
          ? true
          : '8th gives no bonus to hit a Large Target (classic/variants §large-target-to-hit)'
      },
      value: -1,
      describe: (q) => `Large Target: shooting at ${q.opponent.name}`,
    },
  ],
})
