import { defineEntry } from '../../../engine/catalogue.js'
import { multipleShotsPenalty } from '../../battle/common-effects.js'
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
  effects: [multipleShotsPenalty],
})
