import type { CombatMoment } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import type { CombatState, UnitState } from '../../engine/types.js'
import type { PayloadOf } from '../../events/event-types.js'
import type { BattleContext } from './context.js'
import { type PlannedFighter, planModels } from './model-fighting.js'
import { hasModelsLeft } from './models.js'

type Contact = PayloadOf<'CombatJoined'>['contact']

/** A unit that fights must have models left and not be fleeing. */
export function requireAbleToFight(unit: UnitState, where: string): void {
  if (!hasModelsLeft(unit)) throw new RuleError('rules/unit-destroyed', `${where}: ${unit.name} has no models left`)
  if (unit.fleeing) throw new RuleError('rules/unit-fleeing', `${where}: ${unit.name} is fleeing`)
}

export interface ContactPlan {
  readonly planned: readonly PlannedFighter[]
  /** The enemy each unit in contact attacks, by unit id. */
  readonly targets: Record<string, string>
  /** The close-combat weapon each unit of the combat fights with this round (classic/variants §close-combat-weapon). */
  readonly weapons: Record<string, string | null>
}

/** Checks who the players say is in contact, before anything is recorded; names what is wrong. */
export function planContact(
  ctx: BattleContext,
  combatId: string,
  round: number,
  sides: CombatState['sides'],
  contact: Contact,
  where: string,
  highGround: string | undefined,
): ContactPlan {
  if (highGround !== undefined && !sides.some((side) => side.player === highGround))
    throw new RuleError(
      'rules/wrong-side',
      `${where}: high ground names "${highGround}", who has no side in this combat`,
    )
  const sideOf = new Map<string, number>()
  sides.forEach((side, index) => {
    for (const u of side.units) sideOf.set(u.unit, index)
  })
  const live = (index: number) =>
    (sides[index]?.units ?? []).map((u) => ctx.unit(u.unit)).filter((unit) => hasModelsLeft(unit) && !unit.fleeing)
  const momentOf = (unitId: string): CombatMoment => {
    const entry = sides.flatMap((side) => side.units).find((u) => u.unit === unitId)
    const charged = entry?.charged ?? false
    const facing = entry?.facing ?? 'front'
    // A charger's bonuses are for its own first round (charge §combat): round 1, or the round it joined in.
    const moment = { combat: combatId, round, charged, charging: charged && round === (entry?.firstRound ?? 1), facing }
    return entry?.moved === undefined ? moment : { ...moment, moved: entry.moved }
  }
  const planned: PlannedFighter[] = []
  const targets: Record<string, string> = {}
  const seen = new Set<string>()
  for (const entry of contact) {
    const side = sideOf.get(entry.unit)
    if (side === undefined)
      throw new RuleError('rules/not-in-combat', `${where}: "${entry.unit}" is not in this combat`)
    const unit = ctx.unit(entry.unit)
    requireAbleToFight(unit, where)
    if (seen.has(unit.id)) throw new RuleError('rules/duplicate-unit', `${where}: ${unit.name} is entered twice`)
    seen.add(unit.id)
    if (entry.models + entry.supporting > unit.models) {
      throw new RuleError(
        'rules/too-many-models',
        `${where}: ${unit.name} has ${unit.models} models, not ${entry.models} in contact and ` +
          `${entry.supporting} supporting (${ctx.game.ruleset}/attacks §fighting-models)`,
      )
    }
    const enemies = live(1 - side)
    let target: UnitState | undefined
    if (entry.target !== undefined) {
      target = enemies.find((enemy) => enemy.id === entry.target)
      if (!target)
        throw new RuleError(
          'rules/bad-target',
          `${where}: ${unit.name} cannot attack "${entry.target}": not a fighting enemy in this combat`,
        )
    } else if (enemies.length === 1) {
      target = enemies[0]
    } else {
      throw new RuleError(
        'rules/bad-target',
        `${where}: ${unit.name} faces ${enemies.length} enemy units; say which it attacks (target)`,
      )
    }
    targets[unit.id] = (target as UnitState).id
    const models = planModels(ctx, entry, unit, target as UnitState, side, contact, where, momentOf)
    planned.push({
      unit,
      model: null,
      target: target as UnitState,
      side,
      // The champion, when in contact, is one of the models and fights on its own (classic/champion §stat-line).
      contact: entry.models - (entry.champion ? 1 : 0),
      supporting: entry.supporting,
      directed: models.rankAndFileDirected,
    })
    planned.push(...models.models)
  }
  if (live(0).length === 0 || live(1).length === 0)
    throw new RuleError('rules/combat-over', `${where}: one side has no units left to fight`)
  const weapons: Record<string, string | null> = {}
  for (const side of sides)
    for (const { unit } of side.units)
      weapons[unit] = ctx.profile.weapons.weaponInUse(
        ctx.unit(unit),
        contact.find((entry) => entry.unit === unit)?.weapon,
        where,
        contact.some((entry) => entry.unit === unit),
        ctx.game.ruleset,
        // The Old World lets a unit choose its hand weapon over its other weapons (old-world/variants).
        ctx.profile.closeCombatWeapon.value !== 'special-weapon',
      )
  return { planned, targets, weapons }
}
