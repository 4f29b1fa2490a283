import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { type ChargeResponse, leadershipTest, type permission, psychology, recordLines } from './unit-checks.js'

type Step<T> = Generator<RequestSpec, T, Answer>

/** A unit about to respond to a charge, at the `unit-charged` trigger point: the target is the subject. */
export interface UnitCharged {
  readonly subject: UnitState
  readonly charger: UnitState
  readonly distance: number
  /** The charger's charge range, where it is known (null: not yet rolled). */
  readonly range: number | null
  readonly from: readonly number[]
  /** The target is engaged in close combat. */
  readonly engaged: boolean
  /** What the rules say of the target fleeing as a reaction (Immune to Psychology bars it). */
  readonly cannotFlee: ReturnType<typeof permission>
}

/** What a step at `unit-charged` gives back: a response it forces (a failed Terror test: flee), and its notes. */
export interface ChargedStep {
  readonly forced: { readonly response: ChargeResponse; readonly why: Explanation } | null
  readonly notes: readonly Explanation[]
}

/**
 * "A unit is charged" (DESIGN §3): before the target chooses its response, entries contribute the steps their rule
 * takes (Terror's test when a Terror causer charges), each of which may force the response.
 */
declare module '../../engine/effects.js' {
  interface TriggerMoments {
    'unit-charged': { readonly query: UnitCharged; readonly result: ChargedStep }
  }
}

/**
 * The Terror entry's step as a unit is charged (its `charged` clause, at the `unit-charged` trigger point): when the
 * charger causes Terror, the target tests unless it is fleeing, engaged, cannot flee or is spared, and flees when it
 * fails (`forced`); what it learnt is in `notes`.
 */
export function* terrorWhenCharged(ctx: BattleContext, query: UnitCharged): Step<ChargedStep> {
  const { subject: target, charger, distance, range, from, engaged, cannotFlee: fleeBar } = query
  const terror = psychology(ctx, target, [charger], 'terror')
  const terrorNotes: Explanation[] = []
  if (terror.causes.length > 0 && target.fleeing) {
    terrorNotes.push(
      explain(`${target.name} is fleeing: it flees again, with no Terror test to take`, {
        rule: ctx.rule('terror', 'charged'),
      }),
    )
  } else if (terror.causes.length > 0) {
    const clause = ctx.rule('terror', 'charged')
    const spared = terror.immune ?? terror.autoPass
    // A rolled charge range is not known yet: "within charge range" is then within the farthest it can reach.
    const reach = range ?? (ctx.profile.chargeRange.value === 'move-plus-2d6' ? charger.profile.M + 12 : null)
    const within = ctx.profile.terrorChargeRange.value === 'on-declaration' || (reach !== null && reach >= distance)
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
        explain(`no Terror test: ${charger.name} is not within charge range (${reach}" against ${distance}")`, {
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
            explain(`charge test timing: ${ctx.profile.terrorChargeRange.value}`, {
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
          notes: [],
          forced: {
            response: 'flee',
            why: explain(`${target.name} failed its Terror test: it must flee`, { rule: clause, from }, [
              test.explanation,
            ]),
          },
        }
      terrorNotes.push(test.explanation)
    }
  }
  return { forced: null, notes: terrorNotes }
}
