import { describe, expect, it } from 'vitest'
import type { Draft } from '../helpers/classic-game.js'
import { moveEv } from '../helpers/classic-movement.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'

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
const levy = (models: number) => owUnit('levy', { name: 'Levy', models, formation: { files: 5 } })

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
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'rally test', count: 2, roller: 'p2' })
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
