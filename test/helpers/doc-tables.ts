import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { EntryDefinition } from '../../core/engine/catalogue.js'
import { rulesets } from '../../core/rules/index.js'

const doc = join(import.meta.dirname, '../../docs/rules-as-data.md')

/** A Markdown table: a row per point, a column per ruleset naming the entries `uses` says use it there. */
export function pointTable(
  points: readonly string[],
  uses: (entry: EntryDefinition, point: string) => boolean,
): string {
  const ids = Object.keys(rulesets)
  const rows = points.map((point) => {
    const cells = ids.map((id) => {
      const users = (rulesets[id]?.definitions ?? [])
        .filter((entry) => uses(entry, point))
        .map((entry) => `\`${entry.id}\``)
      return users.length > 0 ? users.join(', ') : '-'
    })
    return `| \`${point}\` | ${cells.join(' | ')} |`
  })
  return [`| point | ${ids.join(' | ')} |`, `|---|${ids.map(() => '---').join('|')}|`, ...rows].join('\n')
}

/**
 * docs/rules-as-data.md holds `table` between the two markers; with `UPDATE_DOCS=1` it is written there
 * instead, so the doc is made from the rulesets and cannot drift.
 */
export function expectDocSection(start: string, end: string, table: string): void {
  const text = readFileSync(doc, 'utf8')
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  expect(from, `the doc has the marker ${start}`).toBeGreaterThan(-1)
  expect(to).toBeGreaterThan(from)
  const written = text.slice(from + start.length, to).trim()
  if (process.env.UPDATE_DOCS === '1' && written !== table)
    writeFileSync(doc, `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`)
  else expect(written).toBe(table)
}
