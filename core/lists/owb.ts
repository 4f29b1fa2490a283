import { slug } from '../engine/params.js'
import type { Ruleset, TroopTemplate } from '../engine/types.js'
import { ArbiterError } from '../events/errors.js'
import type { Profile, TroopType, UnitDefinitionInput } from '../events/event-types.js'
import {
  OWB_SECTIONS,
  type OwbChoice,
  type OwbList,
  type OwbUnit,
  owbUnitPoints,
  parseOwbJson,
  pickOwbList,
  readOwbList,
} from './owb-file.js'
import {
  cleanName,
  gearRefOf,
  hasWizardOption,
  PLACEHOLDER_PROFILE,
  profileOf,
  type Ref,
  ruleRefOf,
  sameKey,
  sameParams,
  statWords,
  troopTypeOf,
  WIZARD_LEVEL,
  wordsOfSlug,
} from './owb-words.js'
import { findEntry, GEAR_KINDS, mappedWords, readEntryParams, readRuleWords, splitRuleList } from './rule-words.js'
import type {
  ImportContext,
  ImportedList,
  ImportNeed,
  ImportRow,
  LibraryUnit,
  ListFile,
  ListFormat,
  ProfileSource,
} from './types.js'

/**
 * Old World Builder lists in (issue 20): a `.owb.json` (one list, the builder's list object as it is) or a
 * `.owb.lists.json` (an array of them). Every unit, option, item and special rule is mapped onto the ruleset's
 * catalogue, row by row in the import report; what could not be mapped is reported with the file's text. The format
 * has no stat lines: a unit's comes from the file's custom profile when it has one, else the ruleset's ready unit of
 * that name, else the unit library, else the player is asked for it (a placeholder stands in until then).
 */
export function importOwb(file: ListFile, context: ImportContext): ImportedList {
  const json = parseOwbJson(file)
  const { value, path, format } = pickOwbList(file, json, context.listIndex)
  const list = readOwbList(file.name, value, path)
  if (list.units.length > MAX_UNITS)
    throw new ArbiterError(
      'list/bad-file',
      `${file.name}: holds ${list.units.length} units; an army musters at most ${MAX_UNITS}, so nothing was imported`,
      { path: [] },
    )
  return new OwbMapping(file, context, list, format).imported()
}

/** The most units an army musters (ArmyMustered's own limit). */
const MAX_UNITS = 200

/** One unit as it is built: what the mapping adds to it. */
interface Building {
  readonly id: string
  readonly where: string
  readonly gear: Ref[]
  readonly rules: Ref[]
  readonly mountGear: Ref[]
  readonly mountRules: Ref[]
  command: { champion: boolean; standard: boolean; musician: boolean } | null
  championName: string | null
  wizardLevel: number | null
  general: boolean
}

class OwbMapping {
  private readonly rows: ImportRow[] = []
  private readonly needs: ImportNeed[] = []
  private readonly profiles: Record<string, ProfileSource> = {}
  private readonly ids = new Set<string>()
  private readonly names = new Set<string>()
  private readonly ruleset: Ruleset
  private readonly faction: string

  constructor(
    private readonly file: ListFile,
    private readonly context: ImportContext,
    private readonly list: OwbList,
    private readonly format: ListFormat,
  ) {
    this.ruleset = context.ruleset
    this.faction = wordsOfSlug(list.army)
  }

