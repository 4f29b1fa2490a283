import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const multipleShots = defineEntry({
  id: 'multiple-shots',
  name: 'Multiple shots',
  kind: 'special-rule',
  source: SEED,
  text: 'Option to shoot once without penalty or X shots with -1 to-hit penalty',
  clauses: {
    choice: "the shooter chooses, as it declares the shot: one shot, or X shots (X: the weapon's Multiple Shots)",
    penalty: 'X shots are made at -1 to hit; a single shot has no penalty',
  },
  enforcement: 'enforced',
  effects: [
    {
      // Every weapon with Multiple Shots (X) carries the rule in its params; the choice is the declaration's.
      at: 'to-hit',
      clause: 'penalty',
      label: 'Multiple Shots',
      kind: 'add',
      always: true,
      when: (q) => (q.shot?.multipleShots ? true : null),
      value: 1,
      describe: (q) => `Multiple Shots: ${q.shot?.weapon.params.multipleShots} shots each`,
    },
  ],
})
