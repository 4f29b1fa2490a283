import { defineEntry } from '../../../engine/catalogue.js'
import { variantClauses } from '../../battle/common-effects.js'
import { classicDecisions } from '../decisions.js'
import { CORE } from './sources.js'

export const variants = defineEntry({
  id: 'variants',
  name: 'Variant table',
  kind: 'variant',
  source: `${CORE} precedence`,
  text: 'Decisions where the sources disagree or are unsure, and the value each variant takes.',
  clauses: variantClauses(classicDecisions),
  enforcement: 'enforced',
})
