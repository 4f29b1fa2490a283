import type { Facing, SideTally } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import type { Answer, CombatState, EventOf, Procedure, ProcedureContext, RequestSpec } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import { overrun, overrunFromCombat } from './after-the-rout.js'
import { breakTests } from './break-test.js'
import { answerChallenge, checkPendingChallenge, closeChallenge } from './challenges.js'
import { claimedUnit, requireNotEngaged } from './charge-combat.js'
import { type ContactPlan, planContact, requireAbleToFight } from './combat-contact.js'
import { combatResult } from './combat-result.js'
import type { BattleContext } from './context.js'
import { endCombatApart, outOfContact } from './fall-back.js'
import { fleeAndPursue } from './flee-and-pursue.js'
import { arrangeFighters } from './model-fighting.js'
import { roundCasualties } from './round-casualties.js'
import { endCombat, endRound } from './round-end.js'
import { openRound } from './round-tally.js'
import { strikeOrder, strikeSteps } from './strike-steps.js'
import { unitInCombatSteps } from './unit-in-combat.js'

type Step = Generator<RequestSpec, void, Answer>

/**
 * CombatJoined: who is in contact, as the table alone knows it. A combat a charge made (charge §combat) is named by its
 * id and fought for its first round; a combat under way takes the units the table moved into contact and fights its
 * next round; a new id makes a new combat. Claims the charges recorded contradict are refused (charge §contact-claims).
 */
export function* combatJoined(context: ProcedureContext, event: EventOf<'CombatJoined'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: CombatJoined`
  requireCombatPhase(ctx, where)
  const { combat: id, sides } = event.payload
  const existing = Object.hasOwn(ctx.game.combats, id) ? ctx.game.combats[id] : undefined
  if (existing?.ended)
    throw new RuleError('rules/duplicate-combat', `${where}: combat "${id}" already exists and is over`)
  const [first, second] = sides as [(typeof sides)[0], (typeof sides)[0]]
  if (first.player === second.player)
    throw new RuleError('rules/friendly-target', `${where}: both sides are player "${first.player}"`)
  if (existing) {
    requireNotFought(ctx, existing, where)
    for (const side of sides)
      if (!existing.sides.some((own) => own.player === side.player))
        throw new RuleError('rules/wrong-side', `${where}: player "${side.player}" has no side in combat "${id}"`)
  }
  const engaged = new Set<string>()
  const declared = sides.map((side) => ({
    player: side.player,
    units: side.units.map((entry) => {
      const unit = ctx.unit(entry.unit)
      if (unit.player !== side.player)
        throw new RuleError('rules/wrong-side', `${where}: ${unit.name} belongs to ${unit.player}, not ${side.player}`)
      if (engaged.has(unit.id)) throw new RuleError('rules/duplicate-unit', `${where}: ${unit.name} is named twice`)
      engaged.add(unit.id)
      requireAbleToFight(unit, where)
      requireNotEngaged(ctx, unit, id, where)
      const recorded = existing?.sides.flatMap((own) => own.units).find((u) => u.unit === unit.id)
      return claimedUnit(ctx, entry, recorded, where)
    }),
  }))
  const round = (existing?.round ?? 0) + 1
  // The units the table adds to a combat under way fight from this round (their first).
  const joining = existing
    ? declared.flatMap((side) =>
        side.units
          .filter((u) => !existing.sides.some((own) => own.units.some((o) => o.unit === u.unit)))
          .map((u) => ({ player: side.player, unit: round > 1 ? { ...u, firstRound: round } : u })),
      )
    : []
  const combatSides = existing
    ? existing.sides.map((own) => ({
        player: own.player,
        units: [...own.units, ...joining.filter((j) => j.player === own.player).map((j) => j.unit)],
      }))
    : declared
  const plan = planContact(ctx, id, round, combatSides, event.payload.contact, where, event.payload.highGround)
  checkPendingChallenge(ctx, id, combatSides, where)
  if (!existing)
    ctx.emit({
      kind: 'combat-joined',
      text:
        `combat ${id}: ` +
        `${declared.map((side) => side.units.map((u) => describeEntry(ctx, u)).join(' and ')).join(' against ')}`,
      values: { combat: id, sides: declared },
      explanation: explain(`combat ${id} joined`, { from: [event.seq] }),
    })
  for (const { player, unit } of joining)
    ctx.emit({
      kind: 'combat-unit-joined',
      text: `${describeEntry(ctx, unit)} joins combat ${id}, as the table says`,
      values: { combat: id, player, unit },
      explanation: explain(`${ctx.unit(unit.unit).name} is moved into contact and joins combat ${id}`, {
        from: [event.seq],
      }),
    })
  const combat = ctx.game.combats[id] as CombatState
  // What the units' rules do as the combat starts (their Fear tests: classic/fear §close-combat), or as it is fought.
  yield* unitInCombatSteps(ctx, combat, combat.round === 0 ? 'joined' : 'fought', event.seq)
  yield* fightRound(ctx, combat, plan, event.seq, event.payload.highGround)
}

/** A combat fights once a close-combat phase. */
function requireNotFought(ctx: BattleContext, combat: CombatState, where: string): void {
  const last = combat.lastFought
  if (last && last.turn === ctx.game.turn && last.player === ctx.game.activePlayer)
    throw new RuleError(
      'rules/combat-fought',
      `${where}: combat "${combat.id}" has fought its round in this close-combat phase (${ctx.game.ruleset}/turn-sequence §close-combat)`,
    )
}

/** CombatRoundDeclared: the next round of a combat that goes on. */
export function* combatRoundDeclared(context: ProcedureContext, event: EventOf<'CombatRoundDeclared'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: CombatRoundDeclared`
  requireCombatPhase(ctx, where)
  const combat = Object.hasOwn(ctx.game.combats, event.payload.combat)
    ? ctx.game.combats[event.payload.combat]
    : undefined
  if (!combat) throw new RuleError('rules/unknown-combat', `${where}: there is no combat "${event.payload.combat}"`)
  if (combat.ended) throw new RuleError('rules/combat-over', `${where}: combat "${combat.id}" is over`)
  requireNotFought(ctx, combat, where)
  const plan = planContact(
    ctx,
    combat.id,
    combat.round + 1,
    combat.sides,
    event.payload.contact,
    `${where}: combat ${combat.id}`,
    event.payload.highGround,
  )
  // What the units' rules do as the round is fought (The Old World's Fear tests; classic's come as the phase starts);
  // a combat a charge made and not yet fought is being joined.
  yield* unitInCombatSteps(ctx, combat, combat.round === 0 ? 'joined' : 'fought', event.seq)
  yield* fightRound(ctx, combat, plan, event.seq, event.payload.highGround)
}

