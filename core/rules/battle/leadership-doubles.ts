import type { TotalJudging } from '../../engine/types.js'
import type { RuleRef } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'

/**
 * A natural double that decides a Leadership test whatever the total (The Old World, B.1: double 1
 * passes, double 6 fails), or null: the total decides. Break tests keep their own double-1 rule; the
 * ruleset's profile say whether other tests have one (`leadershipDoubles`).
 */
export function naturalDouble(
  ctx: BattleContext,
  faces: readonly number[],
): { readonly passed: boolean; readonly text: string; readonly rule: RuleRef } | null {
  const doubles = ctx.profile.leadershipDoubles
  if (!doubles || faces.length !== 2 || faces[0] !== faces[1]) return null
  if (faces[0] === 1)
    return { passed: true, text: 'a natural double 1: passes whatever the Leadership', rule: doubles.double1 }
  if (faces[0] === 6)
    return { passed: false, text: 'a natural double 6: fails whatever the Leadership', rule: doubles.double6 }
  return null
}

/**
 * How a 2D6 Leadership test outside a break test is judged, for the odds before the roll: passed on `ld` or
 * less, and by the natural doubles `naturalDouble` reads where the ruleset has them.
 */
export function leadershipOdds(ctx: BattleContext | undefined, ld: number): TotalJudging {
  if (!ctx?.profile.leadershipDoubles) return { kind: 'total', pass: { atMost: ld } }
  return {
    kind: 'total',
    pass: { atMost: ld },
    naturals: [
      { face: 1, count: 2, passes: true },
      { face: 6, count: 2, passes: false },
    ],
  }
}

/** A test only a natural double 1 passes (a rally below a quarter of the unit, where it may rally at all). */
export const DOUBLE_ONE_ONLY: TotalJudging = {
  kind: 'total',
  pass: { never: true },
  naturals: [{ face: 1, count: 2, passes: true }],
}
