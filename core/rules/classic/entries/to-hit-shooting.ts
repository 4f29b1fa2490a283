import { defineEntry } from '../../../engine/catalogue.js'
import { aimed } from '../../battle/common-effects.js'
import { CORE } from './sources.js'

export const toHitShooting = defineEntry({
  id: 'to-hit-shooting',
  name: 'To hit when shooting',
  kind: 'core',
  source: `${CORE} A.4`,
  anchor: '8e:shooting/shooting-modifiers',
  text:
    'A shooter needs 7 - BS to hit (BS 3: 4+), then: long range -1, moving and shooting -1, Stand and Shoot -1, ' +
    'soft cover -1, hard cover -2. A natural 1 always misses. 7+ needs a 6 and then 4+ (7+), 5+ (8+) or 6 (9+); ' +
    '10+ cannot hit.',
  clauses: {
    chart: 'the score to hit is 7 - BS: BS 1 6+, BS 2 5+, BS 3 4+, BS 4 3+, BS 5 2+; higher BS only offsets penalties',
    'seven-plus': 'a score of 7+ needs a 6 and then 4+; 8+ a 6 then 5+; 9+ a 6 then a 6; 10+ cannot hit',
    'natural-1': 'a natural 1 always misses',
    'long-range': '-1 to hit when the target is beyond half the weapon range',
    moved: '-1 to hit when the shooter moved this turn',
    'stand-and-shoot': '-1 to hit for a Stand and Shoot charge response',
    'soft-cover': '-1 to hit a target in soft cover',
    'hard-cover': '-2 to hit a target in hard cover',
  },
  enforcement: 'enforced',
  // At a need point +1 makes the roll harder: each -1 to hit is a +1 to the score needed.
  effects: [
    {
      at: 'to-hit',
      clause: 'long-range',
      label: 'long range',
      kind: 'add',
      when: (q) => (aimed(q) ? (q.shot?.range === 'long' ? true : null) : null),
      value: 1,
    },
    {
      at: 'to-hit',
      clause: 'moved',
      label: 'moved and shot',
      kind: 'add',
      when: (q) => (aimed(q)?.moved ? true : null),
      value: 1,
    },
    {
      at: 'to-hit',
      clause: 'stand-and-shoot',
      label: 'stand and shoot',
      kind: 'add',
      when: (q) => (aimed(q)?.standAndShoot ? true : null),
      value: 1,
    },
    {
      at: 'to-hit',
      clause: 'soft-cover',
      label: 'soft cover',
      kind: 'add',
      when: (q) => (aimed(q)?.cover === 'soft' ? true : null),
      value: 1,
    },
    {
      at: 'to-hit',
      clause: 'hard-cover',
      label: 'hard cover',
      kind: 'add',
      when: (q) => (aimed(q)?.cover === 'hard' ? true : null),
      value: 2,
    },
  ],
})
