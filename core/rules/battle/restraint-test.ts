import { passWords, rollDice } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { leadershipFor } from './leadership.js'
import { leadershipOdds, naturalDouble } from './leadership-doubles.js'

/** A winner's Leadership test to hold back; `must` says what it does when it fails. Returns whether it held. */
export function* restraintTest(
  ctx: BattleContext,
  pursuer: UnitState,
  quarry: readonly UnitState[],
  must = 'pursue',
): Generator<RequestSpec, boolean, Answer> {
  const ld = yield* leadershipFor(ctx, pursuer, 'restraint', quarry)
  const odds = leadershipOdds(ctx, ld.value ?? 0)
  const answer = yield* rollDice({
    purpose: 'restraint',
    count: 2,
    sides: 6,
    roller: pursuer.player,
    text: `${pursuer.name}: roll 2D6 to restrain, ${passWords(odds)}`,
    explanation: explain(`${pursuer.name} tries to hold`, { rule: ctx.rule('flee-and-pursuit', 'restraint') }, [
      ld.explanation,
    ]),
    odds,
  })
  const total = sum(answer.faces)
  // A natural double may decide it (The Old World: double 1 passes, double 6 fails; classic: the total).
  const natural = naturalDouble(ctx, answer.faces)
  const passed = natural ? natural.passed : total <= (ld.value ?? 0)
  ctx.emit({
    kind: 'restraint-test',
    text: `${pursuer.name} ${passed ? 'holds' : `fails to hold and must ${must}`}: rolled ${total} against ${ld.value}`,
    values: { unit: pursuer.id, passed, roll: total, leadership: ld.value ?? 0 },
    explanation: explain(
      `${total} ${total <= (ld.value ?? 0) ? '<=' : '>'} ${ld.value}`,
      {
        value: passed,
        rule: ctx.rule('flee-and-pursuit', 'restraint'),
        from: [answer.seq],
      },
      natural ? [ld.explanation, explain(natural.text, { rule: natural.rule })] : [ld.explanation],
    ),
  })
  return passed
}
