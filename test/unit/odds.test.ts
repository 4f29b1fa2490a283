import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diceOdds, requestOdds } from '../../core/engine/odds.js'

const exact = (odds: ReturnType<typeof diceOdds>) => ({
  perDie: odds.perDie.exact,
  expected: odds.expected.exact,
  atLeast: odds.atLeast.map((p) => p.exact),
})

describe('dice odds', () => {
  it('one die, 4+: an even chance', () => {
    expect(exact(diceOdds({ count: 1, need: 4 }))).toEqual({ perDie: '1/2', expected: '1/2', atLeast: ['1', '1/2'] })
  })

  it('two dice, 4+: 3/4 for one or more, 1/4 for both', () => {
    expect(exact(diceOdds({ count: 2, need: 4 }))).toEqual({
      perDie: '1/2',
      expected: '1',
      atLeast: ['1', '3/4', '1/4'],
    })
  })

  it('two dice, 4+, failed ones re-rolled once: 3/4 a die', () => {
    // P(die) = 1/2 + 1/2 · 1/2 = 3/4; both: 9/16; at least one: 1 - (1/4)² = 15/16.
    expect(exact(diceOdds({ count: 2, need: 4, reroll: 'failed' }))).toEqual({
      perDie: '3/4',
      expected: '3/2',
      atLeast: ['1', '15/16', '9/16'],
    })
  })

  it('three dice, 5+: the binomial by hand', () => {
    // p = 1/3: none (2/3)³ = 8/27; exactly two 3 · (1/3)² · 2/3 = 6/27; three 1/27.
    expect(exact(diceOdds({ count: 3, need: 5 }))).toEqual({
      perDie: '1/3',
      expected: '1',
      atLeast: ['1', '19/27', '7/27', '1/27'],
    })
  })

  it('three dice, 5+, failed ones re-rolled: 5/9 a die', () => {
    // p = 1/3 + 2/3 · 1/3 = 5/9, q = 4/9: none 64/729; two 3 · 25/81 · 4/9 = 300/729; three 125/729.
    const odds = diceOdds({ count: 3, need: 5, reroll: 'failed' })
    expect(exact(odds)).toEqual({
      perDie: '5/9',
      expected: '5/3',
      atLeast: ['1', '665/729', '425/729', '125/729'],
    })
    expect(odds.atLeast[1]!.value).toBeCloseTo(665 / 729, 15)
  })

  it('successful dice re-rolled (a curse): a 4+ die keeps 1/4', () => {
    expect(diceOdds({ count: 1, need: 4, reroll: 'successful' }).perDie.exact).toBe('1/4')
  })

  it('fourteen dice to hit, 4+, failed ones re-rolled for Hatred: all fourteen is (3/4)^14', () => {
    const odds = diceOdds({ count: 14, need: 4, reroll: 'failed' })
    expect(odds.atLeast[14]!.exact).toBe('4782969/268435456')
    expect(odds.expected.exact).toBe('21/2')
    expect(odds.atLeast[14]!.value).toBeCloseTo(4782969 / 268435456, 15)
  })

  it('a 7+ needs the natural 6 rule: 1/6 with it, nothing without', () => {
    expect(diceOdds({ count: 2, need: 7, naturalSixSucceeds: true }).atLeast.map((p) => p.exact)).toEqual([
      '1',
      '11/36',
      '1/36',
    ])
    expect(diceOdds({ count: 2, need: 7 }).atLeast.map((p) => p.exact)).toEqual(['1', '0', '0'])
  })

  it('a natural 1 that always fails caps a 1+ at 5/6; no need means no success', () => {
    expect(diceOdds({ count: 1, need: 1, naturalOneFails: true }).perDie.exact).toBe('5/6')
    expect(diceOdds({ count: 1, need: 1 }).perDie.exact).toBe('1')
    expect(diceOdds({ count: 3, need: null }).expected.exact).toBe('0')
  })

  it('an open request: its count, sides and need, with the re-roll the caller names', () => {
    const request = { count: 2, sides: 6, need: 4 }
    expect(requestOdds(request).atLeast.map((p) => p.exact)).toEqual(['1', '3/4', '1/4'])
    expect(requestOdds(request, { reroll: 'failed' }).atLeast.map((p) => p.exact)).toEqual(['1', '15/16', '9/16'])
    expect(requestOdds({ count: 1, sides: 6 }).perDie.exact).toBe('0')
  })

  it('no dice: certain of zero', () => {
    expect(exact(diceOdds({ count: 0, need: 3 }))).toEqual({ perDie: '2/3', expected: '0', atLeast: ['1'] })
  })

  it('refuses a count, sides or need that is not a whole number, naming it', () => {
    expect(() => diceOdds({ count: -1, need: 4 })).toThrow(/count must be a whole number/)
    expect(() => diceOdds({ count: 2.5, need: 4 })).toThrow(/count/)
    expect(() => diceOdds({ count: 2, sides: 1, need: 4 })).toThrow(/sides/)
    expect(() => diceOdds({ count: 2, need: 3.5 })).toThrow(/need/)
  })

  it('any request: atLeast starts at 1, never rises, and sums to the expected successes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom('failed', 'successful', null),
        fc.boolean(),
        fc.boolean(),
        (count, need, reroll, naturalOneFails, naturalSixSucceeds) => {
          const odds = diceOdds({ count, need, reroll, naturalOneFails, naturalSixSucceeds })
          expect(odds.atLeast).toHaveLength(count + 1)
          expect(odds.atLeast[0]!.exact).toBe('1')
          for (let k = 1; k <= count; k++)
            expect(odds.atLeast[k]!.value).toBeLessThanOrEqual(odds.atLeast[k - 1]!.value)
          // E[X] = Σ_{k≥1} P(X ≥ k)
          const sum = odds.atLeast.slice(1).reduce((total, p) => total + p.value, 0)
          expect(sum).toBeCloseTo(odds.expected.value, 9)
        },
      ),
      { numRuns: 200 },
    )
  })
})
