import type { SideTally } from '../../engine/effects.js'
import { resolveModifiers } from '../../engine/modifiers.js'
import { rollDice } from '../../engine/requests.js'
import type { Answer, CombatState, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { CombatOutcome } from './combat-result.js'
import type { BattleContext } from './context.js'
import { sum } from './counting.js'
import { leadershipFor } from './leadership.js'
import type { BreakQuestion, BreakVerdict } from './profile.js'
import type { Round } from './round-tally.js'

/** The losers' break tests, grouped by how each ends: the ruleset's own test says it (RulesetProfile.breakTest). */
export interface BreakVerdicts {
  readonly broken: { unit: UnitState; roll: number; hadStandard: boolean }[]
  readonly fellBack: { unit: UnitState; roll: number }[]
  readonly gaveGround: UnitState[]
}

/** Break tests for every unit of the losing side (core-mechanics A.6). */
export function* breakTests(
  r: Round,
  outcome: Extract<CombatOutcome, { wipedOut: false }>,
): Generator<RequestSpec, BreakVerdicts, Answer> {
  const { ctx, combat } = r
  const { tallies, winnerIndex, difference, resultWhy } = outcome
  const loser = tallies[1 - winnerIndex] as SideTally
  const winners = tallies[winnerIndex] as SideTally
  const verdicts: BreakVerdicts = { broken: [], fellBack: [], gaveGround: [] }
  for (const unit of loser.units) {
    const verdict = yield* ctx.profile.breakTest(ctx, { unit, winners, losers: loser, combat, difference, resultWhy })
    if (verdict === 'break') verdicts.broken.push({ unit, roll: 0, hadStandard: false })
    else if (verdict === 'fall-back') verdicts.fellBack.push({ unit, roll: 0 })
    else if (verdict === 'give-ground') verdicts.gaveGround.push(unit)
  }
  return verdicts
}

/** Classic's break test for the shared round (RulesetProfile.breakTest): passed, the unit holds; failed, it breaks. */
export function* passOrBreak(
  ctx: BattleContext,
  question: BreakQuestion,
): Generator<RequestSpec, BreakVerdict, Answer> {
  const { unit, winners, losers } = question
  const enemyRanks = Math.max(0, ...winners.units.map((u) => winners.ranks[u.id] ?? 0))
  const passed = yield* breakTest(
    ctx,
    unit,
    winners.units,
    question.combat,
    question.difference,
    losers.ranks[unit.id] ?? 0,
    enemyRanks,
    question.resultWhy,
  )
  return passed ? 'hold' : 'break'
}

/** A 2D6 Leadership test: passed on a total at or below the target; a double 1 passes a break test. */
function* breakTest(
  ctx: BattleContext,
  unit: UnitState,
  enemies: readonly UnitState[],
  combat: CombatState,
  difference: number,
  ranks: number,
  enemyRanks: number,
  resultWhy: Explanation,
): Generator<RequestSpec, boolean, Answer> {
  const ld = yield* leadershipFor(ctx, unit, 'break', enemies)
  const modifier = resolveModifiers(
    { value: -difference, text: `lost by ${difference}`, rule: ctx.rule('break-test', 'modifier') },
    ctx.modifiers('break-test', { subject: unit, opponent: enemies, combat, difference, ranks, enemyRanks }),
    { mode: 'value', title: 'break-test modifier {}', setPick: 'highest' },
  )
  const target = (ld.value ?? 0) + (modifier.value ?? 0)
  const why = explain(
    `${unit.name} tests on ${target}: Ld ${ld.value} ${(modifier.value ?? 0) < 0 ? '-' : '+'} ` +
      `${Math.abs(modifier.value ?? 0)}`,
    { value: target, rule: ctx.rule('break-test', 'modifier') },
    [
      ld.explanation,
      modifier.explanation,
      explain(`combat result: ${resultWhy.text}`, { rule: resultWhy.rule, from: resultWhy.from }),
    ],
  )
  const answer = yield* rollDice({
    purpose: 'break-test',
    count: 2,
    sides: 6,
    roller: unit.player,
    text: `${unit.name}: roll 2D6 break test, passes on ${target} or less (a double 1 always passes)`,
    explanation: why,
    odds: { kind: 'total', pass: { atMost: target }, naturals: [{ face: 1, count: 2, passes: true }] },
  })
  const total = sum(answer.faces)
  const insaneCourage = answer.faces.every((face) => face === 1)
  const passed = total <= target || insaneCourage
  const verdict = insaneCourage
    ? explain('double 1: insane courage, the test is passed', { rule: ctx.rule('break-test', 'insane-courage') })
    : explain(`${total} ${passed ? '<=' : '>'} ${target}`, { rule: ctx.rule('leadership-test', 'roll') })
  ctx.emit({
    kind: 'break-test',
    text: `${unit.name} ${passed ? 'holds' : 'breaks'}: rolled ${total} against ${target}`,
    values: { unit: unit.id, passed, roll: total, leadership: target },
    explanation: explain(
      `${unit.name} ${passed ? 'passes' : 'fails'} its break test`,
      {
        value: passed,
        rule: passed ? ctx.rule('break-test', 'modifier') : ctx.rule('break-test', 'breaks'),
        from: [answer.seq],
      },
      [why, explain(`dice ${answer.faces.join(' + ')} = ${total} (${answer.source})`, { from: [answer.seq] }), verdict],
    ),
  })
  return passed
}
