import { type Explanation, explain, NOT_EXPLAINED, type RuleRef } from '../explain/explanation.js'
import type { ModifierRecord } from './effects.js'
import type {
  Answer,
  ChoiceRequestSpec,
  DiceJudging,
  DiceRequestSpec,
  EachDieJudging,
  ProcedureContext,
  RequestSpec,
  TotalJudging,
} from './types.js'

export type DiceAnswer = Extract<Answer, { kind: 'dice' }>

/** Asks the table for dice; `yield*` it inside a procedure to receive the answering DiceRolled. */
export function* rollDice(spec: Omit<DiceRequestSpec, 'kind'>): Generator<RequestSpec, DiceAnswer, Answer> {
  // Object.assign, not a spread: spreads are slow on Node 20, and this is a replay's hot path.
  const answer = yield Object.assign({ kind: 'dice' as const }, spec)
  if (answer.kind !== 'dice') throw new Error('the driver answered a dice request with a choice')
  return answer
}

/** A natural roll in words, among `dice` dice: "a double 1" (of two), "a natural 6" (one die), "two 6s" (of more). */
function naturalWords(face: number, count: number, dice: number): string {
  if (count === 1) return `a natural ${face}`
  if (count === 2 && dice === 2) return `a double ${face}`
  return `${count === 2 ? 'two' : count} ${face}s`
}

/**
 * How a test judged by `judging` passes, in the words a request says it (built from the judging the odds and the
 * verdict use, so the text cannot say otherwise): "passes on 7 or less (a double 1 always passes, a double 6 always
 * fails)", "passes only on a double 1", "passes on 9 or more with 2 added". Empty for a count, which no test judges.
 */
export function passWords(judging: TotalJudging, dice = 2): string {
  const naturals = judging.naturals ?? []
  const pass = judging.pass
  if (!pass) return ''
  if ('never' in pass) {
    const passing = naturals.filter((natural) => natural.passes).map((n) => naturalWords(n.face, n.count, dice))
    return passing.length > 0 ? `passes only on ${passing.join(' or ')}` : 'cannot pass'
  }
  const added = judging.add ? ` with ${judging.add} added` : ''
  const base =
    'atMost' in pass ? `passes on ${pass.atMost} or less${added}` : `passes on ${pass.atLeast} or more${added}`
  const notes = naturals.map((n) => `${naturalWords(n.face, n.count, dice)} always ${n.passes ? 'passes' : 'fails'}`)
  if (judging.naturalAtMostFails !== undefined) notes.push(`dice totalling ${judging.naturalAtMostFails} or less fail`)
  return notes.length > 0 ? `${base} (${notes.join(', ')})` : base
}

/** The dice a total adds, in words: "2D6", "the higher of 2D6", "the highest 2 of 3D6". */
export function keptDiceWords(count: number, sides: number, judging: TotalJudging): string {
  const dice = `${count}D${sides}`
  const keep = judging.keep
  if (!keep || keep.count >= count) return dice
  const which = count === 2 ? (keep.which === 'highest' ? 'higher' : 'lower') : keep.which
  return keep.count === 1 ? `the ${which} of ${dice}` : `the ${which} ${keep.count} of ${dice}`
}

/** Asks a player to choose one of the options; returns the chosen option's id. */
export function* choose(spec: Omit<ChoiceRequestSpec, 'kind'>): Generator<RequestSpec, string, Answer> {
  const answer = yield { kind: 'choice', ...spec }
  if (answer.kind !== 'choice') throw new Error('the driver answered a choice request with dice')
  return answer.option
}

/** What a natural 1 and a natural 6 do on a roll, as the ruleset says, with the rule that says so. */
export interface NaturalLimits {
  readonly one: { readonly fails: boolean; readonly rule: RuleRef } | null
  readonly six: { readonly succeeds: boolean; readonly rule: RuleRef } | null
}

/** One die as it was rolled: its first face, its re-roll if any, its final face (rpg-dice-roller style). */
export interface DieRecord {
  readonly first: number
  readonly reroll: { readonly face: number; readonly rule: RuleRef; readonly seq: number } | null
  readonly final: number
  readonly success: boolean
}

export interface DiceJudgement {
  readonly dice: readonly DieRecord[]
  readonly successes: number
  readonly explanation: Explanation
}

