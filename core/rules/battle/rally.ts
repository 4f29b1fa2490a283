import { phaseKey } from '../../engine/outcomes.js'
import type { Answer, EventOf, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain, type RuleRef } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { leadershipFor } from './leadership.js'
import { DOUBLE_ONE_ONLY } from './leadership-doubles.js'
import { forbidding, modelsCountedForRally } from './psychology-records.js'
import { emitTest, leadershipRoll, rollVerdict } from './psychology-tests.js'
import { cite } from './unit-checks.js'

type Step = Generator<RequestSpec, void, Answer>

// Rally (core mechanics A.2, A.10; Musician §rally; No Leader §rally)

/** The movement phase's opening: the active player's fleeing units that did not flee this turn test to rally. */
export function* rallyTests(ctx: BattleContext, event: EventOf<'PhaseStarted'>): Step {
  const player = ctx.game.activePlayer
  const key = phaseKey(ctx.game)
  for (const unit of Object.values(ctx.game.units)) {
    if (unit.player !== player || !unit.fleeing || unit.models === 0) continue
    if (unit.fledAt && unit.fledAt.turn === ctx.game.turn && unit.fledAt.player === player) continue
    const cause = explain(`${unit.name} is fleeing: it tests to rally`, {
      rule: ctx.rule('rally', 'test'),
      from: [event.seq, unit.changedAt],
    })
    const bar = forbidding(ctx.modifiers, unit, 'rally')
    if (bar) {
      emitTest(ctx, unit, 'rally', {
        passed: false,
        roll: null,
        leadership: null,
        phase: key,
        text: `${unit.name} cannot rally: ${bar.label}`,
        explanation: explain(`${unit.name} cannot rally: ${bar.label}`, { rule: bar.source }, [cause]),
      })
      continue
    }
    const floor = rallyFloor(ctx, unit)
    const rule = ctx.profile.rallyBelowQuarter.value
    if (floor.below && rule === 'not-below-25-percent') {
      emitTest(ctx, unit, 'rally', {
        passed: false,
        roll: null,
        leadership: null,
        phase: key,
        text: `${unit.name} cannot rally: ${floor.text}`,
        explanation: explain(
          `${unit.name} cannot rally: ${floor.text}`,
          { value: false, rule: ctx.rule('rally', 'below-quarter'), from: [unit.changedAt] },
          [cause, ...floor.notes],
        ),
      })
      continue
    }
    const ld = yield* leadershipFor(ctx, unit, 'rally')
    // Below the floor, where the unit may rally at all, only a double 1 rallies it (classic-8th, The Old World).
    const doubleOneOnly = floor.below && rule !== 'not-below-25-percent'
    const why = doubleOneOnly
      ? explain(
          `${cause.text}; ${floor.text}: only a double 1 rallies it`,
          { rule: ctx.rule('rally', 'below-quarter') },
          [cause, ...floor.notes],
        )
      : cause
    const roll = yield* leadershipRoll(unit, 'rally test', ld, why, ctx, doubleOneOnly ? DOUBLE_ONE_ONLY : undefined)
    const passed = doubleOneOnly ? roll.faces.every((face) => face === 1) : roll.passed
    emitTest(ctx, unit, 'rally', {
      passed,
      roll: roll.total,
      leadership: ld.value,
      phase: key,
      text:
        `${unit.name} ${passed ? 'rallies' : 'fails to rally'} ` +
        `(${roll.total} against ${ld.value}${doubleOneOnly ? ', a double 1 needed' : ''})`,
      explanation: explain(
        `${unit.name} ${passed ? 'rallies' : 'fails to rally'}`,
        { value: passed, rule: ctx.rule('rally', doubleOneOnly ? 'below-quarter' : 'test'), from: [roll.seq] },
        [why, ld.explanation, rollVerdict(ctx, roll, ld.value)],
      ),
    })
    if (passed)
      ctx.emit({
        kind: 'rallied',
        text: `${unit.name} stops fleeing`,
        values: { unit: unit.id },
        explanation: explain(`${unit.name} rallies and stops fleeing`, {
          rule: ctx.rule('rally', 'test'),
          from: [roll.seq],
        }),
      })
    const ralliedBar = ctx.profile.ralliedBar
    if (passed && ralliedBar) ralliedThisTurn(ctx, unit, roll.seq, ralliedBar)
  }
}

/** A rallied unit holds its `rally` entry until the turn ends: the entry's effects say what it may not do. */
function ralliedThisTurn(ctx: BattleContext, unit: UnitState, seq: number, rule: RuleRef): void {
  ctx.emit({
    kind: 'effect-started',
    text: `${unit.name} rallied: it may reform at once; it may not charge this turn and counts as having moved`,
    values: {
      effect: {
        id: `rallied-${seq}-${unit.id}`,
        entry: 'rally',
        unit: unit.id,
        params: { rallied: true },
        duration: { kind: 'end-of-turn' },
        startedAt: seq,
      },
    },
    explanation: explain(`${unit.name} rallied: no charge until the end of the turn`, { rule, from: [seq] }),
  })
}

/** Whether a unit has too few models left to rally normally: its models and the characters that count. */
function rallyFloor(ctx: BattleContext, unit: UnitState): { below: boolean; text: string; notes: Explanation[] } {
  const { left, characters, notes } = modelsCountedForRally(ctx.modifiers, unit)
  const rule = ctx.profile.rallyBelowQuarter.value
  // 'double-one-at-25-percent' (classic-8th) takes 25% itself in; the others only fewer.
  const atQuarter = rule === 'double-one-at-25-percent'
  const below = atQuarter ? left * 4 <= unit.startingModels : left * 4 < unit.startingModels
  const counted = characters > 0 ? ` (${unit.models} and ${characters} character${characters === 1 ? '' : 's'})` : ''
  const text =
    `${left} of its ${unit.startingModels} starting models left${counted}: ` +
    `${below ? (atQuarter ? '25% or less' : 'below 25%') : 'not below 25%'} ` +
    `(${cite(ctx.rule('variants', 'rally-below-quarter'))})`
  notes.push(explain(text, { rule: ctx.rule('variants', 'rally-below-quarter') }))
  return { below, text, notes }
}
