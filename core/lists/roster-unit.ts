import type { EntryKind, ParamValue } from '../engine/catalogue.js'
import { slug } from '../engine/params.js'
import { isControlCharacter } from '../events/control-text.js'
import type { Profile, TroopType, UnitDefinitionInput } from '../events/event-types.js'
import {
  PROFILE_KEYS,
  profileWords,
  readStatLine,
  type StatLine,
  statLineOf,
  statText,
  troopTypeOf,
  ZERO_PROFILE,
} from './roster-profiles.js'
import type { RosterRule, RosterSelection } from './roster-read.js'
import { type CatalogueNames, describeMatch, type RuleMatch } from './roster-rules.js'
import type { ImportContext, ImportNeed, ImportRow, ProfileSource } from './types.js'

/**
 * One unit of a roster: a top-level selection of a force that holds a model's stat line or models (a character
 * when its categories say so). Its nested model selections give the model count, a stat line beneath a model's
 * (or any beneath a character's) is its mount, crew are reported; its upgrades and rules are matched onto the
 * ruleset's catalogue; its points are summed over the whole subtree, as Old World exports cost the models and
 * upgrades, not the unit. Every selection, profile and rule beneath it becomes a row of the report.
 */

export const GEAR_KINDS: readonly EntryKind[] = ['weapon', 'armour', 'item', 'banner']
export const RULE_KINDS: readonly EntryKind[] = ['special-rule']

type Role = 'unit' | 'model' | 'mount' | 'crew' | 'champion' | 'upgrade'

/** The words a selection is known by beside its name: its entry group, categories and profile types. */
const hintsOf = (selection: RosterSelection) =>
  [
    selection.group ?? '',
    ...selection.categories.map((category) => category.name),
    ...selection.profiles.map((p) => p.typeName),
  ]
    .join(' | ')
    .toLowerCase()

const isCharacter = (selection: RosterSelection) =>
  selection.categories.some((category) => /\b(characters?|lords?|heroes?)\b/i.test(category.name))

function roleOf(selection: RosterSelection, inCharacter: boolean, underModel: boolean): Role {
  if (!statLineOf(selection)) return 'upgrade'
  const hints = hintsOf(selection)
  if (/\b(mounts?|steeds?)\b/.test(hints)) return 'mount'
  if (/\bcrew\b/.test(hints)) return 'crew'
  if (/\bchampions?\b/.test(hints) || /\bcommand\b/.test(hints) || /\bchampion\b/i.test(selection.name))
    return 'champion'
  // A stat line beneath a model's (a knight's Cold One), or any beneath a character's (one model), is what it rides.
  return inCharacter || underModel ? 'mount' : 'model'
}

export const displayName = (selection: RosterSelection) => selection.customName || selection.name

/** A name as a muster keeps it: control characters (which a muster refuses) become spaces, at most 120 letters. */
const musterName = (name: string) =>
  [...name]
    .map((character) => (isControlCharacter(character.codePointAt(0)!) ? ' ' : character))
    .join('')
    .trim()
    .slice(0, 120)

/** Points over a whole subtree: a unit's cost is its models', mount's, crew's and upgrades'. */
export function pointsOf(selection: RosterSelection): number | undefined {
  let total: number | undefined
  for (const cost of selection.costs)
    if (/^(pts|points)$/i.test(cost.name) || /^points?$/i.test(cost.typeId)) total = (total ?? 0) + cost.value
  for (const child of selection.selections) {
    const points = pointsOf(child)
    if (points !== undefined) total = (total ?? 0) + points
  }
  return total
}

const hasStatLine = (selection: RosterSelection): boolean =>
  statLineOf(selection) !== undefined || selection.selections.some(hasStatLine)

/** A selection of type unit or model, or one holding models or a stat line, is a unit; any other is an army-wide choice. */
export const isUnit = (selection: RosterSelection): boolean =>
  selection.type === 'unit' ||
  selection.type === 'model' ||
  hasStatLine(selection) ||
  selection.selections.some((child) => child.type === 'model')

type RuleRef = string | { id: string; params: Record<string, ParamValue> }
type GearRef = string | { id: string; options: Record<string, ParamValue> }

/** What a part of a unit (the unit's models, or its mount) carries, as ArmyMustered takes it. */
class Carried {
  readonly gear: GearRef[] = []
  readonly rules: RuleRef[] = []
  private readonly ids = new Set<string>()

