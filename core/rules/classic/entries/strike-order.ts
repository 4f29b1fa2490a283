import { defineEntry } from '../../../engine/catalogue.js'
import { STRIKE_TIER } from '../../battle/strike-tier.js'
import { CORE } from './sources.js'

export const strikeOrder = defineEntry({
  id: 'strike-order',
  name: 'Strike order',
  kind: 'core',
  source: `${CORE} A.5, A.10`,
  anchor: '7e:close-combat/who-strikes-first',
  text:
    'Models strike in Initiative order, highest first; in the classic variant units that charged strike first in the ' +
    'round they charged; equal steps strike at the same time; slain models do not strike.',
  clauses: {
    'chargers-first': 'a unit that charged strikes before the others in the first round of the combat',
    initiative: 'the others strike from the highest Initiative to the lowest',
    simultaneous: 'units in the same step strike at the same time: their casualties do not stop each other',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'strike-order',
      clause: 'chargers-first',
      label: 'charged this turn',
      kind: 'set',
      when: (q, held) => {
        if (!q.combat.charged) return null
        if (!q.combat.charging) return `the charge was in round 1; this is round ${q.combat.round}`
        return held.decision('charge-bonus') === 'strike-first'
          ? true
          : 'charging gives +1 combat result instead, not the first strike (classic/variants §charge-bonus)'
      },
      value: STRIKE_TIER.charged,
    },
  ],
})
