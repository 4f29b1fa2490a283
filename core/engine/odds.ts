import { ArbiterError } from '../events/errors.js'

/**
 * The odds of a dice request before it is rolled: the chance one die succeeds, the expected
 * number of successes, and the chance of at least k successes for every k from 0 to the count.
 *
 * Exact: every probability is a fraction of BigInts (`exact`, in lowest terms, e.g. "15/16"),
 * summed from the binomial distribution without rounding; `value` is that fraction as a number,
 * for display (within 1e-15 of it). Pure, so a report or the renderer can use it.
 */
export interface DiceOddsRequest {
  /** How many dice are rolled. */
  readonly count: number
  /** Faces per die (6 by default). */
  readonly sides?: number
  /**
   * The score each die needs (4 for "4+"); a need above the highest face succeeds only on
   * `naturalSixSucceeds`; null or absent when no score applies (then no die succeeds).
   */
  readonly need?: number | null
  /** Dice re-rolled once: the failed ones ("re-roll failed hits"), the successful ones, or none. */
  readonly reroll?: 'failed' | 'successful' | null
  /** A natural 1 fails whatever the need (to hit, armour saves). */
  readonly naturalOneFails?: boolean
  /** A natural 6 (the highest face) succeeds whatever the need. */
  readonly naturalSixSucceeds?: boolean
}

export interface Probability {
  /** The fraction in lowest terms: "1/2", "0", "1". */
  readonly exact: string
  readonly value: number
}

export interface DiceOdds {
  readonly count: number
  /** The chance one die succeeds, re-roll included. */
  readonly perDie: Probability
  /** The expected number of successes (count × perDie). */
  readonly expected: Probability
  /** `atLeast[k]`: the chance of k or more successes, for k = 0 … count. */
  readonly atLeast: readonly Probability[]
}

/** More dice than any table rolls at once; the exact sums grow with the count. */
export const MAX_ODDS_DICE = 500

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a
  let y = b
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

const DIGITS = 10n ** 18n

/** `numerator / denominator` as a number: the integer part, then 18 decimal digits of the rest. */
function toNumber(numerator: bigint, denominator: bigint): number {
  const whole = numerator / denominator
  const rest = ((numerator % denominator) * DIGITS) / denominator
  return Number(whole) + Number(rest) / 1e18
}

function probability(numerator: bigint, denominator: bigint): Probability {
  const divisor = gcd(numerator, denominator)
  const n = numerator / divisor
  const d = denominator / divisor
  return { exact: d === 1n ? String(n) : `${n}/${d}`, value: toNumber(n, d) }
}

function checkRequest(request: DiceOddsRequest): void {
  const { count, sides = 6, need } = request
  if (!Number.isInteger(count) || count < 0 || count > MAX_ODDS_DICE)
    throw new ArbiterError(
      'engine/bad-odds',
      `odds: count must be a whole number of dice from 0 to ${MAX_ODDS_DICE}, not ${count}`,
    )
  if (!Number.isInteger(sides) || sides < 2 || sides > 100)
    throw new ArbiterError('engine/bad-odds', `odds: sides must be a whole number from 2 to 100, not ${sides}`)
  if (need !== undefined && need !== null && !Number.isInteger(need))
    throw new ArbiterError('engine/bad-odds', `odds: need must be a whole score (4 for 4+), not ${need}`)
}

/** Faces (of `sides`) on which one die succeeds before any re-roll. */
function succeedingFaces(request: DiceOddsRequest): number {
  const sides = request.sides ?? 6
  const need = request.need ?? null
  let faces = 0
  for (let face = 1; face <= sides; face++) {
    let success = need !== null && face >= need
    if (face === 1 && request.naturalOneFails) success = false
    else if (face === sides && request.naturalSixSucceeds) success = true
    faces += success ? 1 : 0
  }
  return faces
}

export function diceOdds(request: DiceOddsRequest): DiceOdds {
  checkRequest(request)
  const sides = BigInt(request.sides ?? 6)
  const faces = BigInt(succeedingFaces(request))
  // One die as a fraction a / d: re-rolled once, its chance is over sides² outcomes.
  let a: bigint
  let d: bigint
  if (request.reroll === 'failed') {
    a = faces * sides + (sides - faces) * faces
    d = sides * sides
  } else if (request.reroll === 'successful') {
    a = faces * faces
    d = sides * sides
  } else {
    a = faces
    d = sides
  }
  const n = request.count
  const b = d - a
  // P(X = j) = C(n, j) a^j b^(n-j) / d^n, all over the one denominator d^n.
  const denominator = d ** BigInt(n)
  const exactly: bigint[] = []
  let binomial = 1n
  for (let j = 0; j <= n; j++) {
    if (j > 0) binomial = (binomial * BigInt(n - j + 1)) / BigInt(j)
    exactly.push(binomial * a ** BigInt(j) * b ** BigInt(n - j))
  }
  const atLeast: Probability[] = new Array(n + 1)
  let tail = 0n
  for (let k = n; k >= 0; k--) {
    tail += exactly[k]!
    atLeast[k] = probability(tail, denominator)
  }
  return {
    count: n,
    perDie: probability(a, d),
    expected: probability(BigInt(n) * a, d),
    atLeast,
  }
}

/**
 * The odds of an open dice request: its count, sides and need, with what the request itself does
 * not carry (a re-roll the table has, the natural 1 and 6 rules of the roll) given by the caller.
 */
export function requestOdds(
  request: { readonly count: number; readonly sides: number; readonly need?: number },
  rules: Pick<DiceOddsRequest, 'reroll' | 'naturalOneFails' | 'naturalSixSucceeds'> = {},
): DiceOdds {
  return diceOdds({ count: request.count, sides: request.sides, need: request.need ?? null, ...rules })
}