  add(match: RuleMatch): void {
    const list = RULE_KINDS.includes(match.entry.kind) ? 'rules' : 'gear'
    const key = `${list}:${match.entry.id}`
    if (this.ids.has(key)) return
    this.ids.add(key)
    const given = Object.keys(match.params).length > 0
    if (list === 'rules') this.rules.push(given ? { id: match.entry.id, params: { ...match.params } } : match.entry.id)
    else this.gear.push(given ? { id: match.entry.id, options: { ...match.params } } : match.entry.id)
  }
}

export interface WalkContext {
  readonly context: ImportContext
  readonly names: CatalogueNames
  readonly faction: string | null
  readonly publications: Readonly<Record<string, string>>
  readonly rows: ImportRow[]
  readonly needs: ImportNeed[]
  readonly profiles: Record<string, ProfileSource>
  readonly usedIds: Set<string>
}

export function anchorOf(rule: RosterRule, publications: Readonly<Record<string, string>>): string | undefined {
  if (!rule.publicationId && !rule.page) return undefined
  const publication = rule.publicationId
    ? (publications[rule.publicationId] ?? `publication ${rule.publicationId}`)
    : ''
  return [publication, rule.page ? `p. ${rule.page}` : ''].filter((part) => part !== '').join(', ')
}

function uniqueId(walk: WalkContext, name: string): string {
  const base = slug(name).slice(0, 56).replace(/-+$/, '') || 'unit'
  let id = base
  for (let n = 2; walk.usedIds.has(id); n++) id = `${base}-${n}`
  walk.usedIds.add(id)
  return id
}

/** A rule the file gives a part of a unit, matched and reported once per part. */
function addRule(walk: WalkContext, carried: Carried, seen: Set<string>, rule: RosterRule, path: string, unit: string) {
  if (seen.has(rule.name)) return
  seen.add(rule.name)
  const anchor = anchorOf(rule, walk.publications)
  const match = walk.names.match(rule.name, RULE_KINDS) ?? walk.names.match(rule.name, GEAR_KINDS)
  const base = {
    path: `${path} > ${rule.name}`,
    kind: 'rule' as const,
    text: rule.name,
    unit,
    ...(anchor ? { anchor } : {}),
  }
  if (!match) {
    walk.rows.push({ ...base, status: 'not-mapped', note: `no entry of ${walk.context.ruleset.id} is named so` })
    return
  }
  carried.add(match)
  walk.rows.push({
    ...base,
    status: match.assumption ? 'assumed' : 'mapped',
    mappedTo: describeMatch(match),
    ...(match.assumption ? { note: match.assumption } : {}),
  })
}

/** The unit of this name the library or the catalogue's ready troops hold, for what the file lacks. */
type KnownUnit = { readonly unit: UnitDefinitionInput; readonly source: ProfileSource }

function knownUnit(walk: WalkContext, name: string): KnownUnit | undefined {
  const library = walk.context.libraryUnit?.(walk.faction, name)
  if (library) return { unit: library.unit, source: 'library' }
  const key = slug(name)
  const troop = walk.context.ruleset.troops?.find(
    (candidate) => candidate.id === key || slug(candidate.name) === key || `${slug(candidate.name)}s` === key,
  )
  return troop ? { unit: troop.unit, source: 'catalogue' } : undefined
}

const COMMAND_WORDS = [
  { part: 'standard', pattern: /\b(standard[- ]bearer|standard)\b/i },
  { part: 'musician', pattern: /\bmusician\b/i },
  { part: 'champion', pattern: /\bchampion\b/i },
] as const

type Owner = 'unit' | 'mount' | 'crew'
interface ModelLine {
  readonly selection: RosterSelection
  readonly line: StatLine
}

/** One top-level selection that holds a stat line (or models), walked into a unit: `walkUnit` below. */
class UnitWalk {
  readonly name: string
  readonly id: string
  readonly character: boolean
  readonly path: string
  private readonly unitCarried = new Carried()
  private readonly mountCarried = new Carried()
  private readonly unitRules = new Set<string>()
  private readonly mountRules = new Set<string>()
  private readonly models: ModelLine[] = []
  private mount: ModelLine | undefined
  private champion: ModelLine | undefined
  private readonly command = { champion: false, standard: false, musician: false }
  private general = false
  private wizardLevel: number | undefined
  private unprofiledModels = 0

  constructor(
    private readonly walk: WalkContext,
    private readonly top: RosterSelection,
    forcePath: string,
    private readonly named: string,
  ) {
    this.name = named || 'Unnamed unit'
    this.id = uniqueId(walk, this.name)
    this.character = isCharacter(top)
    this.path = `${forcePath} > ${this.name}`
    const topLine = statLineOf(top)
    if (topLine) this.models.push({ selection: top, line: topLine })
  }

