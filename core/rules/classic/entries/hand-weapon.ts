import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const handWeapon = defineEntry({
  id: 'hand-weapon',
  name: 'Hand weapon',
  kind: 'weapon',
  source: SEED,
  text: 'S like wielder',
  clauses: { strength: "strikes with the wielder's own Strength" },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: "hand weapon: the wielder's Strength",
      kind: 'add',
      when: (q) => (q.characteristic === 'S' ? true : null),
      value: 0,
    },
  ],
})
