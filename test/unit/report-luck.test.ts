import { describe, expect, it } from 'vitest'
import { rollOdds } from '../../core/engine/odds.js'
import type { DiceJudging, DiceRequestSpec, OpenRequest } from '../../core/engine/types.js'
import { explain } from '../../core/explain/explanation.js'
import { luckOf, rollLuckOf } from '../../core/report/luck.js'
import { LuckCounter } from '../../core/report/luck-tally.js'
import { rollKindOf } from '../../core/report/luck-words.js'
import type { RolledRequest } from '../../core/report/types.js'

/**
 * The luck of the dice (issue 19 item 2). Every figure below is worked out by hand in the comments: binomial and
 * Poisson-binomial tails of small cases, from the odds the engine shows before each roll.
 */

const PLAYERS = [
  { id: 'red', name: 'Red' },
  { id: 'blue', name: 'Blue' },
] as const

/** The judging of a to-hit roll in close combat (as the engine makes it: natural 1 fails, natural 6 hits). */
function toHit(need: number, extra: Partial<Extract<DiceJudging, { kind: 'each-die' }>> = {}): DiceJudging {
  return { kind: 'each-die', need, naturalOneFails: true, naturalSixSucceeds: true, reroll: null, ...extra }
}

/** An armour save's judging (a natural 1 always fails, no natural 6 rule). */
function save(need: number): DiceJudging {
  return { kind: 'each-die', need, naturalOneFails: true, naturalSixSucceeds: false, reroll: null }
}

interface Fixture {
  readonly purpose: string
  readonly odds?: DiceJudging
  readonly faces: readonly number[]
  readonly seq: number
  readonly roller?: string
  readonly turn?: number
  readonly count?: number
  readonly followUps?: RolledRequest['followUps']
}

/** A RolledRequest shaped as the engine's requests are (copied from a replay of goblins-and-ogres-8th). */
function rolled(f: Fixture): RolledRequest {
  const request = {
    kind: 'dice',
    purpose: f.purpose,
    count: f.count ?? f.faces.length,
    sides: 6,
    roller: f.roller ?? 'red',
    text: `roll ${f.faces.length} D6 ${f.purpose}`,
    explanation: explain(`a ${f.purpose} roll`),
    ...(f.odds?.kind === 'each-die' && f.odds.need !== null ? { need: f.odds.need } : {}),
    ...(f.odds ? { odds: f.odds } : {}),
    id: `${f.seq - 1}.1`,
    openedAt: f.seq - 1,
    procedure: 'melee-attacks',
  } as OpenRequest & DiceRequestSpec
  return {
    request,
    seq: f.seq,
    faces: f.faces,
    followUps: f.followUps ?? [],
    turn: f.turn ?? 1,
    activePlayer: 'red',
  }
}

function only(roll: RolledRequest) {
  const luck = rollLuckOf(roll)
  if (!luck) throw new Error('the roll was not counted')
  return luck
}

