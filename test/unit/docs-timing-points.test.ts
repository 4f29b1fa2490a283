import { describe, it } from 'vitest'
import { timingPoints } from '../../core/engine/index.js'
import { expectDocSection, pointTable } from '../helpers/doc-tables.js'

/**
 * docs/rules-as-data.md lists every timing point with the entries whose effects use it, between two
 * markers; the list is made from the rulesets here, so it cannot drift. `UPDATE_DOCS=1 npx vitest run
 * test/unit/docs-timing-points.test.ts` writes it.
 */
const START = '<!-- timing points: made by test/unit/docs-timing-points.test.ts -->'
const END = '<!-- end of timing points -->'

describe('docs/rules-as-data.md', () => {
  it('lists every timing point with the entries that use it, as the rulesets have them', () => {
    const table = pointTable(timingPoints, (entry, point) =>
      (entry.effects ?? []).some((effect) => effect.at === point),
    )
    expectDocSection(START, END, table)
  })
})
