import { defineEntry } from '../../../engine/catalogue.js'
import { multipleShotsPenalty } from '../../battle/common-effects.js'
import { CORE } from './sources.js'

/** Multiple Shots (X), a core special rule of The Old World (no seed entry): X shots at -1, or one without. */
export const multipleShots = defineEntry({
  id: 'multiple-shots',
  name: 'Multiple Shots',
  kind: 'special-rule',
  source: `${CORE} B.4`,
  anchor: 'tow:special-rules/multiple-shots',
  text: 'A model with Multiple Shots (X) may fire X shots at -1 to hit, or a single shot without the penalty.',
  clauses: {
    choice: "the shooter chooses, as it declares the shot: one shot, or X shots (X: the weapon's Multiple Shots)",
    penalty: 'X shots are fired at -1 to hit; a single shot has no penalty',
  },
  enforcement: 'enforced',
  effects: [multipleShotsPenalty],
})
