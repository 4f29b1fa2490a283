import { defineEntry } from '../../../engine/catalogue.js'
import { hates } from '../../classic/entries/hatred.js'
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
  effects: [
    {
      at: 're-roll',
      clause: 're-roll',
      label: 'Hatred',
      kind: 'reroll',
      when: (q, held) => {
        if (q.roll !== 'to-hit' || q.combat === null) return null
        const hated = hates(held, q.opponent)
        if (hated !== true) return hated
        if (q.combat.round !== 1) return `only in the first round of combat: this is round ${q.combat.round}`
        return true
      },
      value: 'failed',
      describe: (_q, held) => `Hatred (${held.params.enemies === 'all' ? 'all enemies' : held.params.enemies})`,
    },
  ],
})
