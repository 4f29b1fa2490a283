import { RuleError } from '../../engine/errors.js'
import { resolveModifiers } from '../../engine/modifiers.js'
import type { EventOf, GameState, Procedure, ProcedureContext, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { characteristic } from './charts.js'
import type { BattleContext } from './context.js'
import { dangerousTerrainTests, terrainMove } from './terrain.js'
import { chargeMarkers, cite, combatOf, leadershipTest, permission, recordLines } from './unit-checks.js'

const MARCH_BLOCK_RANGE = 8

/** MoveDeclared: a normal move, a march, a reform or a flight, checked against what the unit may do. */
export function* moveDeclared(context: ProcedureContext, event: EventOf<'MoveDeclared'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: MoveDeclared`
  const { kind, distance } = event.payload
  const unit = ctx.unit(event.payload.unit)
  checkMover(ctx, unit, where)
  const from = [event.seq, unit.musteredAt]

  if (kind === 'reform') {
    if (distance > 0)
      throw new RuleError(
        'rules/too-far',
        `${where}: a reform is the whole move; ${unit.name} cannot also move ${distance}" (${cite(ctx.rule('movement', 'reform'))})`,
      )
    emitChecked(ctx, unit, kind, 0, 0, explain(`${unit.name} reforms`, { rule: ctx.rule('movement', 'reform'), from }))
    return
  }
  const moving = permission(ctx, unit, null, 'move').forbidden
  if (moving)
    throw new RuleError(
      'rules/cannot-move',
      `${where}: ${unit.name} cannot move: ${moving.label} (${cite(moving.source)})`,
    )
  // Difficult or dangerous terrain the table names changes the M of this move (The Old World).
  const m = terrainMove(ctx, where, unit, event.payload.terrain, characteristic(ctx, unit, 'M', null, null))

  if (kind === 'normal') {
    const why = explain(`normal move: up to M ${m.value}"`, { value: m.value, rule: ctx.rule('movement', 'normal') }, [
      m.explanation,
    ])
    requireWithin(where, unit, distance, m.value, why)
    emitChecked(ctx, unit, kind, distance, m.value, explain(`${unit.name} moves ${distance}"`, { from }, [why]))
    yield* dangerousTerrainTests(ctx, unit, event.payload.terrain)
    return
  }

  if (kind === 'fly') {
    flyingMove(ctx, event, unit, from)
    return
  }
  yield* march(ctx, event, unit, m, from)
}

/** Who may move now: the active player's units with models left, not fleeing, engaged, moved or charging. */
function checkMover(ctx: BattleContext, unit: UnitState, where: string): void {
  const whoMay = cite(ctx.rule('movement', 'who-may-move'))
  if (ctx.game.phase !== 'movement')
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: units move in the movement phase, not ${ctx.game.phase ?? 'before any phase'} ` +
        `(${ctx.game.ruleset}/turn-sequence §phases)`,
    )
  if (unit.player !== ctx.game.activePlayer)
    throw new RuleError('rules/wrong-side', `${where}: ${unit.name} belongs to ${unit.player}, not the player to move`)
  if (unit.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${unit.name} has no models left`)
  if (unit.fleeing) throw new RuleError('rules/unit-fleeing', `${where}: ${unit.name} is fleeing (${whoMay})`)
  const engaged = combatOf(ctx.game, unit)
  if (engaged)
    throw new RuleError('rules/already-engaged', `${where}: ${unit.name} is in combat "${engaged.id}" (${whoMay})`)
  const once = cite(ctx.rule('movement', 'once'))
  const moved = moveThisTurn(ctx.game, unit.id)
  if (moved)
    throw new RuleError(
      'rules/cannot-move',
      `${where}: ${unit.name} has already made its move this turn (${moved.move}, ${once})`,
    )
  if (chargeMarkers(ctx.game, unit.id).some((e) => e.params.role === 'charging'))
    throw new RuleError(
      'rules/cannot-move',
      `${where}: ${unit.name} declared a charge this turn: that is its move (${once})`,
    )
}

