import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const strikeOrder = defineEntry({
  id: 'strike-order',
  name: 'Order of strikes',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:the-combat-phase/simultaneous-combat',
  text:
    'Models strike in Initiative order, highest first; models with the same Initiative strike at the same time, so ' +
    'casualties they cause do not stop each other striking. Stomp Attacks come after every other attack. Chargers ' +
    'do not strike first: they gain +1 Initiative per full inch moved (at most +3 front, +4 flank or rear).',
  clauses: {
    initiative: 'models strike in descending order of Initiative',
    simultaneous: 'models with the same Initiative strike at the same time',
    charging:
      'no strike first for chargers: in the turn it charged, a unit has +1 Initiative per full inch it moved before ' +
      "contact (the charger's `moved`), at most +3 against an enemy's front, +4 against its flank or rear; " +
      'Initiative stays at most 10',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'charging',
      label: 'charging: +1 I per full inch moved',
      kind: 'add',
      when: (q) => {
        if (q.characteristic !== 'I' || q.combat === null || !q.combat.charging) return null
        if (q.combat.moved === undefined) return 'the table did not say how far it moved before contact (moved)'
        return q.combat.moved > 0 ? true : 'it moved no full inch before contact'
      },
      value: (q) => Math.min(q.combat?.moved ?? 0, q.combat?.facing === 'front' ? 3 : 4),
      describe: (q) =>
        q.combat?.moved === undefined
          ? 'charging: +1 I per full inch moved'
          : `charged ${q.combat.moved}" into the enemy's ${q.combat.facing}: +1 I a full inch, at most ` +
            `+${q.combat.facing === 'front' ? 3 : 4}`,
    },
  ],
})
