import type { ActiveEffect } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import { phaseKey } from '../../engine/outcomes.js'
import { choose, rollDice } from '../../engine/requests.js'
import type { Answer, EventOf, Procedure, ProcedureContext, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { characteristic } from './charts.js'
import type { BattleContext } from './context.js'
import { fleeDice } from './flee-dice.js'
import { missileWeaponsOf } from './missile-weapons.js'
import { dangerousTerrainTests, type Terrain, terrainMove, terrainRules } from './terrain.js'

import {
  type ChargeResponse,
  chargeMarkers,
  cite,
  combatOf,
  leadershipTest,
  permission,
  psychology,
  recordLines,
} from './unit-checks.js'

type Step<T> = Generator<RequestSpec, T, Answer>

const sum = (faces: readonly number[]) => faces.reduce((total, face) => total + face, 0)

/** The charge range when it is known before any dice: 2 x M in classic; null when it is rolled (8th). */
function fixedRange(ctx: BattleContext, charger: UnitState, target: UnitState, where: string, terrain?: Terrain) {
  // Terrain the charge crosses changes its M (The Old World; refused where the ruleset has no terrain rules).
  const m = terrainMove(ctx, where, charger, terrain, characteristic(ctx, charger, 'M', target, null))
  const variant = ctx.decision('charge-range')
  if (variant === 'twice-move') {
    return {
      m: m.value,
      range: 2 * m.value,
      why: explain(
        `charge range 2 x M ${m.value} = ${2 * m.value}"`,
        { value: 2 * m.value, rule: ctx.rule('variants', 'charge-range') },
        [m.explanation],
      ),
    }
  }
  return {
    m: m.value,
    range: null,
    why: explain(
      higherDieRange(ctx)
        ? `charge range M ${m.value} + the higher of 2D6, rolled after the response`
        : `charge range M ${m.value} + 2D6, rolled after the response`,
      { rule: ctx.rule('variants', 'charge-range') },
      terrain ? [m.explanation] : [],
    ),
  }
}

/** The charge range adds only the higher of the 2D6 (The Old World, old-world/variants §charge-range). */
function higherDieRange(ctx: BattleContext): boolean {
  const variant: string = ctx.decision('charge-range')
  return variant === 'move-plus-higher-die'
}

/** ChargeDeclared: the checks, Terror both ways, the target's response, the charge range, the result. */
export function* chargeDeclared(context: ProcedureContext, event: EventOf<'ChargeDeclared'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: ChargeDeclared`
  const { distance, facing, terrain } = event.payload
  const declare = cite(ctx.rule('charge', 'declare'))
  if (ctx.game.phase !== 'movement')
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: charges are declared in the movement phase, not ${ctx.game.phase ?? 'before any phase'} (${declare})`,
    )
  const charger = ctx.unit(event.payload.unit)
  const target = ctx.unit(event.payload.target)
  const mover = ctx.game.effects.find(
    (effect) => effect.entry === 'movement' && ctx.game.units[effect.unit]?.player === ctx.game.activePlayer,
  )
  if (mover)
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: charges are declared at the start of the movement phase, and ${ctx.unit(mover.unit).name} has moved (${declare})`,
    )
  if (charger.player !== ctx.game.activePlayer)
    throw new RuleError(
      'rules/wrong-side',
      `${where}: ${charger.name} belongs to ${charger.player}; it is ${ctx.game.activePlayer}'s turn (${declare})`,
    )
  if (target.player === charger.player)
    throw new RuleError('rules/friendly-target', `${where}: ${target.name} is ${charger.name}'s own side (${declare})`)
  if (charger.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${charger.name} has no models left`)
  if (target.models === 0) throw new RuleError('rules/bad-target', `${where}: ${target.name} has no models left`)
  const whoMay = cite(ctx.rule('charge', 'who-may-charge'))
  if (charger.fleeing)
    throw new RuleError('rules/unit-fleeing', `${where}: ${charger.name} is fleeing and cannot charge (${whoMay})`)
  const engaged = combatOf(ctx.game, charger)
  if (engaged)
    throw new RuleError(
      'rules/already-engaged',
      `${where}: ${charger.name} is engaged in combat "${engaged.id}" and cannot charge (${whoMay})`,
    )
  if (chargeMarkers(ctx.game, charger.id).some((e) => e.params.role === 'charging'))
    throw new RuleError('rules/cannot-charge', `${where}: ${charger.name} has declared a charge this turn (${whoMay})`)
  const barred = permission(ctx, charger, target, 'charge').forbidden
  if (barred)
    throw new RuleError(
      'rules/cannot-charge',
      `${where}: ${charger.name} cannot charge: ${barred.label} (${cite(barred.source)})`,
    )

  const from = [event.seq]
  const fixed = fixedRange(ctx, charger, target, where, terrain)
  const maxRange = ctx.mechanics.maxChargeRange(ctx, charger, fixed.m)
  if (maxRange?.value != null && distance > maxRange.value)
    throw new RuleError(
      'rules/too-far',
      `${where}: ${target.name} is ${distance}" away, beyond ${maxRange.text}: a charge that cannot reach may not be ` +
        `declared${maxRange.rule ? ` (${cite(maxRange.rule)})` : ''}`,
    )
  const rangeNotes: Explanation[] = [fixed.why]
  if (maxRange)
    rangeNotes.push(
      explain(`${distance}" is within ${maxRange.text}`, {
        value: maxRange.value,
        rule: maxRange.rule,
        from: maxRange.from,
      }),
    )
  ctx.emit({
    kind: 'charge-declared',
    text: `${charger.name} charges ${target.name} (${distance}" away, into its ${facing})`,
    values: { unit: charger.id, target: target.id, distance },
    explanation: explain(
      `${charger.name} declares a charge on ${target.name}, ${distance}" away as measured`,
      { value: distance, rule: ctx.rule('charge', 'declare'), from },
      rangeNotes,
    ),
  })
  ctx.emit({
    kind: 'effect-started',
    text: `${charger.name} is charging this turn`,
    values: {
      effect: {
        id: `charge-${event.seq}-${charger.id}`,
        entry: 'charge',
        unit: charger.id,
        params: { role: 'charging', target: target.id, distance },
        duration: { kind: 'end-of-turn' },
        startedAt: event.seq,
      },
    },
    explanation: explain(`${charger.name} has declared its charge for this turn`, {
      rule: ctx.rule('charge', 'who-may-charge'),
      from,
    }),
  })

  // A unit that wants to charge a Terror causer (classic Terror §charging) or a Fear causer of higher
  // Unit Strength (old-world/fear §charging) tests first: the ruleset's mechanics say which.
  const charging = ctx.mechanics.chargingTest
  const name = charging.test === 'terror' ? 'Terror' : 'Fear'
  const fearsTarget = psychology(ctx, charger, [target], charging.test)
  if (fearsTarget.causes.length > 0) {
    const spared = fearsTarget.immune ?? fearsTarget.autoPass
    const cause = explain(
      `${target.name} causes ${name}: ${charger.name} must pass a Leadership test to charge it`,
      { rule: charging.rule },
      recordLines(fearsTarget.records),
    )
    if (spared && charging.test === 'fear') {
      ctx.emit({
        kind: 'psychology-test',
        text: `${charger.name} takes no Fear test to charge: ${spared.label}`,
        values: {
          unit: charger.id,
          test: 'fear',
          passed: true,
          roll: null,
          leadership: null,
          phase: phaseKey(ctx.game),
          auto: 'immune',
        },
        explanation: explain(
          `${charger.name} takes no Fear test to charge: ${spared.label}`,
          { value: true, rule: spared.source, from },
          [cause],
        ),
      })
    }
    if (!spared) {
      const test = yield* leadershipTest(ctx, charger, [target], charging.test, cause)
      if (charging.test === 'fear')
        ctx.emit({
          kind: 'psychology-test',
          text: `${charger.name} ${test.passed ? 'passes' : 'fails'} its Fear test to charge: ${test.roll} against ${test.target}`,
          values: {
            unit: charger.id,
            test: 'fear',
            passed: test.passed,
            roll: test.roll,
            leadership: test.target,
            phase: phaseKey(ctx.game),
          },
          explanation: test.explanation,
        })
      else
        ctx.emit({
          kind: 'terror-test',
          text: `${charger.name} ${test.passed ? 'passes' : 'fails'} its Terror test: ${test.roll} against ${test.target}`,
          values: { unit: charger.id, passed: test.passed, roll: test.roll, leadership: test.target },
          explanation: test.explanation,
        })
      if (!test.passed) {
        ctx.emit({
          kind: 'charge-result',
          text: `${charger.name}'s charge fails: it does not move at all`,
          values: { unit: charger.id, target: target.id, reached: false, range: 0, distance, moved: 0 },
          explanation: explain(
            `${charger.name} fails its ${name} test: the charge fails and it does not move at all`,
            { value: 0, rule: charging.rule, from: test.explanation.from ?? from },
            [test.explanation],
          ),
        })
        return
      }
    }
  }

  const response = yield* respond(ctx, charger, target, distance, fixed.m, fixed.range, from)
  // A rolled charge range waits for the Stand and Shoot shot: the unit shoots before the charger moves.
  const awaitsShot = response.response === 'stand-and-shoot' && fixed.range === null
  ctx.emit({
    kind: 'charge-response',
    text:
      `${target.name} ${response.response === 'stand-and-shoot' ? 'stands and shoots' : `${response.response}s`}` +
      (awaitsShot
        ? `: declare its shot now (ShotDeclared, standAndShoot, charge ${event.seq}); the charge range is rolled after it`
        : ''),
    values: { unit: target.id, charger: charger.id, response: response.response },
    explanation: response.why,
  })
  ctx.emit({
    kind: 'effect-started',
    text: `${target.name} has responded to ${charger.name}'s charge`,
    values: {
      effect: {
        id: `charged-${event.seq}-${target.id}`,
        entry: 'charge',
        unit: target.id,
        params: {
          role: 'charged',
          charger: charger.id,
          response: response.response,
          ...(awaitsShot ? { awaitsShot: true, ...(terrain ? { terrain } : {}) } : {}),
        },
        duration: { kind: 'end-of-turn' },
        startedAt: event.seq,
      },
    },
    explanation: explain(`${target.name}: ${response.response}`, { rule: ctx.rule('charge', 'responses'), from }),
  })

  let fled: { roll: number; seq: number } | null = null
  if (response.response === 'flee') {
    const dice = fleeDice(ctx, target, 'flee')
    const answer = yield* rollDice({
      purpose: 'flee',
      count: dice.count,
      sides: 6,
      roller: target.player,
      text: `${target.name} flees from ${charger.name}: roll ${dice.count}D6`,
      explanation: explain(`${target.name} flees from the charge`, { rule: ctx.rule('charge', 'flee') }, [dice.why]),
      odds: { kind: 'total' },
    })
    fled = { roll: sum(answer.faces), seq: answer.seq }
    ctx.emit({
      kind: 'fled',
      text: `${target.name} flees ${fled.roll}"`,
      values: { unit: target.id, roll: fled.roll },
      explanation: explain(
        `${target.name} flees ${fled.roll}": dice ${answer.faces.join(' + ')}`,
        { value: fled.roll, rule: ctx.rule('charge', 'flee'), from: [answer.seq] },
        [dice.why],
      ),
    })
  }

  if (awaitsShot) return
  yield* chargeMove(ctx, { charger, target, distance, terrain, fixed, fled, from })
}

