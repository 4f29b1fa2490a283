import { defineEntry } from '../../../engine/catalogue.js'
import { seedLines } from './sources.js'

/**
 * Large Target, seed 001: cover gives it nothing (enforced: the cover modifier is shown ignored); one more rank
 * fires at it (enforced through the `firing-ranks` point); line of sight across other units is the table's to judge
 * (prompted: the players say which models fire, in range and line of sight).
 */
export const largeTarget = defineEntry({
  id: 'large-target',
  name: 'Large Target',
  kind: 'special-rule',
  source: seedLines(54, 58),
  anchor: 'tow:special-rules/large-target',
  text:
    'Restriction: Large Target (Large Targets). Result: Partial and full cover give it no benefit. Line of sight to ' +
    'and from it passes across another unit, unless that unit is also a Large Target. Shooting unit gets 1 ' +
    'additional rank firing at it.',
  clauses: {
    cover: 'partial and full cover give it no benefit: the to-hit penalty for cover is ignored',
    'line-of-sight':
      'line of sight to and from it passes across another unit, unless that unit is also a Large Target (the table ' +
      'judges it: the players say which models see it)',
    'extra-rank': 'a unit shooting at it fires with one more rank',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'permission',
      clause: 'cover',
      label: 'Large Target: partial and full cover give it no benefit',
      kind: 'set',
      when: (q) => (q.action === 'benefit-from-cover' ? true : null),
      value: 'forbidden',
    },
    {
      // Shown beside the cover penalty it voids (that record is ignored through the permission above): adds nothing.
      at: 'to-hit',
      clause: 'cover',
      label: 'Large Target: its cover is ignored',
      kind: 'add',
      holder: 'opponent',
      when: (q) => (q.shot?.cover === 'partial' || q.shot?.cover === 'full' ? true : null),
      value: 0,
      describe: (q) => `${q.opponent.name} is a Large Target: its ${q.shot?.cover} cover gives it no benefit`,
    },
    {
      // Held by the target: it lets whoever shoots at it fire one more rank.
      at: 'firing-ranks',
      clause: 'extra-rank',
      label: 'shooting at a Large Target: one more rank fires',
      kind: 'add',
      holder: 'opponent',
      value: 1,
      describe: (q) => `shooting at ${q.opponent.name}, a Large Target: one more rank fires`,
    },
    {
      // The table's judgement, shown where the models that fire are counted: it adds no rank.
      at: 'firing-ranks',
      clause: 'line-of-sight',
      label: 'Large Target: line of sight across other units',
      kind: 'add',
      holder: 'opponent',
      value: 0,
      describe: (q) =>
        `line of sight to ${q.opponent.name} passes across other units that are not Large Targets: ` +
        'the players count the models that see it',
    },
  ],
})
