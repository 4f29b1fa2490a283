import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type DiceJudging, type RollOdds, rollOdds, type TotalJudging } from '../../core/api/odds.js'

/**
 * The odds of every kind of dice request, by the judging the request carries: values worked out by hand (the
 * arithmetic beside each), then properties over any judging: the distribution sums to exactly 1, "at least" never
 * rises, and small rolls match a brute-force count of every face combination.
 */
const odds = (count: number, odds: DiceJudging, sides = 6) => rollOdds({ count, sides, odds }) as RollOdds
const atLeast = (result: RollOdds) => Object.fromEntries(result.atLeast.map((a) => [a.value, a.chance.exact]))
const each = (need: number | null, rest: Partial<Extract<DiceJudging, { kind: 'each-die' }>> = {}): DiceJudging => ({
  kind: 'each-die',
  need,
  naturalOneFails: false,
  naturalSixSucceeds: false,
  reroll: null,
  ...rest,
})
const doubles: TotalJudging['naturals'] = [
  { face: 1, count: 2, passes: true },
  { face: 6, count: 2, passes: false },
]

describe('odds worked out by hand', () => {
  it('3 dice at 4+, failed ones re-rolled: at least 2 is 27/32', () => {
    // p = 1/2 + 1/2 x 1/2 = 3/4. P(>= 2) = 3 x (3/4)^2 x 1/4 + (3/4)^3 = 27/64 + 27/64 = 54/64 = 27/32.
    const result = odds(3, each(4, { reroll: 'failed' }))
    expect(result.atLeast[2]?.chance.exact).toBe('27/32')
    expect(result.perDie?.exact).toBe('3/4')
    // 3 x 3/4 = 9/4.
    expect(result.expected.exact).toBe('9/4')
    expect(result.pass).toBeNull()
  })

  it('7+ to hit: a 6, then 4+ on a second die: 1/6 x 1/2 = 1/12 a die', () => {
    const result = odds(2, each(6, { naturalOneFails: true, secondNeed: 4 }))
    expect(result.perDie?.exact).toBe('1/12')
    // At least one of two: 1 - (11/12)^2 = 23/144; both: 1/144.
    expect(atLeast(result)).toEqual({ 0: '1', 1: '23/144', 2: '1/144' })
    // 9+: a 6 then a 6: 1/36.
    expect(odds(1, each(6, { naturalOneFails: true, secondNeed: 6 })).perDie?.exact).toBe('1/36')
  })

  it('close combat: a natural 6 hits whatever the need, a natural 1 misses whatever the need', () => {
    // Need 7 with a natural 6: 1/6; need 1 with a natural 1 failing: 5/6.
    expect(odds(1, each(7, { naturalSixSucceeds: true })).perDie?.exact).toBe('1/6')
    expect(odds(1, each(1, { naturalOneFails: true })).perDie?.exact).toBe('5/6')
    // Without the natural 6 a 7+ never succeeds (the odds panel once showed this 0% for every 7+).
    expect(odds(1, each(7)).perDie?.exact).toBe('0')
  })

  it('2D6 at or under 7: 21/36 = 7/12, doubles or not (a double 1 passes anyway, a double 6 fails anyway)', () => {
    // Totals 2..7 come up 1 + 2 + 3 + 4 + 5 + 6 = 21 ways of 36.
    expect(odds(2, { kind: 'total', pass: { atMost: 7 } }).pass?.exact).toBe('7/12')
    expect(odds(2, { kind: 'total', pass: { atMost: 7 }, naturals: doubles }).pass?.exact).toBe('7/12')
  })

  it('the doubles decide at the edges: Ld 1 passes only on a double 1 (1/36); 12 or less fails only on a double 6', () => {
    expect(odds(2, { kind: 'total', pass: { atMost: 1 }, naturals: doubles }).pass?.exact).toBe('1/36')
    expect(odds(2, { kind: 'total', pass: { atMost: 1 } }).pass?.exact).toBe('0')
    // 36 - 1 = 35 ways.
    expect(odds(2, { kind: 'total', pass: { atMost: 12 }, naturals: doubles }).pass?.exact).toBe('35/36')
  })

  it('a classic break test on 3: 2D6 <= 3 is 3/36 = 1/12, the double 1 among them; on -2 only the double 1 passes', () => {
    const breakTest = (target: number): DiceJudging => ({
      kind: 'total',
      pass: { atMost: target },
      naturals: [{ face: 1, count: 2, passes: true }],
    })
    expect(odds(2, breakTest(3)).pass?.exact).toBe('1/12')
    expect(odds(2, breakTest(-2)).pass?.exact).toBe('1/36')
  })

  it('a rally below a quarter passes on a double 1 only: 1/36', () => {
    const only: DiceJudging = { kind: 'total', pass: { never: true }, naturals: [{ face: 1, count: 2, passes: true }] }
    expect(odds(2, only).pass?.exact).toBe('1/36')
  })

  it('The Old World break test, Ld 8, lost by 2: gives ground 15/36, breaks 10/36, falls back the other 11/36', () => {
    // Gives ground: 2D6 + 2 <= 8, 2D6 <= 6: 1 + 2 + 3 + 4 + 5 = 15 ways (the double 1 among them).
    // Breaks: a natural 2D6 above 8: 4 + 3 + 2 + 1 = 10 ways (the double 6 among them).
    const result = odds(2, { kind: 'total', pass: { atMost: 8 }, add: 2, naturals: doubles, worseAbove: 8 })
    expect([result.pass?.exact, result.worse?.exact]).toEqual(['5/12', '5/18'])
  })

  it('The Old World charge, M5 against 9": the higher of 2D6 must be 4 or more, 1 - (3/6)^2 = 27/36', () => {
    const charge: DiceJudging = { kind: 'total', keep: { which: 'highest', count: 1 }, add: 5, pass: { atLeast: 9 } }
    expect(odds(2, charge).pass?.exact).toBe('3/4')
    // Through difficult terrain the lower die: both 4 or more, (3/6)^2 = 1/4.
    expect(odds(2, { ...charge, keep: { which: 'lowest', count: 1 } }).pass?.exact).toBe('1/4')
    // 7.5" needs a range of 8: the higher die 3 or more, 1 - (2/6)^2 = 8/9.
    expect(odds(2, { ...charge, pass: { atLeast: 7.5 } }).pass?.exact).toBe('8/9')
  })

  it('classic-8th charge, M4 against 10": 2D6 >= 6 is 26/36 = 13/18', () => {
    // 2D6 <= 5: 1 + 2 + 3 + 4 = 10 ways; 36 - 10 = 26.
    expect(odds(2, { kind: 'total', add: 4, pass: { atLeast: 10 } }).pass?.exact).toBe('13/18')
  })

  it('D3 counts: 2D3 + 2 (Stomp Attacks D3+1, two models) is 4 to 8, at least 6 with 6/9', () => {
    // 2D3 totals 2, 3, 4, 5, 6 come up 1, 2, 3, 2, 1 ways of 9; + 2: 4..8; at least 6: (3 + 2 + 1)/9.
    const result = odds(2, { kind: 'total', add: 2 }, 3)
    expect(atLeast(result)).toEqual({ 4: '1', 5: '8/9', 6: '2/3', 7: '1/3', 8: '1/9' })
    // 2 x 2 + 2 = 6.
    expect(result.expected.exact).toBe('6')
    expect(result.pass).toBeNull()
  })

  it('a flee of 3D6: on average 21/2; at least 10 with 135/216 = 5/8', () => {
    // 3D6 >= 11 is half by symmetry (108/216); 3D6 = 10 comes up 27 ways: 135/216.
    const result = odds(3, { kind: 'total' })
    expect(result.expected.exact).toBe('21/2')
    expect(atLeast(result)[10]).toBe('5/8')
    // The higher of 2D6 (fall back in good order): on average (1 + 3x2 + 5x3 + 7x4 + 9x5 + 11x6)/36 = 161/36.
    expect(odds(2, { kind: 'total', keep: { which: 'highest', count: 1 } }).expected.exact).toBe('161/36')
  })

  it('an Initiative test on I 3: a 1 passes, a 6 fails, else 3 or less: 3/6; I 0 never passes', () => {
    const test = (i: number): DiceJudging => ({
      kind: 'total',
      pass: { atMost: i },
      naturals: [{ face: 6, count: 1, passes: false }, ...(i > 0 ? [{ face: 1, count: 1, passes: true }] : [])],
    })
    expect(odds(1, test(3)).pass?.exact).toBe('1/2')
    expect(odds(1, test(7)).pass?.exact).toBe('5/6')
    expect(odds(1, test(0)).pass?.exact).toBe('0')
  })

  it('casting: The Old World 2D6 + 2 against 14+ only on a double 6 (1/36); classic 3 dice against 14+ with two 6s', () => {
    const oldWorld: DiceJudging = {
      kind: 'total',
      add: 2,
      pass: { atLeast: 14 },
      naturals: [
        { face: 1, count: 2, passes: false },
        { face: 6, count: 2, passes: true },
      ],
    }
    expect(odds(2, oldWorld).pass?.exact).toBe('1/36')
    // Classic (7th): 3D6 >= 14 is 35/216; two 6s and a 1 (6 + 6 + 1 = 13) are Irresistible too: 3 more ways.
    // Two 1s never reach 14. (35 + 3)/216 = 38/216 = 19/108.
    const classic: DiceJudging = {
      kind: 'total',
      pass: { atLeast: 14 },
      naturals: [
        { face: 6, count: 2, passes: true },
        { face: 1, count: 2, passes: false },
      ],
    }
    expect(odds(3, classic).pass?.exact).toBe('19/108')
    // classic-8th, one die + Level 2 against 4+: a natural 2 or less fails: only 3..6 pass, 4/6.
    expect(odds(1, { kind: 'total', add: 2, pass: { atLeast: 4 }, naturalAtMostFails: 2 }).pass?.exact).toBe('2/3')
  })

  it('a request that does not say how it is judged has no odds; a bad judging is refused, naming the field', () => {
    expect(rollOdds({ count: 2, sides: 6 })).toBeNull()
    expect(() => odds(2, { kind: 'total', keep: { which: 'highest', count: 3 } })).toThrow(/keep must name from 1 to 2/)
    expect(() => odds(2, { kind: 'total', naturals: [{ face: 7, count: 2, passes: true }] })).toThrow(/face/)
    expect(() => odds(2, { kind: 'total', pass: { atLeast: Number.NaN } })).toThrow(/pass.atLeast/)
    expect(() => odds(101, { kind: 'total' })).toThrow(/count must be a whole number of dice from 0 to 100/)
    expect(() => odds(2, each(3.5))).toThrow(/need/)
  })
})

