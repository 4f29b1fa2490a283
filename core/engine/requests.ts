import { type Explanation, explain, type RuleRef } from '../explain/explanation.js'
import type { Answer, ChoiceRequestSpec, DiceRequestSpec, RequestSpec } from './types.js'

export type DiceAnswer = Extract<Answer, { kind: 'dice' }>

/** Asks the table for dice; `yield*` it inside a procedure to receive the answering DiceRolled. */
export function* rollDice(spec: Omit<DiceRequestSpec, 'kind'>): Generator<RequestSpec, DiceAnswer, Answer> {
  const answer = yield { kind: 'dice', ...spec }
  if (answer.kind !== 'dice') throw new Error('the driver answered a dice request with a choice')
  return answer
}

/** Asks a player to choose one of the options; returns the chosen option's id. */
export function* choose(spec: Omit<ChoiceRequestSpec, 'kind'>): Generator<RequestSpec, string, Answer> {
  const answer = yield { kind: 'choice', ...spec }
  if (answer.kind !== 'choice') throw new Error('the driver answered a choice request with dice')
  return answer.option
}

export interface DiceJudgement {
  readonly successes: number
  readonly explanation: Explanation
}

/**
 * Counts the dice that reach `need`. A natural 1 always fails (every classic and Old World roll
 * to hit, to wound or to save); the dice keep their faces in the explanation.
 */
export function countSuccesses(
  answer: DiceAnswer,
  need: number,
  labels: {
    readonly success: readonly [string, string]
    readonly failure: readonly [string, string]
    readonly rule: RuleRef
    readonly natural1: RuleRef
  },
): DiceJudgement {
  let successes = 0
  let naturalOnes = 0
  for (const face of answer.faces) {
    if (face === 1) naturalOnes += 1
    else if (face >= need) successes += 1
  }
  const failures = answer.faces.length - successes
  const children: Explanation[] = [
    explain(`dice ${answer.faces.join(', ')} (${answer.source}) against ${need}+`, {
      value: answer.faces.join(','),
      from: [answer.seq],
      rule: labels.rule,
    }),
  ]
  if (naturalOnes > 0) {
    children.push(
      explain(`${naturalOnes} natural 1${naturalOnes > 1 ? 's' : ''}: always ${labels.failure[0]}`, {
        value: naturalOnes,
        rule: labels.natural1,
      }),
    )
  }
  return {
    successes,
    explanation: explain(
      `${successes} ${plural(successes, labels.success)}, ${failures} ${plural(failures, labels.failure)}`,
      { value: successes, from: [answer.seq] },
      children,
    ),
  }
}

export function plural(count: number, [one, many]: readonly [string, string]): string {
  return count === 1 ? one : many
}
