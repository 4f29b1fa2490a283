import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const attacks = defineEntry({
  id: 'attacks',
  name: 'Number of attacks',
  kind: 'core',
  source: `${CORE} A.5`,
  anchor: '7e:close-combat/who-can-fight',
  text: 'Each model fighting in base contact makes as many attacks as its Attacks characteristic.',
  clauses: {
    count: 'attacks = fighting models x A',
    'fighting-models': 'the models that fight are the ones the table declares in base contact',
    supporting: 'where the variant allows it, each second-rank model behind a fighting model makes 1 supporting attack',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'attacks',
      clause: 'supporting',
      label: 'supporting attacks',
      kind: 'add',
      when: (q, held) => {
        if (q.supporting === 0) return null
        return held.decision('supporting-attacks') === 'second-rank'
          ? true
          : 'only models in base contact fight (classic/variants §supporting-attacks)'
      },
      value: (q) => q.supporting,
      describe: (q) => `supporting attacks: ${q.supporting} model${q.supporting === 1 ? '' : 's'} x 1`,
    },
  ],
})
