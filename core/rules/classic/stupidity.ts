import type { TriggerQueryOf } from '../../engine/effects.js'
import { phaseKey } from '../../engine/outcomes.js'
import type { Answer, RequestSpec } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import { characteristic } from '../battle/charts.js'
import { leadershipFor } from '../battle/leadership.js'
import { applied, immunity } from '../battle/psychology-records.js'
import { emitTest, engaged, leadershipRoll, rollVerdict } from '../battle/psychology-tests.js'
import type { ClassicContext } from './catalogue.js'

type Step = Generator<RequestSpec, void, Answer>

/**
 * Stupidity (seed: Stupidity), the entry's step as its holder's turn starts: a unit subject to it and not engaged
 * tests Ld; failed, it is stupid until its player's next turn or until engaged.
 */
export function* stupidityTest(ctx: ClassicContext, query: TriggerQueryOf<'turn-starts'>): Step {
  const { subject: unit, event } = query
  const player = event.payload.player
  const key = phaseKey(ctx.game)
  const records = ctx.modifiers('psychology', { subject: unit, opponent: [], test: 'stupidity' })
  const must = applied(records, 'must-test')
  if (!must || engaged(ctx.game, unit)) return
  // A fleeing unit does not test (classic/variants §stupidity-fleeing).
  if (unit.fleeing) return
  const cause = explain(`${unit.name} is subject to Stupidity and not engaged in combat: it tests`, {
    rule: ctx.rule('stupidity', 'test'),
    from: [event.seq],
  })
  const immune = immunity(records)
  if (immune) {
    emitTest(ctx, unit, 'stupidity', {
      passed: true,
      roll: null,
      leadership: null,
      phase: key,
      auto: 'immune',
      text: `${unit.name} takes no Stupidity test: ${immune.label}`,
      explanation: explain(`${unit.name}: ${immune.label}`, { rule: immune.source }, [cause]),
    })
    return
  }
  const ld = yield* leadershipFor(ctx, unit, 'stupidity')
  const roll = yield* leadershipRoll(unit, 'Stupidity test', ld, cause, ctx)
  const move = characteristic(ctx, unit, 'M', null, null).value
  const failedText =
    `${unit.name} fails its Stupidity test (${roll.total} against ${ld.value}): until ${player}'s next turn or ` +
    'until it is engaged it cannot charge, shoot or cast spells and is Immune to Psychology. In the compulsory ' +
    `moves move it ${move / 2}" (half its M ${move}) straight ahead without turning or wheeling (skirmishers in a ` +
    'random direction, flyers on the ground); it stops 1" short of impassable terrain, the table edge and units; ' +
    'reaching an enemy is a charge, a friend it bumps into is confused'
  emitTest(ctx, unit, 'stupidity', {
    passed: roll.passed,
    roll: roll.total,
    leadership: ld.value,
    phase: key,
    text: roll.passed ? `${unit.name} passes its Stupidity test (${roll.total} against ${ld.value})` : failedText,
    explanation: explain(
      roll.passed ? `${unit.name} passes its Stupidity test` : failedText,
      { value: roll.passed, rule: ctx.rule('stupidity', roll.passed ? 'test' : 'move'), from: [roll.seq] },
      [cause, ld.explanation, rollVerdict(ctx, roll, ld.value)],
    ),
  })
  if (roll.passed) return
  ctx.emit({
    kind: 'effect-started',
    text: `${unit.name} is stupid until ${player}'s next turn or until engaged`,
    values: {
      effect: {
        id: `stupidity-${roll.seq}-${unit.id}`,
        entry: 'stupidity',
        unit: unit.id,
        params: { failedTest: true },
        duration: { kind: 'players-next-turn', player, orEngaged: true },
        startedAt: roll.seq,
      },
    },
    explanation: explain(
      `${unit.name}: no charge, shooting or spells, Immune to Psychology, until ${player}'s next turn or until engaged`,
      { rule: ctx.rule('stupidity', 'duration'), from: [roll.seq] },
      [explain('what a failed test forbids', { rule: ctx.rule('stupidity', 'failed') })],
    ),
  })
}
