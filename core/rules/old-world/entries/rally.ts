import { defineEntry } from '../../../engine/catalogue.js'
import { modelsCountedForRally } from '../../battle/psychology-records.js'
import { CORE } from './sources.js'

/**
 * Rallying fleeing units (core-mechanics B.2): the shared rally test (battle/rally.ts rallyTests) runs in the
 * Strategy phase's Rally sub-phase (old-world/openings.ts). The -1 Ld below half strength is this entry's effect at
 * the `leadership` point; a rallied unit holds the entry until the turn ends, and its effect bars a charge.
 */
export const rally = defineEntry({
  id: 'rally',
  name: 'Rally',
  kind: 'core',
  source: `${CORE} B.2`,
  anchor: 'tow:the-strategy-phase/rally-fleeing-units',
  text:
    'In the Rally sub-phase of the Strategy phase each fleeing unit takes a Leadership test; passed, it stops fleeing. ' +
    'A unit below 50% of its starting models takes it at -1 Ld; below 25% it rallies only on a natural double 1. A ' +
    'rallied unit may reform for free, may not charge this turn, and counts as having moved.',
  clauses: {
    test: "each fleeing unit of the active player takes a Leadership test at the Strategy phase's Rally sub-phase",
    'fled-this-turn': 'a unit that began to flee this turn does not test',
    'below-half': 'a unit below 50% of its starting models (joined characters counted) takes the test at -1 Ld',
    'below-quarter':
      'a unit below 25% of its starting models rallies only on a natural double 1 (old-world/variants ' +
      '§rally-below-quarter)',
    rallied: 'a rallied unit may not declare a charge this turn (it may reform, and counts as having moved)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'leadership',
      clause: 'below-half',
      label: 'below half strength: -1 Ld to rally',
      kind: 'add',
      value: -1,
      when: (q, held) => {
        if (q.test !== 'rally') return null
        const { left } = modelsCountedForRally(held.modifiers, q.subject)
        return left * 2 < q.subject.startingModels
          ? true
          : `${left} of its ${q.subject.startingModels} starting models left: not below half`
      },
      describe: (q, held) => {
        const { left } = modelsCountedForRally(held.modifiers, q.subject)
        return left * 2 < q.subject.startingModels
          ? `${q.subject.name}: ${left} of its ${q.subject.startingModels} starting models left, below half`
          : 'below half strength: -1 Ld to rally'
      },
    },
    {
      // Held through the effect the rally test starts on a rallied unit, not by every unit.
      at: 'permission',
      clause: 'rallied',
      label: 'rallied this turn: may not charge',
      kind: 'set',
      always: false,
      value: 'forbidden',
      when: (q, held) => (q.action === 'charge' && held.params.rallied === true ? true : null),
    },
  ],
})