/** What the charge move needs of its declaration: the units, the distance measured, the terrain crossed, the range. */
interface ChargeMove {
  readonly charger: UnitState
  readonly target: UnitState
  readonly distance: number
  readonly terrain: Terrain | undefined
  readonly fixed: ReturnType<typeof fixedRange>
  readonly fled: { roll: number; seq: number } | null
  readonly from: readonly number[]
}

/**
 * A charge that waited for its target's Stand and Shoot (a rolled range) goes on once the shot is made: the range is
 * rolled and the charger moves, unless the shots destroyed it. `charged`: the target's marker of that charge.
 */
export function* chargeAfterStandAndShoot(ctx: BattleContext, charged: ActiveEffect): Step<void> {
  if (charged.params.awaitsShot !== true) return
  const charger = ctx.unit(String(charged.params.charger))
  const target = ctx.unit(charged.unit)
  if (charger.models === 0) return
  const marker = chargeMarkers(ctx.game, charger.id).find(
    (e) => e.params.role === 'charging' && e.startedAt === charged.startedAt,
  )
  if (!marker) return
  const terrain = charged.params.terrain as Terrain | undefined
  const where = `seq ${charged.startedAt}: ChargeDeclared`
  const fixed = fixedRange(ctx, charger, target, where, terrain)
  const distance = Number(marker.params.distance)
  yield* chargeMove(ctx, { charger, target, distance, terrain, fixed, fled: null, from: [charged.startedAt] })
}

