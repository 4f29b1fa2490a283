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

/** Trials and their successes, gathered roll by roll, then tallied. */
export class LuckCounter {
  private readonly groups = new Map<string, TrialGroup>()
  trials = 0
  actual = 0

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

/** The sum of every trial's chance, exact: over the product of the (few) denominators, reduced when shown. */
function expectedOf(groups: readonly TrialGroup[]): Fraction {
  let numerator = 0n
  let denominator = 1n
  for (const { chance, trials } of groups) {
    numerator = numerator * chance.denominator + BigInt(trials) * chance.numerator * denominator
    denominator *= chance.denominator
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
 * As `exactTail`, in floating point: the distribution of the count, group by group (each group's binomial
 * convolved into the rest), its negligible ends dropped, first below ROUGH (a narrow window: fast), which is near
 * enough when the chance is large beside the mass dropped; else again down to NEGLIGIBLE.
 */
function floatTail(trials: readonly Trials[], mark: number, absorbing: boolean): number {
  const rough = floatSums(trials, mark, absorbing, ROUGH)
  // Within 1e-10 of itself when 1e10 times the mass dropped.
  if (rough.value >= rough.dropped * 1e10) return rough.value
  return floatSums(trials, mark, absorbing, NEGLIGIBLE).value
}

/** A distribution over counts `low`, `low + 1`...: `mass[i]` the chance of `low + i`. */
interface Window {
  readonly low: number
  readonly mass: Float64Array
}

/**
 * The tail of the count's distribution, at least `mark` (`absorbing`) or at most it, with a bound on the mass
 * dropped on the way (each count dropped held less than `drop`).
 */
function floatSums(
  trials: readonly Trials[],
  mark: number,
  absorbing: boolean,
  drop: number,
): { value: number; dropped: number } {
  let dropped = 0
  let whole: Window = { low: 0, mass: Float64Array.of(1) }
  for (const { value, trials: many } of trials) {
    const group = binomialWindow(many, value, drop)
    dropped += drop * (many + 1 - group.mass.length)
    const sums = convolved(whole, group)
    whole = trimmed(sums, drop)
    dropped += drop * (sums.mass.length - whole.mass.length)
  }
  let value = 0
  whole.mass.forEach((mass, i) => {
    const count = whole.low + i
    if (absorbing ? count >= mark : count <= mark) value += mass
  })
  return { value: Math.min(1, value), dropped }
}

/**
 * The binomial distribution of `trials` trials of chance `p` (0 < p < 1), outwards from its mode by the ratio of
 * neighbouring terms, as far as terms of at least `drop` (relative to the mode's); then scaled to sum to 1.
 */
function binomialWindow(trials: number, p: number, drop: number): Window {
  const odds = p / (1 - p)
  const mode = Math.min(trials, Math.floor((trials + 1) * p))
  const above: number[] = []
  let term = 1
  for (let k = mode; k < trials; k++) {
    term *= ((trials - k) / (k + 1)) * odds
    if (term < drop) break
    above.push(term)
  }
  const below: number[] = []
  term = 1
  for (let k = mode; k > 0; k--) {
    term *= k / (trials - k + 1) / odds
    if (term < drop) break
    below.push(term)
  }
  const mass = new Float64Array(below.length + 1 + above.length)
  below.forEach((value, i) => {
    mass[below.length - 1 - i] = value
  })
  mass[below.length] = 1
  above.forEach((value, i) => {
    mass[below.length + 1 + i] = value
  })
  const total = mass.reduce((sum, value) => sum + value, 0)
  for (let i = 0; i < mass.length; i++) mass[i] = (mass[i] as number) / total
  return { low: mode - below.length, mass }
}

function convolved(a: Window, b: Window): Window {
  const mass = new Float64Array(a.mass.length + b.mass.length - 1)
  for (let i = 0; i < a.mass.length; i++) {
    const x = a.mass[i] as number
    for (let j = 0; j < b.mass.length; j++) mass[i + j] = (mass[i + j] as number) + x * (b.mass[j] as number)
  }
  return { low: a.low + b.low, mass }
}

/** The window without its ends below `drop`. */
function trimmed(window: Window, drop: number): Window {
  let first = 0
  let last = window.mass.length - 1
  while (first < last && (window.mass[first] as number) < drop) first++
  while (last > first && (window.mass[last] as number) < drop) last--
  return { low: window.low + first, mass: window.mass.subarray(first, last + 1) }
}
