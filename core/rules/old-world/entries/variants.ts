import { defineEntry } from '../../../engine/catalogue.js'
import { oldWorldDecisions } from '../decisions.js'
import { CORE } from './sources.js'

type DecisionId = (typeof oldWorldDecisions)[number]['id']

export const variants = defineEntry({
  id: 'variants',
  name: 'Variant table',
  kind: 'variant',
  source: `${CORE} precedence`,
  text: 'Decisions where the sources are unsure or a shared procedure asks, and the value each variant takes.',
  clauses: Object.fromEntries(
    oldWorldDecisions.map((d) => [
      d.id,
      `${d.topic} ${Object.entries(d.values)
        .map(([v, value]) => `${v}: ${value}`)
        .join('; ')}. ${d.why}`,
    ]),
  ) as Record<DecisionId, string>,
  enforcement: 'enforced',
})