/**
 * A phase's opening: a charge still waiting for a Stand and Shoot shot that was never declared (no model could fire,
 * the players say by moving on) goes on without it, so that no charge is left unresolved.
 */
export function* chargesAwaitingShot(ctx: BattleContext, event: EventOf<'PhaseStarted'>): Step<void> {
  const waiting = ctx.game.effects.filter(
    (effect) =>
      effect.entry === 'charge' &&
      effect.params.role === 'charged' &&
      effect.params.awaitsShot === true &&
      !ctx.game.effects.some((shot) => shot.entry === 'shooting' && shot.unit === effect.unit),
  )
  for (const charged of waiting) {
    const target = ctx.unit(charged.unit)
    const charger = ctx.unit(String(charged.params.charger))
    ctx.emit({
      kind: 'charge-response',
      text: `${target.name} made no Stand and Shoot shot: ${charger.name}'s charge goes on without it`,
      values: { unit: target.id, charger: charger.id, response: 'hold' },
      explanation: explain(`${target.name} declared no Stand and Shoot shot before the phase ended: it holds`, {
        rule: ctx.rule('charge', 'stand-and-shoot'),
        from: [charged.startedAt, event.seq],
      }),
    })
    yield* chargeAfterStandAndShoot(ctx, charged)
  }
}

