import type { ErrorField } from '../events/errors.js'
import type { CharacterDefinition, UnitDefinition } from '../events/event-types.js'
import type { EntryDefinition, ParamValue } from './catalogue.js'
import { RuleError } from './errors.js'
import { type ParamKind, paramKind, paramNeeds, paramWords, parseParam } from './params.js'
import type { GameState, Ruleset } from './types.js'

/**
 * What an army must be before it is mustered, said in a player's words with the unit's name and the
 * field it is about (`ErrorField`), so the muster screen shows each refusal beside its field: ids and
 * names used once in the game, troop types the ruleset has, gear and rules its catalogue has, each
 * parameter one the entry takes and written in its recorded form, a formation the unit can take.
 */

interface ArmyPayload {
  readonly player: string
  readonly units: readonly UnitDefinition[]
}

type Ref = {
  readonly id: string
  readonly params?: Record<string, ParamValue>
  readonly options?: Record<string, ParamValue>
}

/** The parameters an entry takes, each with its kind: its defaults', then those it takes without one. */
export function paramKindsOf(entry: EntryDefinition): Record<string, ParamKind> {
  const kinds: Record<string, ParamKind> = {}
  for (const [name, value] of Object.entries(entry.params ?? {})) kinds[name] = paramKind(name, value)
  for (const [name, kind] of Object.entries(entry.optionalParams ?? {})) kinds[name] = kind
  return kinds
}

/** Names compared as a player reads them: case, spacing and the ends do not tell two units apart. */
const sameName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase()

/** Each mustered model's name as compared, kept: a muster compares its army with every unit of the game. */
const comparedNames = new WeakMap<object, string>()
function comparedName(model: { readonly name: string }): string {
  let name = comparedNames.get(model)
  if (name === undefined) {
    name = sameName(model.name)
    comparedNames.set(model, name)
  }
  return name
}

/** Throws the first thing wrong with the army (a RuleError with its field), or returns. */
export function checkArmy(
  ruleset: Ruleset,
  entries: ReadonlyMap<string, EntryDefinition>,
  game: GameState,
  army: ArmyPayload,
): void {
  const ids = new Map<string, string>()
  const names = new Map<string, string>()
  const ownerOf = (player: string) => game.players.find((each) => each.id === player)?.name ?? player
  // Only the units of the game that share an id or a name with the army are said in a refusal.
  const armyIds = new Set<string>()
  const armyNames = new Set<string>()
  for (const unit of army.units)
    for (const model of [unit, ...(unit.characters ?? [])]) {
      armyIds.add(model.id)
      armyNames.add(sameName(model.name))
    }
  const listed = (unit: GameState['units'][string], model: { readonly id: string; readonly name: string }) => {
    const name = comparedName(model)
    if (armyIds.has(model.id)) ids.set(model.id, `${ownerOf(unit.player)}'s ${model.name}`)
    if (armyNames.has(name)) names.set(name, `${ownerOf(unit.player)}'s ${model.name}`)
  }
  for (const unitId in game.units) {
    const unit = game.units[unitId] as GameState['units'][string]
    listed(unit, unit)
    for (const character of unit.characters) listed(unit, character)
  }
  for (const unit of army.units) {
    const at = (...path: (string | number)[]): ErrorField => ({ unit: unit.id, path })
    const models: { model: UnitDefinition | CharacterDefinition; at: (...path: (string | number)[]) => ErrorField }[] =
      [
        { model: unit, at },
        ...(unit.characters ?? []).map((character) => ({
          model: character,
          at: (...path: (string | number)[]) => at('characters', character.id, ...path),
        })),
      ]
    for (const { model, at: field } of models) {
      const sameId = ids.get(model.id)
      if (sameId !== undefined)
        throw new RuleError(
          'engine/duplicate-unit',
          `${model.name}: the id "${model.id}" is ${sameId}'s already; each unit and character needs an id of its own`,
          field('id'),
        )
      ids.set(model.id, `${model.name} in this army`)
      const sameNamed = names.get(sameName(model.name))
      if (sameNamed !== undefined)
        throw new RuleError(
          'engine/duplicate-unit',
          `${model.name}: ${sameNamed} is called that already; give each unit and character a name of its own, ` +
            `such as "${model.name.trim()} 2"`,
          field('name'),
        )
      names.set(sameName(model.name), `${model.name} in this army`)
      checkRefs(ruleset, entries, model.name, 'gear', model.gear, field)
      checkRefs(ruleset, entries, model.name, 'rules', model.rules, field)
      const { mount } = model
      if (mount) {
        const mountField = (...path: (string | number)[]) => field('mount', ...path)
        checkRefs(ruleset, entries, `${model.name}'s ${mount.name}`, 'gear', mount.gear, mountField)
        checkRefs(ruleset, entries, `${model.name}'s ${mount.name}`, 'rules', mount.rules, mountField)
      }
    }
    for (const { model, at: field } of models)
      if (model.troopType !== undefined && !ruleset.troopTypes.includes(model.troopType))
        throw new RuleError(
          'rules/unknown-troop-type',
          `${model.name}: ${model.troopType} is not a troop type of ${ruleset.name} (it has ${ruleset.troopTypes.join(', ')})`,
          field('troopType'),
        )
    checkFormation(unit, at)
  }
}

