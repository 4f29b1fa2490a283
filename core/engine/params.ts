import type { ParamValue } from './catalogue.js'

/**
 * How a list writes a rule's parameter, and so how it is read: the one parser of parameter values,
 * used where an army is mustered (the api stores the normal form, the engine refuses anything
 * else) and by the muster screen to show a value back as it will be recorded.
 *
 * - `save`: a roll of X+ on a D6 ("5+", "5", 5), recorded as the number 5, shown "5+"
 * - `dice`: a count that is a number or dice ("D3+1", "2D6", "3"), recorded as "D3+1" or 3
 * - `inches`: a distance ("6\"", "6 in", "6 inches", 6), recorded as 6, shown 6"
 * - `number`: a plain number ("2", 1.5)
 * - `flag`: yes or no (true, "yes", "no")
 * - `races`: the races a rule names ("High Elves, Dwarfs", "all"), recorded as slugs "high-elves,dwarfs"
 * - `text`: any words, trimmed
 */
export type ParamKind = 'save' | 'dice' | 'inches' | 'number' | 'flag' | 'races' | 'text'

/** Parameters whose name says how they are written, whatever their default. */
const KIND_BY_NAME: Readonly<Record<string, ParamKind>> = {
  save: 'save',
  ward: 'save',
  range: 'inches',
  enemies: 'races',
}

/** The kind of a parameter, from its name and the catalogue's default for it. */
export function paramKind(name: string, defaultValue: ParamValue | undefined): ParamKind {
  const named = Object.hasOwn(KIND_BY_NAME, name) ? KIND_BY_NAME[name] : undefined
  if (named) return named
  if (typeof defaultValue === 'boolean') return 'flag'
  if (typeof defaultValue === 'number') return 'number'
  if (typeof defaultValue === 'string' && parseDiceCount(defaultValue) !== null) return 'dice'
  return 'text'
}

/**
 * A rule's count as a list writes it: a plain number, or dice ("D6", "2D3", "D3+1"): `dice` of `sides`, plus `add`.
 * Null when it is neither.
 */
export function parseDiceCount(
  value: unknown,
): { dice: number; sides: number; add: number } | { fixed: number } | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? { fixed: value } : null
  if (typeof value !== 'string') return null
  const text = value.replace(/\s+/g, '').toUpperCase()
  if (/^\d+$/.test(text)) return { fixed: Number(text) }
  const match = /^(\d*)D(3|6)(?:\+(\d+))?$/.exec(text)
  if (!match) return null
  const dice = match[1] === '' ? 1 : Number(match[1])
  const add = match[3] === undefined ? 0 : Number(match[3])
  return dice >= 1 && dice <= 10 && add <= 10 ? { dice, sides: Number(match[2]), add } : null
}

export type ParsedParam =
  | { readonly ok: true; readonly value: ParamValue; readonly shown: string }
  | { readonly ok: false; readonly expected: string }

const inchesPattern = /^(\d+(?:\.\d+)?)\s*(?:"|''|”|in|inch|inches)?$/i

/** A value as a player writes it, read as `kind`: its recorded form and how it is shown, or what was expected. */
export function parseParam(kind: ParamKind, raw: ParamValue): ParsedParam {
  const text = typeof raw === 'string' ? raw.trim() : raw
  switch (kind) {
    case 'save': {
      const match = typeof text === 'number' ? null : /^([1-6])\s*\+?$/.exec(String(text))
      const value = typeof text === 'number' ? text : match ? Number(match[1]) : Number.NaN
      return Number.isInteger(value) && value >= 1 && value <= 6
        ? { ok: true, value, shown: `${value}+` }
        : { ok: false, expected: 'a save such as 5+' }
    }
    case 'dice': {
      const count = parseDiceCount(text)
      if (count === null) return { ok: false, expected: 'a number or dice such as D3, D6, 2D6 or D3+1' }
      if ('fixed' in count) return { ok: true, value: count.fixed, shown: String(count.fixed) }
      const dice = `${count.dice === 1 ? '' : count.dice}D${count.sides}${count.add === 0 ? '' : `+${count.add}`}`
      return { ok: true, value: dice, shown: dice }
    }
    case 'inches': {
      const match = typeof text === 'number' ? null : inchesPattern.exec(String(text))
      const value = typeof text === 'number' ? text : match ? Number(match[1]) : Number.NaN
      return Number.isFinite(value) && value >= 0 && value <= 200
        ? { ok: true, value, shown: `${value}"` }
        : { ok: false, expected: 'a distance in inches such as 6"' }
    }
    case 'number': {
      const value = typeof text === 'number' ? text : /^\d+(?:\.\d+)?$/.test(String(text)) ? Number(text) : Number.NaN
      return Number.isFinite(value) && value >= 0
        ? { ok: true, value, shown: String(value) }
        : { ok: false, expected: 'a number such as 2' }
    }
    case 'flag': {
      const word = String(text).toLowerCase()
      if (text === true || word === 'yes' || word === 'true') return { ok: true, value: true, shown: 'yes' }
      if (text === false || word === 'no' || word === 'false') return { ok: true, value: false, shown: 'no' }
      return { ok: false, expected: 'yes or no' }
    }
    case 'races': {
      const races = String(text)
        .split(',')
        .map((race) => slug(race))
        .filter((race) => race !== '')
      return races.length > 0 && typeof text === 'string'
        ? { ok: true, value: races.join(','), shown: races.join(', ') }
        : { ok: false, expected: 'the races it names, such as high-elves, dwarfs, or all' }
    }
    case 'text':
      return typeof text === 'string' && text !== ''
        ? { ok: true, value: text, shown: text }
        : { ok: false, expected: 'a name' }
  }
}

/** A name as a slug: "High Elves" -> "high-elves". */
export function slug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A parameter's name in a player's words: "castingValue" -> "casting value"; X stays X. */
export function paramWords(name: string): string {
  return name.length === 1 ? name : name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

/** What a parameter needs, as a sentence ends: "Regeneration needs <a save such as 5+>". */
export function paramNeeds(name: string, kind: ParamKind, expected: string): string {
  if (kind === 'save' && name === 'save') return expected
  if (kind === 'races') return expected
  return `${paramWords(name)} as ${expected}`
}
