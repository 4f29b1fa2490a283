import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const musician = defineEntry({
  id: 'musician',
  name: 'Musician',
  kind: 'special-rule',
  source: `${CORE} B.6`,
  anchor: 'tow:command-groups/onwards-to-victory',
  text:
    'Onwards to Victory!: when both sides have the same combat result, the side with a musician in the front rank of ' +
    'one of its units claims +1; if the other side has one too, neither does. Steadying Rhythm: a unit with a ' +
    'musician takes its rally tests at +1 Ld (to a maximum of 10).',
  clauses: {
    tie: 'a tied combat result: +1 to the side with a musician in the combat',
    'both-sides': 'if both sides have a musician, neither claims it',
    rally: 'Steadying Rhythm: +1 Ld (to a maximum of 10) for rally tests',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'combat-result',
      clause: 'tie',
      label: 'musician: Onwards to Victory!',
      kind: 'add',
      when: (q) => {
        if (q.stage !== 'tie') return null
        const rival = q.enemy.units.find((unit) => unit.command.musician && unit.models > 0)
        return rival ? `${rival.name} has a musician too: neither side claims it (§both-sides)` : true
      },
      value: 1,
      describe: (_q, held) => `musician of ${held.unit.name}: Onwards to Victory!`,
    },
    {
      // The maximum of 10 is the Leadership's 0-10 bound, applied after every modifier (battle/leadership.ts).
      at: 'leadership',
      clause: 'rally',
      label: 'musician: Steadying Rhythm, +1 Ld to rally',
      kind: 'add',
      when: (q) => (q.test === 'rally' ? true : null),
      value: 1,
    },
  ],
})
