import { defineEntry } from '../../../engine/catalogue.js'
import { variantClauses } from '../../battle/common-effects.js'
import { oldWorldDecisions } from '../decisions.js'
import { CORE } from './sources.js'

export const variants = defineEntry({
  id: 'variants',
  name: 'Variant table',
  kind: 'variant',
  source: `${CORE} precedence`,
  text: 'Decisions where the sources are unsure or a shared procedure asks, and the value each variant takes.',
  clauses: variantClauses(oldWorldDecisions),
  enforcement: 'enforced',
})