/** Every combination of `count` faces of `sides`. */
function* combinations(count: number, sides: number): Generator<number[]> {
  if (count === 0) {
    yield []
    return
  }
  for (const rest of combinations(count - 1, sides)) for (let face = 1; face <= sides; face++) yield [...rest, face]
}

/** A total judging read straight from its documentation, one face combination at a time. */
function judgeFaces(
  judging: TotalJudging,
  faces: number[],
): { total: number; verdict: 'pass' | 'fail' | 'worse' | 'none' } {
  const sorted = [...faces].sort((x, y) => (judging.keep?.which === 'lowest' ? x - y : y - x))
  const kept = judging.keep ? sorted.slice(0, judging.keep.count) : faces
  const dice = kept.reduce((sum, face) => sum + face, 0)
  const total = dice + (judging.add ?? 0)
  const natural = (judging.naturals ?? []).find((n) => faces.filter((face) => face === n.face).length >= n.count)
  if (natural) return { total, verdict: natural.passes ? 'pass' : judging.worseAbove === undefined ? 'fail' : 'worse' }
  if (judging.naturalAtMostFails !== undefined && dice <= judging.naturalAtMostFails) return { total, verdict: 'fail' }
  if (judging.worseAbove !== undefined && dice > judging.worseAbove) return { total, verdict: 'worse' }
  const pass = judging.pass
  if (!pass) return { total, verdict: 'none' }
  if ('never' in pass) return { total, verdict: 'fail' }
  if ('atMost' in pass) return { total, verdict: total <= pass.atMost ? 'pass' : 'fail' }
  return { total, verdict: total >= pass.atLeast ? 'pass' : 'fail' }
}

