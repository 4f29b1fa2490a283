import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TriggerHead } from '../../core/engine/effects.js'
import { rulesets } from '../../core/rules/index.js'

/**
 * docs/rules-as-data.md lists every trigger point an entry contributes a step at, with those entries, between two
 * markers; the list is made from the rulesets here, so it cannot drift. `UPDATE_DOCS=1 npx vitest run
 * test/unit/docs-trigger-points.test.ts` writes it.
 */
const doc = join(import.meta.dirname, '../../docs/rules-as-data.md')
const START = '<!-- trigger points: made by test/unit/docs-trigger-points.test.ts -->'
const END = '<!-- end of trigger points -->'

function triggerPointTable(): string {
  const ids = Object.keys(rulesets)
  const triggersOf = (id: string) =>
    (rulesets[id]?.definitions ?? []).flatMap((entry) =>
      ((entry.triggers ?? []) as readonly TriggerHead[]).map((trigger) => ({ entry: entry.id, on: trigger.on })),
    )
  const points = [...new Set(ids.flatMap((id) => triggersOf(id).map((t) => t.on)))]
  const rows = points.map((point) => {
    const cells = ids.map((id) => {
      const users = triggersOf(id)
        .filter((t) => t.on === point)
        .map((t) => `\`${t.entry}\``)
      return users.length > 0 ? users.join(', ') : '-'
    })
    return `| \`${point}\` | ${cells.join(' | ')} |`
  })
  return [`| point | ${ids.join(' | ')} |`, `|---|${ids.map(() => '---').join('|')}|`, ...rows].join('\n')
}

describe('docs/rules-as-data.md', () => {
  it('lists every trigger point with the entries that contribute a step there, as the rulesets have them', () => {
    const text = readFileSync(doc, 'utf8')
    const start = text.indexOf(START)
    const end = text.indexOf(END)
    expect(start, `the doc has the marker ${START}`).toBeGreaterThan(-1)
    expect(end).toBeGreaterThan(start)
    const written = text.slice(start + START.length, end).trim()
    const table = triggerPointTable()
    if (process.env.UPDATE_DOCS === '1' && written !== table)
      writeFileSync(doc, `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`)
    else expect(written).toBe(table)
  })
})
