import { defineEntry } from '../../../engine/catalogue.js'
import { hatredReRoll } from '../../battle/common-effects.js'
import { seedLines } from './sources.js'

/** Hatred (X), seed 001: re-roll failed to-hit rolls against hated foes in the first round of combat. */
export const hatred = defineEntry({
  id: 'hatred',
  name: 'Hatred',
  kind: 'special-rule',
  source: seedLines(75, 78),
  anchor: 'tow:special-rules/hatred',
  text:
    'Timing: first round of combat. Select: failed rolls To Hit versus a hatred enemy. Result: re-roll them (optional). ' +
    "hated foes appear in brackets next to the name; 'all enemies' covers every enemy model",
  params: { enemies: 'all' },
  clauses: {
    enemies:
      "the hated foes are the list's `enemies`: race slugs, comma-separated, or `all` for 'all enemies' (the default)",
    're-roll':
      'in the first round of a combat, failed to-hit rolls against a hated enemy are re-rolled (optional: a re-roll of ' +
      'a miss can only help, so the engine takes it)',
  },
  enforcement: 'enforced',
  effects: [hatredReRoll],
})
