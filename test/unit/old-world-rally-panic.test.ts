import { describe, expect, it } from 'vitest'
import type { Draft } from '../helpers/classic-game.js'
import { moveEv, movementGame } from '../helpers/classic-movement.js'
import { OldWorldGame, owCombatGame, owEv, owUnit } from '../helpers/old-world-game.js'

/**
 * The Old World's Rally (B.2, in the Strategy phase) and Panic (B.7) through the procedures it shares with the
 * classic ruleset, and Stand and Shoot end to end (B.2, B.4). Distances are the players'; the dice are given.
 */
type Extra = Parameters<typeof owUnit>[1]
const knights = (extra: Extra = {}) =>
  owUnit('knights', { name: 'Knights', models: 10, formation: { files: 5 }, profile: { M: 4 }, ...extra })
const archers = () =>
  owUnit('archers', { name: 'Archers', models: 10, formation: { files: 10 }, gear: ['hand-weapon', 'bow'] })
const spears = (extra: Extra = {}) =>
  owUnit('spears', { name: 'Spearmen', models: 10, formation: { files: 5 }, profile: { M: 4, Ld: 7 }, ...extra })
const levy = (models: number) => owUnit('levy', { name: 'Levy', models, formation: { files: Math.min(models, 5) } })

const requestOf = (game: OldWorldGame) => Object.values(game.game.requests)[0]
const shot = (target: string, models: number, extra: Record<string, unknown> = {}): Draft => ({
  type: 'ShotDeclared',
  payload: { shooter: 'archers', target, weapon: 'bow', distance: 10, models, ...extra },
  actor: 'p1',
})
const panicDeclared = (unit: string, friend: string, cause: string): Draft => ({
  type: 'PanicTestDeclared',
  payload: { unit, friend, cause },
})

/** Answers the open dice requests of a shot with 6s: every shot hits and wounds (no armour, no save). */
function allSixes(game: OldWorldGame) {
  for (let request = requestOf(game); request?.kind === 'dice' && request.purpose.startsWith('to-'); ) {
    game.roll(Array(request.count).fill(6))
    request = requestOf(game)
  }
}

/** p1 shoots `lost` of p2's `target` in its shooting phase of turn 1 (6s all the way). */
function shootDown(game: OldWorldGame, target: string, lost: number) {
  game.apply(owEv.phase('shooting'))
  game.apply(shot(target, lost))
  allSixes(game)
}

/**
 * p2's Spearmen flee from p1's charge in turn 1 (and lose `lost` models to p1's archers); then p2's turn 1
 * starts, and its Strategy phase opens the rally test.
 */
function fledSpears(lost: number, extra: Extra = {}, models = 10) {
  const game = new OldWorldGame(
    owEv.created(),
    owEv.mustered('p1', knights(), archers()),
    owEv.mustered('p2', spears({ models, ...extra })),
    owEv.turn(1, 'p1'),
    owEv.phase('movement'),
  )
  game.apply(moveEv.charge('knights', 'spears', 8))
  game.choose('flee')
  game.roll([3, 3]) // flees 6"
  game.roll([1, 1]) // charge range 4 + 1: the charge fails
  expect(game.game.units.spears?.fleeing).toBe(true)
  if (lost > 0) shootDown(game, 'spears', lost)
  expect(game.game.units.spears?.models).toBe(models - lost)
  game.apply(owEv.turn(1, 'p2'))
  return game
}

