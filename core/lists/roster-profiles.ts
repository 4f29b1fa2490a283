import { slug } from '../engine/params.js'
import type { Profile, TroopType } from '../events/event-types.js'
import type { RosterProfile, RosterSelection } from './roster-read.js'

/** A model's stat line and troop type as a roster writes them (profiles' characteristics, categories), read. */

export const PROFILE_KEYS = ['M', 'WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld'] as const
export type ProfileKey = (typeof PROFILE_KEYS)[number]

/** Characteristic names as rosters write them (slugged), onto Arbiter's. */
const CHARACTERISTIC_NAMES: Readonly<Record<string, ProfileKey>> = {
  m: 'M',
  mv: 'M',
  move: 'M',
  movement: 'M',
  ws: 'WS',
  'weapon-skill': 'WS',
  bs: 'BS',
  'ballistic-skill': 'BS',
  s: 'S',
  strength: 'S',
  t: 'T',
  toughness: 'T',
  w: 'W',
  wounds: 'W',
  i: 'I',
  initiative: 'I',
  a: 'A',
  attacks: 'A',
  ld: 'Ld',
  leadership: 'Ld',
}

export const ZERO_PROFILE: Profile = { M: 0, WS: 0, BS: 0, S: 0, T: 0, W: 0, I: 0, A: 0, Ld: 0 }

/** A stat line as the file wrote it: the characteristics Arbiter reads, by its names. */
export interface StatLine {
  readonly source: RosterProfile
  readonly values: Partial<Record<ProfileKey, string>>
}

/** A profile holding at least five of M WS BS S T W I A Ld is a model's stat line (a weapon's or a rule's is not). */
export function statLineOf(selection: RosterSelection): StatLine | undefined {
  for (const profile of selection.profiles) {
    const values: Partial<Record<ProfileKey, string>> = {}
    for (const characteristic of profile.characteristics) {
      const key = CHARACTERISTIC_NAMES[slug(characteristic.name)]
      if (key && values[key] === undefined) values[key] = characteristic.value
    }
    if (Object.keys(values).length >= 5) return { source: profile, values }
  }
  return undefined
}

/** A stat line read: the profile when every value is a number ("-" read as 0, an assumption), else what is unreadable. */
export function readStatLine(line: StatLine): { profile?: Profile; dashes: ProfileKey[]; unreadable: string[] } {
  const profile: Record<string, number> = {}
  const dashes: ProfileKey[] = []
  const unreadable: string[] = []
  for (const key of PROFILE_KEYS) {
    const value = line.values[key]?.trim()
    if (value === undefined || value === '') unreadable.push(`${key} missing`)
    else if (/^[-–—]$/.test(value)) {
      profile[key] = 0
      dashes.push(key)
    } else if (/^\d+$/.test(value) && Number(value) <= 10) profile[key] = Number(value)
    else unreadable.push(`${key} "${value}"`)
  }
  return unreadable.length === 0 ? { profile: profile as Profile, dashes, unreadable } : { dashes, unreadable }
}

export const statText = (line: StatLine) =>
  `${line.source.name || 'profile'}: ${PROFILE_KEYS.map((key) => `${key} ${line.values[key] ?? '?'}`).join(', ')}`

/** A profile as the report says it was mapped: "M5 WS4 BS4 S3 T3 W1 I5 A1 Ld8". */
export const profileWords = (profile: Profile) => PROFILE_KEYS.map((key) => `${key}${profile[key]}`).join(' ')

/** Troop types as profiles abbreviate them ("Unit Type: In"). */
const TROOP_ABBREVIATIONS: Readonly<Record<string, TroopType>> = {
  in: 'infantry',
  ca: 'cavalry',
  mi: 'monstrous-infantry',
  mc: 'monstrous-cavalry',
  mb: 'monstrous-beast',
  mo: 'monster',
  ch: 'chariot',
  wm: 'war-machine',
  wb: 'war-beast',
  sw: 'swarm',
}

/** The troop type the file's categories or profiles name, when the ruleset has it. */
export function troopTypeOf(
  allowed: readonly TroopType[],
  selections: readonly RosterSelection[],
): TroopType | undefined {
  for (const selection of selections) {
    const words = [
      ...selection.categories.map((category) => category.name),
      ...selection.profiles.flatMap((profile) =>
        profile.characteristics.filter((c) => /^((troop|unit) )?type$/i.test(c.name)).map((c) => c.value),
      ),
    ]
    for (const word of words) {
      const key = TROOP_ABBREVIATIONS[slug(word)] ?? slug(word)
      const found = allowed.find((type) => type === key || `${type}s` === key)
      if (found) return found
    }
  }
  return undefined
}
