import type { EntryDefinition, EntryKind, ParamValue } from '../engine/catalogue.js'
import type { Ruleset } from '../engine/types.js'
import { findEntry, LISTED_KINDS, readEntryParams, readRuleWords } from './rule-words.js'

/**
 * A special rule, weapon or item as a roster writes it ("Regeneration (5+)", "Hatred (High Elves)", "Repeater
 * crossbows") matched onto the ruleset's catalogue by the words every importer reads names with (rule-words.ts), so
 * a rule maps the same way whichever builder wrote it. How sure the match is goes into the import report: `mapped`
 * when the name and any parameter read as they are, `assumed` when a plural or another name was read or a parameter
 * could not be placed, `not-mapped` when no entry has the name.
 */

export interface RuleMatch {
  readonly entry: EntryDefinition
  /** The parameters the file gave, in their recorded form (the catalogue's defaults are not repeated). */
  readonly params: Readonly<Record<string, ParamValue>>
  /** Why the match is an assumption, when it is one. */
  readonly assumption?: string
}

/** A ruleset's entries as a roster names them. */
export class CatalogueNames {
  constructor(private readonly ruleset: Ruleset) {}

  /** The entry a list's text names (of one of `kinds` when given), with its parameter read; undefined when none. */
  match(text: string, kinds: readonly EntryKind[] = LISTED_KINDS): RuleMatch | undefined {
    const words = readRuleWords(text)
    const found = findEntry(this.ruleset, words.name, kinds)
    if (!found) return undefined
    const { entry, by } = found
    const assumptions = by === 'name' ? [] : [`read "${words.name}" as ${entry.name}`]
    const reading = readEntryParams(entry, words)
    if (reading.assumed !== null) assumptions.push(reading.assumed)
    return {
      entry,
      params: reading.params,
      ...(assumptions.length > 0 ? { assumption: assumptions.join('; ') } : {}),
    }
  }
}

/** How a match is said in the report: "regeneration {save: 5}". */
export function describeMatch(match: RuleMatch): string {
  const params = Object.entries(match.params)
  return params.length === 0
    ? match.entry.id
    : `${match.entry.id} {${params.map(([name, value]) => `${name}: ${value}`).join(', ')}}`
}