/** A flying move (a Fly rule of the ruleset): up to the distance the unit's flying rule gives. */
function flyingMove(
  ctx: BattleContext,
  event: EventOf<'MoveDeclared'>,
  unit: UnitState,
  from: readonly number[],
): void {
  const where = `seq ${event.seq}: MoveDeclared`
  const { kind, distance } = event.payload
  const flight = ctx.profile.flyingMoves
  if (!flight)
    throw new RuleError(
      'rules/cannot-move',
      `${where}: a flying move needs a Fly rule, which this ruleset does not have`,
    )
  const fly = resolveModifiers(
    { value: null, text: `${unit.name} cannot fly`, rule: flight.flies },
    ctx.modifiers('movement', { subject: unit, opponent: [], move: 'fly' }),
    { mode: 'value', title: 'flies up to {}"', none: 'cannot fly', rule: flight.distance },
  )
  if (fly.value === null)
    throw new RuleError(
      'rules/cannot-move',
      `${where}: ${unit.name} has no Flying Model rule and cannot fly (${cite(flight.flies)})`,
    )
  requireWithin(where, unit, distance, fly.value, fly.explanation)
  emitChecked(
    ctx,
    unit,
    kind,
    distance,
    fly.value,
    explain(`${unit.name} flies ${distance}"`, { from }, [fly.explanation]),
  )
}

/** A march: what a rule bars, how far, and who blocks it (a Leadership test in classic-8th). */
function* march(
  ctx: BattleContext,
  event: EventOf<'MoveDeclared'>,
  unit: UnitState,
  m: ReturnType<typeof terrainMove>,
  from: readonly number[],
): Procedure {
  const where = `seq ${event.seq}: MoveDeclared`
  const { kind, distance } = event.payload
  const marching = permission(ctx, unit, null, 'march').forbidden
  if (marching)
    throw new RuleError(
      'rules/cannot-move',
      `${where}: ${unit.name} cannot march: ${marching.label} (${cite(marching.source)})`,
    )
  const multiple = resolveModifiers(
    { value: 2, text: 'a march is 2 x M', rule: ctx.rule('movement', 'march') },
    ctx.modifiers('movement', { subject: unit, opponent: [], move: 'march' }),
    { mode: 'value', title: 'march: {} x M', setPick: 'lowest' },
  )
  const marchLimit = (multiple.value ?? 2) * m.value
  const marchWhy = explain(
    `march: up to ${multiple.value} x M ${m.value} = ${marchLimit}"`,
    { value: marchLimit, rule: ctx.rule('movement', 'march') },
    [multiple.explanation, m.explanation],
  )
  const blocking = marchBlockers(ctx, where, unit, event.payload.enemiesWithin8)
  if (blocking.blockers.length === 0) {
    requireWithin(where, unit, distance, marchLimit, marchWhy)
    emitChecked(
      ctx,
      unit,
      kind,
      distance,
      marchLimit,
      explain(`${unit.name} marches ${distance}"`, { from }, [marchWhy, ...blocking.notes]),
    )
    yield* dangerousTerrainTests(ctx, unit, event.payload.terrain)
    return
  }
  const names = blocking.blockers.map((b) => b.name).join(', ')
  if (ctx.profile.marchBlocking.value === 'unit-strength-5-blocks') {
    throw new RuleError(
      'rules/cannot-move',
      `${where}: ${unit.name} cannot march: ${names} within 8" ${blocking.blockers.length === 1 ? 'blocks' : 'block'} ` +
        `it (${cite(ctx.rule('movement', 'march-blocked'))}): ${blocking.reasons.join('; ')}`,
    )
  }
  // classic-8th: a Leadership test; failed, the unit moves only its M and still counts as marching.
  requireWithin(where, unit, distance, marchLimit, marchWhy)
  const test = yield* leadershipTest(
    ctx,
    unit,
    blocking.blockers,
    'march',
    explain(`${names} within 8": ${unit.name} must test to march`, { rule: ctx.rule('movement', 'march-test') }, [
      ...blocking.notes,
      explain('march blocking: leadership-test', { rule: ctx.rule('variants', 'march-blocking') }),
    ]),
  )
  const limit = test.passed ? marchLimit : m.value
  const legal = distance <= limit
  emitChecked(
    ctx,
    unit,
    kind,
    distance,
    limit,
    explain(
      test.passed
        ? `${unit.name} marches ${distance}"`
        : `${unit.name} fails its march test: it moves only M ${m.value}" and counts as marching` +
            (legal ? '' : `; the ${distance}" declared is too far, move it back to ${limit}"`),
      { value: limit, rule: ctx.rule('movement', 'march-test'), from: [...from, ...(test.explanation.from ?? [])] },
      [marchWhy, test.explanation],
    ),
    legal,
  )
  yield* dangerousTerrainTests(ctx, unit, event.payload.terrain)
}

