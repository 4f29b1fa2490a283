import type { EntryDefinition, EntryKind, ParamValue } from '../engine/catalogue.js'
import { paramKindsOf } from '../engine/muster-check.js'
import { type ParamKind, paramWords, parseParam, slug } from '../engine/params.js'
import type { Ruleset } from '../engine/types.js'

/**
 * Special rules, gear and items as list builders write them ("Regeneration (5+)", "Stomp Attacks (D3+1)",
 * "Aquatic**", "Cold Blooded {renegade}", "Armour Bane (1 - Chompa only)"), read into a catalogue entry and its
 * parameters. Every importer reads names with these, so a rule maps the same way whichever builder wrote it; the
 * parameter itself is read by the one parser of parameter values (core/engine/params.ts).
 */

/** One rule or piece of gear as a list writes it, taken apart. */
export interface RuleWords {
  /** The words as the list had them, trimmed. */
  readonly text: string
  /** The name alone: no parentheses, footnote marks or tags ("Regeneration"). */
  readonly name: string
  /** What the parentheses give before any " - " ("5+", "D3+1", "High Elves"), or null. */
  readonly value: string | null
  /** What the parentheses add after " - " ("Chompa only"), or null. */
  readonly qualifier: string | null
  /** Tags in braces ("renegade"): the builder's, not the rule's. */
  readonly tags: readonly string[]
}

/** A comma-separated list of rules split into its rules; a comma inside parentheses does not split. */
export function splitRuleList(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const char of text) {
    if (char === '(' || char === '{' || char === '[') depth += 1
    if ((char === ')' || char === '}' || char === ']') && depth > 0) depth -= 1
    if (char === ',' && depth === 0) {
      parts.push(current)
      current = ''
    } else current += char
  }
  parts.push(current)
  return parts.map((part) => part.trim()).filter((part) => part !== '')
}

/** One rule's words taken apart: "Regeneration (5+)" -> name Regeneration, value 5+. */
export function readRuleWords(text: string): RuleWords {
  const trimmed = text.trim().replace(/\s+/g, ' ')
  const tags = [...trimmed.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!.trim()).filter((tag) => tag !== '')
  const untagged = trimmed.replace(/\s*\{[^}]*\}/g, '')
  const brackets = /\(([^()]*)\)/.exec(untagged)
  const inside = brackets ? brackets[1]!.trim() : null
  const name = untagged
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/[*†‡]+/g, '')
    .trim()
  if (inside === null || inside === '') return { text: trimmed, name, value: null, qualifier: null, tags }
  const dash = /^(.*?)\s+-\s+(.+)$/.exec(inside)
  return dash
    ? { text: trimmed, name, value: dash[1]!.trim() || null, qualifier: dash[2]!.trim(), tags }
    : { text: trimmed, name, value: inside, qualifier: null, tags }
}

/**
 * Names that differ between the builders and the catalogue for the same rule (not different rules that look alike:
 * a cavalry spear is not a thrusting spear, a longbow is not a bow).
 */
const ALIASES: Readonly<Record<string, string>> = {
  'timmm-berrr': 'timber',
  'timm-berrr': 'timber',
  'thrusting-spear': 'spear',
  'always-strike-first': 'always-strikes-first',
}

/** The kinds of entry a list names: rules and gear, never a core mechanic, a variant or a spell. */
export const LISTED_KINDS: readonly EntryKind[] = ['special-rule', 'weapon', 'armour', 'item', 'banner']
export const GEAR_KINDS: readonly EntryKind[] = ['weapon', 'armour', 'item', 'banner']

/** A key names are compared by: a slug, and the same with each word's plural "s" dropped ("hand-weapons"). */
const keyOf = (name: string) => slug(name.replace(/[*†‡]+/g, '').replace(/\s*\{[^}]*\}/g, ''))
const singular = (key: string) =>
  key
    .split('-')
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word))
    .join('-')

/** How a name found its entry: its own name or id, a known other name, or its plural. */
export type MatchedBy = 'name' | 'alias' | 'plural'

/** The catalogue entry (of `kinds`: a list's rules and gear by default) a list's name stands for, and how it was found. */
export function findEntry(
  ruleset: Ruleset,
  name: string,
  kinds: readonly EntryKind[] = LISTED_KINDS,
): { readonly entry: EntryDefinition; readonly by: MatchedBy } | undefined {
  const key = keyOf(name)
  if (key === '') return undefined
  const listed = ruleset.definitions.filter((entry) => kinds.includes(entry.kind))
  const keysOf = (entry: EntryDefinition) => [entry.id, keyOf(entry.name), keyOf(entry.name.replace(/\s*\(.*\)/, ''))]
  const exact = listed.find((entry) => keysOf(entry).includes(key))
  if (exact) return { entry: exact, by: 'name' }
  const alias = Object.hasOwn(ALIASES, key) ? listed.find((entry) => entry.id === ALIASES[key]) : undefined
  if (alias) return { entry: alias, by: 'alias' }
  const plural = listed.find((entry) => keysOf(entry).some((each) => singular(each) === singular(key)))
  return plural ? { entry: plural, by: 'plural' } : undefined
}