/** The charge range (known, or rolled now), whether the charger reaches, the result and the move it makes. */
function* chargeMove(ctx: BattleContext, move: ChargeMove): Step<void> {
  const { charger, target, distance, terrain, fixed, fled, from } = move
  // The charge range: known (2 x M) or rolled now (M + 2D6), with the higher die for a failed charge.
  let range = fixed.range ?? 0
  let rangeWhy = fixed.why
  let higherDie = 0
  if (fixed.range === null) {
    const higherOnly = higherDieRange(ctx)
    const keep = { which: terrain ? ('lowest' as const) : ('highest' as const), count: 1 }
    const answer = yield* rollDice({
      purpose: 'charge-range',
      count: 2,
      sides: 6,
      roller: charger.player,
      text: `${charger.name}: roll 2D6 for the charge range (M ${fixed.m} + 2D6 against ${distance}")`,
      explanation: fixed.why,
      odds: { kind: 'total', ...(higherOnly ? { keep } : {}), add: fixed.m, pass: { atLeast: distance } },
    })
    // Through difficult terrain the Charge roll is the lower die (old-world/terrain §charge).
    higherDie = terrain ? Math.min(...answer.faces) : Math.max(...answer.faces)
    range = fixed.m + (higherOnly ? higherDie : sum(answer.faces))
    rangeWhy = explain(
      higherOnly
        ? `charge range M ${fixed.m} + the ${terrain ? 'lower' : 'higher'} of ${answer.faces.join(' and ')} = ${range}"`
        : `charge range M ${fixed.m} + ${answer.faces.join(' + ')} = ${range}"`,
      { value: range, rule: ctx.rule('variants', 'charge-range'), from: [answer.seq] },
      terrain
        ? [
            fixed.why,
            explain(`charging through ${terrain} terrain: the highest die is discarded`, {
              rule: terrainRules(ctx).charge,
            }),
          ]
        : [fixed.why],
    )
  }

  let reached = range >= distance
  const reachWhy: Explanation[] = [rangeWhy]
  if (fled && !reached) {
    reachWhy.push(
      explain(`${range}" does not reach where ${target.name} stood, ${distance}" away, let alone past its flight`, {
        rule: ctx.rule('charge', 'flee-caught'),
      }),
    )
  } else if (fled) {
    // Whether the charger reaches a unit that fled is the table's geometry: the players say.
    const option = yield* choose({
      purpose: 'charge-reach',
      chooser: charger.player,
      options: [
        { id: 'reached', text: `${charger.name} reaches ${target.name}: it is destroyed` },
        { id: 'short', text: `${charger.name} does not reach ${target.name}: a failed charge` },
      ],
      text:
        `${charger.name} has a charge range of ${range}"; ${target.name} was ${distance}" away and fled ${fled.roll}": ` +
        'does the charger reach it?',
      explanation: explain(
        `does a ${range}" charge reach ${target.name} after its ${fled.roll}" flight?`,
        { rule: ctx.rule('charge', 'flee-caught'), from: [fled.seq] },
        [rangeWhy],
      ),
    })
    reached = option === 'reached'
    reachWhy.push(
      explain(`the players say the charger ${reached ? 'reaches' : 'does not reach'} the fleeing unit`, {
        rule: ctx.rule('charge', 'flee-caught'),
        from: [ctx.seq],
      }),
    )
  }

  if (reached && fled) {
    ctx.emit({
      kind: 'caught',
      text: `${charger.name} catches the fleeing ${target.name}: it is destroyed`,
      values: { unit: target.id, by: charger.id, modelsLost: target.models },
      explanation: explain(
        `${charger.name} reaches the fleeing ${target.name}: it is destroyed`,
        { value: target.models, rule: ctx.rule('charge', 'flee-caught'), from: [fled.seq, ctx.seq] },
        reachWhy,
      ),
    })
  }
  const failedMove = ctx.decision('failed-charge') === 'normal-move' ? fixed.m : higherDie
  const moved = reached ? Math.min(range, distance + (fled?.roll ?? 0)) : Math.min(failedMove, distance)
  ctx.emit({
    kind: 'charge-result',
    text: reached
      ? fled
        ? `${charger.name}'s charge reaches the fleeing ${target.name}`
        : `${charger.name}'s charge reaches ${target.name} (${range}" against ${distance}"): record the combat (CombatJoined)`
      : `${charger.name}'s charge fails (${range}" against ${distance}"): it moves ${moved}" towards ${target.name}`,
    values: { unit: charger.id, target: target.id, reached, range, distance, moved },
    explanation: reached
      ? explain(
          `${charger.name} reaches ${target.name}: ${range}" covers ${distance}"${fled ? ' and the flight' : ''}`,
          { value: range, rule: ctx.rule('charge', 'reached'), from },
          reachWhy,
        )
      : explain(
          `${charger.name}'s charge fails: ${range}" does not reach ${target.name}; it moves ${moved}" towards it`,
          { value: moved, rule: ctx.rule('charge', 'failed'), from },
          [
            ...reachWhy,
            explain(
              ctx.decision('failed-charge') === 'normal-move'
                ? `a failed charge moves the normal M ${fixed.m}"`
                : terrain
                  ? `a failed charge moves the Charge roll, the lower die through terrain, ${higherDie}"`
                  : `a failed charge moves the higher charge die, ${higherDie}"`,
              { value: moved, rule: ctx.rule('variants', 'failed-charge') },
            ),
          ],
        ),
  })
  if (moved > 0) yield* dangerousTerrainTests(ctx, charger, terrain)
}

