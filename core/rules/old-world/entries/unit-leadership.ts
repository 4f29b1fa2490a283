import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const unitLeadership = defineEntry({
  id: 'unit-leadership',
  name: "A unit's Leadership",
  kind: 'core',
  source: `${CORE} B.1`,
  anchor: 'tow:model-profiles/leadership-tests',
  text: 'A unit tests Leadership on the highest Ld among its models, the characters who joined it included.',
  clauses: {
    best: "the highest Ld of the unit and its joined characters, unless a rule forbids using a model's Ld",
    champion: "the unit's champion is one of its models: its higher Ld is the unit's (break tests included)",
  },
  enforcement: 'enforced',
})
