import { defineEntry } from '../../../engine/catalogue.js'
import { seedLines } from './sources.js'

/**
 * Stubborn (seed 001): at its first break test of the battle the unit may skip the test for an automatic Fall
 * Back in Good Order. The break test asks the `break-test` point whether the unit may `skip`; the choice is the
 * player's (old-world break-test.ts). Not `joined`: only a unit's own Stubborn counts, so a Stubborn character
 * neither lends it to a unit nor keeps it inside one that lacks it.
 */
export const stubborn = defineEntry({
  id: 'stubborn',
  name: 'Stubborn',
  kind: 'special-rule',
  source: seedLines(34, 38),
  anchor: 'tow:special-rules/stubborn',
  text:
    "Limits: only at this unit's first Break test of the battle; if not used then, it is lost. Timing: this unit " +
    'would make a Break test. Result: skips it for an automatic Fall Back in Good Order (optional), even versus a ' +
    'winner with over double Unit Strength. Stubborn does not spread to non-Stubborn units from a joining character. ' +
    'Stubborn characters lose it inside non-Stubborn units.',
  clauses: {
    'first-test': "only at this unit's first break test of the battle; if not used then, it is lost",
    'fall-back':
      'the unit may skip the break test for an automatic Fall Back in Good Order, even against a winner with more ' +
      'than twice its Unit Strength',
    'no-spread': 'a Stubborn character who joins a unit without Stubborn does not make it Stubborn',
    'lost-inside': 'a Stubborn character loses it inside a unit without Stubborn',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'break-test',
      clause: 'fall-back',
      label: 'Stubborn: an automatic Fall Back in Good Order instead of the test',
      kind: 'set',
      value: 'fall-back',
      when: (q) => (q.question === 'skip' && (q.subject.breakTests ?? 0) === 0 ? true : null),
    },
    {
      // Past the first break test it is lost: shown, ignored, with why.
      at: 'break-test',
      clause: 'first-test',
      label: 'Stubborn: an automatic Fall Back in Good Order at the first break test',
      kind: 'set',
      value: 'fall-back',
      when: (q) =>
        q.question === 'skip' && (q.subject.breakTests ?? 0) > 0
          ? `lost: ${q.subject.name} has taken its first break test`
          : null,
    },
  ],
})
