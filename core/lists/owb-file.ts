import { firstControlCharacter } from '../events/control-text.js'
import { ArbiterError } from '../events/errors.js'
import type { ListFile, ListFormat } from './types.js'

/**
 * An Old World Builder file read without trusting it (the format has no schema): every field the importer uses is
 * checked here, and a file that is not a list as the builder writes it is refused with the field named, before
 * anything is mapped. What the builder leaves out (a single model's `strength`, a unit with no options) is read as
 * the builder itself reads it.
 */

/** The unit sections of a list, with their titles: The Old World's, then Warhammer Fantasy's lords and heroes. */
export const OWB_SECTIONS = {
  characters: 'Characters',
  lords: 'Lords',
  heroes: 'Heroes',
  core: 'Core',
  special: 'Special',
  rare: 'Rare',
  mercenaries: 'Mercenaries',
  allies: 'Allies',
} as const
export type OwbSection = keyof typeof OWB_SECTIONS
const CHARACTER_SECTIONS: readonly OwbSection[] = ['characters', 'lords', 'heroes']

/** A magic item chosen for a unit or a command model. */
export interface OwbItem {
  readonly name: string
  readonly type: string | null
  readonly points: number
  readonly amount: number
  readonly perModelPoints: number | null
  readonly perUnitPoints: number | null
}

/** An option, piece of equipment or armour, command model or mount: only the chosen ones matter. */
export interface OwbChoice {
  readonly name: string
  readonly points: number
  readonly perModel: boolean
  readonly chosen: boolean
  /** Carried without being chosen (the builder's `equippedDefault`: a hand weapon beside a chosen great weapon). */
  readonly byDefault: boolean
  /** A stackable option's count (bought several times), else 0. */
  readonly count: number
  readonly options: readonly OwbChoice[]
  /** A command model's magic items. */
  readonly magic: readonly OwbItem[]
}

/** A unit's stat line as a custom profile gives it (`profile.stats[]`). */
export interface OwbStatLine {
  readonly name: string
  readonly values: Readonly<Record<string, string>>
}

export interface OwbUnit {
  readonly section: OwbSection
  readonly index: number
  /** The builder's id: the army book's unit id, a dot, a random id ("treeman.x1y2"). */
  readonly id: string | null
  readonly nameEn: string
  /** The name the player gave it, when they renamed it. */
  readonly customName: string | null
  /** Points per model; null when the file gives none. */
  readonly points: number | null
  readonly strength: number
  readonly character: boolean
  /** The army an allied or mercenary unit comes from. */
  readonly army: string | null
  readonly command: readonly OwbChoice[]
  readonly equipment: readonly OwbChoice[]
  readonly armor: readonly OwbChoice[]
  readonly options: readonly OwbChoice[]
  readonly mounts: readonly OwbChoice[]
  readonly items: readonly { readonly group: string; readonly selected: readonly OwbItem[] }[]
  readonly lores: readonly string[]
  readonly activeLore: string | null
  /** The comma-separated special rules in English, and whether an Army of Infamy's override gave them. */
  readonly specialRules: string
  readonly rulesOverridden: boolean
  readonly detachments: readonly { readonly name: string; readonly strength: number; readonly points: number }[]
  readonly stats: readonly OwbStatLine[]
  readonly troopType: string | null
}

export interface OwbList {
  readonly name: string
  readonly game: string | null
  readonly army: string
  readonly composition: string
  /** The points the list was built to (the builder's target), not what its units cost. */
  readonly pointsLimit: number | null
  readonly units: readonly OwbUnit[]
}

type Json = Record<string, unknown>

/** Reads one file's fields, naming each as `core[2].options[0].name_en` when it refuses. */
class FieldReader {
  constructor(readonly fileName: string) {}

  refuse(path: string, problem: string): never {
    throw new ArbiterError(
      'list/bad-file',
      `${this.fileName}: ${path === '' ? 'the file' : path} ${problem}; not an Old World Builder list as the builder ` +
        'writes it, so nothing was imported',
      {
        path: path
          .split(/[.[\]]+/)
          .filter((part) => part !== '')
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      },
    )
  }