describe('old-world/rally: rallying in the Strategy phase', () => {
  it('old-world/rally §test: a fleeing unit tests Ld as its Strategy phase starts; passed, it rallies', () => {
    const game = fledSpears(0)
    game.apply(owEv.phase('strategy'))
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'rally-test', count: 2, roller: 'p2' })
    game.roll([3, 4]) // 7 <= Ld 7
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({
      unit: 'spears',
      test: 'rally',
      passed: true,
      roll: 7,
      leadership: 7,
    })
    expect(game.outcomes('rallied')).toHaveLength(1)
    expect(game.game.units.spears?.fleeing).toBe(false)
    expect(game.cites('rally', 'test')).toBe(true)
  })

  it('old-world/rally §test: failed, it keeps fleeing; the Movement phase opens no second test', () => {
    const game = fledSpears(0)
    game.apply(owEv.phase('strategy'))
    game.roll([4, 4]) // 8 > Ld 7
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ test: 'rally', passed: false })
    expect(game.game.units.spears?.fleeing).toBe(true)
    game.apply(owEv.phase('movement'))
    expect(requestOf(game)).toBeUndefined()
    expect(game.outcomes('psychology-test')).toHaveLength(1)
  })

  it('old-world/rally §below-half: below 50% of its starting models it tests at -1 Ld', () => {
    const game = fledSpears(6) // 4 of 10 left
    game.apply(owEv.phase('strategy'))
    game.roll([3, 4]) // 7 > Ld 6
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ passed: false, roll: 7, leadership: 6 })
    expect(game.cites('rally', 'below-half')).toBe(true)
    expect(game.text()).toContain('4 of its 10 starting models left, below half')
  })

  it('old-world/rally §below-half: at exactly 50% there is no penalty', () => {
    const game = fledSpears(5) // 5 of 10 left
    game.apply(owEv.phase('strategy'))
    game.roll([3, 4])
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ passed: true, leadership: 7 })
    expect(game.text()).toContain('[ignored] below half strength')
  })

  it('old-world/rally §below-quarter: below 25% only a natural double 1 rallies it (old-world/variants)', () => {
    const failed = fledSpears(8) // 2 of 10 left
    failed.apply(owEv.phase('strategy'))
    // The request says the rule its verdict applies (issue 16: it said "passes on 6 or less").
    const asked = failed.game.requests[failed.openRequest()]
    expect(asked?.text).toContain('roll 2D6 rally test, passes only on a double 1')
    expect(asked?.text).not.toContain('or less')
    failed.roll([1, 2]) // 3, under Ld 6, but not a double 1
    expect(failed.outcomes('psychology-test')[0]?.values).toMatchObject({ passed: false, roll: 3, leadership: 6 })
    expect(failed.cites('rally', 'below-quarter')).toBe(true)
    expect(failed.cites('variants', 'rally-below-quarter')).toBe(true)
    expect(failed.text()).toContain('only a double 1 rallies it')

    const rallied = fledSpears(8)
    rallied.apply(owEv.phase('strategy'))
    rallied.roll([1, 1])
    expect(rallied.outcomes('psychology-test')[0]?.values).toMatchObject({ passed: true, roll: 2 })
    expect(rallied.outcomes('rallied')).toHaveLength(1)
  })

  it('old-world/rally §below-quarter: at exactly 25% it tests as usual (at -1, below half)', () => {
    const quarter = fledSpears(9, {}, 12) // 3 of 12 left: 25%
    quarter.apply(owEv.phase('strategy'))
    quarter.roll([2, 4]) // 6 <= Ld 6
    expect(quarter.outcomes('psychology-test')[0]?.values).toMatchObject({ passed: true, roll: 6, leadership: 6 })
  })

  it('old-world/musician §rally: a musician gives +1 Ld to rally (Steadying Rhythm)', () => {
    const game = fledSpears(0, { command: { musician: true } })
    game.apply(owEv.phase('strategy'))
    game.roll([4, 4]) // 8 <= Ld 8
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ passed: true, leadership: 8 })
    expect(game.cites('musician', 'rally')).toBe(true)
  })

  it('old-world/musician §rally: Ld 10 stays 10 with the musician', () => {
    const game = fledSpears(0, { command: { musician: true }, profile: { M: 4, Ld: 10 } })
    game.apply(owEv.phase('strategy'))
    game.roll([5, 6]) // 11 > 10
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ passed: false, leadership: 10 })
    expect(game.cites('musician', 'rally')).toBe(true)
  })

  it('old-world/leadership-test §double-1: a natural double 1 rallies a unit whatever its Leadership', () => {
    const game = fledSpears(0, { profile: { M: 4, Ld: 1 } })
    game.apply(owEv.phase('strategy'))
    game.roll([1, 1])
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ passed: true, roll: 2, leadership: 1 })
    expect(game.cites('leadership-test', 'double-1')).toBe(true)
  })

  it('old-world/rally §rallied: a rallied unit may not charge this turn; the bar ends with the turn', () => {
    const game = fledSpears(0)
    game.apply(owEv.phase('strategy'))
    game.roll([2, 2])
    expect(game.cites('rally', 'rallied')).toBe(true)
    game.apply(owEv.phase('movement'))
    expect(() => game.apply(moveEv.charge('spears', 'knights', 6))).toThrow(
      /cannot charge: rallied this turn: may not charge \(old-world\/rally §rallied\)/,
    )
    expect(game.game.effects.some((effect) => effect.entry === 'rally')).toBe(true)
    game.apply(owEv.turn(2, 'p1'))
    expect(game.game.effects.some((effect) => effect.entry === 'rally')).toBe(false)
  })
})

