import type { EntryDefinition, EntryKind, ParamValue } from '../engine/catalogue.js'
import { paramKind, parseParam, slug } from '../engine/params.js'
import type { Ruleset } from '../engine/types.js'

/**
 * A special rule, weapon or item as a list file writes it ("Regeneration (5+)", "Hatred (High Elves)",
 * "Repeater crossbows") matched onto the ruleset's catalogue with its parameter read by the one parser of
 * parameter values (core/engine/params.ts). How sure the match is goes into the import report: `mapped` when the
 * name and any parameter read as they are, `assumed` when a plural was read as the singular or a parameter could
 * not be placed, `not-mapped` when no entry has the name.
 */

/** "Regeneration (5+)" -> name "Regeneration", parameter "5+"; footnote marks and tags dropped ("Aquatic**"). */
export function splitRuleText(text: string): { name: string; parameter?: string } {
  const clean = text
    .replace(/\{[^}]*\}/g, '')
    .replace(/\*+/g, '')
    .trim()
  const match = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(clean)
  if (!match || match[1]!.trim() === '') return { name: clean }
  const parameter = match[2]!.trim()
  return parameter === '' ? { name: match[1]!.trim() } : { name: match[1]!.trim(), parameter }
}

export interface RuleMatch {
  readonly entry: EntryDefinition
  /** The parameters the file gave, in their recorded form (the catalogue's defaults are not repeated). */
  readonly params: Readonly<Record<string, ParamValue>>
  /** Why the match is an assumption, when it is one. */
  readonly assumption?: string
}

/** The parameter a bare "(X)" fills, when an entry has several: the names rules use for their one number. */
const USUAL_PARAMETERS = ['X', 'save', 'ward', 'enemies', 'multipleShots', 'strength']

/** A ruleset's entries by every name a list may give them: the name, the id, the name without its parenthesis. */
export class CatalogueNames {
  private readonly byName = new Map<string, EntryDefinition>()

  constructor(ruleset: Ruleset) {
    for (const entry of ruleset.definitions) {
      if (entry.kind === 'core' || entry.kind === 'variant') continue
      for (const name of [entry.id, slug(entry.name), slug(entry.name.replace(/\s*\(.*\)\s*$/, ''))])
        if (name !== '' && !this.byName.has(name)) this.byName.set(name, entry)
    }
  }

  /** The entry a list's text names (of one of `kinds` when given), with its parameter read; undefined when none. */
  match(text: string, kinds?: readonly EntryKind[]): RuleMatch | undefined {
    const { name, parameter } = splitRuleText(text)
    const found = this.find(name, kinds)
    if (!found) return undefined
    const { entry, plural } = found
    const assumptions = plural ? [`read "${name}" as ${entry.name}`] : []
    let params: Record<string, ParamValue> = {}
    if (parameter !== undefined) {
      const read = readParameter(entry, parameter)
      if ('params' in read) params = read.params
      else assumptions.push(read.problem)
    }
    return { entry, params, ...(assumptions.length > 0 ? { assumption: assumptions.join('; ') } : {}) }
  }

  private find(name: string, kinds?: readonly EntryKind[]): { entry: EntryDefinition; plural: boolean } | undefined {
    const fits = (entry: EntryDefinition | undefined) => entry && (!kinds || kinds.includes(entry.kind))
    const key = slug(name)
    const exact = this.byName.get(key)
    if (fits(exact)) return { entry: exact!, plural: false }
    // "Spears", "Repeater crossbows": a unit's gear is often named in the plural.
    const singular = key.endsWith('s') ? this.byName.get(key.slice(0, -1)) : undefined
    if (fits(singular)) return { entry: singular!, plural: true }
    return undefined
  }
}

/** A bracketed parameter read into the parameter of the entry it belongs to, or why it could not be. */
function readParameter(
  entry: EntryDefinition,
  parameter: string,
): { params: Record<string, ParamValue> } | { problem: string } {
  const defaults = entry.params ?? {}
  const names = [...Object.keys(defaults), ...Object.keys(entry.optionalParams ?? {})]
  const target = names.length === 1 ? names[0] : USUAL_PARAMETERS.find((name) => names.includes(name))
  if (target === undefined)
    return {
      problem:
        names.length === 0
          ? `${entry.name} takes no parameter: "(${parameter})" is not kept`
          : `"(${parameter})" could be any of ${entry.name}'s ${names.join(', ')}: not kept`,
    }
  const kind = entry.optionalParams?.[target] ?? paramKind(target, defaults[target])
  const parsed = parseParam(kind, parameter)
  if (!parsed.ok) return { problem: `"(${parameter})" is not ${parsed.expected}: ${entry.name} keeps its default` }
  return { params: { [target]: parsed.value } }
}

/** How a match is said in the report: "regeneration {save: 5}". */
export function describeMatch(match: RuleMatch): string {
  const params = Object.entries(match.params)
  return params.length === 0
    ? match.entry.id
    : `${match.entry.id} {${params.map(([name, value]) => `${name}: ${value}`).join(', ')}}`
}
