import type { EntryKind, ParamValue } from '../engine/catalogue.js'
import { slug } from '../engine/params.js'
import { isControlCharacter } from '../events/control-text.js'
import type { Profile, TroopType, UnitDefinitionInput } from '../events/event-types.js'
import type { Roster, RosterForce, RosterProfile, RosterRule, RosterSelection } from './roster-read.js'
import { CatalogueNames, describeMatch, type RuleMatch } from './roster-rules.js'
import type {
  ImportContext,
  ImportedList,
  ImportNeed,
  ImportRow,
  ListFile,
  ListFormat,
  ProfileSource,
} from './types.js'

/**
 * A roster (BattleScribe's schema, from New Recruit's JSON or BattleScribe's XML) walked into the units a muster
 * takes: each top-level selection of a force that holds a model's stat line is a unit (a character when its
 * categories say so); its nested model selections give the model count, a nested model chosen as a mount (or any
 * second stat line under a character) is its mount, crew are reported; its upgrades and rules are matched onto
 * the ruleset's catalogue; its points are summed over the whole subtree, as Old World exports cost the models and
 * upgrades, not the unit. Every selection, profile and rule the file has becomes a row of the report.
 */

const PROFILE_KEYS = ['M', 'WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld'] as const
type ProfileKey = (typeof PROFILE_KEYS)[number]

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

const GEAR_KINDS: readonly EntryKind[] = ['weapon', 'armour', 'item', 'banner']
const RULE_KINDS: readonly EntryKind[] = ['special-rule']
const ZERO_PROFILE: Profile = { M: 0, WS: 0, BS: 0, S: 0, T: 0, W: 0, I: 0, A: 0, Ld: 0 }

type Role = 'unit' | 'model' | 'mount' | 'crew' | 'champion' | 'upgrade'

/** A stat line as the file wrote it: the characteristics Arbiter reads, by its names. */
interface StatLine {
  readonly source: RosterProfile
  readonly values: Partial<Record<ProfileKey, string>>
}

