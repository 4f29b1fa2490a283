import type { Facing } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import type { EventOf, Procedure, ProcedureContext, UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import { chargeMakesCombat } from '../battle/charge-combat.js'
import { respond } from '../battle/charge-response.js'
import { fleeFromCharge } from '../battle/charges.js'
import { characteristic } from '../battle/charts.js'
import { hasModelsLeft } from '../battle/models.js'
import { emitChecked, moveThisTurn } from '../battle/moves.js'
import { cite } from '../battle/unit-checks.js'
import type { ClassicContext } from './catalogue.js'

/**
 * StupidMoveMade: the compulsory move of a unit that failed its Stupidity test (seed 000, Stupidity §2), half its M
 * straight ahead as the table measured it. "If the roll is high enough to reach an enemy unit, the movement counts as
 * a charge and the target unit gets to make a charge response": the enemy responds, and unless it flees the two are
 * locked in a combat the charge makes (`charge-<seq>`). "If it contacts one of your own units it stops 1" in front of
 * the unit but confuses the unit it bumped into. A confused unit cannot move voluntarily in this movement phase."
 */
export function* stupidMoveMade(context: ProcedureContext, event: EventOf<'StupidMoveMade'>): Procedure {
  const ctx = context as ClassicContext
  const where = `seq ${event.seq}: StupidMoveMade`
  const { moved, reached } = event.payload
  const unit = ctx.unit(event.payload.unit)
  const half = checkStupidMove(ctx, event, unit, where)
  const other = checkMet(ctx, event, unit, where)
  const from = [event.seq, half.startedAt]
  const moveWhy = explain(
    `${unit.name} moves ${moved}" straight ahead: half its M ${half.m}" is ${half.m / 2}"`,
    { value: moved, rule: ctx.rule('stupidity', 'move'), from },
    [explain(`what it ran into, the table says: ${reached}`, { rule: ctx.rule('variants', 'stupid-move-met') })],
  )
  emitChecked(ctx, unit, 'stupid', moved, half.m / 2, moveWhy)
  if (reached === 'friend' && other) confuse(ctx, unit, other, event.seq)
  if (reached === 'enemy' && other) yield* stupidCharge(ctx, event, unit, other, half.m)
}

/** The stupid unit may make this move: its player's, this turn's failed test, once, no further than half its M. */
function checkStupidMove(ctx: ClassicContext, event: EventOf<'StupidMoveMade'>, unit: UnitState, where: string) {
  const moveRule = cite(ctx.rule('stupidity', 'move'))
  if (unit.player !== ctx.game.activePlayer)
    throw new RuleError(
      'rules/wrong-side',
      `${where}: ${unit.name} belongs to ${unit.player}; a stupid unit moves in its own player's movement phase (${moveRule})`,
    )
  const failed = ctx.game.effects.find(
    (effect) => effect.entry === 'stupidity' && effect.unit === unit.id && effect.params.failedTest === true,
  )
  if (!failed)
    throw new RuleError(
      'rules/not-permitted',
      `${where}: ${unit.name} has not failed a Stupidity test this turn: it makes no stupid move (${moveRule})`,
    )
  const done = moveThisTurn(ctx.game, unit.id)
  if (done)
    throw new RuleError(
      'rules/cannot-move',
      `${where}: ${unit.name} has already made its move this turn (${done.move}, ${cite(ctx.rule('movement', 'once'))})`,
    )
  const m = characteristic(ctx, unit, 'M', null, null).value
  if (event.payload.moved > m / 2)
    throw new RuleError(
      'rules/too-far',
      `${where}: ${unit.name} moves half its M ${m}", ${m / 2}" at most, not ${event.payload.moved}" (${moveRule})`,
    )
  return { m, startedAt: failed.startedAt }
}

/** The unit it ran into, as `reached` says: an enemy with models, a friend other than itself, or none. */
function checkMet(
  ctx: ClassicContext,
  event: EventOf<'StupidMoveMade'>,
  unit: UnitState,
  where: string,
): UnitState | null {
  const { reached, other: otherId, facing } = event.payload
  if (reached === 'nothing') {
    if (otherId !== undefined || facing !== undefined)
      throw new RuleError('rules/bad-target', `${where}: a move that ran into nothing names no unit and no facing`)
    return null
  }
  const clause = cite(ctx.rule('stupidity', reached === 'enemy' ? 'charge' : 'confuses'))
  if (otherId === undefined)
    throw new RuleError('rules/bad-target', `${where}: name the ${reached} unit the move ran into (other) (${clause})`)
  const other = ctx.unit(otherId)
  if (other.id === unit.id) throw new RuleError('rules/bad-target', `${where}: ${unit.name} cannot run into itself`)
  if (!hasModelsLeft(other)) throw new RuleError('rules/bad-target', `${where}: ${other.name} has no models left`)
  const friendly = other.player === unit.player
  if (friendly !== (reached === 'friend'))
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${other.name} is ${friendly ? `${unit.name}'s own side` : 'an enemy'}, not ${
        reached === 'friend' ? 'a friend' : 'an enemy'
      } (${clause})`,
    )
  if (reached === 'friend' && facing !== undefined)
    throw new RuleError('rules/bad-target', `${where}: a friend bumped into is not charged: it has no facing to give`)
  return other
}

/** A friend bumped into is confused: it cannot move voluntarily for the rest of this movement phase. */
function confuse(ctx: ClassicContext, unit: UnitState, friend: UnitState, seq: number): void {
  ctx.emit({
    kind: 'effect-started',
    text: `${unit.name} stops 1" short of ${friend.name}, who is confused: it cannot move voluntarily this movement phase`,
    values: {
      effect: {
        id: `confused-${seq}-${friend.id}`,
        entry: 'stupidity',
        unit: friend.id,
        params: { confused: true, by: unit.id },
        duration: { kind: 'end-of-phase' },
        startedAt: seq,
      },
    },
    explanation: explain(
      `${unit.name} bumps into ${friend.name}: ${friend.name} cannot move voluntarily in this movement phase`,
      { rule: ctx.rule('stupidity', 'confuses'), from: [seq] },
    ),
  })
}

