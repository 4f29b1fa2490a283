import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * A generic missile weapon for Old World troops (no seed entry): range 24", S3, no Armour Piercing. Its range and
 * Strength are the shared shooting procedure's `range` and `strength` params; a list may give others as options.
 */
export const bow = defineEntry({
  id: 'bow',
  name: 'Bow',
  kind: 'weapon',
  source: `${CORE} B.4`,
  anchor: 'tow:weapons-of-war/bow',
  text: 'Range 24", S 3, AP -.',
  params: { range: 24, strength: 3 },
  clauses: {
    profile: 'range 24", Strength 3, no Armour Piercing',
  },
  enforcement: 'enforced',
  optionalParams: { multipleShots: 'number' },
})
