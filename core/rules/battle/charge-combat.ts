import type { Facing } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import type { CombatState, CombatUnit, UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { hasModelsLeft } from './models.js'
import { chargeMarkers, cite, combatOf } from './unit-checks.js'

/** The charge that reached, as the combat takes it over: who, into which facing, how far, declared at which seq. */
export interface ReachedCharge {
  readonly charger: UnitState
  readonly target: UnitState
  readonly facing: Facing
  /** Inches the charger moved to reach (the charge result's `moved`). */
  readonly moved: number
  /** Seq of the ChargeDeclared. */
  readonly declaredAt: number
  readonly from: readonly number[]
}

/** The id of the combat a charge makes: named by the ChargeDeclared that made it. */
export const chargeCombatId = (declaredAt: number) => `charge-${declaredAt}`

/**
 * A charge that reached makes its combat, or joins the one its target is in (charge §combat): the charger has charged,
 * into the facing its declaration named, with the whole inches it moved; its charge bonuses are for its first round.
 */
export function chargeMakesCombat(ctx: BattleContext, charge: ReachedCharge): void {
  const { charger, target, facing, declaredAt, from } = charge
  if (!hasModelsLeft(charger) || !hasModelsLeft(target) || target.fleeing) return
  const rule = ctx.rule('charge', 'combat')
  const open = combatOf(ctx.game, target)
  const unit = (firstRound: number): CombatUnit => ({
    unit: charger.id,
    charged: true,
    facing,
    moved: Math.min(30, Math.max(0, Math.floor(charge.moved))),
    ...(firstRound > 1 ? { firstRound } : {}),
    charge: declaredAt,
  })
  if (open) {
    // A combat under way fights its next round with the charger in it; a combat not yet fought, its first.
    const entry = unit(open.round + 1)
    ctx.emit({
      kind: 'combat-unit-joined',
      text:
        `${charger.name} joins combat ${open.id} (charging into ${target.name}'s ${facing}` +
        `${entry.firstRound ? `, from round ${entry.firstRound}` : ''})`,
      values: { combat: open.id, player: charger.player, unit: entry },
      explanation: explain(
        `${charger.name}'s charge reaches ${target.name}, who is in combat ${open.id}: it joins that combat as a charger`,
        { rule, from: [...from, open.joinedAt] },
      ),
    })
    return
  }
  const id = chargeCombatId(declaredAt)
  const order = ctx.game.players.map((player) => player.id)
  const sides = [
    { player: charger.player, units: [unit(1)] },
    { player: target.player, units: [{ unit: target.id, charged: false, facing: 'front' as Facing }] },
  ].sort((a, b) => order.indexOf(a.player) - order.indexOf(b.player))
  ctx.emit({
    kind: 'combat-joined',
    text:
      `combat ${id}: ${charger.name} (charging${facing === 'front' ? '' : ` into the ${facing}`}) against ` +
      `${target.name}; it is fought in the close-combat phase (CombatJoined with combat "${id}" says who is in contact)`,
    values: { combat: id, sides },
    explanation: explain(`${charger.name}'s charge reaches ${target.name}: the two are locked in combat ${id}`, {
      rule,
      from,
    }),
  })
}

/** What a CombatJoined says of one unit: its side's player and the claims it makes. */
export interface ClaimedUnit {
  readonly unit: string
  readonly charged?: boolean | undefined
  readonly facing?: Facing | undefined
  readonly moved?: number | undefined
}

/**
 * Whether the log speaks for this player turn's charges: it holds an earlier phase of this player turn (the movement
 * phase comes first), or a charge declared this turn. A fight recorded alone (the log starting at its close-combat
 * phase) leaves who charged to the table (decisions §charges-from-the-log).
 */
export function logHoldsCharges(ctx: BattleContext): boolean {
  const { turn, activePlayer, lastPhase } = ctx.game
  if (lastPhase?.startsWith(`${turn}/${activePlayer ?? '-'}/`)) return true
  return ctx.game.effects.some((effect) => effect.entry === 'charge' && effect.params.role === 'charging')
}

/**
 * A unit as a CombatJoined declares it, checked against the log: a unit the charges put in the combat keeps what its
 * charge says (a claim that differs is refused), a unit the table adds did not charge when the log says who did.
 * Returns the unit as the combat records it.
 */
export function claimedUnit(
  ctx: BattleContext,
  claim: ClaimedUnit,
  recorded: CombatUnit | undefined,
  where: string,
): CombatUnit {
  const unit = ctx.unit(claim.unit)
  const claims = cite(ctx.rule('charge', 'contact-claims'))
  if (recorded) {
    const differs = (what: string, said: unknown, log: unknown) =>
      new RuleError(
        'rules/contradicts-charge',
        `${where}: ${unit.name} ${what} ${String(said)}, but ${
          recorded.charge === undefined
            ? `the combat records ${String(log)}`
            : `its charge (seq ${recorded.charge}) says ${String(log)}`
        } (${claims})`,
      )
    if (claim.charged !== undefined && claim.charged !== recorded.charged)
      throw differs('is said to have charged:', claim.charged, recorded.charged)
    if (claim.facing !== undefined && claim.facing !== recorded.facing)
      throw differs('is said to fight against the facing', claim.facing, recorded.facing)
    if (claim.moved !== undefined && claim.moved !== recorded.moved)
      throw differs('is said to have moved', `${claim.moved}"`, `${recorded.moved ?? 'no distance'}"`)
    return recorded
  }
  if (claim.moved !== undefined && claim.charged !== true)
    throw new RuleError('rules/cannot-move', `${where}: ${unit.name} did not charge: it has no inches moved to give`)
  if (claim.charged === true && logHoldsCharges(ctx)) {
    const marker = chargeMarkers(ctx.game, unit.id).find((effect) => effect.params.role === 'charging')
    throw new RuleError(
      'rules/contradicts-charge',
      `${where}: ${unit.name} is said to have charged, but ${
        marker
          ? `its charge (seq ${marker.startedAt}) did not bring it into this combat`
          : 'the log records no charge of it this turn that reached'
      } (${claims}; ${cite(ctx.rule('variants', 'charges-from-the-log'))})`,
    )
  }
  return {
    unit: unit.id,
    charged: claim.charged ?? false,
    facing: claim.facing ?? 'front',
    ...(claim.moved === undefined ? {} : { moved: claim.moved }),
  }
}

/** The combat a unit is in, when it is one the charges made and has not yet fought (for the refusal's advice). */
export function requireNotEngaged(ctx: BattleContext, unit: UnitState, combatId: string, where: string): void {
  const other: CombatState | undefined = combatOf(ctx.game, unit)
  if (!other || other.id === combatId) return
  throw new RuleError(
    'rules/already-engaged',
    `${where}: ${unit.name} is already in combat "${other.id}"` +
      (other.round === 0 ? ` (made by a charge): declare CombatJoined with combat "${other.id}"` : ''),
  )
}
