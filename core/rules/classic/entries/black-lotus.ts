import { defineEntry } from '../../../engine/catalogue.js'
import { overkillCap } from './challenge.js'
import { SEED } from './sources.js'

export const blackLotus = defineEntry({
  id: 'black-lotus',
  name: 'Black Lotus',
  kind: 'item',
  source: SEED,
  text: 'If the bearer kills a model in a challenge, all wounds caused count double for CR (up to the max. for overkill)',
  clauses: {
    double: 'when the bearer kills a model in a challenge, all the wounds it caused count double for combat result',
    cap: 'what the doubling adds counts only up to the overkill maximum (classic/variants §black-lotus-cap)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'overkill',
      clause: 'double',
      label: 'Black Lotus',
      kind: 'add',
      when: (q) => (q.slain ? true : `${q.opponent.name} was not slain: nothing counts double`),
      value: (q) => q.woundsCaused,
      describe: (q) =>
        `Black Lotus: ${q.woundsCaused} wound${q.woundsCaused === 1 ? '' : 's'} count double ` +
        '(up to the overkill maximum, §cap)',
    },
    {
      at: 'overkill',
      clause: 'cap',
      label: 'Black Lotus: up to the overkill maximum',
      kind: 'cap',
      when: (q) => (q.slain ? true : null),
      value: (q, held) => q.woundsLeft + overkillCap(held.decision('overkill-cap')),
      describe: (q, held) =>
        `Black Lotus: at most +${overkillCap(held.decision('overkill-cap'))} over the ${q.woundsLeft} wounds ` +
        'the slain model had left (classic/variants §black-lotus-cap)',
    },
  ],
})
