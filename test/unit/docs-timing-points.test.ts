import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { timingPoints } from '../../core/engine/index.js'
import { rulesets } from '../../core/rules/index.js'

/**
 * docs/rules-as-data.md lists every timing point with the entries whose effects use it, between two
 * markers; the list is made from the rulesets here, so it cannot drift. `UPDATE_DOCS=1 npx vitest run
 * test/unit/docs-timing-points.test.ts` writes it.
 */
const doc = join(import.meta.dirname, '../../docs/rules-as-data.md')
const START = '<!-- timing points: made by test/unit/docs-timing-points.test.ts -->'
const END = '<!-- end of timing points -->'

function timingPointTable(): string {
  const ids = Object.keys(rulesets)
  const rows = timingPoints.map((point) => {
    const cells = ids.map((id) => {
      const users = (rulesets[id]?.definitions ?? [])
        .filter((entry) => (entry.effects ?? []).some((effect) => effect.at === point))
        .map((entry) => `\`${entry.id}\``)
      return users.length > 0 ? users.join(', ') : '-'
    })
    return `| \`${point}\` | ${cells.join(' | ')} |`
  })
  return [`| point | ${ids.join(' | ')} |`, `|---|${ids.map(() => '---').join('|')}|`, ...rows].join('\n')
}

describe('docs/rules-as-data.md', () => {
  it('lists every timing point with the entries that use it, as the rulesets have them', () => {
    const text = readFileSync(doc, 'utf8')
    const start = text.indexOf(START)
    const end = text.indexOf(END)
    expect(start, `the doc has the marker ${START}`).toBeGreaterThan(-1)
    expect(end).toBeGreaterThan(start)
    const written = text.slice(start + START.length, end).trim()
    const table = timingPointTable()
    if (process.env.UPDATE_DOCS === '1' && written !== table)
      writeFileSync(doc, `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`)
    else expect(written).toBe(table)
  })
})
