import { describe, expect, it } from 'vitest'
import { defineEntry } from '../../core/engine/catalogue.js'
import { type CoreClauseTable, clauseIndex } from '../../core/rules/battle/context.js'
import { classicClauses } from '../../core/rules/classic/catalogue.js'
import { classicEntries } from '../../core/rules/classic/entries/index.js'
import { toWound } from '../../core/rules/classic/entries/to-wound.js'
import { oldWorldClauses } from '../../core/rules/old-world/catalogue.js'

type ClassicEntry = (typeof classicEntries)[number]
/** The classic entries but its to-wound, each with its own id and clause types. */
const withoutToWound = classicEntries.filter(
  (entry): entry is Exclude<ClassicEntry, { readonly id: 'to-wound' }> => entry.id !== 'to-wound',
)

/**
 * The battle procedures cite core clauses that every ruleset's catalogue must provide, checked by the compiler:
 * a catalogue declaration `clauseIndex(entries) satisfies CoreClauseTable` does not build when one is missing.
 */
describe('core clauses the battle procedures cite', () => {
  it('a ruleset whose to-wound entry lacks the chart clause the procedures cite does not build', () => {
    const toWoundWithoutChart = defineEntry({
      id: 'to-wound',
      name: 'To wound',
      kind: 'core',
      source: 'test',
      text: 'a to-wound entry that forgot its chart',
      clauses: { 'natural-1': 'a natural 1 always fails', 'cannot-wound': 'too weak to wound' },
      enforcement: 'enforced',
    })
    // @ts-expect-error: to-wound §chart, which the battle procedures cite, is missing
    const clauses = clauseIndex([...withoutToWound, toWoundWithoutChart]) satisfies CoreClauseTable
    expect(Object.keys(clauses['to-wound'])).not.toContain('chart')
  })

  it('the same entries with the whole to-wound entry build', () => {
    const clauses = clauseIndex([...withoutToWound, toWound]) satisfies CoreClauseTable
    expect(Object.keys(clauses['to-wound'])).toContain('chart')
  })

  it('both rulesets provide every core clause', () => {
    expect(classicClauses['to-wound'].chart).toBeTruthy()
    expect(oldWorldClauses['to-wound'].chart).toBeTruthy()
  })
})
