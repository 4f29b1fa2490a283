import type { EntryDefinition } from './catalogue.js'
import { RuleError } from './errors.js'
import { NO_PARAMS, type RulesetIndex, withParams } from './ruleset-index.js'
import type { EventOf, GameState } from './types.js'

type MusteredUnit = EventOf<'ArmyMustered'>['payload']['units'][number]

/** What a muster check sees: the ruleset, the game before the army joins it, the event and one of its units. */
export interface MusterCheckInput {
  readonly index: RulesetIndex
  readonly game: GameState
  readonly event: EventOf<'ArmyMustered'>
  readonly unit: MusteredUnit
}

/**
 * A check the engine makes on each unit of an ArmyMustered before anything is mustered: it throws a
 * RuleError naming the unit and what is wrong. Ruleset-neutral; a ruleset's own checks, which ask
 * the timing points, are its `checkMuster`, run on the units once mustered.
 */
export type MusterCheck = (input: MusterCheckInput) => void

const uniqueUnitId: MusterCheck = ({ game, event, unit }) => {
  if (Object.hasOwn(game.units, unit.id))
    throw new RuleError('engine/duplicate-unit', `seq ${event.seq}: unit "${unit.id}" is already mustered`)
}

const knownTroopType: MusterCheck = ({ index: { ruleset }, event, unit }) => {
  if (!ruleset.troopTypes.includes(unit.troopType))
    throw new RuleError(
      'rules/unknown-troop-type',
      `seq ${event.seq}: unit "${unit.id}" is ${unit.troopType}, a troop type ${ruleset.id} does not have ` +
        `(${ruleset.troopTypes.join(', ')})`,
    )
}

/** Every entry the unit and its characters name is in the catalogue, with params its entry accepts (`checkParams`). */
const knownEntries: MusterCheck = ({ index: { ruleset, entries }, event, unit }) => {
  const characterRefs = (unit.characters ?? []).flatMap((c) => [...c.gear, ...c.rules])
  for (const ref of [...unit.gear, ...unit.rules, ...characterRefs]) {
    if (!entries.has(ref.id))
      throw new RuleError(
        'rules/unknown-entry',
        `seq ${event.seq}: unit "${unit.id}" names "${ref.id}", which the ${ruleset.id} catalogue does not have`,
      )
    const entry = entries.get(ref.id) as EntryDefinition
    const given = 'params' in ref ? ref.params : ref.options
    const problem = entry.checkParams?.(withParams(entry.params ?? NO_PARAMS, given))
    if (problem)
      throw new RuleError(
        'rules/bad-model',
        `seq ${event.seq}: unit "${unit.id}": ${problem} (${ruleset.id}/${entry.id})`,
      )
  }
}

const loneCharacterAlone: MusterCheck = ({ event, unit }) => {
  if (unit.character && (unit.models !== 1 || (unit.characters ?? []).length > 0))
    throw new RuleError(
      'rules/bad-formation',
      `seq ${event.seq}: unit "${unit.id}" is a lone character: it has one model and no characters joined`,
    )
}

const wizardLevelOnCharacter: MusterCheck = ({ event, unit }) => {
  if (unit.wizardLevel !== undefined && !unit.character)
    throw new RuleError(
      'rules/bad-formation',
      `seq ${event.seq}: unit "${unit.id}" has a Wizard level but is not a lone character; a Wizard who has ` +
        'joined a unit is listed in its characters',
    )
}

/** A joined character's id is used by no unit or character of the game, nor twice in this army. */
const uniqueCharacterIds: MusterCheck = ({ game, event, unit }) => {
  const units = event.payload.units
  for (const character of unit.characters ?? []) {
    const taken =
      Object.hasOwn(game.units, character.id) ||
      Object.values(game.units).some((u) => u.characters.some((c) => c.id === character.id)) ||
      units.some((u) => u.id === character.id) ||
      units.some((u) => (u.characters ?? []).filter((c) => c.id === character.id).length > (u === unit ? 1 : 0))
    if (taken)
      throw new RuleError('engine/duplicate-unit', `seq ${event.seq}: character id "${character.id}" is already used`)
  }
}

const filesWithinModels: MusterCheck = ({ event, unit }) => {
  const files = unit.formation?.files
  if (files !== undefined && files > unit.models)
    throw new RuleError(
      'rules/bad-formation',
      `seq ${event.seq}: unit "${unit.id}" is ${files} models wide but has only ${unit.models} models`,
    )
}

/** The checks, in the order they are made on each unit (the first that fails is the error shown). */
export const musterChecks: readonly MusterCheck[] = [
  uniqueUnitId,
  knownTroopType,
  knownEntries,
  loneCharacterAlone,
  wizardLevelOnCharacter,
  uniqueCharacterIds,
  filesWithinModels,
]

/** Runs every muster check on every unit of the event, unit by unit; throws the first failure. */
export function checkMusteredUnits(index: RulesetIndex, game: GameState, event: EventOf<'ArmyMustered'>): void {
  for (const unit of event.payload.units) for (const check of musterChecks) check({ index, game, event, unit })
}