/** A profile holding at least five of M WS BS S T W I A Ld is a model's stat line (a weapon's or a rule's is not). */
function statLineOf(selection: RosterSelection): StatLine | undefined {
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
function readStatLine(line: StatLine): { profile?: Profile; dashes: ProfileKey[]; unreadable: string[] } {
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

const statText = (line: StatLine) =>
  `${line.source.name || 'profile'}: ${PROFILE_KEYS.map((key) => `${key} ${line.values[key] ?? '?'}`).join(', ')}`

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

const displayName = (selection: RosterSelection) => selection.customName || selection.name

/** A name as a muster keeps it: control characters (which a muster refuses) become spaces, at most 120 letters. */
const musterName = (name: string) =>
  [...name]
    .map((character) => (isControlCharacter(character.codePointAt(0)!) ? ' ' : character))
    .join('')
    .trim()
    .slice(0, 120)

/** Points over a whole subtree: a unit's cost is its models', mount's, crew's and upgrades'. */
function pointsOf(selection: RosterSelection): number | undefined {
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
const isUnit = (selection: RosterSelection): boolean =>
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

interface WalkContext {
  readonly context: ImportContext
  readonly names: CatalogueNames
  readonly faction: string | null
  readonly publications: Readonly<Record<string, string>>
  readonly rows: ImportRow[]
  readonly needs: ImportNeed[]
  readonly profiles: Record<string, ProfileSource>
  readonly usedIds: Set<string>
}

function anchorOf(rule: RosterRule, publications: Readonly<Record<string, string>>): string | undefined {
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
function troopTypeOf(walk: WalkContext, selections: readonly RosterSelection[]): TroopType | undefined {
  const allowed = walk.context.ruleset.troopTypes
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

/** The unit of this name the library or the catalogue's ready troops hold, for what the file lacks. */
function knownUnit(walk: WalkContext, name: string): { unit: UnitDefinitionInput; source: ProfileSource } | undefined {
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

/** One top-level selection that holds a stat line, walked into a unit. */
function walkUnit(walk: WalkContext, top: RosterSelection, forcePath: string): UnitDefinitionInput {
  const named = musterName(displayName(top))
  const name = named || 'Unnamed unit'
  const id = uniqueId(walk, name)
  const character = isCharacter(top)
  const path = `${forcePath} > ${name}`
  const unitCarried = new Carried()
  const mountCarried = new Carried()
  const unitRules = new Set<string>()
  const mountRules = new Set<string>()
  const models: { selection: RosterSelection; line: StatLine }[] = []
  let mount: { selection: RosterSelection; line: StatLine } | undefined
  let champion: { selection: RosterSelection; line: StatLine } | undefined
  const command = { champion: false, standard: false, musician: false }
  let general = false
  let wizardLevel: number | undefined
  let unprofiledModels = 0

  const topLine = statLineOf(top)
  if (topLine) models.push({ selection: top, line: topLine })

  const visit = (selection: RosterSelection, at: string, owner: 'unit' | 'mount' | 'crew') => {
    const underModel = selection !== top && statLineOf(selection) !== undefined
    for (const child of selection.selections) {
      const childPath = `${at} > ${displayName(child)}`
      const role = roleOf(child, character, underModel)
      const line = statLineOf(child)
      if (role === 'upgrade' || !line) {
        // A model the file gives no stat line still counts (its unit's profile comes from elsewhere).
        if (child.type === 'model' && owner === 'unit' && !character) {
          unprofiledModels += child.number
          for (const rule of child.rules) ruleFor(owner, rule, childPath)
        } else upgrade(child, childPath, owner)
        visit(child, childPath, owner)
        continue
      }
      if (role === 'mount' && !mount) {
        mount = { selection: child, line }
        walk.rows.push({
          path: childPath,
          kind: 'mount',
          text: displayName(child),
          status: 'mapped',
          mappedTo: 'mount',
          unit: id,
        })
      } else if (role === 'champion' && !champion) {
        champion = { selection: child, line }
        command.champion = true
        models.push({ selection: child, line })
        walk.rows.push({
          path: childPath,
          kind: 'command',
          text: displayName(child),
          status: 'mapped',
          mappedTo: 'command.champion',
          unit: id,
        })
      } else if (role === 'crew' || role === 'mount') {
        walk.rows.push({
          path: childPath,
          kind: 'profile',
          text: statText(line),
          status: 'not-mapped',
          note:
            role === 'crew'
              ? "crew: an Arbiter unit has no crew of its own; the crew's stat line is kept here only"
              : 'a second mount: a model rides one',
          unit: id,
        })
      } else models.push({ selection: child, line })
      const childOwner = role === 'mount' && mount?.selection === child ? 'mount' : role === 'crew' ? 'crew' : owner
      for (const rule of child.rules) ruleFor(childOwner, rule, childPath)
      visit(child, childPath, childOwner)
    }
  }

  const ruleFor = (owner: 'unit' | 'mount' | 'crew', rule: RosterRule, at: string) => {
    if (owner === 'crew') {
      const anchor = anchorOf(rule, walk.publications)
      walk.rows.push({
        path: `${at} > ${rule.name}`,
        kind: 'rule',
        text: rule.name,
        status: 'not-mapped',
        note: "a crew's rule: an Arbiter unit has no crew of its own",
        unit: id,
        ...(anchor ? { anchor } : {}),
      })
      return
    }
    if (owner === 'mount') addRule(walk, mountCarried, mountRules, rule, at, id)
    else addRule(walk, unitCarried, unitRules, rule, at, id)
  }

  const upgrade = (selection: RosterSelection, at: string, owner: 'unit' | 'mount' | 'crew') => {
    const text = displayName(selection)
    const row = { path: at, text, unit: id }
    for (const rule of selection.rules) ruleFor(owner, rule, at)
    if (/^(the )?general$/i.test(selection.name.trim())) {
      general = true
      walk.rows.push({ ...row, kind: 'option', status: 'mapped', mappedTo: 'general (the army General)' })
      return
    }
    const level = /\b(?:wizard\b.*\blevel|level)\s*([1-4])\b/i.exec(selection.name)
    if (level && character) {
      wizardLevel = Number(level[1])
      walk.rows.push({ ...row, kind: 'option', status: 'mapped', mappedTo: `wizardLevel ${wizardLevel}` })
      return
    }
    const commandPart =
      owner === 'unit' && !character ? COMMAND_WORDS.find((word) => word.pattern.test(selection.name)) : undefined
    if (commandPart && !walk.names.match(selection.name, GEAR_KINDS)) {
      command[commandPart.part] = true
      walk.rows.push({ ...row, kind: 'command', status: 'mapped', mappedTo: `command.${commandPart.part}` })
      return
    }
    const magical = /\b(magic|item|banner|talisman|arcane|enchanted|relic|standard)s?\b/.test(hintsOf(selection))
    const match = walk.names.match(selection.name, GEAR_KINDS) ?? walk.names.match(selection.name, RULE_KINDS)
    const spell = match ? undefined : walk.names.match(selection.name, ['spell'])
    const kind = spell
      ? ('lore' as const)
      : magical || match?.entry.kind === 'item' || match?.entry.kind === 'banner'
        ? ('item' as const)
        : ('option' as const)
    if (spell) {
      walk.rows.push({
        ...row,
        kind,
        status: 'not-mapped',
        note: `the spell ${spell.entry.id}: an Arbiter unit holds no spells; it is cast at the table by name`,
      })
      return
    }
    if (!match) {
      // A selection that only groups others ("Options") says nothing itself when its children are reported.
      if (selection.selections.length > 0 && selection.rules.length === 0) return
      walk.rows.push({ ...row, kind, status: 'not-mapped', note: `no entry of ${walk.context.ruleset.id} is named so` })
      return
    }
    if (owner === 'crew') {
      walk.rows.push({ ...row, kind, status: 'not-mapped', note: "the crew's: an Arbiter unit has no crew of its own" })
      return
    }
    ;(owner === 'mount' ? mountCarried : unitCarried).add(match)
    walk.rows.push({
      ...row,
      kind,
      status: match.assumption ? 'assumed' : 'mapped',
      mappedTo: describeMatch(match),
      ...(match.assumption ? { note: match.assumption } : {}),
    })
  }

  // The unit's own row leads its rows; it is written once the walk has found its profile and troop type.
  const unitRow = walk.rows.length
  walk.rows.push({ path, kind: character ? 'character' : 'unit', text: name, status: 'not-mapped', unit: id })
  for (const rule of top.rules) ruleFor('unit', rule, path)
  visit(top, path, 'unit')

  // The rank and file: the most numerous of the file's models that is no champion, mount or crew.
  const main = models
    .filter((model) => model !== champion)
    .reduce<(typeof models)[number] | undefined>(
      (best, model) => (!best || model.selection.number > best.selection.number ? model : best),
      undefined,
    )
  if (!champion && !character && main) {
    // A roster in XML names no entry group: one model of the unit with a stat line of its own is its champion.
    const single = models.find(
      (model) =>
        model !== main &&
        model.selection !== top &&
        model.selection.number === 1 &&
        PROFILE_KEYS.some((key) => model.line.values[key] !== main.line.values[key]),
    )
    if (single) {
      champion = single
      command.champion = true
      walk.rows.push({
        path: `${path} > ${displayName(single.selection)}`,
        kind: 'command',
        text: displayName(single.selection),
        status: 'assumed',
        mappedTo: 'command.champion',
        note: 'one model with a stat line of its own, read as the champion',
        unit: id,
      })
    }
  }
  const nestedModels =
    unprofiledModels +
    models.filter((model) => model.selection !== top).reduce((sum, model) => sum + model.selection.number, 0)
  const modelCount = character ? 1 : nestedModels > 0 ? nestedModels : Math.max(1, top.number)
  const known = knownUnit(walk, name)
  let profile: Profile = ZERO_PROFILE
  let profileSource: ProfileSource | undefined
  if (main) {
    const read = readStatLine(main.line)
    const at = `${path}${main.selection === top ? '' : ` > ${displayName(main.selection)}`} > profile`
    if (read.profile) {
      profile = read.profile
      profileSource = 'file'
      walk.rows.push({
        path: at,
        kind: 'profile',
        text: statText(main.line),
        status: read.dashes.length > 0 ? 'assumed' : 'mapped',
        mappedTo: PROFILE_KEYS.map((key) => `${key}${profile[key]}`).join(' '),
        ...(read.dashes.length > 0 ? { note: `"-" read as 0 for ${read.dashes.join(', ')}` } : {}),
        unit: id,
      })
    } else
      walk.rows.push({
        path: at,
        kind: 'profile',
        text: statText(main.line),
        status: 'not-mapped',
        note: `cannot read ${read.unreadable.join(', ')}`,
        unit: id,
      })
  }
  if (!profileSource && known) {
    profile = known.unit.profile
    profileSource = known.source
  }
  if (profileSource) walk.profiles[id] = profileSource
  else
    walk.needs.push({
      unit: id,
      what: 'profile',
      text: `${name}: the file gives no stat line Arbiter can read, and neither the unit library nor the catalogue knows the unit`,
    })

  const fileType = troopTypeOf(walk, [top, ...(main ? [main.selection] : [])])
  let troopType: TroopType
  if (fileType) troopType = fileType
  else if (known && walk.context.ruleset.troopTypes.includes(known.unit.troopType as TroopType))
    troopType = known.unit.troopType as TroopType
  else {
    troopType = mount && walk.context.ruleset.troopTypes.includes('cavalry') ? 'cavalry' : 'infantry'
    walk.needs.push({
      unit: id,
      what: 'troop-type',
      text: `${name}: the file does not say its troop type (${troopType} assumed)`,
    })
  }
  walk.rows[unitRow] = {
    path,
    kind: character ? 'character' : 'unit',
    text: name,
    status: profileSource === 'file' && fileType && named ? 'mapped' : profileSource ? 'assumed' : 'not-mapped',
    mappedTo: `${id}: ${modelCount} ${modelCount === 1 ? 'model' : 'models'}, ${troopType}`,
    ...(profileSource === 'file' && fileType && named
      ? {}
      : {
          note: [
            named ? '' : 'the file gives it no name',
            profileSource && profileSource !== 'file' ? `stat line from the ${profileSource}` : '',
            profileSource ? '' : 'stat line needed from the player',
            fileType
              ? ''
              : `troop type ${known && troopType === known.unit.troopType ? `from the ${known.source}` : 'assumed'}`,
          ]
            .filter((part) => part !== '')
            .join('; '),
        }),
    unit: id,
  }

  let mountDefinition: UnitDefinitionInput['mount']
  if (mount) {
    const read = readStatLine(mount.line)
    const mountName = musterName(displayName(mount.selection)) || 'Mount'
    walk.rows.push({
      path: `${path} > ${mountName} > profile`,
      kind: 'profile',
      text: statText(mount.line),
      status: read.profile ? (read.dashes.length > 0 ? 'assumed' : 'mapped') : 'not-mapped',
      ...(read.profile
        ? { mappedTo: `mount ${PROFILE_KEYS.map((key) => `${key}${read.profile![key]}`).join(' ')}` }
        : {}),
      ...(read.profile
        ? read.dashes.length > 0
          ? { note: `"-" read as 0 for ${read.dashes.join(', ')}` }
          : {}
        : { note: `cannot read ${read.unreadable.join(', ')}` }),
      unit: id,
    })
    if (!read.profile) walk.needs.push({ unit: id, what: 'mount-profile', text: `${name}: ${mountName}'s stat line` })
    mountDefinition = {
      name: mountName,
      profile: read.profile ?? ZERO_PROFILE,
      gear: mountCarried.gear,
      rules: mountCarried.rules,
    }
  }

  let championProfile: Profile | undefined
  const chosenChampion = champion as (typeof models)[number] | undefined
  if (chosenChampion && chosenChampion !== main) {
    const read = readStatLine(chosenChampion.line)
    if (read.profile && PROFILE_KEYS.some((key) => read.profile![key] !== profile[key])) championProfile = read.profile
  }

  const race = walk.faction ? slug(walk.faction).slice(0, 64) : ''
  const points = pointsOf(top)
  const hasCommand = command.champion || command.standard || command.musician
  return {
    id,
    name,
    troopType,
    ...(race ? { race } : {}),
    models: modelCount,
    profile,
    gear: unitCarried.gear,
    rules: unitCarried.rules,
    ...(hasCommand && !character ? { command } : {}),
    ...(championProfile ? { championProfile } : {}),
    ...(character ? { character: true } : {}),
    ...(character && wizardLevel !== undefined ? { wizardLevel } : {}),
    ...(character && general ? { general: true } : {}),
    ...(mountDefinition ? { mount: mountDefinition } : {}),
    ...(points !== undefined && Number.isInteger(points) && points >= 0 && points <= 100_000 ? { points } : {}),
  }
}

/** A force-level rule or a top-level choice with no model: army-wide, reported but held by no unit. */
function walkArmyWide(walk: WalkContext, force: RosterForce, forcePath: string): void {
  for (const rule of force.rules) {
    const anchor = anchorOf(rule, walk.publications)
    const match = walk.names.match(rule.name)
    walk.rows.push({
      path: `${forcePath} > ${rule.name}`,
      kind: 'rule',
      text: rule.name,
      status: 'not-mapped',
      note:
        `an army-wide rule${match ? ` (${describeMatch(match)})` : ''}: ` +
        'Arbiter keeps rules on units; give it to the units it applies to',
      ...(anchor ? { anchor } : {}),
    })
  }
}

function walkArmyChoice(walk: WalkContext, selection: RosterSelection, at: string): void {
  const match = walk.names.match(selection.name)
  walk.rows.push({
    path: at,
    kind: 'army',
    text: displayName(selection),
    status: 'not-mapped',
    note: `an army-wide choice${match ? ` (${describeMatch(match)})` : ''}: it belongs to no unit`,
  })
  for (const rule of selection.rules) {
    const anchor = anchorOf(rule, walk.publications)
    walk.rows.push({
      path: `${at} > ${rule.name}`,
      kind: 'rule',
      text: rule.name,
      status: 'not-mapped',
      note: 'the rule of an army-wide choice: give it to the units it applies to',
      ...(anchor ? { anchor } : {}),
    })
  }
  for (const child of selection.selections) walkArmyChoice(walk, child, `${at} > ${displayName(child)}`)
}

/** A roster read into an imported list: units, the report row by row, and what only the player can give. */
export function importRoster(roster: Roster, file: ListFile, format: ListFormat, context: ImportContext): ImportedList {
  const factions = [...new Set(roster.forces.map((force) => force.catalogueName).filter((name) => name !== ''))]
  const faction = factions.length > 0 ? factions.join(' / ') : null
  const walk: WalkContext = {
    context,
    names: new CatalogueNames(context.ruleset),
    faction,
    publications: roster.publications,
    rows: [],
    needs: [],
    profiles: {},
    usedIds: new Set(),
  }
  const units: UnitDefinitionInput[] = []
  let points: number | null = null
  for (const force of roster.forces) {
    const forcePath = force.name || force.catalogueName || 'Force'
    walkArmyWide(walk, force, forcePath)
    for (const selection of force.selections) {
      const selectionPoints = pointsOf(selection)
      if (selectionPoints !== undefined) points = (points ?? 0) + selectionPoints
      const at = `${forcePath} > ${displayName(selection)}`
      if (isUnit(selection)) units.push(walkUnit(walk, selection, forcePath))
      else walkArmyChoice(walk, selection, at)
    }
  }
  const name = roster.name || roster.forces[0]?.name || file.name
  walk.rows.unshift({
    path: name,
    kind: 'army',
    text: `${name}${faction ? ` (${faction})` : ''}${roster.gameSystemName ? `, ${roster.gameSystemName}` : ''}`,
    status: 'mapped',
    mappedTo: `${units.length} ${units.length === 1 ? 'unit' : 'units'}${points === null ? '' : `, ${points} points`}`,
  })
  return {
    format,
    fileName: file.name,
    fileHash: context.fileHash,
    ruleset: context.ruleset.id,
    army: { name, faction, points },
    units,
    profiles: walk.profiles,
    needs: walk.needs,
    rows: walk.rows,
  }
}