describe('one roll judged die by die', () => {
  it('3 dice at 4+ with 2 successes: expected 3/2, P(X >= 2) = 1/2', () => {
    // p = 1/2 each. P(X = 2) = C(3,2)/8 = 3/8, P(X = 3) = 1/8: P(X >= 2) = 4/8 = 1/2.
    const luck = only(rolled({ purpose: 'to-hit', odds: toHit(4), faces: [4, 2, 6], seq: 10 }))
    expect(luck.tally).toEqual({
      trials: 3,
      expected: 1.5,
      actual: 2,
      direction: 'luckier',
      chance: { exact: '1/2', value: 0.5 },
    })
    expect(luck).toMatchObject({ kind: 'to-hit', roller: 'red', seq: 10, requestId: '9.1', seqs: [10] })
    expect(luck.text).toBe('3 dice to hit, 4+')
  })

  it('unluckier: P(X <= actual), from the same odds the screen shows', () => {
    // 3 dice at 4+, one success: expected 3/2 above it. P(X <= 1) = (1 + 3)/8 = 1/2; with none, P(X <= 0) = 1/8.
    expect(only(rolled({ purpose: 'to-hit', odds: toHit(4), faces: [1, 5, 3], seq: 5 })).tally).toMatchObject({
      direction: 'unluckier',
      chance: { exact: '1/2' },
    })
    const none = rolled({ purpose: 'to-hit', odds: toHit(4), faces: [1, 2, 3], seq: 6 })
    expect(only(none).tally.chance.exact).toBe('1/8')
    // The screen's own odds: 1 - P(X >= 1).
    const odds = rollOdds(none.request)
    expect(1 - (odds?.atLeast[1]?.chance.value ?? 0)).toBeCloseTo(only(none).tally.chance.value, 15)
  })

  it('2 dice at 3+ with failed ones re-rolled: 8/9 a die, P(both) = 64/81, judged from the re-roll faces', () => {
    // A die succeeds on 3+ (4/6 = 2/3) or fails (1/3) and then succeeds on its re-roll: 2/3 + 1/3 × 2/3 = 8/9.
    // Both: (8/9)² = 64/81. Expected 16/9 < 2: luckier.
    const judging = toHit(3, { reroll: 'failed' })
    const hit = rolled({
      purpose: 'to-hit',
      odds: judging,
      faces: [1, 5],
      seq: 20,
      followUps: [{ purpose: 're-roll-to-hit', seq: 21, faces: [3] }],
    })
    expect(only(hit).tally).toMatchObject({ trials: 2, actual: 2, direction: 'luckier', chance: { exact: '64/81' } })
    expect(only(hit).tally.expected).toBeCloseTo(16 / 9, 15)
    expect(only(hit).seqs).toEqual([20, 21])
    expect(only(hit).text).toBe('2 dice to hit, 3+, failed ones re-rolled')
    // The re-roll's face decides: a 2 on the re-roll misses. P(X <= 1) = 1 - 64/81 = 17/81.
    const miss = rolled({ ...hitFixture(judging), followUps: [{ purpose: 're-roll-to-hit', seq: 21, faces: [2] }] })
    expect(only(miss).tally).toMatchObject({ actual: 1, direction: 'unluckier', chance: { exact: '17/81' } })
  })

  it('successful dice re-rolled: the successes are picked up again, in order', () => {
    // A re-roll of successful dice (a rule forcing it): 4+ with successes re-rolled is 1/2 × 1/2 = 1/4 a die.
    // Faces 6, 2, 5: the 6 and the 5 are re-rolled as 4 and 1: one success. Expected 3/4 < 1: luckier,
    // P(X >= 1) = 1 - (3/4)³ = 37/64.
    const luck = only(
      rolled({
        purpose: 'to-wound',
        odds: toHit(4, { naturalSixSucceeds: false, reroll: 'successful' }),
        faces: [6, 2, 5],
        seq: 30,
        followUps: [{ purpose: 're-roll-to-wound', seq: 31, faces: [4, 1] }],
      }),
    )
    expect(luck.tally).toMatchObject({ actual: 1, direction: 'luckier', chance: { exact: '37/64' } })
  })

  it('a 7+: a 6 and then the second die, in order', () => {
    // 6 then 4+ on a second die (natural 1 fails, natural 6 succeeds): 1/6 × 3/6 = 1/12 a die.
    // Three dice: 6, 6, 2 -> two 6s roll again: 4 (scores), 1 (fails): one success.
    // Expected 3/12 = 1/4 < 1: luckier, P(X >= 1) = 1 - (11/12)³ = 1 - 1331/1728 = 397/1728.
    const judging = toHit(6, { secondNeed: 4 })
    const luck = only(
      rolled({
        purpose: 'to-hit',
        odds: judging,
        faces: [6, 6, 2],
        seq: 40,
        followUps: [{ purpose: 'to-hit-7-plus', seq: 41, faces: [4, 1] }],
      }),
    )
    expect(luck.tally).toMatchObject({ trials: 3, actual: 1, direction: 'luckier', chance: { exact: '397/1728' } })
    expect(luck.text).toBe('3 dice to hit, 6+ then 4+ on a second die')
    // No 6 at all: no second dice are asked for, none succeed. P(X <= 0) = (11/12)³ = 1331/1728.
    expect(only(rolled({ purpose: 'to-hit', odds: judging, faces: [5, 2, 3], seq: 42 })).tally.chance.exact).toBe(
      '1331/1728',
    )
  })

  it('needs above 6: only a natural 6 where it always succeeds, nothing where it does not', () => {
    // 7+ with a natural 6 succeeding: 1/6 a die. Faces 6, 5: one success, expected 1/3: P(X >= 1) = 1 - 25/36 = 11/36.
    const six = only(rolled({ purpose: 'to-hit', odds: toHit(7), faces: [6, 5], seq: 50 }))
    expect(six.tally).toMatchObject({ actual: 1, direction: 'luckier', chance: { exact: '11/36' } })
    expect(six.text).toBe('2 dice to hit, 7+ (a natural 6 always succeeds)')
    // 7+ save, a natural 1 failing and no natural 6: no die can succeed, 6s included. Expected 0, actual 0: as
    // expected, and certain: P(X >= 0) = 1.
    const none = only(rolled({ purpose: 'armour-save', odds: save(7), faces: [6, 6], seq: 51 }))
    expect(none.tally).toEqual({
      trials: 2,
      expected: 0,
      actual: 0,
      direction: 'as-expected',
      chance: { exact: '1', value: 1 },
    })
    // 1+ with a natural 1 failing: 5/6. A single 1 fails: expected 5/6 above 0, P(X <= 0) = 1/6.
    const one = only(rolled({ purpose: 'armour-save', odds: save(1), faces: [1], seq: 52 }))
    expect(one.tally).toMatchObject({ actual: 0, direction: 'unluckier', chance: { exact: '1/6' } })
    expect(one.text).toBe('1 die for armour saves, 1+ (a natural 1 always fails)')
  })
})

