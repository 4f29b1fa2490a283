import { ArbiterError } from '../events/errors.js'
import { totalDistribution } from './odds-totals.js'
import type { DiceJudging, EachDieJudging, TotalJudging } from './types.js'

/**
 * The odds of a dice request before it is rolled, worked out from how the procedure that asks it will judge the
 * faces (the request's `odds`, a `DiceJudging`): the chance to pass a test, the expected successes or total, and
 * the chance of at least each count.
 *
 * Exact: every probability is a fraction of BigInts (`exact`, in lowest terms, e.g. "15/16"), summed without
 * rounding; `value` is that fraction as a number, for display (within 1e-15 of it). Pure, so a report or the
 * renderer can use it (through core/api).
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
  /** Each success rolls a second die that must score this, judged with the same naturals, never re-rolled (7+). */
  readonly secondNeed?: number | null
}

export interface Probability {
  /** The fraction in lowest terms: "1/2", "0", "1". */
  readonly exact: string
  readonly value: number
}

export interface DiceOdds {
  readonly count: number
  /** The chance one die succeeds, re-roll (and a 7+'s second die) included. */
  readonly perDie: Probability
  /** The expected number of successes (count × perDie). */
  readonly expected: Probability
  /** `atLeast[k]`: the chance of k or more successes, for k = 0 … count. */
  readonly atLeast: readonly Probability[]
}

/** The chance of at least `value`: successes, or a total. */
export interface AtLeast {
  readonly value: number
  readonly chance: Probability
}

/** The odds of an open dice request, whatever it asks. */
export interface RollOdds {
  /** What is counted: the dice that succeed (to hit, saves), or what the dice add up to (a test, a range, D3 hits). */
  readonly kind: 'successes' | 'total'
  /** How many dice, and of how many sides. */
  readonly count: number
  readonly sides: number
  /** Each die's chance to succeed (successes only), re-roll and a 7+'s second die included. */
  readonly perDie: Probability | null
  /** The expected number of successes, or the expected total (what is added included). */
  readonly expected: Probability
  /** The chance of at least each value, from the least possible to the most, in order. */
  readonly atLeast: readonly AtLeast[]
  /** A test's chance to pass (natural rolls included); null when the roll is only a count. */
  readonly pass: Probability | null
  /** A graded test's chance to fail the worse way (`worseAbove`); null when it has no such grade. */
  readonly worse: Probability | null
}

/** More dice than any table rolls at once; the exact sums grow with the count. */
export const MAX_ODDS_DICE = 500
/** Totals are summed die by die over every total and natural count reached: fewer dice. */
export const MAX_TOTAL_DICE = 100

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a
  let y = b
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

const DIGITS = 10n ** 18n

/** `numerator / denominator` as a number: the integer part, then 18 decimal digits of the rest. */
function toNumber(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n
  const n = negative ? -numerator : numerator
  const whole = n / denominator
  const rest = ((n % denominator) * DIGITS) / denominator
  const value = Number(whole) + Number(rest) / 1e18
  return negative ? -value : value
}

/** The fraction `numerator / denominator` in lowest terms, exact and as a number. */
export function probability(numerator: bigint, denominator: bigint): Probability {
  const divisor = gcd(numerator, denominator)
  const n = numerator / divisor
  const d = denominator / divisor
  return { exact: d === 1n ? String(n) : `${n}/${d}`, value: toNumber(n, d) }
}

function badOdds(message: string): never {
  throw new ArbiterError('engine/bad-odds', `odds: ${message}`)
}

function checkDice(count: number, sides: number, most: number): void {
  if (!Number.isInteger(count) || count < 0 || count > most)
    badOdds(`count must be a whole number of dice from 0 to ${most}, not ${count}`)
  if (!Number.isInteger(sides) || sides < 2 || sides > 100)
    badOdds(`sides must be a whole number from 2 to 100, not ${sides}`)
}

function checkScore(name: string, value: number | null | undefined, what: string): void {
  if (value !== undefined && value !== null && !Number.isInteger(value))
    badOdds(`${name} must be ${what}, not ${value}`)
}

/** A mark a total is compared with may be any number (a charge of 7.5" needs a range of 8). */
function checkMark(name: string, value: number | undefined): void {
  if (value !== undefined && !Number.isFinite(value)) badOdds(`${name} must be a number, not ${value}`)
}

/** Faces (of `sides`) on which one die succeeds before any re-roll. */
function succeedingFaces(sides: number, need: number | null, naturalOneFails: boolean, naturalSix: boolean): number {
  let faces = 0
  for (let face = 1; face <= sides; face++) {
    let success = need !== null && face >= need
    if (face === 1 && naturalOneFails) success = false
    else if (face === sides && naturalSix) success = true
    faces += success ? 1 : 0
  }
  return faces
}