  private row(row: Omit<ImportRow, 'unit'>): void {
    this.walk.rows.push({ ...row, unit: this.id })
  }

  /** Every nested selection, by what it is: a model, the mount, the champion, crew, or an upgrade. */
  visit(selection: RosterSelection, at: string, owner: Owner): void {
    const underModel = selection !== this.top && statLineOf(selection) !== undefined
    for (const child of selection.selections) {
      const childPath = `${at} > ${displayName(child)}`
      const role = roleOf(child, this.character, underModel)
      const line = statLineOf(child)
      if (role === 'upgrade' || !line) {
        // A model the file gives no stat line still counts (its unit's profile comes from elsewhere).
        if (child.type === 'model' && owner === 'unit' && !this.character) {
          this.unprofiledModels += child.number
          for (const rule of child.rules) this.ruleFor(owner, rule, childPath)
        } else this.upgrade(child, childPath, owner)
        this.visit(child, childPath, owner)
        continue
      }
      const text = displayName(child)
      if (role === 'mount' && !this.mount) {
        this.mount = { selection: child, line }
        this.row({ path: childPath, kind: 'mount', text, status: 'mapped', mappedTo: 'mount' })
      } else if (role === 'champion' && !this.champion) {
        this.champion = { selection: child, line }
        this.command.champion = true
        this.models.push({ selection: child, line })
        this.row({ path: childPath, kind: 'command', text, status: 'mapped', mappedTo: 'command.champion' })
      } else if (role === 'crew' || role === 'mount') {
        const note =
          role === 'crew'
            ? "crew: an Arbiter unit has no crew of its own; the crew's stat line is kept here only"
            : 'a second mount: a model rides one'
        this.row({ path: childPath, kind: 'profile', text: statText(line), status: 'not-mapped', note })
      } else this.models.push({ selection: child, line })
      const childOwner: Owner =
        role === 'mount' && this.mount?.selection === child ? 'mount' : role === 'crew' ? 'crew' : owner
      for (const rule of child.rules) this.ruleFor(childOwner, rule, childPath)
      this.visit(child, childPath, childOwner)
    }
  }

  ruleFor(owner: Owner, rule: RosterRule, at: string): void {
    if (owner === 'crew') {
      const anchor = anchorOf(rule, this.walk.publications)
      this.row({
        path: `${at} > ${rule.name}`,
        kind: 'rule',
        text: rule.name,
        status: 'not-mapped',
        note: "a crew's rule: an Arbiter unit has no crew of its own",
        ...(anchor ? { anchor } : {}),
      })
      return
    }
    if (owner === 'mount') addRule(this.walk, this.mountCarried, this.mountRules, rule, at, this.id)
    else addRule(this.walk, this.unitCarried, this.unitRules, rule, at, this.id)
  }

  /** An upgrade: the General, a Wizard's level, a command model, or gear and rules matched onto the catalogue. */
  private upgrade(selection: RosterSelection, at: string, owner: Owner): void {
    const row = { path: at, text: displayName(selection) }
    for (const rule of selection.rules) this.ruleFor(owner, rule, at)
    if (/^(the )?general$/i.test(selection.name.trim())) {
      this.general = true
      this.row({ ...row, kind: 'option', status: 'mapped', mappedTo: 'general (the army General)' })
      return
    }
    const level = /\b(?:wizard\b.*\blevel|level)\s*([1-4])\b/i.exec(selection.name)
    if (level && this.character) {
      this.wizardLevel = Number(level[1])
      this.row({ ...row, kind: 'option', status: 'mapped', mappedTo: `wizardLevel ${this.wizardLevel}` })
      return
    }
    const names = this.walk.names
    const commandPart =
      owner === 'unit' && !this.character ? COMMAND_WORDS.find((word) => word.pattern.test(selection.name)) : undefined
    if (commandPart && !names.match(selection.name, GEAR_KINDS)) {
      this.command[commandPart.part] = true
      this.row({ ...row, kind: 'command', status: 'mapped', mappedTo: `command.${commandPart.part}` })
      return
    }
    const match = names.match(selection.name, GEAR_KINDS) ?? names.match(selection.name, RULE_KINDS)
    const spell = match ? undefined : names.match(selection.name, ['spell'])
    if (spell) {
      const note = `the spell ${spell.entry.id}: an Arbiter unit holds no spells; it is cast at the table by name`
      this.row({ ...row, kind: 'lore', status: 'not-mapped', note })
      return
    }
    const magical = /\b(magic|item|banner|talisman|arcane|enchanted|relic|standard)s?\b/.test(hintsOf(selection))
    const kind = magical || match?.entry.kind === 'item' || match?.entry.kind === 'banner' ? 'item' : 'option'
    if (!match) {
      // A selection that only groups others ("Options") says nothing itself when its children are reported.
      if (selection.selections.length > 0 && selection.rules.length === 0) return
      this.row({ ...row, kind, status: 'not-mapped', note: `no entry of ${this.walk.context.ruleset.id} is named so` })
      return
    }
    if (owner === 'crew') {
      this.row({ ...row, kind, status: 'not-mapped', note: "the crew's: an Arbiter unit has no crew of its own" })
      return
    }
    ;(owner === 'mount' ? this.mountCarried : this.unitCarried).add(match)
    this.row({
      ...row,
      kind,
      status: match.assumption ? 'assumed' : 'mapped',
      mappedTo: describeMatch(match),
      ...(match.assumption ? { note: match.assumption } : {}),
    })
  }

