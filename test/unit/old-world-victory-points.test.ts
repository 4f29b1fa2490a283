import { describe, expect, it } from 'vitest'
import type { UnitState } from '../../core/engine/types.js'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { oldWorld } from '../../core/rules/old-world/index.js'
import type { Draft } from '../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'

/**
 * The Old World's victory points (old-world/victory-points), worked by hand:
 *
 * p1: Spearmen 20 models, 200 pts; Knights 5 models, 180 pts; Count (on his own, W3, Ld 9, General) 140 pts.
 * p2: Boyz 20 models, 160 pts, standard; Archers 20 models, 100 pts; Warboss (on his own, W3, Ld 9) 110 pts.
 *
 * At the end: the Boyz are destroyed (p1 160); the Archers have 4 of 20 models, below 25% (5) (p1: a quarter of 100 =
 * 25); the Warboss, p2's General, is slain (p1 110 + 100 = 210); the Knights hold the Boyz' standard as a trophy
 * (p1 +50). p1: 160 + 25 + 210 + 50 = 445. The Spearmen flee (p2: half of 200 = 100); the Count has 1 of 3 Wounds left,
 * not below 25% of 3 (0.75) (p2: 0). p2: 100. p1 leads by 345 (at least 100) and has at least twice as many: a
 * crushing victory.
 */
function battle(): OldWorldGame {
  return new OldWorldGame(
    { ...owEv.created(), payload: { ...(owEv.created().payload as object), turns: 1 } },
    owEv.mustered(
      'p1',
      owUnit('spears', { models: 20, points: 200 }),
      owUnit('knights', { models: 5, points: 180, troopType: 'heavy-cavalry' }),
      owUnit('count', { models: 1, points: 140, character: true, general: true, profile: { W: 3, Ld: 9 } }),
    ),
    owEv.mustered(
      'p2',
      owUnit('boyz', { models: 20, points: 160, command: { standard: true } }),
      owUnit('archers', { models: 20, points: 100 }),
      owUnit('warboss', { models: 1, points: 110, character: true, profile: { W: 3, Ld: 9 } }),
    ),
    owEv.turn(1, 'p1'),
  )
}

const ruled = (units: object[]): Draft => ({
  type: 'Ruling',
  payload: { about: 3, units, why: 'as it stood at the table', agreedBy: ['p2'] },
  actor: 'p1',
})

const score = (game: OldWorldGame, id: string) =>
  oldWorld.victory?.unitScore(game.engine.contextFor(game.state), game.game.units[id] as UnitState)

describe('Old World victory points (old-world/victory-points)', () => {
  it('destroyed: full points; fleeing: half', () => {
    const game = battle()
    game.apply(ruled([{ unit: 'boyz', models: 0 }]))
    game.apply(ruled([{ unit: 'spears', fleeing: true }]))
    expect(game.game.score?.vp).toEqual({ p1: 160, p2: 100 })
  })

  it('below 25% of its start: a quarter of its points, rounded up; at 25% nothing', () => {
    const game = battle()
    game.apply(ruled([{ unit: 'archers', models: 5 }]))
    expect(score(game, 'archers')?.lost).toBe(0)
    game.apply(ruled([{ unit: 'archers', models: 4 }]))
    expect(score(game, 'archers')?.lost).toBe(25)
    game.apply(ruled([{ unit: 'count', woundsOnNextModel: 2 }]))
    expect(score(game, 'count')?.lost).toBe(0)
  })

  it('the slain General: his points and +100; a trophy: +50', () => {
    const game = battle()
    game.apply(ruled([{ unit: 'warboss', models: 0 }]))
    expect(score(game, 'warboss')?.lost).toBe(210)
    ;(game.game.units.knights as UnitState).capturedStandards = ['boyz']
    expect(score(game, 'knights')).toMatchObject({ lost: 0, held: 50 })
  })

  it('the end: 445 against 100, a crushing victory for p1', () => {
    const game = battle()
    game.apply(
      ruled([
        { unit: 'boyz', models: 0 },
        { unit: 'archers', models: 4 },
        { unit: 'warboss', models: 0 },
        { unit: 'spears', fleeing: true },
        { unit: 'count', woundsOnNextModel: 2 },
      ]),
    )
    ;(game.game.units.knights as UnitState).capturedStandards = ['boyz']
    game.apply(owEv.turn(1, 'p2'))
    const end = game.apply({ type: 'GameEnded', payload: { reason: 'last-turn' }, actor: 'p1' })
    expect(game.game.result).toMatchObject({
      vp: { p1: 445, p2: 100 },
      winner: 'p1',
      margin: 345,
      band: 'crushing-victory',
    })
    const tree = end.explanation ?? { text: '', children: [] }
    expect(renderExplanationText(tree)).toContain('p1 scores 445 against 100: 345 more, and at least twice as many')
    expect(citedRules(tree).map((r) => `${r.ruleset}/${r.id} §${r.clause}`)).toEqual(
      expect.arrayContaining([
        'old-world/victory-points §fleeing',
        'old-world/victory-points §reduced',
        'old-world/victory-points §standards',
        'old-world/variants §victory-bands',
        'old-world/variants §victory-general',
      ]),
    )
  })

  it('the bands by hand: 99 more is a draw, 100 more a victory, twice as many a crushing victory', () => {
    const game = battle()
    const read = (vp: Record<string, number>) => oldWorld.victory?.result(game.engine.contextFor(game.state), vp, null)
    expect(read({ p1: 300, p2: 201 })).toMatchObject({ winner: null, band: 'draw', margin: 99 })
    expect(read({ p1: 301, p2: 201 })).toMatchObject({ winner: 'p1', band: 'victory', margin: 100 })
    expect(read({ p1: 200, p2: 400 })).toMatchObject({ winner: 'p2', band: 'crushing-victory' })
    expect(oldWorld.victory?.result(game.engine.contextFor(game.state), { p1: 500, p2: 0 }, 'p1')).toMatchObject({
      winner: 'p2',
      band: 'crushing-victory',
    })
  })
})