function hitFixture(odds: DiceJudging): Fixture {
  return { purpose: 'to-hit', odds, faces: [1, 5], seq: 20 }
}

describe('one test on a total', () => {
  const leadership7: DiceJudging = { kind: 'total', pass: { atMost: 7 } }

  it('a Leadership test at Ld 7: passes on 21 of 36 totals, 7/12', () => {
    // 2D6 <= 7: totals 2..7 come up 1+2+3+4+5+6 = 21 ways of 36 = 7/12. One trial.
    const passed = only(rolled({ purpose: 'panic-test', odds: leadership7, faces: [3, 4], seq: 60 }))
    expect(passed.tally.expected).toBeCloseTo(7 / 12, 15)
    expect(passed.tally).toMatchObject({ trials: 1, actual: 1, direction: 'luckier', chance: { exact: '7/12' } })
    expect(passed).toMatchObject({ kind: 'leadership', text: 'Panic test, 2D6: passes on 7 or less' })
    // A failed test: P(X <= 0) = 1 - 7/12 = 5/12.
    const failed = only(rolled({ purpose: 'panic-test', odds: leadership7, faces: [5, 3], seq: 61 }))
    expect(failed.tally).toMatchObject({ actual: 0, direction: 'unluckier', chance: { exact: '5/12' } })
  })

  it('natural doubles decide first: a double 1 passes a break test whatever the total', () => {
    // Ld 1 (a break by 6 on Ld 7): only a double 1 passes, 1/36. Faces 1, 1: passed, P(X >= 1) = 1/36.
    const judging: DiceJudging = { kind: 'total', pass: { atMost: 1 }, naturals: [{ face: 1, count: 2, passes: true }] }
    const luck = only(rolled({ purpose: 'break-test', odds: judging, faces: [1, 1], seq: 70 }))
    expect(luck.tally).toMatchObject({ actual: 1, direction: 'luckier', chance: { exact: '1/36' } })
    expect(luck.text).toBe('Break test, 2D6: passes on 1 or less (a double 1 always passes)')
  })

  it('a charge range with the higher die kept and M added', () => {
    // M 4 + the higher of 2D6 >= 9: the higher die must be 5 or 6: 1 - (4/6)² = 20/36 = 5/9. Faces 2, 6: 10, passed.
    const judging: DiceJudging = {
      kind: 'total',
      keep: { which: 'highest', count: 1 },
      add: 4,
      pass: { atLeast: 9 },
    }
    const luck = only(rolled({ purpose: 'charge-range', odds: judging, faces: [2, 6], seq: 80 }))
    expect(luck.tally).toMatchObject({ actual: 1, chance: { exact: '5/9' } })
    expect(luck.kind).toBe('charge')
    expect(luck.text).toBe('Charge range, the higher of 2D6: passes on 9 or more with 4 added')
    // The lower die would not reach: faces 6, 2 keep the 6 all the same (the higher die, whichever it is).
    expect(only(rolled({ purpose: 'charge-range', odds: judging, faces: [6, 2], seq: 81 })).tally.actual).toBe(1)
    expect(only(rolled({ purpose: 'charge-range', odds: judging, faces: [4, 3], seq: 82 })).tally.actual).toBe(0)
  })
})