/**
 * The move reached an enemy: it counts as a charge (its markers, as a declared charge's), the target responds, and
 * unless it flees the charge makes its combat, or joins the one its target is in.
 */
function* stupidCharge(
  ctx: ClassicContext,
  event: EventOf<'StupidMoveMade'>,
  unit: UnitState,
  target: UnitState,
  m: number,
): Procedure {
  const { moved } = event.payload
  const facing: Facing = event.payload.facing ?? 'front'
  const from = [event.seq]
  const counts = explain(`${unit.name}'s stupid move reaches ${target.name}: it counts as a charge`, {
    rule: ctx.rule('stupidity', 'charge'),
    from,
  })
  ctx.emit({
    kind: 'effect-started',
    text: `${unit.name} is charging this turn (its stupid move reached ${target.name})`,
    values: {
      effect: {
        id: `charge-${event.seq}-${unit.id}`,
        entry: 'charge',
        unit: unit.id,
        params: { role: 'charging', target: target.id, distance: moved },
        duration: { kind: 'end-of-turn' },
        startedAt: event.seq,
      },
    },
    explanation: counts,
  })
  // The reach is the move's own: half M, measured; no charge roll (classic/charge §range is not asked).
  const response = yield* respond(ctx, unit, target, moved, m, m / 2, from)
  ctx.emit({
    kind: 'charge-response',
    text: `${target.name} ${response.response === 'stand-and-shoot' ? 'stands and shoots' : `${response.response}s`}`,
    values: { unit: target.id, charger: unit.id, response: response.response },
    explanation: explain(`${target.name} makes a charge response`, { rule: ctx.rule('stupidity', 'charge'), from }, [
      response.why,
    ]),
  })
  ctx.emit({
    kind: 'effect-started',
    text: `${target.name} has responded to ${unit.name}'s charge`,
    values: {
      effect: {
        id: `charged-${event.seq}-${target.id}`,
        entry: 'charge',
        unit: target.id,
        params: { role: 'charged', charger: unit.id, response: response.response },
        duration: { kind: 'end-of-turn' },
        startedAt: event.seq,
      },
    },
    explanation: explain(`${target.name}: ${response.response}`, { rule: ctx.rule('charge', 'responses'), from }),
  })
  if (response.response === 'flee') {
    yield* fleeFromCharge(ctx, unit, target)
    ctx.emit({
      kind: 'charge-result',
      text: `${target.name} fled: ${unit.name} has made its stupid move and does not follow it`,
      values: { unit: unit.id, target: target.id, reached: false, range: m / 2, distance: moved, moved },
      explanation: explain(`${unit.name} moves its half M and no more: no combat`, {
        rule: ctx.rule('variants', 'stupid-charge-flee'),
        from,
      }),
    })
    return
  }
  ctx.emit({
    kind: 'charge-result',
    text: `${unit.name}'s stupid move reaches ${target.name}: a charge`,
    values: { unit: unit.id, target: target.id, reached: true, range: m / 2, distance: moved, moved },
    explanation: counts,
  })
  chargeMakesCombat(ctx, { charger: unit, target, facing, moved, declaredAt: event.seq, from })
}