/** The target's response: forced (in combat, fleeing, a failed Terror test) or the player's choice. */
function* respond(
  ctx: BattleContext,
  charger: UnitState,
  target: UnitState,
  distance: number,
  m: number,
  range: number | null,
  from: readonly number[],
): Step<{ response: ChargeResponse; why: Explanation }> {
  const responses = ctx.rule('charge', 'responses')
  const engaged = combatOf(ctx.game, target)
  const terror = psychology(ctx, target, [charger], 'terror')
  const terrorNotes: Explanation[] = []
  // Immune to Psychology (The Old World) bars Flee as a reaction; such a target skips a Terror test.
  const fleeBar = permission(ctx, target, charger, 'flee-reaction')
  if (terror.causes.length > 0 && target.fleeing) {
    terrorNotes.push(
      explain(`${target.name} is fleeing: it flees again, with no Terror test to take`, {
        rule: ctx.rule('terror', 'charged'),
      }),
    )
  } else if (terror.causes.length > 0) {
    const clause = ctx.rule('terror', 'charged')
    const spared = terror.immune ?? terror.autoPass
    const within = ctx.decision('terror-charge-range') === 'on-declaration' || (range !== null && range >= distance)
    if (engaged) {
      terrorNotes.push(
        explain(`${target.name} is engaged in close combat: it passes the Terror test automatically`, {
          rule: clause,
        }),
      )
    } else if (fleeBar.forbidden) {
      terrorNotes.push(
        explain(
          `${target.name} cannot choose to flee (${fleeBar.forbidden.label}): it skips the Terror test`,
          { rule: clause },
          [...recordLines(fleeBar.records), ...recordLines(terror.records)],
        ),
      )
    } else if (spared) {
      terrorNotes.push(explain(`${target.name} takes no Terror test: ${spared.label}`, { rule: spared.source }))
    } else if (!within) {
      terrorNotes.push(
        explain(`no Terror test: ${charger.name} is not within charge range (${range}" against ${distance}")`, {
          rule: clause,
        }),
      )
    } else {
      const test = yield* leadershipTest(
        ctx,
        target,
        [charger],
        'terror',
        explain(
          `${charger.name} causes Terror and charges within charge range: ${target.name} tests or flees`,
          { rule: clause },
          [
            ...recordLines(terror.records),
            explain(`charge test timing: ${ctx.decision('terror-charge-range')}`, {
              rule: ctx.rule('variants', 'terror-charge-range'),
            }),
          ],
        ),
      )
      ctx.emit({
        kind: 'terror-test',
        text: `${target.name} ${test.passed ? 'passes' : 'fails'} its Terror test: ${test.roll} against ${test.target}`,
        values: { unit: target.id, passed: test.passed, roll: test.roll, leadership: test.target },
        explanation: test.explanation,
      })
      if (!test.passed)
        return {
          response: 'flee',
          why: explain(`${target.name} failed its Terror test: it must flee`, { rule: clause, from }, [
            test.explanation,
          ]),
        }
      terrorNotes.push(test.explanation)
    }
  }
  if (engaged)
    return {
      response: 'hold',
      why: explain(
        `${target.name} is engaged in combat "${engaged.id}": it can only hold`,
        { rule: responses, from },
        terrorNotes,
      ),
    }
  if (target.fleeing)
    return {
      response: 'flee',
      why: explain(`${target.name} is fleeing: it flees again`, { rule: responses, from }, terrorNotes),
    }

  // Stand and shoot: barred by a rule (Stupidity, Dominion), or by the charger's distance.
  const notes: Explanation[] = [...terrorNotes]
  let standAndShoot = true
  const shoot = permission(ctx, target, charger, 'shoot')
  notes.push(...recordLines(shoot.records))
  if (missileWeaponsOf(ctx, target).length === 0) {
    standAndShoot = false
    notes.push(
      explain(`no stand and shoot: ${target.name} has no missile weapon`, {
        rule: ctx.rule('charge', 'stand-and-shoot'),
      }),
    )
  } else if (shoot.forbidden) {
    standAndShoot = false
    notes.push(explain(`no stand and shoot: ${shoot.forbidden.label}`, { rule: shoot.forbidden.source }))
  } else {
    // Half a 2 x M charge is M (classic); 8th bars a charger within its own M: the same inches.
    const close = m
    const variant = ctx.decision('stand-and-shoot-range')
    if (distance <= close) {
      const lift = permission(ctx, target, charger, 'stand-and-shoot-close')
      notes.push(...recordLines(lift.records))
      const why =
        variant === 'half-charge-move'
          ? `${charger.name} is within half its charge move (${distance}" <= ${close}")`
          : `${charger.name} is within its own M (${distance}" <= ${close}")`
      if (lift.allowed && !lift.forbidden) {
        notes.push(
          explain(`${why}, but ${lift.allowed.label} may stand and shoot all the same`, { rule: lift.allowed.source }, [
            explain('the bar', { rule: ctx.rule('charge', 'stand-and-shoot-close') }),
          ]),
        )
      } else {
        standAndShoot = false
        notes.push(
          explain(`no stand and shoot: ${why}`, { rule: ctx.rule('charge', 'stand-and-shoot-close') }, [
            explain(`stand-and-shoot range: ${variant}`, { rule: ctx.rule('variants', 'stand-and-shoot-range') }),
          ]),
        )
      }
    }
  }
  if (fleeBar.forbidden)
    notes.push(
      explain(`${target.name} cannot flee as a reaction: ${fleeBar.forbidden.label}`, {
        rule: fleeBar.forbidden.source,
      }),
    )
  const options = [
    { id: 'hold', text: 'hold' },
    ...(standAndShoot ? [{ id: 'stand-and-shoot', text: 'stand and shoot (then hold), with a missile weapon' }] : []),
    ...(fleeBar.forbidden ? [] : [{ id: 'flee', text: 'flee' }]),
  ]
  const why = explain(`${target.name} responds to ${charger.name}'s charge`, { rule: responses, from }, notes)
  const option = (yield* choose({
    purpose: 'charge-response',
    chooser: target.player,
    options,
    text: `${target.name} is charged by ${charger.name} (${distance}" away): ${options.map((o) => o.id).join(', ')}?`,
    explanation: why,
  })) as ChargeResponse
  const clause = option === 'hold' ? 'hold' : option === 'flee' ? 'flee' : 'stand-and-shoot'
  return {
    response: option,
    why: explain(
      `${target.name} chooses to ${option}`,
      { rule: ctx.rule('charge', clause), from: [...from, ctx.seq] },
      [why],
    ),
  }
}