  imported(): ImportedList {
    const units = this.list.units.map((unit) => this.unit(unit))
    const costs = units.map((unit) => unit.points).filter((points): points is number => points !== undefined)
    const total = costs.length === 0 ? null : costs.reduce((sum, points) => sum + points, 0)
    const composition =
      this.list.composition === this.list.army ? '' : ` (${wordsOfSlug(this.list.composition)}, an Army of Infamy)`
    const notes = [
      this.list.game !== null && this.list.game !== 'the-old-world'
        ? `a list for ${this.list.game}, read against ${this.ruleset.name}`
        : null,
    ].filter((note): note is string => note !== null)
    this.rows.unshift({
      path: this.list.name,
      kind: 'army',
      text: this.list.name,
      status: notes.length > 0 ? 'assumed' : 'mapped',
      mappedTo:
        `${this.faction}${composition}: ${units.length} unit${units.length === 1 ? '' : 's'}, ` +
        `${total ?? 'unknown'} points${this.list.pointsLimit === null ? '' : ` (built to ${this.list.pointsLimit})`}`,
      ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
    })
    return {
      format: this.format,
      fileName: this.file.name,
      fileHash: this.context.fileHash,
      ruleset: this.ruleset.id,
      army: { name: this.list.name, faction: this.faction, points: total },
      units,
      profiles: this.profiles,
      needs: this.needs,
      rows: this.rows,
    }
  }

  private row(row: ImportRow): void {
    this.rows.push(row)
  }

  private uniqueId(owbId: string | null, name: string): string {
    const fromBook = owbId === null ? '' : slug(owbId.split('.')[0] ?? '')
    const base = (fromBook || slug(name) || 'unit').slice(0, 56).replace(/-+$/, '')
    let id = base
    for (let n = 2; this.ids.has(id); n += 1) id = `${base}-${n}`
    this.ids.add(id)
    return id
  }

  private uniqueName(name: string): string {
    let unique = name
    for (let n = 2; this.names.has(unique.toLowerCase()); n += 1) unique = `${name.slice(0, 114)} ${n}`
    this.names.add(unique.toLowerCase())
    return unique
  }

  private unit(owb: OwbUnit): UnitDefinitionInput {
    const bookName = cleanName(owb.nameEn) || owb.nameEn.trim()
    const shownName = owb.customName === null ? bookName : cleanName(owb.customName) || bookName
    const name = this.uniqueName(shownName)
    const id = this.uniqueId(owb.id, bookName)
    const where = `${OWB_SECTIONS[owb.section]} > ${name}`
    const points = owbUnitPoints(owb)
    const models = owb.character ? 1 : owb.strength
    const unitNotes = [
      name !== shownName ? `named ${name}: each unit needs a name of its own` : null,
      owb.customName !== null && cleanName(owb.customName) !== owb.customName.trim()
        ? `its name is written ${name}: without the builder's tags, footnote marks or control characters`
        : null,
      points === null ? 'the file gives no points: its victory points are unknown' : null,
      owb.character && owb.strength > 1 ? `a character is one model (the file says ${owb.strength})` : null,
    ].filter((note): note is string => note !== null)
    this.row({
      path: where,
      kind: owb.character ? 'character' : 'unit',
      text: owb.customName === null ? owb.nameEn : `${owb.customName} (${owb.nameEn})`,
      status: unitNotes.length > 0 ? 'assumed' : 'mapped',
      mappedTo: `${id}: ${name}, ${models} model${models === 1 ? '' : 's'}${points === null ? '' : `, ${points} points`}`,
      ...(unitNotes.length > 0 ? { note: unitNotes.join('; ') } : {}),
      unit: id,
    })
    const building: Building = {
      id,
      where,
      gear: [],
      rules: [],
      mountGear: [],
      mountRules: [],
      command: null,
      championName: null,
      wizardLevel: null,
      general: false,
    }
    for (const choice of owb.equipment) this.choice(building, choice, 'Equipment', owb.character)
    for (const choice of owb.armor) this.choice(building, choice, 'Armour', owb.character)
    for (const choice of owb.options) this.choice(building, choice, 'Options', owb.character)
    for (const choice of owb.command) this.command(building, choice, owb.character)
    const mountChoice = owb.mounts.find((mount) => mount.chosen && !/^on foot$/i.test(cleanName(mount.name)))
    if (mountChoice) for (const option of mountChoice.options) this.suboptions(building, option, 'Mount', 'mount')
    for (const group of owb.items)
      for (const item of group.selected) {
        const words = readRuleWords(item.name)
        const amount = item.amount > 1 ? `${item.amount} in the list; Arbiter records it once` : null
        this.place(
          building,
          `${where} > ${group.group}${item.type ? ` (${item.type})` : ''}`,
          'item',
          words,
          'unit',
          amount,
        )
      }
    const rulesPath = `${where} > Special rules${owb.rulesOverridden ? ` (${wordsOfSlug(owb.army ?? this.list.composition)})` : ''}`
    for (const text of splitRuleList(owb.specialRules))
      this.place(building, rulesPath, 'rule', readRuleWords(text), 'unit', null)
    this.lore(building, owb)
    for (const detachment of owb.detachments)
      this.row({
        path: `${where} > Detachments`,
        kind: 'unit',
        text: `${detachment.strength}x ${detachment.name}`,
        status: 'not-mapped',
        note: 'a detachment: the player musters it as a unit of its own (its points are counted with this unit)',
        unit: id,
      })
    return this.assemble(owb, building, { id, name, models, points, mountChoice })
  }

