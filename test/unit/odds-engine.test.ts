import { describe, expect, it } from 'vitest'
import { type RollOdds, rollOdds } from '../../core/api/odds.js'
import type { StepResult } from '../../core/engine/index.js'
import type { DiceRequestSpec, OpenRequest, Outcome } from '../../core/engine/types.js'
import { type Draft, EngineGame, ev, type RulesetGame, unitDef } from '../helpers/classic-game.js'
import { moveEv } from '../helpers/classic-movement.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'

/**
 * The odds of a real request, from a real procedure, against the engine itself: every combination of faces is
 * rolled through the engine (and the re-roll or second die it then asks, every combination of those too), and
 * what the engine made of them — passed, the worse failure, hits, inches — is weighed exactly. The odds shown
 * before the roll must be that distribution, fraction for fraction.
 */

/** What the engine made of the faces: a test passed or failed (the worse way), or a number (hits, inches). */
interface Verdict {
  readonly pass?: boolean
  readonly worse?: boolean
  readonly value?: number
}

/** A fraction n/d of BigInts. */
type Fraction = { n: bigint; d: bigint }
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b))
function add(x: Fraction, y: Fraction): Fraction {
  const n = x.n * y.d + y.n * x.d
  const d = x.d * y.d
  const g = gcd(n, d) || 1n
  return { n: n / g, d: d / g }
}
const written = (f: Fraction) => (f.d === 1n ? String(f.n) : `${f.n}/${f.d}`)

/** Every combination of `count` faces of `sides`, in order. */
function* combinations(count: number, sides: number): Generator<number[]> {
  if (count === 0) {
    yield []
    return
  }
  for (const rest of combinations(count - 1, sides)) for (let face = 1; face <= sides; face++) yield [...rest, face]
}

type Make = (...drafts: Draft[]) => RulesetGame

function openDice(game: RulesetGame): OpenRequest & DiceRequestSpec {
  const request = game.game.requests[game.openRequest()]
  if (request?.kind !== 'dice') throw new Error(`expected a dice request, have ${request?.kind}`)
  return request
}

/**
 * The engine's verdicts over every face combination of the open dice request of `drafts`, weighed: `read` looks
 * at the steps after the first roll; undefined means the engine asked for more dice (a re-roll, a 7+'s second
 * die), which are enumerated in turn.
 */
function engineVerdicts(make: Make, drafts: Draft[], read: (steps: StepResult[]) => Verdict | undefined, from: number) {
  const weighed: { verdict: Verdict; weight: Fraction }[] = []
  const walk = (answers: Draft[], weight: Fraction) => {
    const game = make(...drafts, ...answers)
    const request = openDice(game)
    const each = { n: weight.n, d: weight.d * BigInt(request.sides) ** BigInt(request.count) }
    for (const faces of combinations(request.count, request.sides)) {
      const answer = ev.dice(request.id, faces)
      const rolled = make(...drafts, ...answers, answer)
      const verdict = read(rolled.steps.slice(from))
      if (verdict) weighed.push({ verdict, weight: each })
      else walk([...answers, answer], each)
    }
  }
  walk([], { n: 1n, d: 1n })
  return weighed
}

function chance(weighed: { verdict: Verdict; weight: Fraction }[], which: (verdict: Verdict) => boolean): string {
  return written(weighed.filter((w) => which(w.verdict)).reduce((sum, w) => add(sum, w.weight), { n: 0n, d: 1n }))
}

/**
 * The odds of `game`'s open request against the engine's own verdicts: the chance to pass (and the worse failure)
 * for a test; the chance of at least each value, and the expected value, for a count.
 */
