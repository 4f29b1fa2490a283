import { defineEntry } from '../../../engine/catalogue.js'
import type { UnitState } from '../../../engine/types.js'
import { CORE } from './sources.js'

const PER_MODEL = {
  infantry: 1,
  cavalry: 2,
  'monstrous-infantry': 3,
  'monstrous-cavalry': 3,
  'monstrous-beast': 3,
  'war-beast': 1,
  'war-machine': 3,
  chariot: 4,
  swarm: 3,
} as const

/** The classic troop types (core-mechanics A.8, A.10): a unit of another is refused at muster. */
export const CLASSIC_TROOP_TYPES = ['monster', ...Object.keys(PER_MODEL)] as readonly (
  | keyof typeof PER_MODEL
  | 'monster'
)[]

export const unitStrength = defineEntry({
  id: 'unit-strength',
  name: 'Unit Strength',
  kind: 'core',
  source: `${CORE} A.10`,
  anchor: '6e:units/unit-strength',
  text: 'Infantry 1 a model, cavalry 2, large and monstrous infantry and war machines 3, monsters their Wounds.',
  clauses: {
    'per-model': 'infantry 1, cavalry 2, monstrous infantry and war machines 3, monsters their starting Wounds',
    unlisted:
      'chariots 4, swarms 3, war beasts 1, monstrous cavalry and beasts 3 (classic/variants §unit-strength-unlisted)',
    characters: 'characters who joined the unit add their own Unit Strength, counted by the unit troop type',
  },
  params: PER_MODEL,
  enforcement: 'enforced',
})

/**
 * The Unit Strength of what is left of a unit: per model by troop type, monsters by their starting
 * Wounds (§per-model; 7e's chart: "Monster ... Starting Wounds"). A wounded monster keeps its Unit
 * Strength until it is slain: the wounds it has lost do not lower it.
 */
export function unitStrengthOf(unit: UnitState): number {
  // Characters with the unit count too, by the unit's troop type (§characters).
  const characters = unit.characters.filter((character) => !character.slain)
  const joined = characters.reduce(
    (sum, character) =>
      sum + (unit.troopType === 'monster' ? character.profile.W : PER_MODEL[unit.troopType as keyof typeof PER_MODEL]),
    0,
  )
  if (unit.models === 0) return joined
  if (unit.troopType === 'monster') return unit.models * unit.profile.W + joined
  return unit.models * PER_MODEL[unit.troopType as keyof typeof PER_MODEL] + joined
}
