import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const musician = defineEntry({
  id: 'musician',
  name: 'Musician',
  kind: 'special-rule',
  source: SEED,
  text:
    '- In case of a draw in close combat, the side with a musician in the front rank of a unit that is ' +
    'part of that combat wins by 1 point. If both sides have at least one legal musician, the combat ' +
    'remains a draw. - Units with a musician in their front rank get +1 to their Ld (up to Ld 10) for ' +
    'any rally attempts.',
  clauses: {
    draw: 'a drawn combat is won by 1 by the side with a musician in the front rank of a unit in it',
    'both-sides': 'if both sides have a musician, the combat stays a draw',
    rally: '+1 Ld (up to 10) for rally attempts',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'combat-result',
      clause: 'draw',
      label: 'musician breaks the draw',
      kind: 'add',
      when: (q) => {
        if (q.stage !== 'tie') return null
        const rival = q.enemy.units.find((unit) => unit.command.musician && unit.models > 0)
        return rival ? `${rival.name} has a musician too: the combat stays a draw (§both-sides)` : true
      },
      value: 1,
      describe: (_q, held) => `musician of ${held.unit.name}`,
    },
    {
      // The "up to Ld 10" is the Leadership's 0-10 bound, applied after every modifier (battle/leadership.ts).
      at: 'leadership',
      clause: 'rally',
      label: 'musician: +1 Ld to rally',
      kind: 'add',
      when: (q) => (q.test === 'rally' ? true : null),
      value: 1,
    },
  ],
})
