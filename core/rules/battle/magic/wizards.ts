import type { CharacterState, GameState, UnitState } from '../../../engine/types.js'
import { isHidden } from '../hidden.js'

/** A Wizard on the table: a joined character or a lone character with a Wizard level. */
export interface Wizard {
  readonly id: string
  readonly name: string
  readonly level: number
  readonly unit: UnitState
  /** The joined character; null for a lone character (the unit is the Wizard). */
  readonly character: CharacterState | null
}

function wizardsIn(unit: UnitState): Wizard[] {
  if (unit.models <= 0) return []
  const found: Wizard[] = []
  if (unit.character && unit.wizardLevel)
    found.push({ id: unit.id, name: unit.name, level: unit.wizardLevel, unit, character: null })
  for (const character of unit.characters) {
    // A model hidden in its unit is not on the table (classic/concealed §hidden): it brings no dice and casts nothing.
    if (character.slain || !character.wizardLevel || isHidden(character)) continue
    found.push({ id: character.id, name: character.name, level: character.wizardLevel, unit, character })
  }
  return found
}

/** Every Wizard of a player still on the table, in muster order. */
export function wizardsOf(game: GameState, player: string): Wizard[] {
  return Object.values(game.units)
    .filter((unit) => unit.player === player)
    .flatMap(wizardsIn)
}

/** The character with this id (joined or lone), whether or not it is a Wizard; null if there is none. */
export function findCharacter(
  game: GameState,
  id: string,
): { unit: UnitState; character: CharacterState | null } | null {
  for (const unit of Object.values(game.units)) {
    if (unit.id === id && unit.character) return { unit, character: null }
    const character = unit.characters.find((c) => c.id === id)
    if (character) return { unit, character }
  }
  return null
}

/** A model's Wounds as they stand: its profile's W less what it has lost (more, when it has gained some). */
export function woundsNow(unit: UnitState, character: CharacterState | null): { wounds: number; profileW: number } {
  if (character) return { wounds: character.profile.W - character.woundsLost, profileW: character.profile.W }
  return { wounds: unit.profile.W - unit.woundsOnNextModel, profileW: unit.profile.W }
}

/** The combat a unit is fighting in, if any. */
export function combatOf(game: GameState, unit: string): string | null {
  for (const combat of Object.values(game.combats))
    if (!combat.ended && combat.sides.some((side) => side.units.some((u) => u.unit === unit))) return combat.id
  return null
}

/**
 * The spell as the attacker of the strike pipeline: the caster's unit, named for the spell, with
 * none of the unit's own gear or rules (its weapons and special rules do not strike with a spell).
 */
export function spellAsAttacker(cast: {
  readonly wizard: Wizard
  readonly spell: { readonly name: string }
}): UnitState {
  return {
    ...cast.wizard.unit,
    name: `${cast.wizard.name}'s ${cast.spell.name}`,
    gear: [],
    rules: [],
    command: { champion: false, standard: false, musician: false },
    characters: [],
  }
}
