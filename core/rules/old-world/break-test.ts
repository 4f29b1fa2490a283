import type { ModifierRecord } from '../../engine/effects.js'
import { resolveModifiers } from '../../engine/modifiers.js'
import { choose, rollDice } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from '../battle/context.js'
import { sum } from '../battle/counting.js'
import { leadershipFor } from '../battle/leadership.js'
import { leadershipOdds, naturalDouble } from '../battle/leadership-doubles.js'
import type { BreakQuestion, BreakVerdict } from '../battle/profile.js'
import { oldWorldRule } from './catalogue.js'
import { unitStrengthOf } from './entries/unit-strength.js'

const totalStrength = (units: readonly UnitState[]) => sum(units.map(unitStrengthOf))

/**
 * The Old World's break test (core-mechanics B.6; RulesetProfile.breakTest): 2D6 plus the difference against
 * the Leadership that every `leadership` record has shaped (Terror's -1 among them). A natural roll above it
 * breaks; a modified one above it falls back in good order, or breaks when the winners have more than twice the
 * losers' Unit Strength; otherwise, or on a natural double 1, the unit gives ground. A unit that may skip the
 * test (Stubborn, at its first) is asked first.
 */
export function* oldWorldBreakTest(
  ctx: BattleContext,
  question: BreakQuestion,
): Generator<RequestSpec, BreakVerdict, Answer> {
  const { unit, winners, losers, combat, difference, resultWhy } = question
  const query = {
    subject: unit,
    opponent: winners.units,
    combat,
    difference,
    ranks: losers.ranks[unit.id] ?? 0,
    enemyRanks: Math.max(0, ...winners.units.map((u) => winners.ranks[u.id] ?? 0)),
  }
  const result = explain(`combat result: ${resultWhy.text}`, { rule: resultWhy.rule, from: resultWhy.from })

  // May it skip the test? (Stubborn, at its first break test; an ignored record says why it may not.)
  const skip = ctx.modifiers('break-test', { ...query, question: 'skip' })
  const notes: Explanation[] = skip
    .filter((record) => record.status === 'ignored')
    .map((record) => explain(`${record.label}: ${record.reason}`, { rule: record.source, status: 'ignored' }))
  if ((yield* skipTest(ctx, unit, difference, skip, result, notes)) === 'fall-back') return 'fall-back'

  const ld = yield* leadershipFor(ctx, unit, 'break', winners.units)
  const modifier = resolveModifiers(
    {
      value: difference,
      text: `lost by ${difference}`,
      rule: oldWorldRule('break-test', 'modifier'),
      from: resultWhy.from,
    },
    ctx.modifiers('break-test', { ...query, question: 'modifier' }),
    { mode: 'value', title: 'added to the roll: {}', details: [result] },
  )
  const added = modifier.value ?? 0
  const theirs = totalStrength(winners.units)
  const ours = totalStrength(losers.units)
  const outnumbered = theirs > 2 * ours
  const answer = yield* rollDice({
    purpose: 'break-test',
    count: 2,
    sides: 6,
    roller: unit.player,
    text:
      `${unit.name}: roll 2D6 break test against Ld ${ld.value}: a natural roll above it breaks; the roll + ` +
      `${added} above it ${outnumbered ? 'breaks too (outnumbered more than 2 to 1)' : 'falls back in good order'}; ` +
      'otherwise it gives ground (a double 1 always gives ground, a double 6 always breaks)',
    explanation: explain(`${unit.name}'s break test`, { rule: oldWorldRule('break-test', 'modifier') }, [
      ld.explanation,
      modifier.explanation,
      ...notes,
    ]),
    // Passed: gives ground. The worse failure breaks: a natural roll above Ld, or any failure when outnumbered.
    odds: {
      ...leadershipOdds(ctx, ld.value),
      add: added,
      worseAbove: outnumbered ? Math.min(ld.value, ld.value - added) : ld.value,
    },
  })
  const natural = sum(answer.faces)
  const modified = natural + added
  const dice = explain(`dice ${answer.faces.join(' + ')} = ${natural} (${answer.source}), + ${added} = ${modified}`, {
    value: modified,
    from: [answer.seq],
  })
  const { verdict, why } = grade(
    ctx,
    answer.faces,
    natural,
    modified,
    ld.value,
    { theirs, ours, outnumbered },
    question,
  )
  const words = { 'give-ground': 'gives ground', 'fall-back': 'falls back in good order', break: 'breaks' }[verdict]
  ctx.emit({
    kind: 'break-test',
    text: `${unit.name} ${words}: rolled ${natural} (+${added} = ${modified}) against Ld ${ld.value}`,
    values: {
      unit: unit.id,
      passed: verdict === 'give-ground',
      roll: natural,
      leadership: ld.value,
      result: verdict,
    },
    explanation: explain(
      `${unit.name} ${words}`,
      { value: verdict, rule: (why[why.length - 1] as Explanation).rule, from: [answer.seq] },
      [ld.explanation, modifier.explanation, ...notes, dice, ...why],
    ),
  })
  return verdict
}