function expectOddsMatchEngine(game: RulesetGame, make: Make, read: (steps: StepResult[]) => Verdict | undefined) {
  const request = openDice(game)
  const odds = rollOdds(request) as RollOdds
  expect(odds, `${request.purpose} says how it is judged`).not.toBeNull()
  const weighed = engineVerdicts(make, game.drafts, read, game.steps.length)
  expect(chance(weighed, () => true)).toBe('1')
  if (odds.pass) {
    expect(odds.pass.exact, `${request.purpose}: the chance to pass`).toBe(chance(weighed, (v) => v.pass === true))
    if (odds.worse) expect(odds.worse.exact).toBe(chance(weighed, (v) => v.worse === true))
  } else {
    for (const { value, chance: p } of odds.atLeast)
      expect(p.exact, `${request.purpose}: at least ${value}`).toBe(chance(weighed, (v) => (v.value ?? 0) >= value))
    const mean = weighed.reduce((sum, w) => add(sum, { n: w.weight.n * BigInt(w.verdict.value ?? 0), d: w.weight.d }), {
      n: 0n,
      d: 1n,
    })
    expect(odds.expected.exact).toBe(written(mean))
  }
  return { request, odds }
}

/** The first outcome of a kind among the steps, with its values as plain data. */
const outcome = (steps: StepResult[], kind: Outcome['kind']) =>
  steps.flatMap((step) => step.outcomes).find((o) => o.kind === kind) as
    | { readonly values: Record<string, unknown> }
    | undefined
/**
 * Answers the open requests until a dice request for `purpose` is open: from the script (by purpose, in order), else dice of
 * all 1s and a choice's first option.
 */
function playTo<T extends RulesetGame>(
  game: T,
  purpose: string,
  script: Record<string, (number[] | string)[]> = {},
): T {
  for (let i = 0; i < 80; i++) {
    const request = game.game.requests[game.openRequest()] as OpenRequest
    if (request.purpose === purpose && request.kind === 'dice') return game
    const next = script[request.purpose]?.shift()
    if (request.kind === 'dice') game.roll((next as number[] | undefined) ?? Array(request.count).fill(1))
    else game.choose((next as string | undefined) ?? (request.options[0]?.id as string))
  }
  throw new Error(`no ${purpose} request came`)
}

const classicGame: Make = (...drafts) => new EngineGame(...drafts)
const oldWorldGame: Make = (...drafts) => new OldWorldGame(...drafts)

/** The number of hits an outcome counts, once the last to-hit roll is in. */
const hitsRead = (steps: StepResult[]): Verdict | undefined => {
  const hits = outcome(steps, 'hits')
  return hits ? { value: Number(hits.values.hits) } : undefined
}

