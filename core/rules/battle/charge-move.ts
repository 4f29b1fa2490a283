import type { ActiveEffect, Facing } from '../../engine/effects.js'
import { choose, keptDiceWords, rollDice } from '../../engine/requests.js'
import type { Answer, EventOf, RequestSpec, TotalJudging, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { chargeMakesCombat } from './charge-combat.js'
import { fixedRange, higherDieRange } from './charge-range.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { dangerousTerrainTests, type Terrain, terrainRules } from './terrain.js'
import { chargeMarkers } from './unit-checks.js'

type Step<T> = Generator<RequestSpec, T, Answer>

/** What the charge move needs of its declaration: the units, the distance measured, the terrain crossed, the range. */
export interface ChargeMove {
  readonly charger: UnitState
  readonly target: UnitState
  readonly distance: number
  readonly terrain: Terrain | undefined
  readonly fixed: ReturnType<typeof fixedRange>
  readonly fled: { roll: number; seq: number } | null
  readonly from: readonly number[]
  /** The target's facing the charger charges into, as declared. */
  readonly facing: Facing
  /** Seq of the ChargeDeclared. */
  readonly declaredAt: number
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
  const facing = (charged.params.facing as Facing | undefined) ?? 'front'
  const declaredAt = charged.startedAt
  yield* chargeMove(ctx, {
    charger,
    target,
    distance,
    terrain,
    fixed,
    fled: null,
    from: [declaredAt],
    facing,
    declaredAt,
  })
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

/** How the 2D6 of a charge range count: all (classic), or the higher (The Old World), the lower through terrain. */
function chargeRangeJudging(higherOnly: boolean, terrain: boolean, m: number, distance: number): TotalJudging {
  const keep = { which: terrain ? ('lowest' as const) : ('highest' as const), count: 1 }
  return { kind: 'total', ...(higherOnly ? { keep } : {}), add: m, pass: { atLeast: distance } }
}

/** The charge range (known, or rolled now), whether the charger reaches, the result and the move it makes. */
export function* chargeMove(ctx: BattleContext, move: ChargeMove): Step<void> {
  const { charger, target, distance, terrain, fixed, fled, from, facing, declaredAt } = move
  // The charge range: known (2 x M) or rolled now (M + 2D6), with the higher die for a failed charge.
  let range = fixed.range ?? 0
  let rangeWhy = fixed.why
  let higherDie = 0
  if (fixed.range === null) {
    const higherOnly = higherDieRange(ctx)
    const odds = chargeRangeJudging(higherOnly, terrain !== undefined, fixed.m, distance)
    const answer = yield* rollDice({
      purpose: 'charge-range',
      count: 2,
      sides: 6,
      roller: charger.player,
      // The words come from the judging the range is worked out by (M + the higher die in The Old World).
      text: `${charger.name}: roll 2D6 for the charge range (M ${fixed.m} + ${keptDiceWords(2, 6, odds)} against ${distance}")`,
      explanation: fixed.why,
      odds,
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
  const failedMove = ctx.profile.failedCharge.value === 'normal-move' ? fixed.m : higherDie
  const moved = reached ? Math.min(range, distance + (fled?.roll ?? 0)) : Math.min(failedMove, distance)
  ctx.emit({
    kind: 'charge-result',
    text: reached
      ? fled
        ? `${charger.name}'s charge reaches the fleeing ${target.name}`
        : `${charger.name}'s charge reaches ${target.name} (${range}" against ${distance}")`
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
              ctx.profile.failedCharge.value === 'normal-move'
                ? `a failed charge moves the normal M ${fixed.m}"`
                : terrain
                  ? `a failed charge moves the Charge roll, the lower die through terrain, ${higherDie}"`
                  : `a failed charge moves the higher charge die, ${higherDie}"`,
              { value: moved, rule: ctx.rule('variants', 'failed-charge') },
            ),
          ],
        ),
  })
  if (reached && !fled) chargeMakesCombat(ctx, { charger, target, facing, moved, declaredAt, from })
  if (moved > 0) yield* dangerousTerrainTests(ctx, charger, terrain)
}
