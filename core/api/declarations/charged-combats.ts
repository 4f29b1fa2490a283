import type { UnitState } from '../../engine/types.js'
import { alive, type FormContext } from './forms.js'

/** A combat the log already knows: made by a charge that reached its target, not yet fought. */
export interface ChargedCombat {
  /** "Chaos Knights charged Empire Swordsmen". */
  readonly title: string
  /** The CombatJoined payload, every field the log says filled in. */
  readonly payload: {
    readonly combat: string
    readonly sides: readonly {
      readonly player: string
      readonly units: readonly { unit: string; charged: boolean; facing: string; moved?: number }[]
    }[]
    readonly contact: readonly { unit: string; models: number }[]
  }
}

/** Models of a unit in base contact by default: its front rank. */
const frontRank = (unit: UnitState) => Math.min(unit.files ?? unit.models, unit.models)

/**
 * The combats the charges made and nobody has fought yet (round 0 in the state: a charge that reached makes its combat,
 * charge §combat): each offered as its CombatJoined, every unit as the charge recorded it (charged, the facing its
 * ChargeDeclared named, and in The Old World the whole inches it moved), with the front ranks in contact by default.
 */
export function chargedCombats(context: FormContext): ChargedCombat[] {
  const game = context.state
  const oldWorld = context.ruleset.id === 'old-world'
  return Object.values(game.combats)
    .filter((combat) => !combat.ended && combat.round === 0)
    .flatMap((combat) => {
      const units = combat.sides.flatMap((side) => side.units.map((u) => game.units[u.unit]))
      if (units.some((unit) => !unit || !alive(unit))) return []
      const chargers = combat.sides.flatMap((side) => side.units.filter((u) => u.charged))
      const targets = combat.sides.flatMap((side) => side.units.filter((u) => !u.charged))
      const name = (id: string) => (game.units[id] as UnitState).name
      return [
        {
          title: `${chargers.map((u) => name(u.unit)).join(' and ')} charged ${targets.map((u) => name(u.unit)).join(' and ')}`,
          payload: {
            combat: combat.id,
            sides: combat.sides.map((side) => ({
              player: side.player,
              units: side.units.map((u) => ({
                unit: u.unit,
                charged: u.charged,
                facing: u.facing,
                // Whole inches moved before contact (old-world/strike-order §charging reads them).
                ...(oldWorld && u.moved !== undefined ? { moved: u.moved } : {}),
              })),
            })),
            contact: [...chargers, ...targets].map((u) => ({
              unit: u.unit,
              models: frontRank(game.units[u.unit] as UnitState),
            })),
          },
        },
      ]
    })
}