describe('odds of real requests match the engine, face by face', () => {
  it('close-combat to hit, 2 dice, failed ones re-rolled for Hatred: natural 1s and 6s included', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered(
        'p1',
        unitDef('a', { race: 'dark-elves', rules: [{ id: 'hatred', params: { enemies: 'high-elves' } }], models: 5 }),
      ),
      ev.mustered('p2', unitDef('b', { race: 'high-elves', profile: { WS: 10 } })),
      ev.turn(1, 'p1'),
      ev.phase('close-combat'),
      ev.joined('a', 'b', 2),
    )
    const { request, odds } = expectOddsMatchEngine(game, classicGame, hitsRead)
    expect(request).toMatchObject({ purpose: 'to-hit', count: 2, reroll: 'failed' })
    expect(request.odds).toMatchObject({ kind: 'each-die', naturalOneFails: true, naturalSixSucceeds: true })
    expect(odds.kind).toBe('successes')
  })

  it('shooting at 7+: a 6, then 4+ on a second die, for 2 dice (classic BS 1 at long range)', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered(
        'p1',
        unitDef('corsairs', {
          models: 2,
          // One rank of two: the front rank fires (classic/shooting §firing-ranks).
          formation: { files: 2 },
          profile: { BS: 1 },
          gear: ['hand-weapon', 'repeater-crossbow'],
        }),
      ),
      ev.mustered('p2', unitDef('boyz', { models: 20 })),
      ev.turn(1, 'p1'),
      ev.phase('shooting'),
      {
        type: 'ShotDeclared',
        payload: { shooter: 'corsairs', target: 'boyz', weapon: 'repeater-crossbow', range: 'long' },
      },
    )
    const { request, odds } = expectOddsMatchEngine(game, classicGame, hitsRead)
    expect(request).toMatchObject({ purpose: 'to-hit', need: 6, odds: { secondNeed: 4 } })
    // 1/6 x 1/2 = 1/12 a die.
    expect(odds.perDie?.exact).toBe('1/12')
  })

  it('The Old World: a Terror test, 2D6 at or under Ld 7, a double 1 passes and a double 6 fails', () => {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered(
        'p1',
        owUnit('treeman', { troopType: 'behemoth', models: 1, profile: { M: 5, W: 6, Ld: 8 }, rules: ['terror'] }),
      ),
      owEv.mustered('p2', owUnit('spears', { models: 10, profile: { M: 4, Ld: 7 } })),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
      moveEv.charge('treeman', 'spears', 8),
    )
    const { request, odds } = expectOddsMatchEngine(game, oldWorldGame, (steps) => {
      const test = outcome(steps, 'terror-test')
      return test ? { pass: test.values.passed === true } : undefined
    })
    expect(request.purpose).toBe('terror-test')
    // 2D6 <= 7: 21/36 = 7/12 (a double 1 passes anyway; a double 6, 12, fails anyway).
    expect(odds.pass?.exact).toBe('7/12')
  })

  it('classic break test: Ld 8 - 5 = 3 or less, and a double 1 always passes', () => {
    const game = classicBattle()
    const { odds } = expectOddsMatchEngine(playTo(game, 'break-test'), classicGame, (steps) => {
      const test = outcome(steps, 'break-test')
      return test ? { pass: test.values.passed === true } : undefined
    })
    // 2D6 <= 3: 1, 1 / 1, 2 / 2, 1 = 3/36; the double 1 is among them.
    expect(odds.pass?.exact).toBe('1/12')
  })

  it('classic flee after a break: the 2D6 total, and the pursuit that catches on the flee roll or more', () => {
    const game = playTo(classicBattle(), 'flee', { 'break-test': [[6, 6]] })
    expectOddsMatchEngine(game, classicGame, (steps) => {
      const fled = outcome(steps, 'fled')
      return fled ? { value: Number(fled.values.roll) } : undefined
    })
    playTo(game, 'pursue', { flee: [[3, 4]], pursuit: ['pursue'] })
    const { request, odds } = expectOddsMatchEngine(game, classicGame, (steps) =>
      outcome(steps, 'pursued') ? { pass: outcome(steps, 'caught') !== undefined } : undefined,
    )
    expect(request.odds).toEqual({ kind: 'total', pass: { atLeast: 7 } })
    // 2D6 >= 7: 21/36.
    expect(odds.pass?.exact).toBe('7/12')
  })

  it('a classic Fear test (psychology): 2D6 at or under Ld 7, no doubles rule', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', unitDef('a')),
      ev.mustered('p2', unitDef('b', { rules: ['fear'] })),
      ev.turn(1, 'p1'),
      ev.phase('close-combat'),
      ev.joined('a', 'b', 5),
    )
    const { request } = expectOddsMatchEngine(playTo(game, 'fear-test'), classicGame, (steps) => {
      const test = outcome(steps, 'psychology-test')
      return test ? { pass: test.values.passed === true } : undefined
    })
    expect(request.odds).toEqual({ kind: 'total', pass: { atMost: 7 } })
  })

  it('The Old World: a graded break test (gives ground, falls back, breaks), and outnumbered', () => {
    for (const victors of [10, 30]) {
      const game = playTo(oldWorldFight(victors), 'break-test')
      const { request, odds } = expectOddsMatchEngine(game, oldWorldGame, (steps) => {
        const test = outcome(steps, 'break-test')
        return test ? { pass: test.values.result === 'give-ground', worse: test.values.result === 'break' } : undefined
      })
      const lostBy = victors === 10 ? 3 : 5
      expect(request.odds).toMatchObject({ kind: 'total', pass: { atMost: 7 }, add: lostBy })
      // Ld 7, lost by 3: gives ground on 2D6 + 3 <= 7, 2D6 <= 4: 6/36; breaks on a natural 2D6 > 7: 15/36.
      // 30 Victors (lost by 5, ranks counted) against 8 Losers, more than twice: any failure breaks. Passed only on
      // 2D6 <= 2, the double 1: 1/36; broken otherwise: 35/36.
      expect([odds.pass?.exact, odds.worse?.exact]).toEqual(victors === 10 ? ['1/6', '5/12'] : ['1/36', '35/36'])
    }
  })

  it('The Old World: falling back in good order moves the higher of 2D6', () => {
    const game = playTo(oldWorldFight(10), 'fall-back', { 'break-test': [[3, 3]] })
    const { odds } = expectOddsMatchEngine(game, oldWorldGame, (steps) => {
      const fell = outcome(steps, 'fell-back')
      return fell ? { value: Number(fell.values.roll) } : undefined
    })
    // The higher of 2D6: 6 with 11/36, 5 or more with 1 - (4/6)^2 = 20/36; on average 161/36.
    expect(odds.expected.exact).toBe('161/36')
  })

  it('charge ranges: The Old World M5 + the higher of 2D6 against 9"; classic-8th M4 + 2D6 against 10"', () => {
    const oldWorld = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('spears', { models: 10, profile: { M: 5 } })),
      owEv.mustered('p2', owUnit('archers', { models: 10 })),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
      moveEv.charge('spears', 'archers', 9),
    )
    const reached = (steps: StepResult[]) => {
      const result = outcome(steps, 'charge-result')
      return result ? { pass: result.values.reached === true } : undefined
    }
    const ow = expectOddsMatchEngine(
      playTo(oldWorld, 'charge-range', { 'charge-response': ['hold'] }),
      oldWorldGame,
      reached,
    )
    // The higher die must be 4 or more: 1 - (3/6)^2 = 27/36.
    expect(ow.odds.pass?.exact).toBe('3/4')
    const eighth = new EngineGame(
      ev.created('classic-8th'),
      ev.mustered('p1', unitDef('a', { profile: { M: 4 } })),
      ev.mustered('p2', unitDef('b')),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
      moveEv.charge('a', 'b', 10),
    )
    const classic8 = expectOddsMatchEngine(
      playTo(eighth, 'charge-range', { 'charge-response': ['hold'] }),
      classicGame,
      reached,
    )
    // 2D6 >= 6: 26/36.
    expect(classic8.odds.pass?.exact).toBe('13/18')
  })

  it('Tree Whack: a D6 Initiative test at or under I 3 (a 6 fails, a 1 passes), then D3 hits', () => {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered(
        'p1',
        owUnit('treeman', {
          troopType: 'behemoth',
          models: 1,
          profile: { WS: 5, S: 6, T: 6, W: 6, I: 2, A: 5 },
          rules: ['tree-whack'],
        }),
      ),
      owEv.mustered('p2', owUnit('spears', { models: 10, formation: { files: 5 }, profile: { I: 3, A: 0 } })),
      owEv.turn(1, 'p1'),
      owEv.phase('close-combat'),
      owEv.joined('treeman', 'spears', 1),
    )
    const { odds } = expectOddsMatchEngine(
      playTo(game, 'initiative-test', { 'tree-whack': ['spears'] }),
      oldWorldGame,
      (steps) => {
        const test = outcome(steps, 'characteristic-test')
        return test ? { pass: test.values.passed === true } : undefined
      },
    )
    expect(odds.pass?.exact).toBe('1/2')
    playTo(game, 'tree-whack-hits', { 'initiative-test': [[5]] })
    const d3 = expectOddsMatchEngine(game, oldWorldGame, (steps) => {
      const hits = outcome(steps, 'hits')
      return hits ? { value: Number(hits.values.hits) } : undefined
    })
    expect(d3.odds.atLeast.map((a) => `${a.value}: ${a.chance.exact}`)).toEqual(['1: 1', '2: 2/3', '3: 1/3'])
  })

  it('casting: The Old World 2D6 + 1 against 8+ (a double 1 miscasts, a double 6 is cast); classic 3 power dice', () => {
    const oldWorld = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('wizard', { character: true, models: 1, wizardLevel: 2 })),
      owEv.mustered('p2', owUnit('spears', { models: 20, formation: { files: 5 } })),
      owEv.turn(1, 'p1'),
      owEv.phase('shooting'),
      oldWorldCast,
    )
    const ow = expectOddsMatchEngine(oldWorld, oldWorldGame, (steps) => {
      const cast = outcome(steps, 'casting-roll')
      return cast ? { pass: cast.values.result === 'cast' || cast.values.result === 'perfect-invocation' } : undefined
    })
    // 2D6 + 1 >= 8: 2D6 >= 7, 21/36.
    expect(ow.odds.pass?.exact).toBe('7/12')
    for (const variant of ['classic', 'classic-8th']) {
      const { request } = expectOddsMatchEngine(castClassic(variant), classicGame, (steps) => {
        const cast = outcome(steps, 'casting-roll')
        return cast ? { pass: !['failed', 'miscast'].includes(String(cast.values.result)) } : undefined
      })
      expect(request).toMatchObject({ purpose: 'casting', count: 3 })
    }
  })
  it('dispels: The Old World Fated dispel must beat 9 (a double 6 unbinds); classic-8th dispel dice, a natural 2 fails', () => {
    const oldWorld = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('wizard', { character: true, models: 1, wizardLevel: 2 })),
      owEv.mustered('p2', owUnit('spears', { models: 20, formation: { files: 5 } })),
      owEv.turn(1, 'p1'),
      owEv.phase('shooting'),
      oldWorldCast,
    )
    oldWorld.roll([4, 4])
    const dispelled = (steps: StepResult[]) => {
      const roll = outcome(steps, 'dispel-roll')
      return roll ? { pass: roll.values.dispelled === true } : undefined
    }
    const ow = expectOddsMatchEngine(playTo(oldWorld, 'dispel', { dispel: ['fated'] }), oldWorldGame, dispelled)
    // Cast with 4 + 4 + 1 = 9: the dispel needs 10 or more, 6/36, the double 6 among them.
    expect(ow.odds.pass?.exact).toBe('1/6')
    const eighth = castClassic('classic-8th')
    eighth.roll([1, 2, 3])
    const classic = expectOddsMatchEngine(playTo(eighth, 'dispel', { 'dispel-dice': ['2'] }), classicGame, dispelled)
    expect(classic.request.odds).toMatchObject({ kind: 'total', naturalAtMostFails: 2 })
  })

  it('The Old World rally: 2D6 at or under Ld 7 with the doubles; below a quarter, only a double 1 (1/36)', () => {
    const rallied = (steps: StepResult[]) => {
      const test = outcome(steps, 'psychology-test')
      return test ? { pass: test.values.passed === true } : undefined
    }
    const whole = expectOddsMatchEngine(fledSpears(0), oldWorldGame, rallied)
    expect(whole.odds.pass?.exact).toBe('7/12')
    const few = expectOddsMatchEngine(fledSpears(8), oldWorldGame, rallied)
    expect(few.odds.pass?.exact).toBe('1/36')
  })
})

