import { type Probability, probability } from '../engine/odds.js'
import type { LuckTally } from './types.js'

/**
 * Luck over independent trials, each with its own chance (the odds the engine gave before the roll): X, the number of
 * successes, is Poisson-binomial. A tally gives the expected successes, the actual, and the chance of doing at least
 * that well (P(X >= actual)) or at most that badly (P(X <= actual)).
 *
 * Exact (fractions of BigInts, as core/engine/odds.ts gives them) while the sums stay small; past that, summed in
 * floating point and marked `exact: false` (a game's thousands of dice have a denominator of thousands of digits).
 */

/** A chance as a fraction in lowest terms. */
interface Fraction {
  readonly numerator: bigint
  readonly denominator: bigint
}

/** Trials that share one chance. */
interface TrialGroup {
  readonly chance: Fraction
  readonly value: number
  trials: number
}

/**
 * The exact sums are kept while trials × (the states a tail needs) × (the bits of the common denominator) stays
 * under this: a few milliseconds of BigInt arithmetic (some 150 dice at 4+, fewer with re-rolls).
 */
export const EXACT_WORK = 2_000_000
/** Masses below these are dropped by the floating-point sums, first the one then (for a tiny chance) the other. */
const ROUGH = 1e-24
const NEGLIGIBLE = 1e-300

const CERTAIN: Probability = { exact: '1', value: 1 }

