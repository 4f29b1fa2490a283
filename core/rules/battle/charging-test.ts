import { phaseKey } from '../../engine/outcomes.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { explain, type RuleRef } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { leadershipTest, psychology, recordLines } from './unit-checks.js'

type Step<T> = Generator<RequestSpec, T, Answer>

/** The test a would-be charger takes against its target's Terror (classic) or Fear (The Old World). */
export type ChargingTest = 'terror' | 'fear'

/** A unit about to charge, at the `unit-charges` trigger point: the charger is the subject. */
export interface UnitCharges {
  readonly subject: UnitState
  readonly target: UnitState
  readonly distance: number
  readonly from: readonly number[]
}

/**
 * "A unit charges" (DESIGN §3): once the charge is declared and before the target responds, entries contribute the
 * steps their rule takes (a test to charge a Terror or Fear causer); each gives back whether the charge goes on.
 */
declare module '../../engine/effects.js' {
  interface TriggerMoments {
    'unit-charges': { readonly query: UnitCharges; readonly result: boolean }
  }
}

/**
 * The step of the entry whose causers a would-be charger must test against (its `charging` clause, at the
 * `unit-charges` trigger point): classic's Terror, or The Old World's Fear (against a causer of higher Unit
 * Strength). Failed, the charge fails in place. Returns whether the charge goes on.
 */
export function* chargingTest(
  ctx: BattleContext,
  query: UnitCharges,
  test: ChargingTest,
  rule: RuleRef,
): Step<boolean> {
  const { subject: charger, target, distance, from } = query
  const charging = { test, rule }
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
        return false
      }
    }
  }
  return true
}
