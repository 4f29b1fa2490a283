import { defineEntry } from '../../../engine/catalogue.js'
import { seedLines } from './sources.js'

/**
 * Move Through Cover, "the terrain rule" (seed 001). Enforced where the move declares its terrain
 * (MoveDeclared's `terrain`): at the `movement` point it sets the terrain's Movement modifier to 0, and
 * re-rolls the 1s of its Dangerous Terrain tests (always worth taking: a re-roll cannot do worse than a 1).
 */
export const moveThroughCover = defineEntry({
  id: 'move-through-cover',
  name: 'Move Through Cover',
  kind: 'special-rule',
  source: seedLines(6, 9),
  anchor: 'tow:special-rules/move-through-cover',
  text:
    'Timing: terrain crossing that is difficult or dangerous, and Dangerous Terrain tests. Result: bearers take no ' +
    'Movement characteristic modifier from that terrain. Dangerous Terrain tests: a bearer may re-roll each 1 (optional).',
  clauses: {
    movement: 'crossing difficult or dangerous terrain, the bearer takes no Movement characteristic modifier from it',
    'dangerous-terrain': 'the bearer may re-roll each 1 on its Dangerous Terrain tests',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'movement',
      clause: 'movement',
      label: 'Move Through Cover: no Movement modifier from the terrain',
      kind: 'set',
      value: 0,
      when: (q) => (q.move === 'terrain' ? true : null),
    },
    {
      at: 'movement',
      clause: 'dangerous-terrain',
      label: 'Move Through Cover',
      kind: 'reroll',
      value: 'failed',
      when: (q) => (q.move === 'dangerous-terrain' ? true : null),
    },
  ],
})
