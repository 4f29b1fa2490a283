import { defineEntry } from '../../../engine/catalogue.js'
import type { UnitState } from '../../../engine/types.js'
import type { TroopType } from '../../../events/event-types.js'
import { CORE } from './sources.js'

/** Unit Strength a model by troop type (core-mechanics B.8); null: its starting Wounds. */
const PER_MODEL: Readonly<Partial<Record<TroopType, number | null>>> = {
  infantry: 1,
  'heavy-infantry': 1,
  'monstrous-infantry': 3,
  swarm: 3,
  'light-cavalry': 2,
  'heavy-cavalry': 2,
  'monstrous-cavalry': 3,
  'war-beast': 1,
  'light-chariot': 3,
  'heavy-chariot': 5,
  'monstrous-creature': null,
  behemoth: null,
  'war-machine': null,
}

export const unitStrength = defineEntry({
  id: 'unit-strength',
  name: 'Unit Strength',
  kind: 'core',
  source: `${CORE} B.8`,
  anchor: 'tow:troop-types-at-a-glance/troop-type-table',
  text:
    'Regular and heavy infantry and war beasts 1 a model; light and heavy cavalry 2; monstrous infantry and cavalry, ' +
    'swarms and light chariots 3; heavy chariots 5; monstrous creatures, behemoths and war machines their starting ' +
    'Wounds. Characters add their own.',
  clauses: {
    'per-model': 'each model counts by its troop type (the table)',
    'starting-wounds': 'monstrous creatures, behemoths and war machines count their starting Wounds',
    characters:
      "characters who joined the unit add their own Unit Strength, counted by the unit's troop type (by starting " +
      'Wounds where that type counts them)',
  },
  enforcement: 'enforced',
})

/**
 * A unit's Unit Strength (old-world/unit-strength): its models by troop type, and its characters
 * by the same type. A wounded monster keeps its Unit Strength until it is slain.
 */
export function unitStrengthOf(unit: UnitState): number {
  const perModel = PER_MODEL[unit.troopType]
  const characters = unit.characters
    .filter((character) => !character.slain)
    .reduce((sum, character) => sum + (perModel ?? character.profile.W), 0)
  return unit.models * (perModel ?? unit.profile.W) + characters
}