/** p1's archers and knights against p2's Spearmen and Levy, turn 1, p1 to play, in its Movement phase. */
function panicGame(p2: ReturnType<typeof owUnit>[] = [spears(), levy(5)], p1 = [knights(), archers()]) {
  return new OldWorldGame(
    owEv.created(),
    owEv.mustered('p1', ...p1),
    owEv.mustered('p2', ...p2),
    owEv.turn(1, 'p1'),
    owEv.phase('movement'),
  )
}

describe('old-world/panic: heavy casualties', () => {
  it('old-world/panic §heavy-casualties: more than 25% lost to a shot: tested at once, as the shot is resolved', () => {
    // Core mechanics B.4: "casualties & Panic" for each unit that shoots; not at the next phase (issue 16).
    const game = panicGame()
    shootDown(game, 'spears', 3) // 3 of 10: 30%
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'panic-test', roller: 'p2' })
    expect(game.game.phase).toBe('shooting')
    game.roll([3, 3])
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ unit: 'spears', test: 'panic', passed: true })
    expect(game.cites('panic', 'heavy-casualties')).toBe(true)
    expect(game.cites('variants', 'panic-heavy-casualties')).toBe(true)
    expect(game.text()).toContain('lost 3 of the 10 models it had at the start of the shooting phase of turn 1 (p1)')
    expect(game.text()).toContain(
      'tested at once, as what cost them is resolved (old-world/variants §panic-heavy-casualties)',
    )
    // Tested once: the next phase opens no second test.
    game.apply(owEv.phase('close-combat'))
    expect(requestOf(game)).toBeUndefined()
    expect(game.outcomes('psychology-test')).toHaveLength(1)
  })

  it('old-world/panic §heavy-casualties: exactly 25% is not more than 25%: no test', () => {
    const game = panicGame([spears({ models: 8 }), levy(5)])
    shootDown(game, 'spears', 2) // 2 of 8: 25%
    game.apply(owEv.phase('close-combat'))
    expect(requestOf(game)).toBeUndefined()
    expect(game.outcomes('psychology-test')).toHaveLength(0)
  })

  it('old-world/panic §fall-back: failed with more than 50% of its starting models left, it falls back in good order', () => {
    const game = panicGame()
    shootDown(game, 'spears', 3) // 7 of 10 left
    game.roll([5, 5]) // 10 > Ld 7
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ test: 'panic', passed: false, roll: 10 })
    expect(game.outcomes('psychology-test')[0]?.explanation.rule).toMatchObject({ id: 'panic', clause: 'fall-back' })
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'fall-back', count: 2 })
    game.roll([2, 5])
    expect(game.outcomes('fell-back')[0]?.values).toEqual({ unit: 'spears', roll: 5 })
    expect(game.outcomes('fled')).toHaveLength(0)
    expect(game.game.units.spears?.fleeing).toBe(false)
    expect(game.cites('panic', 'fall-back')).toBe(true)
    expect(game.cites('flee-and-pursuit', 'fall-back')).toBe(true)
    expect(game.text()).toContain('7 of its 10 starting models left: more than 50%, it falls back in good order')
  })

  it('old-world/panic §flee: failed with 50% or fewer of its starting models left, it flees 2D6', () => {
    const game = panicGame()
    shootDown(game, 'spears', 5) // 5 of 10 left
    game.roll([5, 5])
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'flee', count: 2 })
    game.roll([4, 3])
    expect(game.outcomes('fled')[0]?.values).toEqual({ unit: 'spears', roll: 7 })
    expect(game.game.units.spears?.fleeing).toBe(true)
    expect(game.cites('panic', 'flee')).toBe(true)
    expect(game.text()).toContain('5 of its 10 starting models left: 50% or fewer, it flees')
  })

  it('old-world/immune-to-psychology §auto-pass: an immune unit passes its Panic test without a roll', () => {
    const game = panicGame([spears({ rules: ['immune-to-psychology'] }), levy(5)])
    shootDown(game, 'spears', 5)
    game.apply(owEv.phase('close-combat'))
    expect(requestOf(game)).toBeUndefined()
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ test: 'panic', passed: true, auto: 'immune' })
    expect(game.cites('immune-to-psychology', 'auto-pass')).toBe(true)
  })
})

