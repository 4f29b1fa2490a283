import type { ParamValue } from '../engine/catalogue.js'
import { slug } from '../engine/params.js'
import type { Ruleset } from '../engine/types.js'
import { firstControlCharacter } from '../events/control-text.js'
import { type Profile, type TroopType, troopTypes } from '../events/event-types.js'
import type { OwbChoice, OwbStatLine } from './owb-file.js'

/** The Old World Builder importer's words: names, stat lines, troop types and references as a muster takes them. */

/** A human soldier's stat line: what stands in for a profile the player still has to give. */
export const PLACEHOLDER_PROFILE: Profile = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }
export const CHARACTERISTICS = ['M', 'WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld'] as const

/** "wood-elf-realms" in words: "Wood Elf Realms". */
export function wordsOfSlug(id: string): string {
  return id
    .split('-')
    .filter((part) => part !== '')
    .map((part, index) => (index > 0 && SMALL_WORDS.has(part) ? part : part[0]!.toUpperCase() + part.slice(1)))
    .join(' ')
}
export const SMALL_WORDS = new Set(['of', 'the', 'and', 'a', 'an', 'in', 'on'])

/** A name as a muster takes it: no builder's tags ("{renegade}") or footnote marks, no control characters. */
export function cleanName(name: string): string {
  return [...name.replace(/\s*\{[^}]*\}/g, '').replace(/\*+/g, '')]
    .map((char) => (firstControlCharacter(char) === undefined ? char : ' '))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
    .trim()
}

export const sameKey = (name: string) => slug(cleanName(name))

/** A stat line read as a profile: each characteristic a whole number from 0 to 10 ("-" is 0), or null. */
export function profileOf(line: OwbStatLine | undefined): Profile | null {
  if (!line) return null
  const profile: Partial<Record<(typeof CHARACTERISTICS)[number], number>> = {}
  for (const name of CHARACTERISTICS) {
    const raw = (line.values[name] ?? '').trim()
    const value = raw === '-' ? 0 : /^\d+$/.test(raw) ? Number(raw) : Number.NaN
    if (!Number.isInteger(value) || value < 0 || value > 10) return null
    profile[name] = value
  }
  return profile as Profile
}

export const statWords = (line: OwbStatLine) =>
  CHARACTERISTICS.map((name) => `${name}${line.values[name] ?? '?'}`).join(' ')

/** A troop type in the builder's words ("Regular infantry", "Behemoth", "Heavy cavalry") that `ruleset` has. */
export function troopTypeOf(ruleset: Ruleset, words: string | null): TroopType | null {
  if (words === null) return null
  const key = slug(words)
    .replace(/^regular-/, '')
    .replace(/s$/, '')
  const type = troopTypes.find((each) => each === key)
  return type !== undefined && ruleset.troopTypes.includes(type) ? type : null
}

export const WIZARD_LEVEL = /^(?:level\s+([1-4])\s+wizard|wizard\s+(?:level\s+)?([1-4]))$/i

export type Ref = { id: string; params: Record<string, ParamValue> }

export function hasWizardOption(choices: readonly OwbChoice[]): boolean {
  return choices.some((choice) => choice.chosen && (/wizard/i.test(choice.name) || hasWizardOption(choice.options)))
}

export const sameParams = (a: Readonly<Record<string, ParamValue>>, b: Readonly<Record<string, ParamValue>>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())

/** A rule as a muster writes it: a bare id when it has no values of its own. */
export function ruleRefOf(ref: Ref): string | { id: string; params: Record<string, ParamValue> } {
  return Object.keys(ref.params).length === 0 ? ref.id : { id: ref.id, params: ref.params }
}

/** Gear as a muster writes it: its values are its options. */
export function gearRefOf(ref: Ref): string | { id: string; options: Record<string, ParamValue> } {
  return Object.keys(ref.params).length === 0 ? ref.id : { id: ref.id, options: ref.params }
}