const oldWorldCast: Draft = {
  type: 'SpellCast',
  payload: {
    caster: 'wizard',
    target: 'spears',
    spell: 'fireball',
    spellName: 'Fireball',
    spellType: 'magic-missile',
    castingValue: 8,
    hits: 'D6',
    strength: 4,
    distance: 12,
    inArc: true,
    lineOfSight: true,
  },
}

/** A classic Level 4 Lord casts Doombolt with 3 power dice (classic-8th: after a Winds of Magic of 12). */
function castClassic(variant: string): EngineGame {
  const game = new EngineGame(
    ev.created(variant),
    ev.mustered('p1', unitDef('lord', { name: 'Lord', character: true, models: 1, wizardLevel: 4 })),
    ev.mustered('p2', unitDef('spears', { models: 20 })),
    ev.turn(1, 'p1'),
    ev.phase('magic'),
  )
  while (Object.keys(game.game.requests).length > 0) {
    const request = openDice(game)
    game.roll(request.purpose === 'winds-of-magic' ? [6, 6] : Array(request.count).fill(1))
  }
  game.apply({
    type: 'SpellCast',
    actor: 'p1',
    payload: {
      caster: 'lord',
      spell: 'doombolt',
      target: 'spears',
      powerDice: 3,
      distance: 10,
      inArc: true,
      lineOfSight: true,
    },
  })
  return game
}