describe('old-world/panic §heavy-casualties: not for Combat phase losses', () => {
  /** Answers the open requests by purpose, in order, until none is open; a number: that face on every die asked. */
  function play(game: OldWorldGame, script: Record<string, (number[] | number | string)[]>) {
    for (let request = requestOf(game); request; request = requestOf(game)) {
      const next = script[request.purpose]?.shift()
      if (next === undefined) throw new Error(`nothing scripted for ${request.purpose}`)
      if (request.kind === 'choice') game.choose(next as string)
      else game.roll(typeof next === 'number' ? Array(request.count).fill(next) : (next as number[]))
    }
  }

  it('a unit that lost 30% in combat and fell back in good order takes no heavy-casualties test after it', () => {
    const game = owCombatGame(
      owUnit('victors', { models: 10, formation: { files: 10 }, profile: { WS: 4, I: 4, Ld: 8 } }),
      owUnit('losers', { name: 'Losers', models: 10, formation: { files: 10 }, profile: { Ld: 7 } }),
    )
    game.apply(owEv.joined('victors', 'losers', 5))
    play(game, {
      'to-hit': [[5, 5, 5, 5, 5], 1],
      'to-wound': [[5, 5, 5, 1, 1]],
      'break-test': [[2, 4]], // 6 <= Ld 7, 6 + 3 > 7: it falls back in good order
      'fall-back': [[2, 5]],
      pursuit: ['hold'],
      restraint: [[3, 3]],
    })
    expect(game.game.units.losers?.models).toBe(7)
    expect(game.outcomes('fell-back')).toHaveLength(1)
    expect(game.game.units.losers?.fleeing).toBe(false)
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.phase('strategy'))
    expect(requestOf(game)).toBeUndefined()
    expect(
      game.outcomes('psychology-test').filter((o) => (o.values as { test: string }).test === 'panic'),
    ).toHaveLength(0)
  })
})

describe('old-world/panic: declared causes (PanicTestDeclared)', () => {
  it('old-world/panic §friend-destroyed: a friend of Unit Strength 5 or more destroyed nearby causes a test', () => {
    const game = panicGame()
    shootDown(game, 'levy', 5) // the Levy (5 models, US 5 at the phase start) is destroyed
    game.apply(panicDeclared('spears', 'levy', 'friend-destroyed'))
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'panic-test' })
    game.roll([2, 2])
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ unit: 'spears', test: 'panic', passed: true })
    expect(game.cites('panic', 'friend-destroyed')).toBe(true)
    expect(game.cites('panic', 'unit-strength')).toBe(true)
    expect(game.cites('variants', 'panic-unit-strength')).toBe(true)
    expect(game.text()).toContain('Levy had Unit Strength 5 at the start of the phase (5 models)')
  })

  it('old-world/panic §unit-strength: a friend below Unit Strength 5 causes no Panic (refused)', () => {
    const game = panicGame([spears(), levy(4)])
    shootDown(game, 'levy', 4)
    expect(() => game.apply(panicDeclared('spears', 'levy', 'friend-destroyed'))).toThrow(
      /Levy had Unit Strength 4 .*below 5, it causes no Panic \(old-world\/panic §friend-destroyed\)/,
    )
    expect(game.outcomes('psychology-test')).toHaveLength(0)
  })

  it('old-world/panic §once-per-phase: a second Panic test in the same phase is refused', () => {
    const game = panicGame()
    shootDown(game, 'levy', 5)
    game.apply(panicDeclared('spears', 'levy', 'friend-destroyed'))
    game.roll([2, 2])
    expect(() => game.apply(panicDeclared('spears', 'levy', 'friend-destroyed'))).toThrow(
      /has taken its Panic test this phase \(old-world\/panic §once-per-phase\)/,
    )
  })

  it('old-world/panic §friend-broke: a friend that fell back in good order nearby causes a test', () => {
    const game = panicGame()
    shootDown(game, 'spears', 3)
    game.roll([5, 5]) // the Spearmen fail their Panic test and fall back in good order
    game.roll([2, 5])
    game.apply(panicDeclared('levy', 'spears', 'friend-broke'))
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'panic-test', roller: 'p2' })
    game.roll([2, 2])
    expect(game.outcomes('psychology-test')[1]?.values).toMatchObject({ unit: 'levy', test: 'panic', passed: true })
    expect(game.text()).toContain('Spearmen fell back in good order from combat within 6" of Levy')
    expect(game.cites('panic', 'friend-broke')).toBe(true)
  })

  it('old-world/panic §fled-through: friends fleeing through the unit cause a test whatever their Unit Strength', () => {
    // Four Spearmen (Unit Strength 4) flee from the Knights' charge, through the Levy.
    const game = panicGame([spears({ models: 4, formation: { files: 4 } }), levy(5)])
    game.apply(moveEv.charge('knights', 'spears', 8))
    game.choose('flee')
    game.roll([3, 3])
    game.roll([1, 1])
    expect(() => game.apply(panicDeclared('levy', 'spears', 'friend-broke'))).toThrow(/Unit Strength 4/)
    game.apply(panicDeclared('levy', 'spears', 'fled-through'))
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'panic-test', roller: 'p2' })
    game.roll([2, 2])
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ unit: 'levy', test: 'panic', passed: true })
    expect(game.cites('panic', 'fled-through')).toBe(true)
  })

  it('old-world/panic §friend-broke: a friend neither fleeing nor fallen back causes none', () => {
    const game = panicGame()
    expect(() => game.apply(panicDeclared('levy', 'spears', 'friend-broke'))).toThrow(
      /Spearmen is not fleeing and has not fallen back in good order this phase/,
    )
  })

  it('old-world/panic: the General has no once-a-game automatic pass (a roll, no choice)', () => {
    const captain = owUnit('captain', {
      name: 'Captain',
      models: 1,
      character: true,
      general: true,
      profile: { Ld: 8 },
    })
    const game = panicGame([captain, levy(5)])
    shootDown(game, 'levy', 5)
    game.apply(panicDeclared('captain', 'levy', 'friend-destroyed'))
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'panic-test', roller: 'p2' })
  })

  it('old-world/panic §exempt: a unit charging this turn takes no Panic test', () => {
    const game = panicGame([spears()], [knights(), owUnit('squires', { models: 5 })])
    game.apply(moveEv.charge('knights', 'spears', 6))
    game.choose('hold')
    game.roll([1, 1]) // 4 + 1 = 5 < 6: the charge fails
    expect(() => game.apply(panicDeclared('knights', 'squires', 'friend-destroyed'))).toThrow(
      /Knights is charging this turn: chargers take no Panic test \(old-world\/panic §exempt\)/,
    )
  })
})