describe('luck over many rolls', () => {
  it('a die at 1/2 and a die at 1/3, both succeeding: Poisson-binomial P(X = 2) = 1/6', () => {
    // X = A + B, A ~ Bernoulli(1/2) (4+), B ~ Bernoulli(1/3) (5+). Expected 1/2 + 1/3 = 5/6.
    // P(X >= 2) = P(X = 2) = 1/2 × 1/3 = 1/6.
    const report = luckOf(
      [
        rolled({ purpose: 'to-hit', odds: toHit(4), faces: [4], seq: 1 }),
        rolled({ purpose: 'to-wound', odds: toHit(5, { naturalSixSucceeds: false }), faces: [6], seq: 2 }),
      ],
      PLAYERS,
    )
    const red = report.players[0]
    expect(red?.overall).toMatchObject({ trials: 2, actual: 2, direction: 'luckier', chance: { exact: '1/6' } })
    expect(red?.overall.expected).toBeCloseTo(5 / 6, 15)
    expect(red?.overall.exact).toBeUndefined()
    // One success of the two: expected 5/6 < 1, P(X >= 1) = 1 - 1/2 × 2/3 = 2/3.
    const one = luckOf(
      [
        rolled({ purpose: 'to-hit', odds: toHit(4), faces: [3], seq: 1 }),
        rolled({ purpose: 'to-wound', odds: toHit(5, { naturalSixSucceeds: false }), faces: [5], seq: 2 }),
      ],
      PLAYERS,
    )
    expect(one.players[0]?.overall.chance.exact).toBe('2/3')
  })

  it("per player, per kind and per turn, the luck the roller's", () => {
    const rolls = [
      // Turn 1: red hits 3 of 3 at 4+ (P(X >= 3) = 1/8), blue saves 0 of 2 at 5+ (P(X <= 0) = (2/3)² = 4/9).
      rolled({ purpose: 'to-hit', odds: toHit(4), faces: [4, 5, 6], seq: 1, turn: 1 }),
      rolled({ purpose: 'armour-save', odds: save(5), faces: [2, 4], seq: 2, turn: 1, roller: 'blue' }),
      // Turn 2: red passes a Panic test at Ld 7 (7/12) and saves 1 of 1 at 4+ (1/2).
      rolled({ purpose: 'panic-test', odds: { kind: 'total', pass: { atMost: 7 } }, faces: [2, 2], seq: 3, turn: 2 }),
      rolled({ purpose: 'armour-save', odds: save(4), faces: [4], seq: 4, turn: 2 }),
      // A flee roll is a count, not a trial.
      rolled({ purpose: 'flee', odds: { kind: 'total' }, faces: [3, 5], seq: 5, turn: 2, roller: 'blue' }),
    ]
    const report = luckOf(rolls, PLAYERS)
    expect(report.uncounted).toBe(1)
    expect(report.players.map((p) => p.player)).toEqual(['red', 'blue'])
    const [red, blue] = report.players
    // Red: trials 1/2, 1/2, 1/2 (hits), 7/12 (panic), 1/2 (save), all succeeded: P = 1/8 × 7/12 × 1/2 = 7/192.
    expect(red?.overall).toMatchObject({ trials: 5, actual: 5, direction: 'luckier', chance: { exact: '7/192' } })
    expect(red?.overall.expected).toBeCloseTo(1.5 + 7 / 12 + 0.5, 14)
    expect(red?.byKind.map((k) => [k.kind, k.tally.chance.exact])).toEqual([
      ['to-hit', '1/8'],
      ['save', '1/2'],
      ['leadership', '7/12'],
    ])
    // Red's turn 2: 7/12 × 1/2 = 7/24.
    expect(red?.byTurn.map((t) => [t.turn, t.tally.chance.exact])).toEqual([
      [1, '1/8'],
      [2, '7/24'],
    ])
    expect(blue?.overall).toMatchObject({ trials: 2, actual: 0, direction: 'unluckier', chance: { exact: '4/9' } })
    expect(blue?.byTurn.map((t) => t.turn)).toEqual([1])
  })

  it('the luckiest and the unluckiest single roll, ties to the earlier seq', () => {
    const rolls = [
      // P(X >= 3) = 1/8 at 4+ (seq 1) and again (seq 2): a tie, the earlier wins.
      rolled({ purpose: 'to-hit', odds: toHit(4), faces: [4, 5, 6], seq: 2 }),
      rolled({ purpose: 'to-hit', odds: toHit(4), faces: [6, 6, 6], seq: 1, roller: 'blue' }),
      // P(X >= 1) = 1/6 at 6+: less lucky than 1/8.
      rolled({ purpose: 'to-wound', odds: save(6), faces: [6], seq: 3 }),
      // Unluckiest: 0 of 3 at 2+ (natural 1 fails): (1/6)³ = 1/216; 0 of 2 at 3+: (1/3)² = 1/9.
      rolled({ purpose: 'armour-save', odds: save(3), faces: [1, 2], seq: 4 }),
      rolled({ purpose: 'to-hit', odds: toHit(2), faces: [1, 1, 1], seq: 5, roller: 'blue' }),
      // As expected (a certain success): never the luckiest.
      rolled({ purpose: 'to-hit', odds: toHit(7, { naturalSixSucceeds: false }), faces: [6], seq: 6 }),
    ]
    const report = luckOf(rolls, PLAYERS)
    expect(report.luckiest).toMatchObject({ seq: 1, roller: 'blue', tally: { chance: { exact: '1/8' } } })
    expect(report.unluckiest).toMatchObject({ seq: 5, roller: 'blue', tally: { chance: { exact: '1/216' } } })
    // Order does not matter: the same rolls reversed choose the same.
    const reversed = luckOf([...rolls].reverse(), PLAYERS)
    expect(reversed.luckiest?.seq).toBe(1)
    expect(reversed.unluckiest?.seq).toBe(5)
    expect(JSON.stringify(luckOf(rolls, PLAYERS))).toBe(JSON.stringify(report))
  })

  it('no rolls: every player as expected, nothing luckiest', () => {
    const report = luckOf([], PLAYERS)
    expect(report).toEqual({
      players: PLAYERS.map((p) => ({
        player: p.id,
        overall: { trials: 0, expected: 0, actual: 0, direction: 'as-expected', chance: { exact: '1', value: 1 } },
        byKind: [],
        byTurn: [],
      })),
      luckiest: null,
      unluckiest: null,
      uncounted: 0,
    })
  })

  it('a roller not among the players is told after them', () => {
    const report = luckOf([rolled({ purpose: 'to-hit', odds: toHit(4), faces: [4], seq: 1, roller: 'green' })], PLAYERS)
    expect(report.players.map((p) => p.player)).toEqual(['red', 'blue', 'green'])
  })
})