/** The enemies within 8" that block a march, with a line for each that does not and why. */
function marchBlockers(ctx: BattleContext, where: string, unit: UnitState, ids: readonly string[]) {
  const blockers: UnitState[] = []
  const reasons: string[] = []
  const notes: Explanation[] = []
  const seen = new Set<string>()
  for (const id of ids) {
    const enemy = ctx.unit(id)
    if (enemy.player === unit.player)
      throw new RuleError(
        'rules/bad-target',
        `${where}: ${enemy.name} within ${MARCH_BLOCK_RANGE}" is not an enemy of ${unit.name}`,
      )
    if (seen.has(id)) continue
    seen.add(id)
    if (enemy.models === 0) continue
    if (enemy.fleeing) {
      notes.push(
        explain(`${enemy.name} is fleeing: it does not block`, { rule: ctx.rule('movement', 'march-blocked') }),
      )
      continue
    }
    const strength = ctx.profile.unitStrength(enemy)
    const byStrength = ctx.profile.marchBlocking.value === 'unit-strength-5-blocks'
    const base = byStrength ? (strength >= 5 ? 1 : 0) : 1
    const blocks = resolveModifiers(
      {
        value: base,
        text: byStrength
          ? `${enemy.name} US ${strength}${strength >= 5 ? '' : ' is below 5'}`
          : `${enemy.name}: any non-fleeing enemy`,
        rule: byStrength ? ctx.rule('movement', 'march-block-unit-strength') : ctx.rule('movement', 'march-blocked'),
      },
      ctx.modifiers('movement', { subject: enemy, opponent: [unit], move: 'march-block' }),
      {
        mode: 'value',
        title: (value) => `${enemy.name} ${value ? 'blocks' : 'does not block'} the march`,
        rule: ctx.rule('movement', 'march-blocked'),
      },
    )
    if (!blocks.value) {
      notes.push(blocks.explanation)
      continue
    }
    // Skirmishers "cannot be march blocked": an `allowed` march record against this enemy lifts the block.
    const lift = permission(ctx, unit, enemy, 'march')
    if (lift.allowed && !lift.forbidden) {
      notes.push(
        explain(`${enemy.name} would block, but ${lift.allowed.label}`, { rule: lift.allowed.source }, [
          blocks.explanation,
          ...recordLines(lift.records),
        ]),
      )
      continue
    }
    blockers.push(enemy)
    notes.push(blocks.explanation)
    const applied = blocks.records.filter((r) => r.status === 'applied')
    reasons.push(
      applied.length > 0
        ? `${enemy.name}: ${applied.map((r) => `${r.label} (${cite(r.source)})`).join(', ')}`
        : `${enemy.name}: US ${strength}`,
    )
  }
  return { blockers, notes, reasons }
}

function requireWithin(where: string, unit: UnitState, distance: number, limit: number, why: Explanation): void {
  if (distance <= limit) return
  const rule = why.rule ? ` (${cite(why.rule)})` : ''
  throw new RuleError(
    'rules/too-far',
    `${where}: ${unit.name} may move up to ${limit}", not ${distance}": ${why.text}${rule}`,
  )
}

export function emitChecked(
  ctx: BattleContext,
  unit: UnitState,
  move: string,
  distance: number,
  limit: number,
  explanation: Explanation,
  legal = true,
): void {
  ctx.emit({
    kind: 'move-checked',
    text: explanation.text,
    values: { unit: unit.id, move, distance, limit, legal },
    explanation,
  })
  // The unit has made its move this turn (a march also bars shooting: the shooting rules read it).
  ctx.emit({
    kind: 'effect-started',
    text: `${unit.name} has made its move this turn`,
    values: {
      effect: {
        id: `move-${ctx.seq}-${unit.id}`,
        entry: 'movement',
        unit: unit.id,
        params: { move, distance },
        duration: { kind: 'end-of-turn' },
        startedAt: ctx.seq,
      },
    },
    explanation: explain(`${unit.name}: ${move} this turn`, { rule: ctx.rule('movement', 'once') }),
  })
}

/** The move a unit has made this turn (normal, march, reform, fly), if it has. */
export function moveThisTurn(game: GameState, unit: string): { move: string; distance: number } | null {
  const marker = game.effects.find((effect) => effect.entry === 'movement' && effect.unit === unit)
  return marker ? { move: String(marker.params.move), distance: Number(marker.params.distance) } : null
}
