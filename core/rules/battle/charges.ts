import { RuleError } from '../../engine/errors.js'
import { rollDice } from '../../engine/requests.js'
import type { Answer, EventOf, Procedure, ProcedureContext, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { chargeMove } from './charge-move.js'
import { fixedRange } from './charge-range.js'
import { respond } from './charge-response.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { fleeDice } from './flee-dice.js'
import { type ChargeResponse, chargeMarkers, cite, combatOf, permission } from './unit-checks.js'

type Step<T> = Generator<RequestSpec, T, Answer>

/** ChargeDeclared: the checks, the steps its rules take (Terror and Fear tests), the target's response, the charge range, the result. */
export function* chargeDeclared(context: ProcedureContext, event: EventOf<'ChargeDeclared'>): Procedure {
  const ctx = context as BattleContext
  const where = `seq ${event.seq}: ChargeDeclared`
  const { distance, terrain } = event.payload
  const { charger, target } = checkCharge(ctx, event, where)
  const from = [event.seq]
  const fixed = fixedRange(ctx, charger, target, where, terrain)
  declareCharge(ctx, event, charger, target, fixed, where)
  // What the charger's and its target's rules do before it charges (a test to charge a Terror or Fear causer).
  for (const step of ctx.triggered('unit-charges', { subject: charger, target, distance, from }))
    if (!(yield* step.run())) return
  const response = yield* respond(ctx, charger, target, distance, fixed.m, fixed.range, from)
  // A rolled charge range waits for the Stand and Shoot shot: the unit shoots before the charger moves.
  const awaitsShot = response.response === 'stand-and-shoot' && fixed.range === null
  recordResponse(ctx, event, charger, target, response, awaitsShot)
  const fled = response.response === 'flee' ? yield* fleeFromCharge(ctx, charger, target) : null
  if (awaitsShot) return
  const { facing } = event.payload
  yield* chargeMove(ctx, { charger, target, distance, terrain, fixed, fled, from, facing, declaredAt: event.seq })
}

/** Who may charge whom, now: refused with what is wrong before anything is recorded. */
function checkCharge(ctx: BattleContext, event: EventOf<'ChargeDeclared'>, where: string) {
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

  return { charger, target }
}

/** The charge is declared: refused beyond the ruleset's longest charge, else recorded with the charger's marker. */
function declareCharge(
  ctx: BattleContext,
  event: EventOf<'ChargeDeclared'>,
  charger: UnitState,
  target: UnitState,
  fixed: ReturnType<typeof fixedRange>,
  where: string,
): void {
  const { distance, facing } = event.payload
  const from = [event.seq]
  const maxRange = ctx.profile.maxChargeRange(ctx, charger, fixed.m)
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
}

/** The target's response as it is recorded: said, and held as its charge marker until the turn ends. */
function recordResponse(
  ctx: BattleContext,
  event: EventOf<'ChargeDeclared'>,
  charger: UnitState,
  target: UnitState,
  response: { response: ChargeResponse; why: Explanation },
  awaitsShot: boolean,
): void {
  const { terrain } = event.payload
  const from = [event.seq]
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
          // The charge goes on after the shot: what its move needs of the declaration.
          ...(awaitsShot ? { awaitsShot: true, facing: event.payload.facing, ...(terrain ? { terrain } : {}) } : {}),
        },
        duration: { kind: 'end-of-turn' },
        startedAt: event.seq,
      },
    },
    explanation: explain(`${target.name}: ${response.response}`, { rule: ctx.rule('charge', 'responses'), from }),
  })
}

/** A target that flees from the charge rolls its flee distance at once. */
export function* fleeFromCharge(
  ctx: BattleContext,
  charger: UnitState,
  target: UnitState,
): Step<{ roll: number; seq: number }> {
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
  const fled = { roll: sum(answer.faces), seq: answer.seq }
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
  return fled
}
