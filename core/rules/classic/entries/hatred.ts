import { defineEntry } from '../../../engine/catalogue.js'
import { hates, hatredReRoll } from '../../battle/common-effects.js'
import { SEED } from './sources.js'

export const hatred = defineEntry({
  id: 'hatred',
  name: 'Hatred',
  kind: 'special-rule',
  source: SEED,
  text:
    '- 1. Models that fight against (enemies) X in close combat re-roll failed To Hit rolls in the first round of ' +
    'each combat against these enemies. - 2. Unit has to pursue fleeing (enemies) X from cc and has to overrun.',
  params: { enemies: 'all' },
  clauses: {
    enemies:
      "X, the enemies hated, is the list's `enemies`: race slugs, or `all` when it names none " +
      '(classic/variants §hatred-enemies)',
    're-roll': 'against hated enemies, failed to-hit rolls are re-rolled in the first round of each combat',
    pursue:
      'the unit must pursue hated enemies that flee from combat: it takes no restraint test; its overrun move is ' +
      'made on the table (the engine does not model positions)',
  },
  enforcement: 'enforced',
  effects: [
    hatredReRoll,
    {
      at: 'permission',
      clause: 'pursue',
      label: 'Hatred: must pursue',
      kind: 'set',
      when: (q, held) => (q.action === 'pursue' && q.opponent !== null ? hates(held, q.opponent) : null),
      value: 'required',
    },
  ],
})