/** Warriors (p1, Ld 8) charged in the rear by Orc Boyz (p2): every blow misses, the Warriors lose by 5. */
function classicBattle(): EngineGame {
  const game = new EngineGame(
    ev.created(),
    ev.mustered(
      'p1',
      unitDef('warriors', { models: 20, profile: { M: 5, WS: 4, I: 5, Ld: 8 }, formation: { files: 5 } }),
    ),
    ev.mustered('p2', unitDef('boyz', { models: 20, profile: { M: 4, T: 4, I: 2, Ld: 7 }, formation: { files: 5 } })),
    ev.turn(1, 'p2'),
    ev.phase('close-combat'),
  )
  game.apply({
    type: 'CombatJoined',
    actor: 'p2',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'warriors' }] },
        { player: 'p2', units: [{ unit: 'boyz', charged: true, facing: 'rear' }] },
      ],
      contact: [
        { unit: 'warriors', models: 5 },
        { unit: 'boyz', models: 5 },
      ],
    },
  })
  return game
}

/**
 * The Old World: `victors` Victors (p1) charge 10 Losers (p2, Ld 7), five of each in contact; the Victors hit with
 * every attack and wound twice, the Losers miss, and the Losers test to break.
 */
function oldWorldFight(victors: number): OldWorldGame {
  const game = new OldWorldGame(
    owEv.created(),
    owEv.mustered(
      'p1',
      owUnit('victors', { models: victors, formation: { files: 10 }, profile: { WS: 4, S: 3, I: 4, Ld: 8 } }),
    ),
    owEv.mustered(
      'p2',
      owUnit('losers', { models: 10, formation: { files: 10 }, profile: { WS: 3, T: 3, I: 3, Ld: 7 } }),
    ),
    owEv.turn(1, 'p1'),
    owEv.phase('close-combat'),
    owEv.joined('victors', 'losers', 5),
  )
  return playTo(game, 'break-test', { 'to-hit': [[5, 5, 5, 5, 5]], 'to-wound': [[5, 5, 1, 1, 1]] })
}