describe('rolls that are not trials, and bad input', () => {
  it('counts, requests without odds and rolls that do not add up are uncounted, never thrown', () => {
    const rolls = [
      // D3 hits and flee distances: totals that are only a count.
      rolled({ purpose: 'spell-hits', odds: { kind: 'total' }, faces: [3], seq: 1 }),
      rolled({ purpose: 'flee', odds: { kind: 'total' }, faces: [3, 4], seq: 2 }),
      // A request with no odds.
      rolled({ purpose: 'to-hit', faces: [4, 4], seq: 3 }),
      // Faces that do not match the count asked for.
      rolled({ purpose: 'to-hit', odds: toHit(4), faces: [4, 4], count: 3, seq: 4 }),
      // A failed die to re-roll, and no re-roll in the log (the game stopped at it).
      rolled({ purpose: 'to-hit', odds: toHit(4, { reroll: 'failed' }), faces: [1, 4], seq: 5 }),
      // A 7+ whose second dice are missing.
      rolled({ purpose: 'to-hit', odds: toHit(6, { secondNeed: 4 }), faces: [6], seq: 6 }),
      // Odds the engine refuses: more dice than it sums.
      rolled({ purpose: 'to-hit', odds: toHit(4), faces: new Array(501).fill(4), seq: 7 }),
      // An unknown judging.
      rolled({ purpose: 'to-hit', odds: { kind: 'strange' } as unknown as DiceJudging, faces: [4], seq: 8 }),
      // A request that is not dice at all.
      { ...rolled({ purpose: 'to-hit', odds: toHit(4), faces: [4], seq: 9 }), request: {} as RolledRequest['request'] },
    ]
    let report: ReturnType<typeof luckOf> | undefined
    expect(() => {
      report = luckOf(rolls, PLAYERS)
    }).not.toThrow()
    expect(report?.uncounted).toBe(rolls.length)
    expect(report?.players[0]?.overall.trials).toBe(0)
    // A re-roll handed in on its own as well as with its roll: counted once, with its roll.
    const withReroll = rolled({
      purpose: 'to-hit',
      odds: toHit(4, { reroll: 'failed' }),
      faces: [1, 4],
      seq: 11,
      followUps: [{ purpose: 're-roll-to-hit', seq: 12, faces: [5] }],
    })
    const alone = rolled({ purpose: 're-roll-to-hit', odds: toHit(4), faces: [5], seq: 12 })
    expect(luckOf([withReroll, alone], PLAYERS).players[0]?.overall).toMatchObject({ trials: 2, actual: 2 })
    // A re-roll with no failed die needs no follow-up: counted.
    expect(
      rollLuckOf(rolled({ purpose: 'to-hit', odds: toHit(4, { reroll: 'failed' }), faces: [5, 4], seq: 10 })),
    ).not.toBeNull()
  })
})