  object(value: unknown, path: string): Json {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.refuse(path, 'must be an object')
    return value as Json
  }

  array(holder: Json, key: string, path: string): unknown[] {
    const value = holder[key]
    if (value === undefined || value === null) return []
    if (!Array.isArray(value)) this.refuse(join(path, key), 'must be a list')
    return value
  }

  text(holder: Json, key: string, path: string): string {
    const value = this.optionalText(holder, key, path)
    if (value === null || value.trim() === '') this.refuse(join(path, key), 'must be a name')
    return value
  }

  optionalText(holder: Json, key: string, path: string): string | null {
    const value = holder[key]
    if (value === undefined || value === null) return null
    if (typeof value !== 'string') this.refuse(join(path, key), 'must be text')
    return value
  }

  /** A number, or a number written as text (the builder stores a typed unit size as the input's text). */
  number(holder: Json, key: string, path: string): number | null {
    const value = holder[key]
    if (value === undefined || value === null || value === '') return null
    const number = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value
    if (typeof number !== 'number' || !Number.isFinite(number) || number < 0 || number > 100_000)
      this.refuse(join(path, key), 'must be a number of at least 0')
    return number
  }

  count(holder: Json, key: string, path: string): number | null {
    const value = this.number(holder, key, path)
    if (value !== null && !Number.isInteger(value)) this.refuse(join(path, key), 'must be a whole number')
    return value
  }

