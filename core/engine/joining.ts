import { RuleError } from './errors.js'
import type { CharacterState, GameState, UnitState } from './types.js'

/**
 * A character joining or leaving a unit, as the state records it (the outcomes `character-joined` and
 * `character-left`). The model keeps its one id throughout: alone it is the unit of one under that id; joined it is
 * one of its unit's characters under the same id. Its wounds lost, profile, gear, rules and mount go with it.
 */

function unitOf(game: GameState, id: string, seq: number): UnitState {
  const unit = Object.hasOwn(game.units, id) ? game.units[id] : undefined
  if (!unit) throw new RuleError('engine/unknown-unit', `seq ${seq}: no unit "${id}" on the table`)
  return unit
}

/** The lone character `character` becomes one of `unit`'s characters; its unit of one leaves the table's list. */
export function joinUnit(game: GameState, values: { character: string; unit: string }, seq: number): void {
  const lone = unitOf(game, values.character, seq)
  const unit = unitOf(game, values.unit, seq)
  const joined: CharacterState = {
    id: lone.id,
    name: lone.name,
    profile: lone.profile,
    gear: lone.gear,
    rules: lone.rules,
    wizardLevel: lone.wizardLevel ?? null,
    general: lone.general === true,
    woundsLost: lone.woundsOnNextModel,
    slain: false,
    alone: { troopType: lone.troopType, race: lone.race, musteredAt: lone.musteredAt },
    joinedIn: { turn: game.turn, player: game.activePlayer },
    ...(lone.mount ? { mount: lone.mount } : {}),
  }
  unit.characters = [...unit.characters, joined]
  unit.changedAt = seq
  delete game.units[lone.id]
  game.rosterChangedAt = seq
}

/**
 * The joined character `character` leaves `unit`: a unit of one again under its own id, with what it was alone
 * (troop type, race) or, for one mustered in the unit, the unit's (the list gave it no other).
 */
export function leaveUnit(game: GameState, values: { unit: string; character: string }, seq: number): void {
  const unit = unitOf(game, values.unit, seq)
  const character = unit.characters.find((c) => c.id === values.character)
  if (!character)
    throw new RuleError('engine/unknown-unit', `seq ${seq}: ${unit.name} has no character "${values.character}"`)
  unit.characters = unit.characters.filter((c) => c.id !== character.id)
  unit.changedAt = seq
  game.units[character.id] = {
    id: character.id,
    name: character.name,
    player: unit.player,
    troopType: character.alone?.troopType ?? unit.troopType,
    race: character.alone ? character.alone.race : unit.race,
    profile: character.profile,
    gear: character.gear,
    rules: character.rules,
    files: null,
    command: { champion: false, standard: false, musician: false },
    championProfile: null,
    characters: [],
    character: true,
    ...(character.wizardLevel !== null ? { wizardLevel: character.wizardLevel } : {}),
    ...(character.general ? { general: true } : {}),
    ...(character.mount ? { mount: character.mount } : {}),
    startingModels: 1,
    models: 1,
    woundsOnNextModel: character.woundsLost,
    fleeing: false,
    musteredAt: character.alone?.musteredAt ?? unit.musteredAt,
    changedAt: seq,
  }
  game.rosterChangedAt = seq
}
