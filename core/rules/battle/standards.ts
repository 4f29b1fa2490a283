import { choose } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'

/**
 * What becomes of standards when a unit breaks or is destroyed in close combat (classic/standard): lost
 * when it breaks, captured by a pursuer or by the enemy that destroyed it, removed from the game when
 * nobody pursues; standards its holder had captured are recaptured, and so removed.
 */

/** A unit that breaks from combat loses its standard: the bearer is replaced by a rank and file model. */
export function loseStandard(ctx: BattleContext, unit: UnitState): boolean {
  if (!unit.command.standard) return false
  ctx.emit({
    kind: 'standard-lost',
    text: `${unit.name} breaks and loses its standard; the bearer fights on as rank and file`,
    values: { unit: unit.id },
    explanation: explain(`${unit.name} broke from combat: its standard is lost`, {
      rule: ctx.rule('standard', 'lost'),
      from: [ctx.seq],
    }),
  })
  return true
}

/**
 * A broken unit's standard once pursuit is settled: captured by one of its pursuers (the winners mark
 * which), or removed from the game when nobody pursued. What it had captured is recaptured if pursued.
 */
export function* settleBrokenStandard(
  ctx: BattleContext,
  unit: UnitState,
  hadStandard: boolean,
  pursuers: readonly UnitState[],
): Generator<RequestSpec, void, Answer> {
  if (pursuers.length === 0) {
    if (hadStandard)
      ctx.emit({
        kind: 'standard-removed',
        text: `nobody pursued ${unit.name}: its standard is removed from the game`,
        values: { standard: unit.id, from: null, why: 'no-pursuit' },
        explanation: explain(`${unit.name} broke and no enemy pursued: its standard is removed from the game`, {
          rule: ctx.rule('standard', 'removed'),
          from: [ctx.seq],
        }),
      })
    return
  }
  recapture(ctx, unit, `${unit.name} broke and was pursued`)
  if (!hadStandard) return
  const captor = yield* markCaptor(ctx, unit, pursuers, 'pursuing')
  capture(ctx, unit, captor, `${unit.name} broke from combat and was pursued by ${captor.name}`)
}

/** A unit destroyed in the blows: its standard goes to an enemy unit in the combat (the winners mark which). */
export function* settleDestroyedStandard(
  ctx: BattleContext,
  unit: UnitState,
  enemies: readonly UnitState[],
): Generator<RequestSpec, void, Answer> {
  recapture(ctx, unit, `${unit.name} was destroyed in close combat`)
  if (!unit.command.standard || enemies.length === 0) return
  const captor = yield* markCaptor(ctx, unit, enemies, 'victorious')
  capture(ctx, unit, captor, `${unit.name} was destroyed in close combat`)
}

function* markCaptor(
  ctx: BattleContext,
  unit: UnitState,
  candidates: readonly UnitState[],
  how: string,
): Generator<RequestSpec, UnitState, Answer> {
  if (candidates.length === 1) return candidates[0] as UnitState
  const chosen = yield* choose({
    purpose: 'standard-captor',
    chooser: (candidates[0] as UnitState).player,
    options: candidates.map((c) => ({ id: c.id, text: `${c.name} takes the standard` })),
    text: `${unit.name}'s standard is captured: mark the ${how} unit that holds it`,
    explanation: explain(`mark one of the ${how} units as holding ${unit.name}'s standard`, {
      rule: ctx.rule('standard', 'captured'),
    }),
  })
  return candidates.find((c) => c.id === chosen) as UnitState
}

function capture(ctx: BattleContext, unit: UnitState, captor: UnitState, why: string): void {
  ctx.emit({
    kind: 'standard-captured',
    text: `${captor.name} captures the standard of ${unit.name}`,
    values: { standard: unit.id, by: captor.id },
    explanation: explain(
      `${why}: ${captor.name} captures its standard`,
      { rule: ctx.rule('standard', 'captured'), from: [ctx.seq] },
      [
        explain('it gives no in-game benefit; it counts for the outcome of the game', {
          rule: ctx.rule('standard', 'no-benefit'),
        }),
      ],
    ),
  })
}

/** Standards the unit had captured are recaptured, and so removed from the game. */
function recapture(ctx: BattleContext, unit: UnitState, why: string): void {
  for (const standard of [...(unit.capturedStandards ?? [])]) {
    const owner = ctx.unit(standard)
    ctx.emit({
      kind: 'standard-removed',
      text: `the standard of ${owner.name} is recaptured from ${unit.name} and removed from the game`,
      values: { standard, from: unit.id, why: 'recaptured' },
      explanation: explain(
        `${why}: the standard of ${owner.name} it held is recaptured and removed from the game`,
        { rule: ctx.rule('standard', 'recaptured'), from: [ctx.seq] },
        [
          explain('recaptured when its holder is destroyed or broken and pursued', {
            rule: ctx.rule('variants', 'standard-recapture'),
          }),
        ],
      ),
    })
  }
}