describe('kinds of roll', () => {
  it('every purpose the rules ask dice for, by kind', () => {
    expect(
      Object.fromEntries(
        [
          'to-hit',
          'to-hit-7-plus',
          're-roll-to-hit',
          'to-wound',
          'to-wound-7-plus',
          'armour-save',
          'ward-save',
          're-roll-ward-save',
          'regeneration',
          'break-test',
          'panic-test',
          'fear-test',
          'terror-test',
          'march-test',
          'stupidity-test',
          'rally-test',
          'for-its-monster-reaction-test',
          'restraint',
          'charge-range',
          'casting',
          'dispel',
          'channel',
          'initiative-test',
          'pursue',
          'flee',
          'dangerous-terrain',
        ].map((purpose) => [purpose, rollKindOf(purpose)]),
      ),
    ).toEqual({
      'to-hit': 'to-hit',
      'to-hit-7-plus': 'to-hit',
      're-roll-to-hit': 'to-hit',
      'to-wound': 'to-wound',
      'to-wound-7-plus': 'to-wound',
      'armour-save': 'save',
      'ward-save': 'save',
      're-roll-ward-save': 'save',
      regeneration: 'save',
      'break-test': 'leadership',
      'panic-test': 'leadership',
      'fear-test': 'leadership',
      'terror-test': 'leadership',
      'march-test': 'leadership',
      'stupidity-test': 'leadership',
      'rally-test': 'leadership',
      'for-its-monster-reaction-test': 'leadership',
      restraint: 'leadership',
      'charge-range': 'charge',
      casting: 'casting',
      dispel: 'dispel',
      channel: 'other',
      'initiative-test': 'other',
      pursue: 'other',
      flee: 'other',
      'dangerous-terrain': 'other',
    })
  })
})

