import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const leadershipTest = defineEntry({
  id: 'leadership-test',
  name: 'Leadership test',
  kind: 'core',
  source: `${CORE} B.1`,
  anchor: 'tow:model-profiles/leadership-tests',
  text:
    'Roll 2D6: a total at or below the Leadership passes. A natural double 1 always passes and a natural double 6 ' +
    'always fails. The unit tests on the highest Leadership among its models.',
  clauses: {
    roll: '2D6 against the Leadership: a total at or below it passes',
    'double-1': 'a natural double 1 always passes',
    'double-6': 'a natural double 6 always fails',
    highest: 'a unit tests on the highest Leadership among its models',
  },
  enforcement: 'enforced',
})