export function diceOdds(request: DiceOddsRequest): DiceOdds {
  const { count: n, sides: sideCount = 6, need = null, secondNeed = null } = request
  checkDice(n, sideCount, MAX_ODDS_DICE)
  checkScore('need', need, 'a whole score (4 for 4+)')
  checkScore('secondNeed', secondNeed, 'a whole score for the second die')
  const one = request.naturalOneFails ?? false
  const six = request.naturalSixSucceeds ?? false
  const sides = BigInt(sideCount)
  const faces = BigInt(succeedingFaces(sideCount, need, one, six))
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
  if (secondNeed !== null) {
    // A success only counts once its second die scores `secondNeed` too: the dice stay independent.
    a *= BigInt(succeedingFaces(sideCount, secondNeed, one, six))
    d *= sides
  }
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
    tail += exactly[k] as bigint
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
 * The odds of an open dice request: its count, sides and need, with the re-roll it names and what the request
 * does not carry (the natural 1 and 6 rules of the roll) given by the caller. `rollOdds` reads them all from
 * the request's own `odds`.
 */
export function requestOdds(
  request: {
    readonly count: number
    readonly sides: number
    readonly need?: number
    readonly reroll?: 'failed' | 'successful'
  },
  rules: Pick<DiceOddsRequest, 'reroll' | 'naturalOneFails' | 'naturalSixSucceeds'> = {},
): DiceOdds {
  return diceOdds({
    count: request.count,
    sides: request.sides,
    need: request.need ?? null,
    reroll: request.reroll ?? null,
    ...rules,
  })
}

/** What `rollOdds` reads of a dice request. */
export interface OddsOfRequest {
  readonly count: number
  readonly sides: number
  readonly odds?: DiceJudging
}

/**
 * The odds of a dice request as its procedure will judge it (`odds`, set where the request is yielded); null for
 * a request that does not say how it is judged (then nothing is guessed).
 */
export function rollOdds(request: OddsOfRequest): RollOdds | null {
  const judging = request.odds
  if (!judging) return null
  if (judging.kind === 'each-die') return successOdds(request.count, request.sides, judging)
  if (judging.kind === 'total') return totalOdds(request.count, request.sides, judging)
  return badOdds(`unknown judging "${(judging as { kind: unknown }).kind}"`)
}

function successOdds(count: number, sides: number, judging: EachDieJudging): RollOdds {
  const odds = diceOdds({
    count,
    sides,
    need: judging.need,
    reroll: judging.reroll,
    naturalOneFails: judging.naturalOneFails,
    naturalSixSucceeds: judging.naturalSixSucceeds,
    secondNeed: judging.secondNeed ?? null,
  })
  return {
    kind: 'successes',
    count,
    sides,
    perDie: odds.perDie,
    expected: odds.expected,
    atLeast: odds.atLeast.map((chance, value) => ({ value, chance })),
    pass: null,
    worse: null,
  }
}

function totalOdds(count: number, sides: number, judging: TotalJudging): RollOdds {
  checkDice(count, sides, MAX_TOTAL_DICE)
  const keep = judging.keep
  if (keep && (!Number.isInteger(keep.count) || keep.count < 1 || keep.count > count))
    badOdds(`keep must name from 1 to ${count} dice, not ${keep.count}`)
  checkScore('add', judging.add, 'a whole number')
  checkMark('worseAbove', judging.worseAbove)
  checkMark('naturalAtMostFails', judging.naturalAtMostFails)
  const pass = judging.pass
  if (pass && 'atMost' in pass) checkMark('pass.atMost', pass.atMost)
  if (pass && 'atLeast' in pass) checkMark('pass.atLeast', pass.atLeast)
  for (const natural of judging.naturals ?? []) {
    if (!Number.isInteger(natural.face) || natural.face < 1 || natural.face > sides)
      badOdds(`a natural roll's face must be from 1 to ${sides}, not ${natural.face}`)
    if (!Number.isInteger(natural.count) || natural.count < 1)
      badOdds(`a natural roll's count must be a whole number of dice, not ${natural.count}`)
  }
  const { totals, passes, worse, denominator } = totalDistribution(count, sides, judging)
  const values = [...totals.keys()].sort((x, y) => x - y)
  const atLeast: AtLeast[] = new Array(values.length)
  let tail = 0n
  let sum = 0n
  for (let i = values.length - 1; i >= 0; i--) {
    const value = values[i] as number
    const ways = totals.get(value) as bigint
    tail += ways
    sum += ways * BigInt(value)
    atLeast[i] = { value, chance: probability(tail, denominator) }
  }
  const tested = pass !== undefined || (judging.naturals?.length ?? 0) > 0
  return {
    kind: 'total',
    count,
    sides,
    perDie: null,
    expected: probability(sum, denominator),
    atLeast,
    pass: tested ? probability(passes, denominator) : null,
    worse: judging.worseAbove === undefined ? null : probability(worse, denominator),
  }
}