  /** An equipment, armour or option choice and its chosen sub-options; a Wizard's level is the character's. */
  private choice(building: Building, choice: OwbChoice, group: string, character: boolean): void {
    if (!choice.chosen && !choice.byDefault && choice.count === 0) return
    const path = `${building.where} > ${group}`
    const level = WIZARD_LEVEL.exec(cleanName(choice.name))
    if (level) {
      this.wizard(building, path, choice.name, Number(level[1] ?? level[2]), character)
      return
    }
    if (/^wizard$/i.test(cleanName(choice.name))) {
      const chosenLevel = choice.options.find((option) => option.chosen && WIZARD_LEVEL.test(cleanName(option.name)))
      if (!chosenLevel) this.wizard(building, path, choice.name, 1, character, 'no level chosen: taken as Level 1')
      for (const option of choice.options) this.choice(building, option, group, character)
      return
    }
    const note = choice.count > 1 ? `${choice.count} in the list; Arbiter records it once` : null
    for (const text of splitRuleList(choice.name))
      this.place(building, path, 'option', readRuleWords(text), 'unit', note)
    for (const option of choice.options) this.suboptions(building, option, group, 'unit')
  }

  private suboptions(building: Building, choice: OwbChoice, group: string, target: 'unit' | 'mount'): void {
    if (!choice.chosen) return
    const path = `${building.where} > ${group}${target === 'mount' ? '' : ' > options'}`
    for (const text of splitRuleList(choice.name))
      this.place(building, path, 'option', readRuleWords(text), target, null)
    for (const option of choice.options) this.suboptions(building, option, group, target)
  }

  private wizard(building: Building, path: string, text: string, level: number, character: boolean, note?: string) {
    if (!character) {
      this.row({
        path,
        kind: 'option',
        text,
        status: 'not-mapped',
        note: 'only a character is a Wizard in Arbiter',
        unit: building.id,
      })
      return
    }
    building.wizardLevel = Math.max(building.wizardLevel ?? 0, level)
    this.row({
      path,
      kind: 'option',
      text,
      status: note ? 'assumed' : 'mapped',
      mappedTo: `wizard level ${level}`,
      ...(note ? { note } : {}),
      unit: building.id,
    })
  }

