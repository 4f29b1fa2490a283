import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/** The ranks of a unit, from its frontage; with none given, each model may stand in a rank of its own. */
const depthOf = (unit: { readonly models: number; readonly files: number | null }) =>
  unit.files ? Math.ceil(unit.models / unit.files) : unit.models

/**
 * Line of sight over models that are not Large Targets is the table's to judge (the players say
 * which models shoot); every rank firing at it and the +1 to hit are the engine's, in every variant (the seed's
 * words win: core-mechanics, precedence 1).
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
    'all-models': 'every model of a unit in range and line of sight may shoot at a Large Target: every rank fires',
    'to-hit': 'templates and models shooting at a Large Target gain +1 to hit',
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
      when: (q) => (q.shot ? true : null),
      value: -1,
      describe: (q) => `Large Target: shooting at ${q.opponent.name}`,
    },
    {
      // Held by the target: whoever shoots at it fires with every rank (the unit's depth bounds the count).
      at: 'firing-ranks',
      clause: 'all-models',
      label: 'shooting at a Large Target: every rank fires',
      kind: 'set',
      holder: 'opponent',
      value: (q) => depthOf(q.subject),
      describe: (q) => `shooting at ${q.opponent.name}, a Large Target: every rank of ${q.subject.name} fires`,
    },
  ],
})