  /** The rank and file: the most numerous of the file's models that is no champion, mount or crew. */
  mainModel(): ModelLine | undefined {
    const main = this.models
      .filter((model) => model !== this.champion)
      .reduce<ModelLine | undefined>(
        (best, model) => (!best || model.selection.number > best.selection.number ? model : best),
        undefined,
      )
    if (this.champion || this.character || !main) return main
    // A roster in XML names no entry group: one model of the unit with a stat line of its own is its champion.
    const single = this.models.find(
      (model) =>
        model !== main &&
        model.selection !== this.top &&
        model.selection.number === 1 &&
        PROFILE_KEYS.some((key) => model.line.values[key] !== main.line.values[key]),
    )
    if (single) {
      this.champion = single
      this.command.champion = true
      this.row({
        path: `${this.path} > ${displayName(single.selection)}`,
        kind: 'command',
        text: displayName(single.selection),
        status: 'assumed',
        mappedTo: 'command.champion',
        note: 'one model with a stat line of its own, read as the champion',
      })
    }
    return main
  }

  modelCount(): number {
    if (this.character) return 1
    const nested = this.models.filter((model) => model.selection !== this.top)
    const count = this.unprofiledModels + nested.reduce((sum, model) => sum + model.selection.number, 0)
    return count > 0 ? count : Math.max(1, this.top.number)
  }

  /** The stat line: the file's, else the library's or the catalogue's unit of the name, else a need. */
  profileOf(main: ModelLine | undefined, known: KnownUnit | undefined): { profile: Profile; source?: ProfileSource } {
    let found: { profile: Profile; source?: ProfileSource } | undefined
    if (main) {
      const read = readStatLine(main.line)
      const at = `${this.path}${main.selection === this.top ? '' : ` > ${displayName(main.selection)}`} > profile`
      const text = statText(main.line)
      if (read.profile) {
        found = { profile: read.profile, source: 'file' }
        this.row({
          path: at,
          kind: 'profile',
          text,
          status: read.dashes.length > 0 ? 'assumed' : 'mapped',
          mappedTo: profileWords(read.profile),
          ...(read.dashes.length > 0 ? { note: `"-" read as 0 for ${read.dashes.join(', ')}` } : {}),
        })
      } else
        this.row({
          path: at,
          kind: 'profile',
          text,
          status: 'not-mapped',
          note: `cannot read ${read.unreadable.join(', ')}`,
        })
    }
    if (!found && known) found = { profile: known.unit.profile, source: known.source }
    if (found?.source) {
      this.walk.profiles[this.id] = found.source
      return found
    }
    this.walk.needs.push({
      unit: this.id,
      what: 'profile',
      text: `${this.name}: the file gives no stat line Arbiter can read, and neither the unit library nor the catalogue knows the unit`,
    })
    return { profile: ZERO_PROFILE }
  }

  /** The troop type: the file's, else the known unit's, else assumed (cavalry when mounted) and asked. */
  troopTypeOf(main: ModelLine | undefined, known: KnownUnit | undefined): { type: TroopType; fromFile: boolean } {
    const allowed = this.walk.context.ruleset.troopTypes
    const fileType = troopTypeOf(allowed, [this.top, ...(main ? [main.selection] : [])])
    if (fileType) return { type: fileType, fromFile: true }
    if (known && allowed.includes(known.unit.troopType as TroopType))
      return { type: known.unit.troopType as TroopType, fromFile: false }
    const type: TroopType = this.mount && allowed.includes('cavalry') ? 'cavalry' : 'infantry'
    const text = `${this.name}: the file does not say its troop type (${type} assumed)`
    this.walk.needs.push({ unit: this.id, what: 'troop-type', text })
    return { type, fromFile: false }
  }