/**
 * Stubborn, at its first break test: the unit may skip it and fall back in good order (returned), or take it and lose
 * the automatic fall back (said in `notes`).
 */
function* skipTest(
  ctx: BattleContext,
  unit: UnitState,
  difference: number,
  skip: readonly ModifierRecord[],
  result: Explanation,
  notes: Explanation[],
): Generator<RequestSpec, 'fall-back' | 'test', Answer> {
  const automatic = skip.find((record) => record.status === 'applied' && record.value === 'fall-back')
  if (automatic) {
    const option = yield* choose({
      purpose: 'stubborn',
      chooser: unit.player,
      options: [
        { id: 'fall-back', text: 'skip the test: fall back in good order' },
        { id: 'test', text: 'take the break test (the automatic fall back is lost)' },
      ],
      text: `${unit.name}, first break test of the battle: skip it for an automatic Fall Back in Good Order?`,
      explanation: explain(
        `${unit.name} lost the combat by ${difference}: ${automatic.label}`,
        {
          rule: automatic.source,
          from: [ctx.seq],
        },
        [result],
      ),
    })
    if (option === 'fall-back') {
      ctx.emit({
        kind: 'break-test',
        text: `${unit.name} takes no break test: it falls back in good order (${automatic.label})`,
        values: { unit: unit.id, passed: false, roll: null, leadership: null, result: 'fall-back', stubborn: true },
        explanation: explain(
          `${unit.name} skips its break test and falls back in good order, whatever the Unit Strengths`,
          { value: 'fall-back', rule: automatic.source, from: [ctx.seq] },
          [result],
        ),
      })
      return 'fall-back'
    }
    notes.push(
      explain(`${unit.name} takes the test: its automatic fall back is lost`, {
        rule: oldWorldRule('stubborn', 'first-test'),
        from: [ctx.seq],
      }),
    )
  }

  return 'test'
}

/** The break test's verdict from the natural and modified rolls, with the lines that say why. */
function grade(
  ctx: BattleContext,
  faces: readonly number[],
  natural: number,
  modified: number,
  ld: number,
  strength: { readonly theirs: number; readonly ours: number; readonly outnumbered: boolean },
  question: BreakQuestion,
): { verdict: Exclude<BreakVerdict, 'hold'>; why: Explanation[] } {
  const { winners, losers } = question
  const { theirs, ours, outnumbered } = strength
  const doubles = naturalDouble(ctx, faces)
  let verdict: Exclude<BreakVerdict, 'hold'>
  const why: Explanation[] = []
  if (doubles) {
    verdict = doubles.passed ? 'give-ground' : 'break'
    why.push(explain(doubles.text, { rule: doubles.rule }))
    if (doubles.passed) why.push(explain('it gives ground', { rule: oldWorldRule('break-test', 'insane-courage') }))
  } else if (natural > ld) {
    verdict = 'break'
    why.push(explain(`natural ${natural} > Ld ${ld}: it breaks`, { rule: oldWorldRule('break-test', 'breaks') }))
  } else if (modified > ld) {
    verdict = 'fall-back'
    why.push(
      explain(`natural ${natural} <= Ld ${ld}, but ${modified} > ${ld}: it falls back in good order`, {
        rule: oldWorldRule('break-test', 'fall-back'),
      }),
    )
    why.push(
      explain(
        `Unit Strength ${theirs} against ${ours}: ${outnumbered ? 'more than twice as much, so it breaks' : 'not more than twice'}`,
        { value: theirs, rule: oldWorldRule('break-test', 'outnumbered') },
        [
          explain('both sides counted as the combat result was worked out', {
            rule: oldWorldRule('variants', 'fall-back-unit-strength'),
          }),
          explain([...winners.units, ...losers.units].map((u) => `${u.name} ${unitStrengthOf(u)}`).join(', '), {
            rule: oldWorldRule('unit-strength', 'per-model'),
          }),
        ],
      ),
    )
    if (outnumbered) verdict = 'break'
  } else {
    verdict = 'give-ground'
    why.push(explain(`${modified} <= Ld ${ld}: it gives ground`, { rule: oldWorldRule('break-test', 'give-ground') }))
  }
  return { verdict, why }
}