  /** The English of a localised name object ({ name_en, name_de... }), or its first language when it has no English. */
  localised(value: unknown, path: string): string | null {
    if (value === undefined || value === null) return null
    if (typeof value === 'string') return value
    const names = this.object(value, path)
    const english = names.name_en
    if (typeof english === 'string') return english
    const other = Object.entries(names).find(([key, each]) => key.startsWith('name_') && typeof each === 'string')
    if (other === undefined) this.refuse(join(path, 'name_en'), 'must be text')
    return other[1] as string
  }
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`

function readItem(reader: FieldReader, value: unknown, path: string): OwbItem {
  const item = reader.object(value, path)
  return {
    name: reader.text(item, 'name_en', path),
    type: reader.optionalText(item, 'type', path),
    points: reader.number(item, 'points', path) ?? 0,
    amount: reader.count(item, 'amount', path) ?? 1,
    perModelPoints: item.perModel === true ? (reader.number(item, 'perModelPoints', path) ?? 0) : null,
    perUnitPoints: reader.number(item, 'perUnitPoints', path),
  }
}

function readChoice(reader: FieldReader, value: unknown, path: string, composition: string): OwbChoice {
  const choice = reader.object(value, path)
  const alwaysFor = choice.alwaysActive === true ? choice.armyComposition : undefined
  const magic =
    choice.magic === undefined || choice.magic === null ? null : reader.object(choice.magic, join(path, 'magic'))
  return {
    name: reader.text(choice, 'name_en', path),
    points: reader.number(choice, 'points', path) ?? 0,
    perModel: choice.perModel === true,
    // Chosen: marked active, or always active in this Army of Infamy (as the builder counts its points).
    chosen: choice.active === true || (alwaysFor !== undefined && alwaysFor === composition),
    byDefault: choice.equippedDefault === true,
    count: choice.stackable === true ? (reader.count(choice, 'stackableCount', path) ?? 0) : 0,
    options: reader
      .array(choice, 'options', path)
      .map((each, index) => readChoice(reader, each, join(join(path, 'options'), index), composition)),
    magic: magic
      ? reader
          .array(magic, 'selected', join(path, 'magic'))
          .map((each, index) => readItem(reader, each, join(join(join(path, 'magic'), 'selected'), index)))
      : [],
  }
}

function readStats(reader: FieldReader, unit: Json, path: string): { stats: OwbStatLine[]; troopType: string | null } {
  if (unit.profile === undefined || unit.profile === null) return { stats: [], troopType: null }
  const at = join(path, 'profile')
  const profile = reader.object(unit.profile, at)
  const stats = reader.array(profile, 'stats', at).map((each, index) => {
    const linePath = join(join(at, 'stats'), index)
    const line = reader.object(each, linePath)
    const values: Record<string, string> = {}
    for (const [key, value] of Object.entries(line))
      if (key !== 'Name' && (typeof value === 'string' || typeof value === 'number')) values[key] = String(value)
    return { name: reader.optionalText(line, 'Name', linePath) ?? '', values }
  })
  return { stats, troopType: reader.localised(profile.troopType, join(at, 'troopType')) }
}

function readUnit(
  reader: FieldReader,
  value: unknown,
  section: OwbSection,
  index: number,
  composition: string,
  listPath: string,
): OwbUnit {
  const path = join(join(listPath, section), index)
  const unit = reader.object(value, path)
  const choices = (key: string) =>
    reader.array(unit, key, path).map((each, at) => readChoice(reader, each, join(join(path, key), at), composition))
  const army = reader.optionalText(unit, 'army', path)
  const own = army ?? composition
  // An Army of Infamy may give a unit other rules and lores than its army book's (armyComposition[slug]).
  const overrides =
    unit.armyComposition === undefined || unit.armyComposition === null
      ? null
      : reader.object(unit.armyComposition, join(path, 'armyComposition'))
  const override =
    overrides?.[own] === undefined || overrides[own] === null
      ? null
      : reader.object(overrides[own], join(join(path, 'armyComposition'), own))
  const overridePath = join(join(path, 'armyComposition'), own)
  const overriddenRules = override ? reader.localised(override.specialRules, join(overridePath, 'specialRules')) : null
  const lores = override && Array.isArray(override.lores) ? override.lores : reader.array(unit, 'lores', path)
  const strength = reader.count(unit, 'strength', path) ?? reader.count(unit, 'minimum', path)
  if (strength !== null && strength > 1000) reader.refuse(join(path, 'strength'), 'must be at most 1000 models')
  const customName = reader.optionalText(unit, 'name', path)
  return {
    section,
    index,
    id: reader.optionalText(unit, 'id', path),
    nameEn: reader.text(unit, 'name_en', path),
    customName: customName !== null && customName.trim() !== '' ? customName : null,
    points: reader.number(unit, 'points', path),
    strength: strength === null || strength < 1 ? 1 : strength,
    character: CHARACTER_SECTIONS.includes(section) || unit.unitType === 'characters',
    army: army === composition ? null : army,
    command: choices('command'),
    equipment: choices('equipment'),
    armor: choices('armor'),
    options: choices('options'),
    mounts: choices('mounts'),
    items: reader.array(unit, 'items', path).map((each, at) => {
      const groupPath = join(join(path, 'items'), at)
      const group = reader.object(each, groupPath)
      return {
        group: reader.optionalText(group, 'name_en', groupPath) ?? 'Magic Items',
        selected: reader
          .array(group, 'selected', groupPath)
          .map((item, itemAt) => readItem(reader, item, join(join(groupPath, 'selected'), itemAt))),
      }
    }),
    lores: lores.map((lore, at) => {
      if (typeof lore !== 'string') reader.refuse(join(join(path, 'lores'), at), "must be a lore's id")
      return lore
    }),
    activeLore: reader.optionalText(unit, 'activeLore', path),
    specialRules: overriddenRules ?? reader.localised(unit.specialRules, join(path, 'specialRules')) ?? '',
    rulesOverridden: overriddenRules !== null,
    detachments: reader.array(unit, 'detachments', path).map((each, at) => {
      const detachmentPath = join(join(path, 'detachments'), at)
      const detachment = reader.object(each, detachmentPath)
      return {
        name: reader.text(detachment, 'name_en', detachmentPath),
        strength: reader.count(detachment, 'strength', detachmentPath) ?? 0,
        points: reader.number(detachment, 'points', detachmentPath) ?? 0,
      }
    }),
    ...readStats(reader, unit, path),
  }
}

/** One list object of the file, read; `path` names it within a file of several lists. */
export function readOwbList(fileName: string, value: unknown, path = ''): OwbList {
  const reader = new FieldReader(fileName)
  const list = reader.object(value, path)
  const sections = (Object.keys(OWB_SECTIONS) as OwbSection[]).filter((section) => list[section] !== undefined)
  if (sections.length === 0 || typeof list.army !== 'string')
    reader.refuse(path, 'has no army and no unit sections (characters, core, special, rare...)')
  const army = reader.text(list, 'army', path)
  const composition = reader.optionalText(list, 'armyComposition', path) ?? army
  const units: OwbUnit[] = []
  for (const section of sections) {
    const entries = reader.array(list, section, path)
    entries.forEach((each, index) => {
      units.push(readUnit(reader, each, section, index, composition, path))
    })
  }
  return {
    name: reader.optionalText(list, 'name', path)?.trim() || 'Old World Builder list',
    game: reader.optionalText(list, 'game', path),
    army,
    composition,
    pointsLimit: reader.number(list, 'points', path),
    units,
  }
}

/** What a chosen option adds: per model or once, its chosen sub-options with it (the builder's own sums). */
function choicePoints(choice: OwbChoice, models: number): number {
  if (choice.count > 0) return choice.count * choice.points
  if (!choice.chosen) return 0
  const own = choice.perModel ? models * choice.points : choice.points
  const magic = choice.magic.reduce((sum, item) => sum + item.amount * item.points, 0)
  return own + magic + choice.options.reduce((sum, option) => sum + choicePoints(option, models), 0)
}

function itemPoints(item: OwbItem, unit: OwbUnit): number {
  if (!unit.character && item.perModelPoints !== null) return unit.strength * item.amount * item.perModelPoints
  if (!unit.character && item.perUnitPoints !== null) return item.amount * item.perUnitPoints
  return item.amount * item.points
}

/**
 * What a unit costs, as the builder sums it (the file holds no total): its points per model times its models, each
 * chosen option, piece of gear, command model, mount and magic item, and its detachments. Null when it gives none.
 */
export function owbUnitPoints(unit: OwbUnit): number | null {
  if (unit.points === null) return null
  const models = unit.strength
  const choices = [...unit.options, ...unit.equipment, ...unit.armor, ...unit.command, ...unit.mounts]
  const total =
    models * unit.points +
    choices.reduce((sum, choice) => sum + choicePoints(choice, models), 0) +
    unit.items.reduce(
      (sum, group) => sum + group.selected.reduce((each, item) => each + itemPoints(item, unit), 0),
      0,
    ) +
    unit.detachments.reduce((sum, detachment) => sum + detachment.strength * detachment.points, 0)
  return Math.round(total)
}

export function parseOwbJson(file: ListFile): unknown {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes)
  } catch {
    throw new ArbiterError('list/bad-file', `${file.name}: not text (UTF-8), so not an Old World Builder list`)
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw new ArbiterError(
      'list/bad-file',
      `${file.name}: not JSON (${(error as Error).message}), so not an Old World Builder list`,
    )
  }
}

/** The one list of the file: an `.owb.lists.json` of several names them and asks which (`listIndex`). */
export function pickOwbList(
  file: ListFile,
  json: unknown,
  listIndex: number | undefined,
): { value: unknown; path: string; format: ListFormat } {
  if (!Array.isArray(json)) return { value: json, path: '', format: 'owb' }
  if (json.length === 0) throw new ArbiterError('list/bad-file', `${file.name}: holds no list`, { path: [] })
  if (listIndex === undefined && json.length > 1) {
    const names = json.map((each, index) => {
      const name = (each as { name?: unknown } | null)?.name
      const shown = typeof name === 'string' && firstControlCharacter(name) === undefined ? name.slice(0, 80) : 'a list'
      return `${index + 1}. ${shown}`
    })
    throw new ArbiterError(
      'list/choose-list',
      `${file.name}: holds ${json.length} lists (${names.join('; ')}): say which to import (listIndex, from 0)`,
      { path: [] },
    )
  }
  const index = listIndex ?? 0
  if (!Number.isInteger(index) || index < 0 || index >= json.length)
    throw new ArbiterError(
      'list/choose-list',
      `${file.name}: holds ${json.length} list${json.length === 1 ? '' : 's'}, so there is no list ${index} (from 0)`,
      { path: [] },
    )
  return { value: json[index], path: `[${index}]`, format: 'owb-lists' }
}
