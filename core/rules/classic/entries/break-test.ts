import { defineEntry } from '../../../engine/catalogue.js'
import { classicRankWidth, rankWidthWords } from '../rank-width.js'
import { CORE } from './sources.js'

export const breakTest = defineEntry({
  id: 'break-test',
  name: 'Break test',
  kind: 'core',
  source: `${CORE} A.6`,
  anchor: '8e:close-combat/insane-courage',
  text:
    'Each unit of the losing side takes a Leadership test, its Leadership reduced by the difference in combat result; ' +
    'a unit that fails breaks and flees. A double 1 always passes.',
  clauses: {
    modifier: 'the test is taken on Leadership minus the amount the combat was lost by',
    'insane-courage': 'a roll of double 1 always passes a break test',
    steadfast:
      'a loser with more ranks than the enemy tests on its unmodified Leadership (classic/variants §steadfast, §rank-width)',
    breaks: 'a unit that fails its break test flees',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'break-test',
      clause: 'steadfast',
      label: 'steadfast',
      kind: 'set',
      when: (q, held) => {
        if (q.ranks <= q.enemyRanks) return null
        return held.decision('steadfast') === 'more-ranks'
          ? true
          : 'Steadfast is not a classic rule (classic/variants §steadfast)'
      },
      value: 0,
      describe: (q, held) =>
        `steadfast: ${q.ranks} ranks of ${rankWidthWords(classicRankWidth(q.subject, held.decision('rank-width')))} ` +
        `against ${q.enemyRanks}`,
    },
  ],
})