function dieSucceeds(face: number, need: number | null, limits: NaturalLimits): boolean {
  return faceSucceeds(face, need, limits.one?.fails === true, limits.six?.succeeds === true)
}

/**
 * One die's face judged as `rollAgainst` judges it (and the report's luck after it, from a request's `odds`): a
 * natural 1 fails and a natural 6 succeeds where the rules say so, whatever the need; else the need decides.
 */
export function faceSucceeds(face: number, need: number | null, oneFails: boolean, sixSucceeds: boolean): boolean {
  if (face === 1 && oneFails) return false
  if (face === 6 && sixSucceeds) return true
  return need !== null && face >= need
}

/** The dice a re-roll picks up, by index in the order rolled: the failed ones, or the successful ones. */
export function diceToReroll(successes: readonly boolean[], which: 'failed' | 'successful'): number[] {
  const wantsFailed = which === 'failed'
  return successes.flatMap((success, i) => (success !== wantsFailed ? [i] : []))
}

function plural(count: number, [one, many]: readonly [string, string]): string {
  return count === 1 ? one : many
}

export interface RollWords {
  readonly success: readonly [string, string]
  readonly failure: readonly [string, string]
}

/** How `rollAgainst` judges each die, as the request's `odds` says it (`secondNeed`: a 7+'s second die, for the odds). */
function eachDie(
  need: number | null,
  limits: NaturalLimits,
  reroll: 'failed' | 'successful' | null,
  secondNeed: number | undefined,
): EachDieJudging {
  const judging: EachDieJudging = {
    kind: 'each-die',
    need,
    naturalOneFails: limits.one?.fails ?? false,
    naturalSixSucceeds: limits.six?.succeeds ?? false,
    reroll,
  }
  return secondNeed === undefined ? judging : { ...judging, secondNeed }
}

/**
 * Rolls dice against a need, then, when a `reroll` record applies, asks for the re-roll of the
 * dice it names ("failed" or "successful"). A re-rolled die is never re-rolled again: one
 * re-roll request at most, whatever the records say (core-mechanics A.1). `secondNeed`: the score the
 * caller's second die will need for each success (a 7+ to hit), said to the odds only. The judgement's
 * explanation is `NOT_EXPLAINED` when the step that answers it builds none (`ctx.explaining`).
 */