const fraction = (ways: number, all: number) => {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
  const g = gcd(ways, all) || 1
  return all / g === 1 ? String(ways / g) : `${ways / g}/${all / g}`
}

const totalJudging = fc.record(
  {
    kind: fc.constant('total' as const),
    keep: fc.record({
      which: fc.constantFrom('highest' as const, 'lowest' as const),
      count: fc.integer({ min: 1, max: 2 }),
    }),
    add: fc.integer({ min: -3, max: 8 }),
    pass: fc.oneof(
      fc.record({ atMost: fc.integer({ min: -2, max: 20 }) }),
      fc.record({ atLeast: fc.integer({ min: -2, max: 24 }) }),
      fc.constant({ never: true as const }),
    ),
    naturals: fc.array(
      fc.record({ face: fc.integer({ min: 1, max: 6 }), count: fc.integer({ min: 1, max: 3 }), passes: fc.boolean() }),
      { maxLength: 2 },
    ),
    naturalAtMostFails: fc.integer({ min: 1, max: 4 }),
    worseAbove: fc.integer({ min: 0, max: 14 }),
  },
  { requiredKeys: ['kind'] },
)

describe('odds of any judging (property)', () => {
  it('every distribution sums to exactly 1, at least never rises, and the tests are chances', () => {
    const eachJudging = fc.record({
      kind: fc.constant('each-die' as const),
      need: fc.option(fc.integer({ min: 0, max: 8 })),
      naturalOneFails: fc.boolean(),
      naturalSixSucceeds: fc.boolean(),
      reroll: fc.constantFrom('failed' as const, 'successful' as const, null),
      secondNeed: fc.option(fc.integer({ min: 2, max: 6 }), { nil: undefined }),
    })
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom(3, 6),
        fc.oneof(eachJudging, totalJudging),
        (count, sides, judging) => {
          const keep = judging.kind === 'total' ? judging.keep : undefined
          if (keep && keep.count > count) return
          const fair: DiceJudging =
            judging.kind === 'total'
              ? { ...judging, naturals: (judging.naturals ?? []).filter((n) => n.face <= sides) }
              : judging
          const result = odds(count, fair, sides)
          // P(X = v) = P(X >= v) - P(X >= v + 1): the exact fractions, summed, are 1.
          expect(result.atLeast[0]?.chance.exact).toBe('1')
          for (let i = 1; i < result.atLeast.length; i++) {
            const [before, now] = [result.atLeast[i - 1], result.atLeast[i]]
            expect(now!.value).toBeGreaterThan(before!.value)
            expect(now!.chance.value).toBeLessThanOrEqual(before!.chance.value)
          }
          // A total lists only the totals that can come up; successes list every count from 0 to the dice.
          if (result.kind === 'total') expect(result.atLeast.at(-1)!.chance.value).toBeGreaterThan(0)
          else expect(result.atLeast).toHaveLength(count + 1)
          const pass = result.pass?.value ?? 0
          const worse = result.worse?.value ?? 0
          expect(pass).toBeGreaterThanOrEqual(0)
          expect(pass + worse).toBeLessThanOrEqual(1 + 1e-12)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('small totals match a brute-force count of every face combination, judged as the judging documents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.constantFrom(3, 6), totalJudging, (count, sides, judging) => {
        const naturals = (judging.naturals ?? []).filter((n) => n.face <= sides)
        const fair: TotalJudging = { ...judging, naturals }
        if (fair.keep && fair.keep.count > count) return
        const result = odds(count, fair, sides)
        const all = sides ** count
        const ways = new Map<number, number>()
        let passes = 0
        let worse = 0
        for (const faces of combinations(count, sides)) {
          const { total, verdict } = judgeFaces(fair, faces)
          ways.set(total, (ways.get(total) ?? 0) + 1)
          if (verdict === 'pass') passes += 1
          if (verdict === 'worse') worse += 1
        }
        const values = [...ways.keys()].sort((x, y) => x - y)
        expect(result.atLeast.map((a) => a.value)).toEqual(values)
        for (const { value, chance } of result.atLeast) {
          const tail = values.filter((v) => v >= value).reduce((sum, v) => sum + (ways.get(v) ?? 0), 0)
          expect(chance.exact).toBe(fraction(tail, all))
        }
        if (result.pass) expect(result.pass.exact).toBe(fraction(passes, all))
        if (result.worse) expect(result.worse.exact).toBe(fraction(worse, all))
      }),
      { numRuns: 300 },
    )
  })
})