/** An entry's parameters read from a list's value, and what was assumed to read them (null when nothing was). */
export interface ParamReading {
  /** Only the values that differ from the entry's defaults, in their recorded form (as a muster records them). */
  readonly params: Readonly<Record<string, ParamValue>>
  /** Every value the list gave, in its recorded form, defaults among them (for the report: "armour-bane {X: 1}"). */
  readonly read: Readonly<Record<string, ParamValue>>
  readonly assumed: string | null
}

/** A list's value in the form a parameter of `kind` is read from: "all enemies" is all, "A + B" names two races. */
function valueFor(kind: ParamKind, value: string): string {
  if (kind !== 'races') return value
  return /^all(\s+enem(y|ies))?$/i.test(value) ? 'all' : value.replace(/\s+\+\s+/g, ', ')
}

/** The parameters `words` give `entry`: its value read by the parameter's kind; what could not be is said. */
export function readEntryParams(entry: EntryDefinition, words: RuleWords): ParamReading {
  const kinds = paramKindsOf(entry)
  const names = Object.keys(kinds)
  const notes: string[] = []
  if (words.qualifier !== null)
    notes.push(`"${words.qualifier}" limits it to part of the unit; Arbiter gives it to the whole unit`)
  let params: Record<string, ParamValue> = {}
  if (words.value !== null) {
    const read = names
      .map((name) => ({ name, parsed: parseParam(kinds[name]!, valueFor(kinds[name]!, words.value!)) }))
      .find(({ parsed }) => parsed.ok)
    if (names.length === 0)
      notes.push(
        /\bonly$/i.test(words.value) || /^[A-Z]/.test(words.value)
          ? `"${words.value}" limits it to part of the unit; Arbiter gives it to the whole unit`
          : `Arbiter's ${entry.name} takes no value: (${words.value}) is not recorded`,
      )
    else if (read?.parsed.ok) {
      params = { [read.name]: read.parsed.value }
      if (names.length > 1) notes.push(`(${words.value}) read as its ${paramWords(read.name)}`)
      if (kinds[read.name] === 'text') notes.push(`(${words.value}) read as its ${paramWords(read.name)}, as written`)
    } else
      notes.push(
        /^[A-Za-z]/.test(words.value)
          ? `"${words.value}" is a name, not ${names.map(paramWords).join(' or ')}: the default is kept`
          : `(${words.value}) does not read as ${names.map(paramWords).join(' or ')}: the default is kept`,
      )
  } else if (entry.kind === 'special-rule' && Object.keys(entry.params ?? {}).length === 1) {
    const shown = ruleWordsOf(entry, {})
      .slice(entry.name.replace(/\s*\(.*\)$/, '').length)
      .trim()
    notes.push(`no value in the list: Arbiter's default${shown === '' ? 's are' : ` ${shown} is`} kept`)
  }
  const defaults = entry.params ?? {}
  const own = Object.fromEntries(Object.entries(params).filter(([name, value]) => defaults[name] !== value))
  return { params: own, read: params, assumed: notes.length > 0 ? [...new Set(notes)].join('; ') : null }
}

/** What a reference is in words with its catalogue id: "regeneration {save: 5}". */
export function mappedWords(entry: EntryDefinition, params: Readonly<Record<string, ParamValue>>): string {
  const given = Object.entries(params)
  return given.length === 0
    ? entry.id
    : `${entry.id} {${given.map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join(', ')}}`
}

/**
 * An entry as a list writes it, its value in brackets when it takes one: "Regeneration (5+)", "Stomp Attacks (D6)",
 * "Terror", "Light armour". A special rule shows the value it holds (its own over the entry's default), gear only a
 * value of its own; an entry of several values (a bow's range and Strength) is written by name alone.
 */
export function ruleWordsOf(entry: EntryDefinition, params: Readonly<Record<string, ParamValue>>): string {
  const name = entry.name.replace(/\s*\(.*\)$/, '')
  const kinds = paramKindsOf(entry)
  const values = entry.kind === 'special-rule' ? { ...(entry.params ?? {}), ...params } : params
  const names = Object.keys(kinds).filter((each) => values[each] !== undefined)
  if (names.length !== 1 || Object.keys(entry.params ?? {}).length > 1) return name
  const only = names[0]!
  const parsed = parseParam(kinds[only]!, values[only]!)
  const shown = parsed.ok ? parsed.shown.replace(/"$/, '') : String(values[only])
  return `${name} (${only === 'enemies' && shown === 'all' ? 'all enemies' : shown})`
}
