import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ModifierRecord } from '../../core/engine/effects.js'
import { resolveModifiers } from '../../core/engine/modifiers.js'
import { renderExplanationText } from '../../core/explain/index.js'

const rule = { ruleset: 'test', id: 'r', clause: 'c' }

const recordArb: fc.Arbitrary<ModifierRecord> = fc
  .record({
    kind: fc.constantFrom('add', 'set', 'cap', 'reroll'),
    value: fc.integer({ min: -6, max: 12 }),
    applied: fc.boolean(),
    label: fc.stringMatching(/^[a-z]{1,10}$/),
  })
  .map(({ kind, value, applied, label }) =>
    applied
      ? { source: rule, label, kind, value: kind === 'reroll' ? 'failed' : value, status: 'applied' }
      : {
          source: rule,
          label,
          kind,
          value: kind === 'reroll' ? 'failed' : value,
          status: 'ignored',
          reason: `not ${label}`,
        },
  )

/** The arithmetic written out a second way, to check the resolver against. */
function expected(base: number | null, records: readonly ModifierRecord[], mode: 'need' | 'value'): number | null {
  const applied = records.filter((r) => r.status === 'applied' && typeof r.value === 'number')
  const sets = applied.filter((r) => r.kind === 'set').map((r) => r.value as number)
  let value = sets.length > 0 ? (mode === 'need' ? Math.min(...sets) : Math.max(...sets)) : base
  if (value === null) return null
  for (const r of applied) if (r.kind === 'add') value += r.value as number
  for (const r of applied)
    if (r.kind === 'cap')
      value = mode === 'need' ? Math.max(value, r.value as number) : Math.min(value, r.value as number)
  return value
}

describe('the modifier resolver', () => {
  it('for random sets of modifiers, the number and the total its explanation shows agree', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
        fc.array(recordArb, { maxLength: 8 }),
        fc.constantFrom('need' as const, 'value' as const),
        (base, records, mode) => {
          const resolved = resolveModifiers({ value: base, text: 'base' }, records, {
            mode,
            title: (v) => `total ${v}`,
          })
          expect(resolved.value).toBe(expected(base, records, mode))
          expect(resolved.explanation.value ?? null).toBe(resolved.value)
          expect(resolved.explanation.text.startsWith(`total ${resolved.value}`)).toBe(true)
          // Every record is shown, applied or ignored, and each ignored one says why.
          const shown = resolved.explanation.children.filter((child) => child.status !== undefined)
          expect(shown).toHaveLength(records.length)
          for (const child of shown.filter((c) => c.status === 'ignored')) expect(child.text).toMatch(/: .+/)
          // The last running total shown is the number itself.
          const totals = [...renderExplanationText(resolved.explanation).matchAll(/-> (-?\d+)\+?(?: |$)/gm)].map(
            (m) => m[1],
          )
          const lastSet = resolved.records.filter((r) => r.status === 'applied' && r.kind !== 'reroll').at(-1)
          if (lastSet && lastSet.kind !== 'set' && resolved.value !== null)
            expect(totals.at(-1)).toBe(String(resolved.value))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('ignored modifiers appear with their reason and do not count', () => {
    const resolved = resolveModifiers(
      { value: 4, text: 'WS 3 vs WS 3' },
      [
        { source: rule, label: 'Hatred', kind: 'add', value: -1, status: 'ignored', reason: 'only the first round' },
        { source: rule, label: 'Fear', kind: 'add', value: 1, status: 'applied' },
      ],
      { mode: 'need', title: (v) => `needs ${v}+` },
    )
    expect(resolved.value).toBe(5)
    const text = renderExplanationText(resolved.explanation)
    expect(text).toContain('[ignored] Hatred: only the first round (test/r §c)')
    expect(text).toContain('Fear (needs +1): 4+ -> 5+')
  })

  it('of several sets, the best score wins for a need; the others are shown ignored', () => {
    const resolved = resolveModifiers(
      { value: 7, text: 'no armour' },
      [
        { source: rule, label: 'light armour', kind: 'set', value: 6, status: 'applied' },
        { source: rule, label: 'heavy armour', kind: 'set', value: 5, status: 'applied' },
      ],
      { mode: 'need', title: (v) => `save ${v}+` },
    )
    expect(resolved.value).toBe(5)
    expect(resolved.records[0]).toMatchObject({ status: 'ignored', reason: 'heavy armour gives a better 5+' })
  })
})