/** The exact distribution of the successes of trials with chances `chances` (numerator, denominator): numerators over
 * the product of the denominators, by multiplying out (q + p x) trial by trial. */
function distribution(chances: readonly (readonly [bigint, bigint])[]): { counts: bigint[]; denominator: bigint } {
  let counts = [1n]
  let denominator = 1n
  for (const [top, bottom] of chances) {
    const next = new Array<bigint>(counts.length + 1).fill(0n)
    counts.forEach((count, k) => {
      next[k] = (next[k] as bigint) + count * (bottom - top)
      next[k + 1] = (next[k + 1] as bigint) + count * top
    })
    counts = next
    denominator *= bottom
  }
  return { counts, denominator }
}

function reduced(numerator: bigint, denominator: bigint): string {
  let [x, y] = [numerator, denominator]
  while (y !== 0n) [x, y] = [y, x % y]
  return denominator / x === 1n ? String(numerator / x) : `${numerator / x}/${denominator / x}`
}

/** A fraction of BigInts as a number, to 20 significant digits however small. */
function ratio(numerator: bigint, denominator: bigint): number {
  const shift = denominator.toString().length - numerator.toString().length + 20
  return Number((numerator * 10n ** BigInt(shift)) / denominator) / 10 ** shift
}

describe('Poisson-binomial tallies against their distributions multiplied out', () => {
  const CHANCES = [
    [1n, 2n],
    [1n, 3n],
    [2n, 3n],
    [5n, 6n],
    [8n, 9n],
    [7n, 12n],
    [1n, 12n],
    [0n, 1n],
    [1n, 1n],
  ] as const

  it('every count of every mix of a few trials, exactly', () => {
    let seed = 11
    const pick = (n: number) => {
      seed = (seed * 48271) % 2147483647
      return seed % n
    }
    for (let round = 0; round < 60; round++) {
      const chances = Array.from(
        { length: 1 + pick(7) },
        () => CHANCES[pick(CHANCES.length)] as readonly [bigint, bigint],
      )
      const { counts, denominator } = distribution(chances)
      const mean = chances.reduce((sum, [top, bottom]) => sum + Number(top) / Number(bottom), 0)
      for (let actual = 0; actual <= chances.length; actual++) {
        const counter = new LuckCounter()
        // Each trial added on its own (an actual split any way: only the sum counts).
        chances.forEach(([top, bottom], i) => {
          const value = Number(top) / Number(bottom)
          counter.add({ exact: reduced(top, bottom), value }, 1, i < actual ? 1 : 0)
        })
        const tally = counter.tally()
        const luckier = actual >= mean - 1e-12
        const tail = counts.reduce((sum, count, k) => ((luckier ? k >= actual : k <= actual) ? sum + count : sum), 0n)
        expect(tally.chance.exact, `${chances.join(' ')}: ${actual}`).toBe(reduced(tail, denominator))
        expect(tally.exact).toBeUndefined()
      }
    }
  })

  it('past exact sums, two chances mixed, both tails in floating point within 1e-9', () => {
    // 300 trials at 1/2 and 300 at 1/3: expected 250.
    const chances = [...new Array(300).fill([1n, 2n]), ...new Array(300).fill([1n, 3n])] as [bigint, bigint][]
    const { counts, denominator } = distribution(chances)
    // 120 and 400 are some 11 and 12.6 standard deviations out: chances near 1e-30, past the first, narrow sums.
    for (const actual of [120, 205, 238, 250, 262, 300, 400]) {
      const counter = new LuckCounter()
      counter.add({ exact: '1/2', value: 0.5 }, 300, Math.min(actual, 300))
      counter.add({ exact: '1/3', value: 1 / 3 }, 300, Math.max(0, actual - 300))
      const tally = counter.tally()
      const tail = counts.reduce(
        (sum, count, k) => ((actual >= 250 ? k >= actual : k <= actual) ? sum + count : sum),
        0n,
      )
      const exact = ratio(tail, denominator)
      expect(tally.exact).toBe(false)
      expect(tally.direction).toBe(actual > 250 ? 'luckier' : actual < 250 ? 'unluckier' : 'as-expected')
      expect(Math.abs(tally.chance.value - exact) / exact, `${actual}`).toBeLessThan(1e-9)
    }
  })
})