/**
 * The Old World: p2's Spearmen (Ld 7) flee from p1's Knights in turn 1 and lose `lost` of their 10 to p1's Archers;
 * p2's Strategy phase opens their rally test.
 */
function fledSpears(lost: number): OldWorldGame {
  const game = new OldWorldGame(
    owEv.created(),
    owEv.mustered(
      'p1',
      owUnit('knights', { models: 10, formation: { files: 5 }, profile: { M: 4 } }),
      owUnit('archers', { models: 10, formation: { files: 10 }, gear: ['hand-weapon', 'bow'] }),
    ),
    owEv.mustered('p2', owUnit('spears', { models: 10, formation: { files: 5 }, profile: { M: 4, Ld: 7 } })),
    owEv.turn(1, 'p1'),
    owEv.phase('movement'),
    moveEv.charge('knights', 'spears', 8),
  )
  game.choose('flee')
  game.roll([3, 3])
  game.roll([1, 1])
  if (lost > 0) {
    game.apply(owEv.phase('shooting'))
    game.apply({
      type: 'ShotDeclared',
      actor: 'p1',
      payload: { shooter: 'archers', target: 'spears', weapon: 'bow', distance: 10, models: lost },
    })
    while (Object.keys(game.game.requests).length > 0) game.roll(Array(openDice(game).count).fill(6))
  }
  game.apply(owEv.turn(1, 'p2'))
  game.apply(owEv.phase('strategy'))
  return playTo(game, 'rally-test')
}
