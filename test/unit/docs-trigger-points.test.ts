import { describe, it } from 'vitest'
import type { TriggerHead } from '../../core/engine/effects.js'
import { rulesets } from '../../core/rules/index.js'
import { expectDocSection, pointTable } from '../helpers/doc-tables.js'

/**
 * docs/rules-as-data.md lists every trigger point an entry contributes a step at, with those entries, between two
 * markers; the list is made from the rulesets here, so it cannot drift. `UPDATE_DOCS=1 npx vitest run
 * test/unit/docs-trigger-points.test.ts` writes it.
 */
const START = '<!-- trigger points: made by test/unit/docs-trigger-points.test.ts -->'
const END = '<!-- end of trigger points -->'

const triggersOf = (entry: { readonly triggers?: unknown }) => (entry.triggers ?? []) as readonly TriggerHead[]

describe('docs/rules-as-data.md', () => {
  it('lists every trigger point with the entries that contribute a step there, as the rulesets have them', () => {
    // The points in the order the rulesets first name them.
    const points = [
      ...new Set(
        Object.values(rulesets).flatMap((ruleset) =>
          ruleset.definitions.flatMap((entry) => triggersOf(entry).map((t) => t.on)),
        ),
      ),
    ]
    const table = pointTable(points, (entry, point) => triggersOf(entry).some((t) => t.on === point))
    expectDocSection(START, END, table)
  })
})