function describeEntry(ctx: BattleContext, entry: { unit: string; charged: boolean; facing: Facing }): string {
  const unit = ctx.unit(entry.unit)
  const parts = [entry.charged ? 'charging' : '', entry.facing !== 'front' ? `into the ${entry.facing}` : '']
  const how = parts.filter(Boolean).join(' ')
  return how ? `${unit.name} (${how})` : unit.name
}

function requireCombatPhase(ctx: BattleContext, where: string): void {
  if (ctx.game.phase !== 'close-combat') {
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: combats are fought in the close-combat phase, not ` +
        `${ctx.game.phase ?? 'before any phase'} (${ctx.game.ruleset}/turn-sequence §close-combat)`,
    )
  }
}

/**
 * One round of close combat (core-mechanics A.5, A.6; the variant table), stage by stage over one round
 * tally: contact and attacks, the strike steps, casualties, the combat result, break tests, flee and pursue.
 */
function* fightRound(
  ctx: BattleContext,
  combat: CombatState,
  plan: ContactPlan,
  seq: number,
  highGround: string | undefined,
): Step {
  const r = openRound(ctx, combat, plan, seq, highGround)
  const { round } = r
  // A challenge is answered before the blows (classic/challenge §issue).
  const duel = yield* answerChallenge(ctx, combat, seq)
  const fighters = arrangeFighters(ctx, plan.planned, duel, r.sideOf, r.moment)
  const steps = yield* strikeOrder(r, fighters)
  yield* strikeSteps(r, steps, fighters, duel)
  yield* roundCasualties(r)

  const outcome = combatResult(r)
  if (outcome.wipedOut || outcome.winnerIndex < 0) {
    closeChallenge(ctx, combat, outcome.wipedOut)
    if (outcome.wipedOut) {
      endCombat(ctx, combat, round)
      yield* overrun(r)
    } else {
      // A draw: a charger on either side whose foes in contact are all destroyed may overrun.
      yield* overrunFromCombat(r, [0, 1])
      endRound(ctx, combat, round)
    }
    return
  }
  const verdicts = yield* breakTests(r, outcome)
  const winners = outcome.tallies[outcome.winnerIndex] as SideTally
  const followedUp = yield* fleeAndPursue(r, winners, verdicts)
  const over = r.live(0).length === 0 || r.live(1).length === 0
  // Units that gave ground with no winner following up are out of contact: the combat is over (fall-back.ts).
  const apart = !over && !followedUp && outOfContact(r.live(1 - outcome.winnerIndex), verdicts.gaveGround)
  // The combat goes on: a winning charger whose foes in contact are all destroyed may overrun out of it.
  if (!over && !apart) yield* overrunFromCombat(r, [outcome.winnerIndex])
  closeChallenge(ctx, combat, over || apart)
  if (over) endCombat(ctx, combat, round)
  else if (apart) endCombatApart(ctx, combat, round)
  else endRound(ctx, combat, round)
}