  /** A command model, as its name says what it is; its magic items are the unit's banner or the champion's. */
  private command(building: Building, choice: OwbChoice, character: boolean): void {
    if (!choice.chosen) return
    const path = `${building.where} > Command`
    const name = cleanName(choice.name)
    const row = (status: ImportRow['status'], mappedTo: string | null, note: string | null) =>
      this.row({
        path,
        kind: 'command',
        text: choice.name,
        status,
        ...(mappedTo ? { mappedTo } : {}),
        ...(note ? { note } : {}),
        unit: building.id,
      })
    let role: 'champion' | 'standard' | 'musician' | null = null
    if (/^general$/i.test(name)) {
      if (character) {
        building.general = true
        row('mapped', 'the general', null)
      } else row('not-mapped', null, 'only a character is the general in Arbiter')
    } else if (/battle standard/i.test(name))
      row('not-mapped', null, `${this.ruleset.name}'s catalogue has no Battle Standard Bearer`)
    else if (character) row('not-mapped', null, 'a character has no command group')
    else if (/standard|banner|ensign|icon|totem/i.test(name)) role = 'standard'
    else if (/musician|drum|horn|bugle|piper|pipes|trumpet|glockenspiel|gong|hornblower/i.test(name)) role = 'musician'
    else role = 'champion'
    if (role) {
      building.command = building.command ?? { champion: false, standard: false, musician: false }
      building.command[role] = true
      if (role === 'champion') building.championName = name
      const named = new RegExp(role, 'i').test(name) || (role === 'standard' && /standard/i.test(name))
      row(named ? 'mapped' : 'assumed', `command group: ${role}`, named ? null : `taken for the unit's ${role}`)
    }
    for (const option of choice.options) this.suboptions(building, option, 'Command', 'unit')
    const holder = role ?? 'command model'
    for (const item of choice.magic) {
      const itemPath = `${path} > ${name}${item.type ? ` (${item.type})` : ''}`
      const words = readRuleWords(item.name)
      const found = findEntry(this.ruleset, words.name)
      // A standard's magic banner is the unit's; a champion's item has no place of its own in a muster.
      if (role === 'standard' && found && found.entry.kind === 'banner')
        this.place(building, itemPath, 'item', words, 'unit', null)
      else
        this.row({
          path: itemPath,
          kind: 'item',
          text: item.name,
          status: 'not-mapped',
          note: found
            ? `${found.entry.name} is the ${holder}'s own; Arbiter keeps no gear for a ${holder} apart from its unit's`
            : `${this.ruleset.name}'s catalogue has no "${words.name}"`,
          unit: building.id,
        })
    }
  }

  /** A name the file gives (a rule, a weapon, an item) mapped onto a catalogue entry with its parameters, or not. */
  private place(
    building: Building,
    path: string,
    kind: ImportRow['kind'],
    words: ReturnType<typeof readRuleWords>,
    target: 'unit' | 'mount',
    extraNote: string | null,
  ): void {
    const found = words.name === '' ? undefined : findEntry(this.ruleset, words.name)
    if (!found) {
      this.row({
        path,
        kind,
        text: words.text,
        status: 'not-mapped',
        note: `${this.ruleset.name}'s catalogue has no "${words.name || words.text}"`,
        unit: building.id,
      })
      return
    }
    const { entry, by } = found
    const reading = readEntryParams(entry, words)
    const isGear = GEAR_KINDS.includes(entry.kind)
    const list =
      target === 'mount' ? (isGear ? building.mountGear : building.mountRules) : isGear ? building.gear : building.rules
    const held = list.find((ref) => ref.id === entry.id)
    const notes = [
      reading.assumed,
      extraNote,
      held
        ? `held already${sameParams(held.params, reading.params) ? '' : ' with other values: the first is kept'}`
        : null,
      !held && list.length >= 50 ? 'more than 50: not recorded' : null,
    ].filter((note): note is string => note !== null)
    if (!held && list.length < 50) list.push({ id: entry.id, params: { ...reading.params } })
    this.row({
      path,
      kind,
      text: words.text,
      status: notes.length > 0 ? 'assumed' : 'mapped',
      mappedTo:
        `${target === 'mount' ? 'mount ' : ''}${isGear ? 'gear' : 'rule'} ${mappedWords(entry, reading.read)}` +
        (by === 'name' ? '' : ` (${entry.name})`),
      ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
      unit: building.id,
    })
  }

  /** The lore a Wizard uses: the one chosen, else the first it may take (as the builder shows it). */
  private lore(building: Building, owb: OwbUnit): void {
    const wizard = building.wizardLevel !== null || hasWizardOption([...owb.options, ...owb.command, ...owb.mounts])
    const lore = owb.activeLore ?? (wizard ? (owb.lores[0] ?? null) : null)
    if (lore === null || /^none$/i.test(lore)) return
    this.row({
      path: `${building.where} > Lore`,
      kind: 'lore',
      text: lore,
      status: 'not-mapped',
      note: `${this.ruleset.name}'s catalogue holds no lore of magic called ${wordsOfSlug(lore)}: spells are named as they are cast`,
      unit: building.id,
    })
  }

