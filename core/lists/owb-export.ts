import type { ParamValue } from '../engine/catalogue.js'
import { slug } from '../engine/params.js'
import type { Ruleset } from '../engine/types.js'
import type { Profile, UnitDefinitionInput } from '../events/event-types.js'
import { CHARACTERISTICS, wordsOfSlug } from './owb-words.js'
import { ruleWordsOf } from './rule-words.js'

/** A mustered army as it goes out to Old World Builder. */
export interface OwbExportArmy {
  /** The list's name (the player's, or the army's). */
  readonly name: string
  /** The army ("Wood Elf Realms" or its id "wood-elf-realms"); null writes the units' race, else "custom". */
  readonly faction: string | null
  readonly units: readonly UnitDefinitionInput[]
  /** The points the list was built to; the units' own sum when absent. */
  readonly pointsLimit?: number
}

type Ref = string | { readonly id: string; readonly params?: object; readonly options?: object }

const idOf = (ref: Ref) => (typeof ref === 'string' ? ref : ref.id)
const valuesOf = (ref: Ref): Readonly<Record<string, ParamValue>> =>
  typeof ref === 'string' ? {} : ((ref.params ?? ref.options ?? {}) as Record<string, ParamValue>)

/**
 * A mustered army as an Old World Builder list (`.owb.json`), in the shape the builder writes and reads back: the
 * list's name, game, army and points, then its units in their sections, each with its name, points per model, model
 * count (none for a single model), its chosen equipment, armour, options, command, mount and magic items marked
 * active, its special rules as one string ("Regeneration (5+), Terror") and its stat lines as a custom profile (the
 * builder shows a unit's `profile.stats`), so that importing the file again gives the same army. A character who
 * has joined a unit goes out as a character of its own: the builder does not join characters to units.
 */
export function exportOwb(army: OwbExportArmy, ruleset: Ruleset): string {
  const entries = new Map(ruleset.definitions.map((entry) => [entry.id, entry]))
  const words = (ref: Ref) => {
    const entry = entries.get(idOf(ref))
    return entry ? ruleWordsOf(entry, valuesOf(ref)) : wordsOfSlug(idOf(ref))
  }
  const armyId = slug(army.faction ?? '') || slug(army.units.find((unit) => unit.race)?.race ?? '') || 'custom'
  const chosen = (name: string, options: object[] = []) => ({
    name_en: name,
    points: 0,
    active: true,
    ...(options.length > 0 ? { options } : {}),
  })
  const lone: UnitDefinitionInput[] = []
  for (const unit of army.units) {
    lone.push(unit)
    for (const character of unit.characters ?? [])
      lone.push({
        id: character.id,
        name: character.name,
        troopType: character.troopType ?? unit.troopType,
        ...(unit.race ? { race: unit.race } : {}),
        models: 1,
        profile: character.profile,
        ...(character.gear ? { gear: character.gear } : {}),
        ...(character.rules ? { rules: character.rules } : {}),
        character: true,
        ...(character.wizardLevel ? { wizardLevel: character.wizardLevel } : {}),
        ...(character.general ? { general: true } : {}),
        ...(character.mount ? { mount: character.mount } : {}),
        ...(character.points !== undefined ? { points: character.points } : {}),
      })
  }
  const statLine = (name: string, profile: Profile) => ({
    Name: name,
    ...Object.fromEntries(CHARACTERISTICS.map((key) => [key, String(profile[key])])),
  })
  const sections: Record<'characters' | 'core' | 'special' | 'rare' | 'mercenaries' | 'allies', object[]> = {
    characters: [],
    core: [],
    special: [],
    rare: [],
    mercenaries: [],
    allies: [],
  }
  lone.forEach((unit, index) => {
    const gear = unit.gear ?? []
    const kindOf = (ref: Ref) => entries.get(idOf(ref))?.kind
    const mount = unit.mount
    const command = [
      ...(unit.command?.champion ? [chosen('Champion')] : []),
      ...(unit.command?.standard ? [chosen('Standard bearer')] : []),
      ...(unit.command?.musician ? [chosen('Musician')] : []),
      ...(unit.general ? [chosen('General')] : []),
    ]
    const items = gear.filter((ref) => kindOf(ref) === 'item' || kindOf(ref) === 'banner')
    const stats = [
      statLine(unit.name, unit.profile),
      ...(mount ? [statLine(mount.name, mount.profile)] : []),
      ...(unit.championProfile && unit.command?.champion ? [statLine('Champion', unit.championProfile)] : []),
    ]
    const models = unit.character ? 1 : unit.models
    sections[unit.character ? 'characters' : 'core'].push({
      id: `${unit.id}.${index + 1}`,
      name_en: unit.name,
      ...(unit.points === undefined ? {} : { points: unit.points / models }),
      ...(models > 1 ? { strength: models } : {}),
      ...(unit.race && slug(unit.race) !== armyId ? { army: unit.race } : {}),
      command,
      equipment: gear
        .filter((ref) => {
          const kind = kindOf(ref)
          return kind !== 'armour' && kind !== 'item' && kind !== 'banner'
        })
        .map((ref) => chosen(words(ref))),
      armor: gear.filter((ref) => kindOf(ref) === 'armour').map((ref) => chosen(words(ref))),
      options: unit.wizardLevel ? [chosen('Wizard', [chosen(`Level ${unit.wizardLevel} Wizard`)])] : [],
      mounts: mount
        ? [
            { name_en: 'On foot', points: 0 },
            chosen(
              mount.name,
              [...(mount.gear ?? []), ...(mount.rules ?? [])].map((ref) => chosen(words(ref))),
            ),
          ]
        : [],
      items:
        items.length > 0
          ? [
              {
                name_en: 'Magic Items',
                types: [...new Set(items.map((ref) => (kindOf(ref) === 'banner' ? 'banner' : 'enchanted-item')))],
                selected: items.map((ref) => ({
                  name_en: words(ref),
                  points: 0,
                  type: kindOf(ref) === 'banner' ? 'banner' : 'enchanted-item',
                })),
              },
            ]
          : [],
      specialRules: { name_en: (unit.rules ?? []).map(words).join(', ') },
      profile: { stats, troopType: { name_en: wordsOfSlug(unit.troopType) } },
    })
  })
  const total = lone.reduce((sum, unit) => sum + (unit.points ?? 0), 0)
  return `${JSON.stringify(
    {
      name: army.name,
      description: '',
      game: 'the-old-world',
      points: army.pointsLimit ?? total,
      army: armyId,
      armyComposition: armyId,
      compositionRule: 'open-war',
      ...sections,
    },
    null,
    2,
  )}\n`
}
