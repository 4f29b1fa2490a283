import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const fieryBreath = defineEntry({
  id: 'fiery-breath',
  name: 'Fiery Breath',
  kind: 'weapon',
  source: SEED,
  text: 'Breath weapon, S3',
  // A flame template (classic/breath-weapon) whose hits are Strength 3.
  params: { strength: 3, template: 'flame', breathWeapon: true },
  clauses: {
    'breath-weapon': 'a Breath Weapon (classic/breath-weapon)',
    profile: 'its hits are Strength 3',
  },
  enforcement: 'enforced',
})
