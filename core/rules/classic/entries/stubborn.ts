import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * Stubborn, which the seed's Fear names and no seed entry defines: 7th edition's rule, as core-mechanics notes the
 * seed assumes it (A: "Stubborn tests on plain Ld"; A.6: Stubborn is always steadfast). A unit is Stubborn when its
 * list gives it the rule (classic/variants §stubborn); Fear's clause 2 then takes its Stubborn branch.
 */
export const stubborn = defineEntry({
  id: 'stubborn',
  name: 'Stubborn',
  kind: 'special-rule',
  source: `${CORE} A, A.6`,
  anchor: '7e:special-rules/stubborn',
  text: 'A Stubborn unit takes its break tests on its unmodified Leadership.',
  clauses: {
    'unmodified-leadership':
      'its break tests are taken on its unmodified Leadership: the combat result does not lower it ' +
      '(classic/variants §stubborn)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'break-test',
      clause: 'unmodified-leadership',
      label: 'Stubborn: unmodified Leadership',
      kind: 'set',
      value: 0,
      describe: (q) => `${q.subject.name} is Stubborn: it tests on its unmodified Leadership`,
    },
  ],
})