  mountDefinition(): UnitDefinitionInput['mount'] {
    if (!this.mount) return undefined
    const read = readStatLine(this.mount.line)
    const mountName = musterName(displayName(this.mount.selection)) || 'Mount'
    const path = `${this.path} > ${mountName} > profile`
    const text = statText(this.mount.line)
    if (read.profile) {
      const dashes = read.dashes.length > 0
      this.row({
        path,
        kind: 'profile',
        text,
        status: dashes ? 'assumed' : 'mapped',
        mappedTo: `mount ${profileWords(read.profile)}`,
        ...(dashes ? { note: `"-" read as 0 for ${read.dashes.join(', ')}` } : {}),
      })
    } else {
      this.row({ path, kind: 'profile', text, status: 'not-mapped', note: `cannot read ${read.unreadable.join(', ')}` })
      this.walk.needs.push({ unit: this.id, what: 'mount-profile', text: `${this.name}: ${mountName}'s stat line` })
    }
    const carried = this.mountCarried
    return { name: mountName, profile: read.profile ?? ZERO_PROFILE, gear: carried.gear, rules: carried.rules }
  }

  /** The champion's own stat line, when it differs from the rank and file's. */
  championProfile(main: ModelLine | undefined, profile: Profile): Profile | undefined {
    if (!this.champion || this.champion === main) return undefined
    const read = readStatLine(this.champion.line)
    return read.profile && PROFILE_KEYS.some((key) => read.profile![key] !== profile[key]) ? read.profile : undefined
  }

  unitFields() {
    const command = this.command
    const hasCommand = command.champion || command.standard || command.musician
    const points = pointsOf(this.top)
    return {
      gear: this.unitCarried.gear,
      rules: this.unitCarried.rules,
      ...(hasCommand && !this.character ? { command: { ...command } } : {}),
      ...(this.character ? { character: true } : {}),
      ...(this.character && this.wizardLevel !== undefined ? { wizardLevel: this.wizardLevel } : {}),
      ...(this.character && this.general ? { general: true } : {}),
      ...(points !== undefined && Number.isInteger(points) && points >= 0 && points <= 100_000 ? { points } : {}),
    }
  }

  /** The unit's own row, which leads its rows: said once its profile and troop type are known. */
  unitRow(
    at: number,
    models: number,
    profile: { source?: ProfileSource },
    troop: { type: TroopType; fromFile: boolean },
    known: KnownUnit | undefined,
  ): void {
    const source = profile.source
    const sure = source === 'file' && troop.fromFile && this.named !== ''
    const note = [
      this.named ? '' : 'the file gives it no name',
      source && source !== 'file' ? `stat line from the ${source}` : '',
      source ? '' : 'stat line needed from the player',
      troop.fromFile
        ? ''
        : `troop type ${known && troop.type === known.unit.troopType ? `from the ${known.source}` : 'assumed'}`,
    ]
      .filter((part) => part !== '')
      .join('; ')
    this.walk.rows[at] = {
      path: this.path,
      kind: this.character ? 'character' : 'unit',
      text: this.name,
      status: sure ? 'mapped' : source ? 'assumed' : 'not-mapped',
      mappedTo: `${this.id}: ${models} ${models === 1 ? 'model' : 'models'}, ${troop.type}`,
      ...(sure ? {} : { note }),
      unit: this.id,
    }
  }
}

/** One top-level selection that holds a stat line or models, walked into a unit; its rows and needs into `walk`. */
export function walkUnit(walk: WalkContext, top: RosterSelection, forcePath: string): UnitDefinitionInput {
  const unit = new UnitWalk(walk, top, forcePath, musterName(displayName(top)))
  const rowAt = walk.rows.length
  walk.rows.push({ path: unit.path, kind: 'unit', text: unit.name, status: 'not-mapped', unit: unit.id })
  for (const rule of top.rules) unit.ruleFor('unit', rule, unit.path)
  unit.visit(top, unit.path, 'unit')
  const main = unit.mainModel()
  const models = unit.modelCount()
  const known = knownUnit(walk, unit.name)
  const profile = unit.profileOf(main, known)
  const troop = unit.troopTypeOf(main, known)
  unit.unitRow(rowAt, models, profile, troop, known)
  const mount = unit.mountDefinition()
  const championProfile = unit.championProfile(main, profile.profile)
  const race = walk.faction ? slug(walk.faction).slice(0, 64) : ''
  return {
    id: unit.id,
    name: unit.name,
    troopType: troop.type,
    ...(race ? { race } : {}),
    models,
    profile: profile.profile,
    ...unit.unitFields(),
    ...(championProfile ? { championProfile } : {}),
    ...(mount ? { mount } : {}),
  }
}