export function* rollAgainst(
  ctx: Pick<ProcedureContext, 'explaining'>,
  spec: Omit<DiceRequestSpec, 'kind' | 'need' | 'odds'> & { readonly need: number | null },
  limits: NaturalLimits,
  words: RollWords,
  rerolls: readonly ModifierRecord[],
  rerollOnce: RuleRef,
  secondNeed?: number,
): Generator<RequestSpec, DiceJudgement, Answer> {
  const need = spec.need
  let reroll: ModifierRecord | undefined
  for (const record of rerolls)
    if (reroll === undefined && record.kind === 'reroll' && record.status === 'applied') reroll = record
  const rerolled = reroll?.value === 'successful' ? 'successful' : 'failed'
  // The request as `rollDice` would make it (its keys in that order), yielded here: one object, no generator more.
  const request: DiceRequestSpec = {
    kind: 'dice',
    purpose: spec.purpose,
    count: spec.count,
    sides: spec.sides,
    roller: spec.roller,
    // The table hears of the re-roll before it rolls: the odds, and which dice to pick up again.
    text: reroll ? `${spec.text}; ${rerolled} ones are re-rolled for ${reroll.label}` : spec.text,
    explanation: spec.explanation,
  }
  if (need !== null) (request as { need?: number }).need = need
  if (reroll) (request as { reroll?: 'failed' | 'successful' }).reroll = rerolled
  ;(request as { odds?: DiceJudging }).odds = eachDie(need, limits, reroll ? rerolled : null, secondNeed)
  const answer = yield request
  if (answer.kind !== 'dice') throw new Error('the driver answered a dice request with a choice')
  let dice: DieRecord[] = []
  for (const face of answer.faces)
    dice.push({ first: face, reroll: null, final: face, success: dieSucceeds(face, need, limits) })
  // Built only when the answering step is explained (`ctx.explaining`); a re-roll's request says why, always.
  const children: Explanation[] | null = ctx.explaining ? [diceRolled(answer, need)] : null
  if (children) {
    naturalNotes(answer.faces, need, limits, words, children)
    for (const record of rerolls) if (record.kind === 'reroll') children.push(rerollRecord(record, record === reroll))
  }
  if (reroll) {
    const wantsFailed = rerolled === 'failed'
    const indexes = diceToReroll(
      dice.map((die) => die.success),
      rerolled,
    )
    if (indexes.length > 0) {
      // A re-rolled die is never re-rolled again: this request carries no `reroll`.
      const again = yield* rollDice({
        sides: request.sides,
        roller: request.roller,
        ...(need !== null ? { need } : {}),
        purpose: `re-roll-${spec.purpose}`,
        count: indexes.length,
        text: `${spec.text.replace(/roll \d+ /, `re-roll ${indexes.length} `)} (${reroll.label})`,
        explanation: explain(`re-roll ${indexes.length} ${wantsFailed ? 'failed' : 'successful'} dice`, {
          rule: reroll.source,
          from: [answer.seq],
        }),
        odds: eachDie(need, limits, null, secondNeed),
      })
      dice = dice.map((die) => ({ ...die }))
      indexes.forEach((dieIndex, i) => {
        const face = again.faces[i] as number
        const die = dice[dieIndex] as DieRecord
        dice[dieIndex] = {
          first: die.first,
          reroll: { face, rule: reroll.source, seq: again.seq },
          final: face,
          success: dieSucceeds(face, need, limits),
        }
      })
      if (children && ctx.explaining) {
        children.push(
          explain(
            `re-rolled ${indexes.map((i) => `${answer.faces[i]} -> ${dice[i]?.final}`).join(', ')} (${again.source})`,
            { value: again.faces.join(','), rule: reroll.source, from: [again.seq] },
            [explain('a re-rolled die is never re-rolled again', { rule: rerollOnce })],
          ),
        )
        naturalNotes(again.faces, need, limits, words, children)
      }
    }
  }
  let successes = 0
  const seqs = [answer.seq]
  for (const die of dice) {
    if (die.success) successes += 1
    if (die.reroll) seqs.push(die.reroll.seq)
  }
  if (!children || !ctx.explaining) return { dice, successes, explanation: NOT_EXPLAINED }
  const failures = dice.length - successes
  return {
    dice,
    successes,
    explanation: explain(
      `${successes} ${plural(successes, words.success)}, ${failures} ${plural(failures, words.failure)}`,
      { value: successes, from: seqs },
      children,
    ),
  }
}

/** The dice as the table rolled them, against the need. */
function diceRolled(answer: DiceAnswer, need: number | null): Explanation {
  return explain(
    `dice ${answer.faces.join(', ')} (${answer.source}) against ${need === null ? 'nothing' : `${need}+`}`,
    {
      value: answer.faces.join(','),
      from: [answer.seq],
    },
  )
}

/** A re-roll record on the roll: the one used, or one that did not count (and why). */
function rerollRecord(record: ModifierRecord, used: boolean): Explanation {
  return explain(
    `${record.label}: re-roll ${record.value}${record.status === 'ignored' ? ` (${record.reason})` : ''}`,
    {
      rule: record.source,
      status: used ? 'applied' : 'ignored',
    },
  )
}

function naturalNotes(
  faces: readonly number[],
  need: number | null,
  limits: NaturalLimits,
  words: RollWords,
  children: Explanation[],
): void {
  let ones = 0
  let sixes = 0
  for (const face of faces) {
    if (face === 1) ones += 1
    else if (face === 6) sixes += 1
  }
  if (ones > 0 && limits.one?.fails) {
    children.push(
      explain(`${ones} natural 1${ones > 1 ? 's' : ''}: always ${words.failure[1]}`, {
        value: ones,
        rule: limits.one.rule,
      }),
    )
  }
  if (sixes > 0 && limits.six?.succeeds && (need === null || need > 6)) {
    children.push(
      explain(`${sixes} natural 6${sixes > 1 ? 's' : ''}: always ${words.success[1]}`, {
        value: sixes,
        rule: limits.six.rule,
      }),
    )
  }
}