  private assemble(
    owb: OwbUnit,
    building: Building,
    made: { id: string; name: string; models: number; points: number | null; mountChoice: OwbChoice | undefined },
  ): UnitDefinitionInput {
    const { id, name, models, points, mountChoice } = made
    const bookName = cleanName(owb.nameEn)
    const troop = this.troopOf(owb)
    const faction = owb.army === null ? this.faction : wordsOfSlug(owb.army)
    const library =
      this.context.libraryUnit?.(faction, bookName) ??
      (owb.customName === null ? undefined : this.context.libraryUnit?.(faction, cleanName(owb.customName)))
    const { profile, source } = this.profile(owb, building, troop, library)
    this.profiles[id] = source
    const troopType = this.troopType(owb, building, troop, library, mountChoice !== undefined)
    const mount = mountChoice ? this.mount(owb, building, mountChoice, troop, library) : undefined
    const championLine =
      building.championName === null
        ? undefined
        : owb.stats.find((line) => sameKey(line.name) === sameKey(building.championName ?? ''))
    const championProfile =
      profileOf(championLine) ??
      (building.command?.champion ? (troop?.unit.championProfile ?? library?.unit.championProfile) : undefined)
    const race = owb.army ?? troop?.unit.race ?? library?.unit.race ?? this.list.army
    const files = troop?.unit.formation?.files
    const unit: UnitDefinitionInput = {
      id,
      name,
      troopType,
      race: slug(race).slice(0, 64) || slug(this.list.army),
      models,
      profile,
      gear: building.gear.map(gearRefOf),
      rules: building.rules.map(ruleRefOf),
      ...(files !== undefined && !owb.character ? { formation: { files: Math.min(files, models) } } : {}),
      ...(building.command ? { command: building.command } : {}),
      ...(championProfile ? { championProfile } : {}),
      ...(owb.character ? { character: true } : {}),
      ...(owb.character && building.wizardLevel !== null ? { wizardLevel: building.wizardLevel } : {}),
      ...(owb.character && building.general ? { general: true } : {}),
      ...(mount ? { mount } : {}),
      ...(points === null ? {} : { points: Math.min(points, 100_000) }),
    }
    return unit
  }

  /** The ruleset's ready unit the file's unit is: by the army book's id or by name. */
  private troopOf(owb: OwbUnit): TroopTemplate | undefined {
    const keys = [owb.id === null ? '' : slug(owb.id.split('.')[0] ?? ''), sameKey(owb.nameEn)].filter(
      (key) => key !== '',
    )
    return (this.ruleset.troops ?? []).find((troop) => keys.includes(troop.id) || keys.includes(slug(troop.name)))
  }

  private profile(
    owb: OwbUnit,
    building: Building,
    troop: TroopTemplate | undefined,
    library: LibraryUnit | undefined,
  ): { profile: Profile; source: ProfileSource } {
    const path = `${building.where} > Profile`
    const line = owb.stats[0]
    const fromFile = profileOf(line)
    if (line && !fromFile)
      this.row({
        path,
        kind: 'profile',
        text: `${line.name}: ${statWords(line)}`,
        status: 'not-mapped',
        note: 'not a stat line Arbiter reads (each characteristic a whole number from 0 to 10)',
        unit: building.id,
      })
    if (line && fromFile) {
      this.row({
        path,
        kind: 'profile',
        text: `${line.name}: ${statWords(line)}`,
        status: 'mapped',
        mappedTo: 'its profile, from the file',
        unit: building.id,
      })
      return { profile: fromFile, source: 'file' }
    }
    if (troop) {
      this.row({
        path,
        kind: 'profile',
        text: cleanName(owb.nameEn),
        status: 'mapped',
        mappedTo: `the profile of ${this.ruleset.name}'s ${troop.name} (${troop.id})`,
        unit: building.id,
      })
      return { profile: { ...troop.unit.profile }, source: 'catalogue' }
    }
    if (library) {
      this.row({
        path,
        kind: 'profile',
        text: cleanName(owb.nameEn),
        status: 'mapped',
        mappedTo: `the unit library's profile (${library.source})`,
        unit: building.id,
      })
      return { profile: { ...library.unit.profile }, source: 'library' }
    }
    this.needs.push({ unit: building.id, what: 'profile', text: cleanName(owb.nameEn) })
    this.row({
      path,
      kind: 'profile',
      text: cleanName(owb.nameEn),
      status: 'not-mapped',
      note: 'the file has no stat line and no ready or library unit has this name: the player gives it',
      unit: building.id,
    })
    return { profile: { ...PLACEHOLDER_PROFILE }, source: 'player' }
  }