describe('old-world/charge §stand-and-shoot: end to end', () => {
  /** p1's Knights (M9) charge p2's Archers 14" away; the Archers stand and shoot. */
  function standAndShoot() {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', knights({ profile: { M: 9 } })),
      owEv.mustered('p2', { ...archers(), id: 'archers' }),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )
    const declared = game.apply(moveEv.charge('knights', 'archers', 14))
    game.choose('stand-and-shoot')
    return { game, charge: declared.seq }
  }
  const standShot = (charge: number): Draft => ({
    type: 'ShotDeclared',
    payload: {
      shooter: 'archers',
      target: 'knights',
      weapon: 'bow',
      distance: 14,
      models: 5,
      standAndShoot: true,
      charge,
    },
    actor: 'p2',
  })

  it('old-world/to-hit-shooting §stand-and-shoot: -1 to hit, no long-range penalty; the charge range waits for it', () => {
    const { game, charge } = standAndShoot()
    // The charge range is rolled after the shot: nothing is asked until it is declared.
    expect(requestOf(game)).toBeUndefined()
    expect(game.outcomes('charge-response')[0]?.text).toContain(
      `declare its shot now (ShotDeclared, standAndShoot, charge ${charge})`,
    )
    game.apply(standShot(charge))
    // BS 3 hits on 4+; Stand and Shoot makes it 5+; 14" is long range, but that -1 is not taken.
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'to-hit', roller: 'p2' })
    expect(requestOf(game)?.text).toContain('5+')
    expect(game.cites('to-hit-shooting', 'stand-and-shoot')).toBe(true)
    expect(game.cites('to-hit-shooting', 'long-range')).toBe(true)
    expect(game.text()).toContain('[ignored] long range: a Stand and Shoot reaction takes no long-range penalty')
    allSixes(game)
    expect(game.game.units.knights?.models).toBe(5)
    // The shot made, the charge goes on: its range is rolled now.
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'charge-range', roller: 'p1' })
    game.roll([6, 2]) // 9 + 6 = 15 >= 14
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: true, range: 15, distance: 14 })
  })

  it('old-world/panic §exempt: the charger takes no Panic test from the Stand and Shoot casualties', () => {
    const { game, charge } = standAndShoot()
    game.apply(standShot(charge))
    allSixes(game) // 5 of the 10 Knights fall: more than 25%
    game.roll([1, 1]) // 9 + 1 = 10 < 14: the charge fails
    game.apply(owEv.phase('shooting'))
    expect(requestOf(game)).toBeUndefined()
    expect(game.outcomes('psychology-test')).toHaveLength(0)
  })

  it('old-world/charge §stand-and-shoot: shots that destroy the charger end its charge: no range is rolled', () => {
    const { game, charge } = standAndShoot()
    game.apply({ ...standShot(charge), payload: { ...(standShot(charge).payload as object), models: 10 } })
    allSixes(game)
    expect(game.game.units.knights?.models).toBe(0)
    expect(requestOf(game)).toBeUndefined()
    expect(game.outcomes('charge-result')).toHaveLength(0)
  })

  it('shared with classic-8th, whose charge range is rolled too: its Stand and Shoot shot comes before the roll', () => {
    const game = movementGame(
      [knights({ profile: { M: 5 } })],
      [owUnit('archers', { models: 10, formation: { files: 10 }, gear: ['hand-weapon', 'repeater-crossbow'] })],
      'classic-8th',
    )
    const declared = game.apply(moveEv.charge('knights', 'archers', 9))
    game.choose('stand-and-shoot')
    expect(Object.keys(game.game.requests)).toEqual([])
    game.apply({
      ...standShot(declared.seq),
      payload: { ...(standShot(declared.seq).payload as object), weapon: 'repeater-crossbow', distance: 9, models: 1 },
    })
    expect(Object.values(game.game.requests)[0]).toMatchObject({ purpose: 'to-hit' })
    allSixes(game)
    expect(Object.values(game.game.requests)[0]).toMatchObject({ purpose: 'charge-range', roller: 'p1' })
  })
})

