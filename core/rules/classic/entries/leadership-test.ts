import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const leadershipTest = defineEntry({
  id: 'leadership-test',
  name: 'Leadership test',
  kind: 'core',
  source: `${CORE} A.1`,
  anchor: '8e:close-combat/insane-courage',
  text: 'Roll 2D6: the test is passed when the total is equal to or less than the Leadership tested on.',
  clauses: {
    roll: '2D6, passed on a total equal to or below the Leadership',
    'no-natural-fail': 'there is no automatic failure on a double 6',
  },
  enforcement: 'enforced',
})