  private troopType(
    owb: OwbUnit,
    building: Building,
    troop: TroopTemplate | undefined,
    library: LibraryUnit | undefined,
    mounted: boolean,
  ): TroopType {
    const path = `${building.where} > Troop type`
    const fromFile = troopTypeOf(this.ruleset, owb.troopType)
    if (fromFile) return fromFile
    if (owb.troopType !== null)
      this.row({
        path,
        kind: 'profile',
        text: owb.troopType,
        status: 'not-mapped',
        note: `not a troop type of ${this.ruleset.name} (${this.ruleset.troopTypes.join(', ')})`,
        unit: building.id,
      })
    const known = troop?.unit.troopType ?? library?.unit.troopType
    if (known && this.ruleset.troopTypes.includes(known)) return known
    const cavalry: TroopType = this.ruleset.troopTypes.includes('cavalry') ? 'cavalry' : 'heavy-cavalry'
    const guess: TroopType = mounted && this.ruleset.troopTypes.includes(cavalry) ? cavalry : 'infantry'
    this.needs.push({ unit: building.id, what: 'troop-type', text: cleanName(owb.nameEn) })
    this.row({
      path,
      kind: 'profile',
      text: cleanName(owb.nameEn),
      status: 'assumed',
      mappedTo: guess,
      note: `the file gives no troop type: taken as ${guess}${mounted ? ' (it rides a mount)' : ''} until the player says`,
      unit: building.id,
    })
    return guess
  }

  private mount(
    owb: OwbUnit,
    building: Building,
    choice: OwbChoice,
    troop: TroopTemplate | undefined,
    library: LibraryUnit | undefined,
  ): NonNullable<UnitDefinitionInput['mount']> {
    const name = cleanName(choice.name) || 'Mount'
    const path = `${building.where} > Mount`
    const line = owb.stats.find((each, index) => index > 0 && sameKey(each.name) === sameKey(name))
    const known = [troop?.unit.mount, library?.unit.mount].find((each) => each && sameKey(each.name) === sameKey(name))
    const fromFile = profileOf(line)
    const profile = fromFile ?? known?.profile
    if (!profile) this.needs.push({ unit: building.id, what: 'mount-profile', text: name })
    this.row({
      path,
      kind: 'mount',
      text: choice.name,
      status: profile ? 'mapped' : 'assumed',
      mappedTo: `mount ${name}`,
      ...(profile
        ? {}
        : { note: 'the file has no stat line for the mount: the player gives it (a placeholder stands in)' }),
      unit: building.id,
    })
    return {
      name,
      profile: { ...(profile ?? PLACEHOLDER_PROFILE) },
      gear: building.mountGear.map(gearRefOf),
      rules: building.mountRules.map(ruleRefOf),
    }
  }
}

/** The lists a file holds, for a host to ask which to import: each one's place (from 0), name, army and unit count. */
export function owbListsIn(file: ListFile): { index: number; name: string; army: string; units: number }[] {
  const json = parseOwbJson(file)
  return (Array.isArray(json) ? json : [json]).map((value, index) => {
    const list = readOwbList(file.name, value, Array.isArray(json) ? `[${index}]` : '')
    return { index, name: list.name, army: wordsOfSlug(list.army), units: list.units.length }
  })
}

export { exportOwb, type OwbExportArmy } from './owb-export.js'
export { wordsOfSlug } from './owb-words.js'
