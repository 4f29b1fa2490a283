import { defineEntry } from '../../../engine/catalogue.js'
import { seedLines } from './sources.js'

/**
 * Lumbering, seed 001: a Close Order formation even alone; may pivot up to 90 degrees after a move that was no
 * charge, march or flight; joins no unit and is joined by no character (checked at muster: lumbering.ts).
 */
export const lumbering = defineEntry({
  id: 'lumbering',
  name: 'Lumbering',
  kind: 'special-rule',
  source: seedLines(87, 92),
  anchor: 'tow:troop-types-in-detail/lumbering',
  text:
    'Restriction: Lumbering models (heavy, with slow turning wheels or draft animals). Result: the model is deemed a ' +
    'Close Order formation and follows its rules, even if it is a single model in your army. Once it has moved, if ' +
    'it neither charged, marched nor fled, it may pivot on its centre, altering its facing by ≤90°. It may not ' +
    'join any unit, and no character may join it. Related: Heavy Chariots.',
  clauses: {
    'close-order': 'it is a Close Order formation and follows its rules, even as a single model',
    pivot:
      'after a move that was no charge, march or flight it may pivot on its centre by up to 90 degrees: the players ' +
      'make and measure it',
    'no-joining': 'it may not join any unit, and no character may join it (refused at muster and in the game)',
  },
  enforcement: 'enforced',
  // "Deemed a Close Order formation and follows its rules": it holds Close Order (its Combat Order bonus) too.
  grants: ['close-order'],
  // Asked at muster for each character who joined a unit (old-world/muster.ts) and at each CharacterJoined: both ways.
  effects: [
    {
      at: 'permission',
      clause: 'no-joining',
      label: 'Lumbering: it may not join any unit',
      kind: 'set',
      value: 'forbidden',
      when: (q) => (q.action === 'join' ? true : null),
    },
    {
      at: 'permission',
      clause: 'no-joining',
      label: 'Lumbering: no character may join it',
      kind: 'set',
      holder: 'opponent',
      value: 'forbidden',
      when: (q) => (q.action === 'join' ? true : null),
    },
  ],
})
