import { defineEntry } from '../../../engine/catalogue.js'
import { STRIKE_TIER } from '../../battle/strike-tier.js'
import { SEED } from './sources.js'

export const alwaysStrikesFirst = defineEntry({
  id: 'always-strikes-first',
  name: 'ASF',
  kind: 'special-rule',
  source: SEED,
  anchor: '7e:special-rules/always-strikes-first',
  text:
    'The model always strikes first in combat even before attackers. If multiple models with ASF fight ' +
    'in the same combat, they attack simultaneously.',
  clauses: {
    first: 'strikes before every other step, chargers included',
    simultaneous: 'units with ASF in the same combat strike at the same time, whatever their Initiative',
    're-roll':
      "in classic-8th, re-rolls misses when its Initiative is not lower than the enemy's (classic/variants §asf-re-rolls)",
  },
  enforcement: 'enforced',
  effects: [
    { at: 'strike-order', clause: 'first', label: 'Always Strikes First', kind: 'set', value: STRIKE_TIER.alwaysFirst },
    {
      at: 're-roll',
      clause: 're-roll',
      label: 'Always Strikes First',
      kind: 'reroll',
      when: (q, held) => {
        if (q.roll !== 'to-hit') return null
        if (held.decision('asf-re-rolls') === 'none')
          return "the seed's ASF only strikes first (classic/variants §asf-re-rolls)"
        if (q.opponent.rules.some((r) => r.id === 'always-strikes-first')) return 'the enemy also has ASF'
        if (q.subject.profile.I < q.opponent.profile.I)
          return `Initiative ${q.subject.profile.I} is lower than the enemy's ${q.opponent.profile.I}`
        return true
      },
      value: 'failed',
    },
  ],
})
