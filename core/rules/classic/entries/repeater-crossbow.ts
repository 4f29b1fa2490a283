import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const repeaterCrossbow = defineEntry({
  id: 'repeater-crossbow',
  name: 'Repeater Crossbow',
  kind: 'weapon',
  source: SEED,
  text: 'Range 24", S3, Multiple Shots (2)',
  // `multipleShots` is Multiple Shots (X): the shooter chooses one shot, or X at -1 (classic/multiple-shots).
  params: { range: 24, strength: 3, shots: 1, multipleShots: 2 },
  clauses: {
    profile: 'range 24", Strength 3',
    'multiple-shots': 'Multiple Shots (2): one shot, or 2 shots at -1 to hit (classic/multiple-shots)',
  },
  enforcement: 'enforced',
})