describe('old-world/shooting §beyond-range: Stand and Shoot past the maximum range', () => {
  function shortBows(distance: number, response = 'stand-and-shoot') {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', knights({ profile: { M: 9 } })),
      owEv.mustered(
        'p2',
        owUnit('archers', {
          models: 10,
          formation: { files: 10 },
          gear: ['hand-weapon', { id: 'bow', options: { range: 8 } }],
        }),
      ),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )
    const declared = game.apply(moveEv.charge('knights', 'archers', distance))
    game.choose(response)
    return { game, charge: declared.seq }
  }

  it('a charger beyond the weapon range is shot at long range (the -1 not taken), not refused', () => {
    const { game, charge } = shortBows(12)
    game.apply({
      type: 'ShotDeclared',
      payload: {
        shooter: 'archers',
        target: 'knights',
        weapon: 'bow',
        distance: 12,
        models: 5,
        standAndShoot: true,
        charge,
      },
      actor: 'p2',
    })
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'to-hit' })
    expect(requestOf(game)?.text).toContain('5+')
    expect(game.cites('shooting', 'beyond-range')).toBe(true)
    expect(game.text()).toContain(
      `12" is beyond Bow's range of 8": a Stand and Shoot reaction fires anyway, at long range`,
    )
  })

  it('limit: an ordinary shot beyond the range is still refused', () => {
    const { game } = shortBows(12, 'hold')
    game.roll([1, 1]) // the charge: 9 + 1 = 10 < 12, it fails
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.phase('shooting'))
    expect(() =>
      game.apply({
        type: 'ShotDeclared',
        payload: { shooter: 'archers', target: 'knights', weapon: 'bow', distance: 12, models: 5 },
        actor: 'p2',
      }),
    ).toThrow(/beyond Bow's range of 8"/)
  })
})

describe('old-world/charge §stand-and-shoot: a shot never declared', () => {
  it('a charge still waiting for its Stand and Shoot shot goes on as the next phase starts (the target holds)', () => {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', knights({ profile: { M: 9 } })),
      owEv.mustered('p2', archers()),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )
    game.apply(moveEv.charge('knights', 'archers', 14))
    game.choose('stand-and-shoot')
    expect(requestOf(game)).toBeUndefined()
    game.apply(owEv.phase('shooting'))
    expect(game.outcomes('charge-response').at(-1)?.values).toMatchObject({ unit: 'archers', response: 'hold' })
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'charge-range', roller: 'p1' })
    game.roll([6, 1])
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: true, range: 15 })
    expect(game.cites('charge', 'stand-and-shoot')).toBe(true)
  })
})
