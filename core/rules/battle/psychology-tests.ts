import type { Resolved } from '../../engine/modifiers.js'
import { passWords, rollDice } from '../../engine/requests.js'
import type { Answer, GameState, RequestSpec, TotalJudging, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { leadershipOdds, naturalDouble } from './leadership-doubles.js'

export type PsychologyTestKind = 'fear' | 'panic' | 'stupidity' | 'rally'

/** `turn/player/phase@seq` as words: the close-combat phase of turn 2 (red). */
export function describePhase(key: string): string {
  const [turn, player, phase] = (key.split('@')[0] ?? key).split('/')
  return `the ${phase} phase of turn ${turn} (${player})`
}

/** The unit is locked in a combat that goes on. */
export function engaged(game: GameState, unit: UnitState): boolean {
  for (const combat of Object.values(game.combats))
    if (!combat.ended && combat.sides.some((side) => side.units.some((u) => u.unit === unit.id))) return true
  return false
}

/**
 * A 2D6 Leadership test for a psychology test: passed on a total at or below the Ld; a natural double
 * decides it where the ruleset says so (The Old World: double 1 passes, double 6 fails).
 */
export function* leadershipRoll(
  unit: UnitState,
  purpose: string,
  ld: Resolved & { readonly value: number },
  why: Explanation,
  ctx?: BattleContext,
  odds: TotalJudging = leadershipOdds(ctx, ld.value),
): Generator<
  RequestSpec,
  { passed: boolean; total: number; faces: readonly number[]; seq: number; natural?: ReturnType<typeof naturalDouble> },
  Answer
> {
  const answer = yield* rollDice({
    purpose: purpose.toLowerCase().replaceAll(' ', '-'),
    count: 2,
    sides: 6,
    roller: unit.player,
    text: `${unit.name}: roll 2D6 ${purpose}, ${passWords(odds)}`,
    explanation: explain(why.text, { rule: why.rule, from: why.from }, [...why.children, ld.explanation]),
    odds,
  })
  const total = sum(answer.faces)
  const natural = ctx ? naturalDouble(ctx, answer.faces) : null
  if (natural) return { passed: natural.passed, total, faces: answer.faces, seq: answer.seq, natural }
  return { passed: total <= ld.value, total, faces: answer.faces, seq: answer.seq }
}

export function emitTest(
  ctx: BattleContext,
  unit: UnitState,
  test: PsychologyTestKind,
  outcome: {
    passed: boolean
    roll: number | null
    leadership: number | null
    phase: string
    auto?: 'general' | 'immune'
    text: string
    explanation: Explanation
  },
): void {
  ctx.emit({
    kind: 'psychology-test',
    text: outcome.text,
    values: {
      unit: unit.id,
      test,
      passed: outcome.passed,
      roll: outcome.roll,
      leadership: outcome.leadership,
      phase: outcome.phase,
      ...(outcome.auto ? { auto: outcome.auto } : {}),
    },
    explanation: outcome.explanation,
  })
}

export function rollVerdict(
  ctx: BattleContext,
  roll: { total: number; faces: readonly number[]; seq: number; natural?: ReturnType<typeof naturalDouble> },
  ld: number,
) {
  if (roll.natural)
    return explain(`dice ${roll.faces.join(' + ')} = ${roll.total}: ${roll.natural.text}`, {
      value: roll.total,
      rule: roll.natural.rule,
      from: [roll.seq],
    })
  return explain(`dice ${roll.faces.join(' + ')} = ${roll.total} ${roll.total <= ld ? '<=' : '>'} ${ld}`, {
    value: roll.total,
    rule: ctx.rule('leadership-test', 'roll'),
    from: [roll.seq],
  })
}