function checkRefs(
  ruleset: Ruleset,
  entries: ReadonlyMap<string, EntryDefinition>,
  who: string,
  list: 'gear' | 'rules',
  refs: readonly Ref[],
  field: (...path: (string | number)[]) => ErrorField,
): void {
  for (const ref of refs) {
    const entry = entries.get(ref.id)
    if (!entry)
      throw new RuleError(
        'rules/unknown-entry',
        `${who}: ${ruleset.name} has no ${list === 'gear' ? 'gear' : 'special rule'} "${ref.id}"`,
        field(list, ref.id),
      )
    const kinds = paramKindsOf(entry)
    const given = ref.params ?? ref.options ?? {}
    for (const [name, raw] of Object.entries(given)) {
      const kind = Object.hasOwn(kinds, name) ? kinds[name] : undefined
      if (kind === undefined) {
        const takes = Object.keys(kinds)
        throw new RuleError(
          'rules/bad-param',
          `${who}: ${entry.name} takes ${takes.length === 0 ? 'no parameters' : takes.map(paramWords).join(', ')}, ` +
            `not "${name}"`,
          field(list, ref.id, name),
        )
      }
      const parsed = parseParam(kind, raw)
      if (!parsed.ok)
        throw new RuleError(
          'rules/bad-param',
          `${who}: ${entry.name} needs ${paramNeeds(name, kind, parsed.expected)}, not ${JSON.stringify(raw)}`,
          field(list, ref.id, name),
        )
      // The api records every value in this form; anything else came round it (a file edited by hand).
      if (parsed.value !== raw)
        throw new RuleError(
          'rules/bad-param',
          `${who}: ${entry.name}'s ${paramWords(name)} is recorded as ${JSON.stringify(parsed.value)}, ` +
            `not ${JSON.stringify(raw)}`,
          field(list, ref.id, name),
        )
    }
    const problem = entry.checkParams?.({ ...(entry.params ?? {}), ...given })
    if (problem) throw new RuleError('rules/bad-param', `${who}: ${problem}`, field(list, ref.id))
  }
}

function checkFormation(unit: UnitDefinition, at: (...path: (string | number)[]) => ErrorField): void {
  if (unit.character && (unit.models !== 1 || (unit.characters ?? []).length > 0))
    throw new RuleError(
      'rules/bad-formation',
      `${unit.name}: a lone character is one model, with no characters joined to it`,
      at('models'),
    )
  if (unit.wizardLevel !== undefined && !unit.character)
    throw new RuleError(
      'rules/bad-formation',
      `${unit.name}: only a lone character has a Wizard level here; a Wizard who has joined a unit is listed in its ` +
        'characters',
      at('wizardLevel'),
    )
  const files = unit.formation?.files
  if (files !== undefined && files > unit.models)
    throw new RuleError(
      'rules/bad-formation',
      `${unit.name}: ${files} models wide, but the unit has only ${unit.models} models`,
      at('formation', 'files'),
    )
}

/**
 * The army with every parameter a player wrote ("5+", "d3+1", "6\"") in its recorded form (5, "D3+1", 6),
 * read by the one parser. What does not read is left as written, for `checkArmy` to refuse by name.
 */
export function normaliseArmy<Army extends ArmyPayload>(
  entries: ReadonlyMap<string, EntryDefinition>,
  army: Army,
): Army {
  const refs = <R extends Ref>(list: readonly R[], key: 'params' | 'options'): R[] =>
    list.map((ref) => {
      const entry = entries.get(ref.id)
      const given = ref[key]
      if (!entry || !given) return ref
      const kinds = paramKindsOf(entry)
      const values = Object.fromEntries(
        Object.entries(given).map(([name, raw]) => {
          const kind = Object.hasOwn(kinds, name) ? kinds[name] : undefined
          const parsed = kind === undefined ? null : parseParam(kind, raw)
          return [name, parsed?.ok ? parsed.value : raw]
        }),
      )
      return { ...ref, [key]: values }
    })
  const model = <M extends UnitDefinition | CharacterDefinition>(each: M): M => ({
    ...each,
    gear: refs(each.gear, 'options'),
    rules: refs(each.rules, 'params'),
    ...(each.mount
      ? { mount: { ...each.mount, gear: refs(each.mount.gear, 'options'), rules: refs(each.mount.rules, 'params') } }
      : {}),
  })
  return {
    ...army,
    units: army.units.map((unit) => ({
      ...model(unit),
      ...(unit.characters === undefined ? {} : { characters: unit.characters.map(model) }),
    })),
  }
}

/** Players need ids and names of their own: the table tells them apart by name. */
export function checkPlayers(players: readonly { readonly id: string; readonly name: string }[]): void {
  players.forEach((player, index) => {
    const before = players.slice(0, index)
    if (before.some((other) => other.id === player.id))
      throw new RuleError(
        'engine/duplicate-player',
        `two players have the id "${player.id}": each player needs an id of their own`,
        { path: ['players', index, 'id'] },
      )
    if (before.some((other) => sameName(other.name) === sameName(player.name)))
      throw new RuleError(
        'engine/duplicate-player',
        `two players are called "${player.name.trim()}": give each player a name of their own`,
        { path: ['players', index, 'name'] },
      )
  })
}
