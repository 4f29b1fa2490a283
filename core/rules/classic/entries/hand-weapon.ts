import { defineEntry } from '../../../engine/catalogue.js'
import { fightsWith } from '../weapon-choice.js'
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
      // In a combat only when the unit fights with it, not beside the special weapon it must use.
      when: (q) => (q.characteristic === 'S' ? (fightsWith(q.subject, q.combat, 'hand-weapon') ?? true) : null),
      value: 0,
    },
  ],
})
