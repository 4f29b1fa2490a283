import type { Outcome, UnitState } from '../../engine/types.js'
import { alive, type FormContext, openCombatOf } from './forms.js'

/** A combat the log already knows: a charge this turn that reached its target, not yet fought. */
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
 * The combats the charges of this turn lead to: each charge marker the state keeps this turn (the `charge` entry's
 * `charging` effect) whose `charge-result` in the steps says it reached, and whose charger and target stand and fight
 * in no combat yet. The charger is marked charged, into the facing its ChargeDeclared named, and in The Old World
 * with the whole inches it moved (the result's `moved`: the Initiative bonus reads it as `moved` on CombatJoined).
 * Chargers that reached the same target share its combat.
 */
export function chargedCombats(context: FormContext): ChargedCombat[] {
  const game = context.state
  const markers = game.effects.filter((effect) => effect.entry === 'charge' && effect.params.role === 'charging')
  if (markers.length === 0) return []
  const steps = context.steps ?? []
  const bySeq = new Map(steps.map((step) => [step.seq, step]))
  const byTarget = new Map<string, { charger: UnitState; facing: string; moved: number }[]>()
  for (const marker of markers) {
    const charger = game.units[marker.unit]
    const target = game.units[String(marker.params.target)]
    if (!charger || !target || !alive(charger) || !alive(target)) continue
    if (openCombatOf(game, charger.id) || openCombatOf(game, target.id)) continue
    const result = steps
      .filter((step) => step.seq >= marker.startedAt)
      .flatMap((step) => step.outcomes)
      .find(
        (o): o is Outcome & { kind: 'charge-result' } =>
          o.kind === 'charge-result' && o.values.unit === charger.id && o.values.target === target.id,
      )
    if (result?.values.reached !== true) continue
    const declared = bySeq.get(marker.startedAt)
    const payload = declared?.payload as { facing?: string } | undefined
    const group = byTarget.get(target.id) ?? []
    group.push({ charger, facing: payload?.facing ?? 'front', moved: Number(result.values.moved) })
    byTarget.set(target.id, group)
  }
  const oldWorld = context.ruleset.id === 'old-world'
  let next = Object.keys(game.combats).length + 1
  return [...byTarget].map(([targetId, chargers]) => {
    const target = game.units[targetId] as UnitState
    const attackers = chargers.map(({ charger, facing, moved }) => ({
      unit: charger.id,
      charged: true,
      facing,
      // Whole inches moved before contact (old-world/strike-order §charging reads them).
      ...(oldWorld ? { moved: Math.min(30, Math.max(0, Math.floor(moved))) } : {}),
    }))
    const chargingPlayer = (chargers[0] as { charger: UnitState }).charger.player
    const sides = [
      { player: chargingPlayer, units: attackers },
      { player: target.player, units: [{ unit: target.id, charged: false, facing: 'front' }] },
    ]
    // The sides in the players' order, as the form lists them.
    const order = game.players.map((p) => p.id)
    sides.sort((a, b) => order.indexOf(a.player) - order.indexOf(b.player))
    const names = chargers.map(({ charger }) => charger.name).join(' and ')
    return {
      title: `${names} charged ${target.name}`,
      payload: {
        combat: `combat-${next++}`,
        sides,
        contact: [
          ...chargers.map(({ charger }) => ({ unit: charger.id, models: frontRank(charger) })),
          { unit: target.id, models: frontRank(target) },
        ],
      },
    }
  })
}