/** The fraction a Probability's `exact` names ("1/2", "0", "1"). */
export function fractionOf(chance: Probability): Fraction {
  const [top, bottom] = chance.exact.split('/')
  return { numerator: BigInt(top as string), denominator: bottom === undefined ? 1n : BigInt(bottom) }
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a
  let y = b < 0n ? -b : b
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

/** Trials and their successes, gathered roll by roll, then tallied. */
export class LuckCounter {
  private readonly groups = new Map<string, TrialGroup>()
  trials = 0
  actual = 0
  /** Rolls counted into it. */
  rolls = 0

  /** `trials` more trials of `chance` each, of which `successes` succeeded. */
  add(chance: Probability, trials: number, successes: number): void {
    this.actual += successes
    this.trials += trials
    if (trials === 0) return
    const group = this.groups.get(chance.exact)
    if (group) group.trials += trials
    else this.groups.set(chance.exact, { chance: fractionOf(chance), value: chance.value, trials })
  }

  tally(): LuckTally {
    const groups = [...this.groups.values()]
    const expected = expectedOf(groups)
    const actual = BigInt(this.actual)
    const above = actual * expected.denominator - expected.numerator
    const direction = above > 0n ? 'luckier' : above < 0n ? 'unluckier' : 'as-expected'
    const tail = tailOf(groups, this.actual, direction === 'unluckier' ? 'at-most' : 'at-least')
    const tally: LuckTally = {
      trials: this.trials,
      expected: probability(expected.numerator, expected.denominator).value,
      actual: this.actual,
      direction,
      chance: tail.chance,
    }
    return tail.exact ? tally : { ...tally, exact: false }
  }
}

/** The sum of every trial's chance, exact: over the least common denominator. */
function expectedOf(groups: readonly TrialGroup[]): Fraction {
  let numerator = 0n
  let denominator = 1n
  for (const { chance, trials } of groups) {
    const common = (denominator / gcd(denominator, chance.denominator)) * chance.denominator
    numerator = numerator * (common / denominator) + BigInt(trials) * chance.numerator * (common / chance.denominator)
    denominator = common
  }
  return { numerator, denominator }
}

/** One trial's chance, or its complement (the chance it fails), as the sums need it. */
interface Trials {
  readonly top: bigint
  readonly bottom: bigint
  readonly value: number
  readonly trials: number
}

/**
 * P(X >= k) ('at-least') or P(X <= k) ('at-most'). Trials certain to succeed shift k; trials that cannot succeed
 * change nothing. The sums run over the successes or, when fewer states are needed, over the failures
 * (X >= k is "failures <= n - k"), so a tail needs min(k, n - k) + 1 states at most.
 */
function tailOf(
  groups: readonly TrialGroup[],
  k: number,
  side: 'at-least' | 'at-most',
): { chance: Probability; exact: boolean } {
  let sure = 0
  const open: TrialGroup[] = []
  for (const group of groups) {
    if (group.chance.numerator === group.chance.denominator) sure += group.trials
    else if (group.chance.numerator !== 0n) open.push(group)
  }
  const n = open.reduce((sum, group) => sum + group.trials, 0)
  const wanted = k - sure
  // Out of reach: certain (X >= something at or below the sure successes) or impossible.
  if (side === 'at-least' && wanted <= 0) return { chance: CERTAIN, exact: true }
  if (side === 'at-least' && wanted > n) return { chance: { exact: '0', value: 0 }, exact: true }
  if (side === 'at-most' && wanted >= n) return { chance: CERTAIN, exact: true }
  if (side === 'at-most' && wanted < 0) return { chance: { exact: '0', value: 0 }, exact: true }
  // X >= w is F <= n - w (F the failures); X <= w is F >= n - w.
  const byFailures = n - wanted < wanted
  const mark = byFailures ? n - wanted : wanted
  const absorbing = (side === 'at-least') !== byFailures
  const trials: Trials[] = open.map(({ chance, value, trials }) =>
    byFailures
      ? {
          top: chance.denominator - chance.numerator,
          bottom: chance.denominator,
          value: 1 - value,
          trials,
        }
      : { top: chance.numerator, bottom: chance.denominator, value, trials },
  )
  const bits = trials.reduce((sum, t) => sum + t.trials * t.bottom.toString(2).length, 0)
  if (n * (mark + 1) * bits <= EXACT_WORK) return { chance: exactTail(trials, mark, absorbing), exact: true }
  const value = floatTail(trials, mark, absorbing)
  return { chance: { exact: `≈${Number(value.toPrecision(6))}`, value }, exact: false }
}

/**
 * The chance of at least `mark` successes (`absorbing`: every count from `mark` up is one state, which keeps its mass)
 * or of at most `mark` (mass past it is dropped), trial by trial, as numerators over the product of the denominators.
 */
function exactTail(trials: readonly Trials[], mark: number, absorbing: boolean): Probability {
  const counts: bigint[] = new Array(mark + 1).fill(0n)
  counts[0] = 1n
  let high = 0
  let denominator = 1n
  for (const { top, bottom, trials: many } of trials) {
    const miss = bottom - top
    for (let t = 0; t < many; t++) {
      high = Math.min(high + 1, mark)
      for (let j = high; j >= 0; j--) {
        const stays = (counts[j] as bigint) * (absorbing && j === mark ? bottom : miss)
        counts[j] = j > 0 ? stays + (counts[j - 1] as bigint) * top : stays
      }
      denominator *= bottom
    }
  }
  const numerator = absorbing ? (counts[mark] as bigint) : counts.reduce((sum, count) => sum + count, 0n)
  return probability(numerator, denominator)
}

/**
 * As `exactTail`, in floating point: first dropping counts whose mass falls below ROUGH (a narrow window: the sums are
 * fast), which is near enough when the chance is large beside the mass dropped; else again down to NEGLIGIBLE.
 */
function floatTail(trials: readonly Trials[], mark: number, absorbing: boolean): number {
  const n = trials.reduce((sum, t) => sum + t.trials, 0)
  const rough = floatSums(trials, mark, absorbing, ROUGH)
  // The mass dropped is at most (n + 1) × the bound: a chance 1e10 times that is within 1e-10 of itself.
  if (rough >= (n + 1) * ROUGH * 1e10) return rough
  return floatSums(trials, mark, absorbing, NEGLIGIBLE)
}

/**
 * The sums of `exactTail` over the window of counts still holding mass: a count whose mass falls below `drop` at
 * either end of the window is dropped (a count's mass never grows past the mass it came from, so what is dropped
 * bounds the error).
 */
function floatSums(trials: readonly Trials[], mark: number, absorbing: boolean, drop: number): number {
  const mass = new Float64Array(mark + 1)
  mass[0] = 1
  let low = 0
  let high = 0
  for (const { value: p, trials: many } of trials) {
    const q = 1 - p
    for (let t = 0; t < many; t++) {
      let j = high + 1
      if (j > mark) {
        mass[mark] = (mass[mark] as number) * (absorbing ? 1 : q) + (mass[mark - 1] as number) * p
        j = mark - 1
      } else {
        mass[j] = (mass[high] as number) * p
        high = j
        j -= 1
      }
      for (; j > low; j--) mass[j] = (mass[j] as number) * q + (mass[j - 1] as number) * p
      if (j === low) mass[low] = (mass[low] as number) * q
      while (low < high && (mass[low] as number) < drop) mass[low++] = 0
      while (high > low && (mass[high] as number) < drop && !(absorbing && high === mark)) mass[high--] = 0
    }
  }
  if (absorbing) return mass[mark] as number
  let sum = 0
  for (let j = low; j <= high; j++) sum += mass[j] as number
  return Math.min(1, sum)
}
