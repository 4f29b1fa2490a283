import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const eternalHatred = defineEntry({
  id: 'eternal-hatred',
  name: 'Eternal Hatred',
  kind: 'special-rule',
  source: SEED,
  text: 'The model/unit hates all enemies and re-rolls all failed tohit rolls in every cc round.',
  clauses: {
    'every-round': 'failed to-hit rolls in close combat are re-rolled in every round, against every enemy',
    hates:
      'it hates all enemies, so it must pursue any enemy that flees from combat, with no restraint test ' +
      '(classic/variants §eternal-hatred-pursuit)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 're-roll',
      clause: 'every-round',
      label: 'Eternal Hatred',
      kind: 'reroll',
      when: (q) => (q.roll === 'to-hit' && q.combat !== null ? true : null),
      value: 'failed',
    },
    {
      at: 'permission',
      clause: 'hates',
      label: 'Eternal Hatred: must pursue',
      kind: 'set',
      when: (q, held) =>
        q.action === 'pursue' && q.opponent !== null
          ? held.decision('eternal-hatred-pursuit') === 'must-pursue'
            ? true
            : 'Eternal Hatred only re-rolls to hit (classic/variants §eternal-hatred-pursuit)'
          : null,
      value: 'required',
    },
  ],
})