describe('a whole game of dice', () => {
  it('past exact sums, floating point within 1e-9 of the exact binomial tail, marked exact: false', () => {
    // 400 dice at 4+ in 40 rolls of 10, 230 successes: P(X >= 230) = sum over j >= 230 of C(400, j) / 2^400,
    // summed here exactly with BigInts, independently of the report's code.
    const rolls: RolledRequest[] = []
    for (let r = 0; r < 40; r++) {
      const hits = r < 30 ? 6 : 5
      const faces = Array.from({ length: 10 }, (_, i) => (i < hits ? 5 : 2))
      rolls.push(rolled({ purpose: 'to-hit', odds: toHit(4), faces, seq: r + 1, turn: 1 + (r % 4) }))
    }
    const overall = luckOf(rolls, PLAYERS).players[0]?.overall
    let tail = 0n
    let binomial = 1n
    for (let j = 0; j <= 400; j++) {
      if (j > 0) binomial = (binomial * BigInt(400 - j + 1)) / BigInt(j)
      if (j >= 230) tail += binomial
    }
    const exact = ratio(tail, 2n ** 400n)
    expect(overall).toMatchObject({ trials: 400, actual: 230, expected: 200, direction: 'luckier', exact: false })
    expect(Math.abs((overall?.chance.value ?? 0) - exact) / exact).toBeLessThan(1e-9)
    expect(overall?.chance.exact).toBe(`≈${Number(exact.toPrecision(6))}`)
  })

  it('4,000 rolls and some 15,000 dice in well under a second', () => {
    // A seeded mix like a long game's: to hit, to wound, saves (some re-rolled), Leadership tests, charges.
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const d6 = () => 1 + Math.floor(random() * 6)
    const rolls: RolledRequest[] = []
    for (let r = 0; r < 4000; r++) {
      const roller = r % 2 === 0 ? 'red' : 'blue'
      const turn = 1 + Math.floor(r / 700)
      const seq = 1 + 2 * r
      const kind = r % 10
      if (kind === 9) {
        const odds: DiceJudging = { kind: 'total', pass: { atMost: 5 + (r % 5) } }
        rolls.push(rolled({ purpose: 'break-test', odds, faces: [d6(), d6()], seq, roller, turn }))
        continue
      }
      const purpose = ['to-hit', 'to-wound', 'armour-save'][kind % 3] as string
      const faces = Array.from({ length: 1 + (r % 7) }, d6)
      const odds = toHit(2 + (r % 5), kind === 0 ? { reroll: 'failed' } : {})
      const need = 2 + (r % 5)
      const failed = faces.filter((f) => f === 1 || f < need).length
      const followUps =
        kind === 0 && failed > 0
          ? [{ purpose: `re-roll-${purpose}`, seq: seq + 1, faces: Array.from({ length: failed }, d6) }]
          : []
      rolls.push(rolled({ purpose, odds, faces, seq, roller, turn, followUps }))
    }
    const dice = rolls.reduce((sum, roll) => sum + roll.faces.length, 0)
    expect(dice).toBeGreaterThan(13_000)
    const start = performance.now()
    const report = luckOf(rolls, PLAYERS)
    const took = performance.now() - start
    expect(report.uncounted).toBe(0)
    expect(report.players[0]?.overall.exact).toBe(false)
    expect(took).toBeLessThan(1000)
  })
})
