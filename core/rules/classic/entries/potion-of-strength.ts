import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const potionOfStrength = defineEntry({
  id: 'potion-of-strength',
  name: 'Potion of Strength',
  kind: 'item',
  source: SEED,
  text: 'Use at the start of any cc phase. The model gains +3S until the end of turn. One use only.',
  params: { strength: 3 },
  clauses: {
    use: 'drunk at the start of a close-combat phase, before any combat of the phase is fought (an ItemUsed declaration)',
    strength: '+3 Strength until the end of the turn it is drunk in',
    'one-use': 'it can be drunk once a game',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: 'Potion of Strength',
      kind: 'add',
      // Carrying the potion does nothing: only the drunk potion (an active effect) gives Strength.
      activeOnly: true,
      when: (q) => (q.characteristic === 'S' ? true : null),
      value: (_q, held) => Number(held.params.strength),
    },
  ],
})
