import { describe, expect, it } from 'vitest'
import type { UnitState } from '../../core/engine/types.js'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { type Draft, EngineGame, ev, unitDef } from '../helpers/classic-game.js'

/**
 * Classic victory points, 7th style (classic/victory-points), worked by hand:
 *
 * p1: Spearmen 20 models, 200 pts, standard; Lord (on his own, W3, Ld 9, General) 150 pts; Knights 5, 180 pts.
 * p2: Boyz 20 models, 160 pts, standard; Trolls 3 models (W3), 120 pts; Boss (on his own, W2, Ld 8) 90 pts;
 *     Goblins 20 models, no points given.
 *
 * At the end: the Boyz are destroyed (p1 160); the Trolls have 1 of 3 models, half strength or less (p1: half of 120 =
 * 60); the Boss, p2's General, is slain (p1 90 + the General's 100 = 190); the Knights hold the Boyz' standard (p1 +100);
 * the Goblins are destroyed, but their points are unknown (p1 0, explained). p1: 160 + 60 + 190 + 100 = 510.
 * The Spearmen flee with 15 models (p2: all 200); the Lord has lost 2 of 3 Wounds, 1 left, half or less (p2: half of
 * 150 = 75). p2: 275. Difference 235; the battle's size is the largest army, p1's 200 + 150 + 180 = 530 (p2: 370);
 * 235 / 530 = 44%: a solid victory for p1 (25-49%).
 */
function battle(): EngineGame {
  return new EngineGame(
    { ...ev.created(), payload: { ...(ev.created().payload as object), turns: 1 } },
    ev.mustered(
      'p1',
      unitDef('spears', { models: 20, points: 200, command: { standard: true } }),
      unitDef('lord', { models: 1, points: 150, character: true, general: true, profile: { W: 3, Ld: 9 } }),
      unitDef('knights', { models: 5, points: 180, troopType: 'cavalry' }),
    ),
    ev.mustered(
      'p2',
      unitDef('boyz', { models: 20, points: 160, command: { standard: true } }),
      unitDef('trolls', { models: 3, points: 120, troopType: 'monstrous-infantry', profile: { W: 3 } }),
      unitDef('boss', { models: 1, points: 90, character: true, profile: { W: 2, Ld: 8 } }),
      unitDef('goblins', { models: 20 }),
    ),
    ev.turn(1, 'p1'),
  )
}

/** The table rules a unit's state (every player agreeing): how these tests bring units to their end. */
const ruled = (units: object[]): Draft => ({
  type: 'Ruling',
  payload: { about: 3, units, why: 'as it stood at the table', agreedBy: ['p2'] },
  actor: 'p1',
})

const score = (game: EngineGame, id: string) => {
  const ctx = game.engine.contextFor(game.state)
  return classic.victory?.unitScore(ctx, game.game.units[id] as UnitState)
}

describe('classic victory points (classic/victory-points)', () => {
  it('destroyed: full points; the running score moves as it happens, explained', () => {
    const game = battle()
    const step = game.apply(ruled([{ unit: 'boyz', models: 0 }]))
    expect(game.game.score?.vp).toEqual({ p1: 160, p2: 0 })
    const text = renderExplanationText(step.explanation ?? { text: '', children: [] })
    expect(text).toContain('victory points so far: p1 160, p2 0')
    expect(text).toContain('boyz is destroyed: 100% of 160 points = 160')
  })

  it('half strength or less: half its points, rounded up; a model on its own by its Wounds', () => {
    const game = battle()
    game.apply(ruled([{ unit: 'trolls', models: 2 }]))
    expect(score(game, 'trolls')?.lost).toBe(0) // 2 of 3 is more than half
    game.apply(ruled([{ unit: 'trolls', models: 1 }]))
    expect(score(game, 'trolls')?.lost).toBe(60)
    game.apply(ruled([{ unit: 'lord', woundsOnNextModel: 1 }]))
    expect(score(game, 'lord')?.lost).toBe(0) // 2 of 3 Wounds left
    game.apply(ruled([{ unit: 'lord', woundsOnNextModel: 2 }]))
    expect(score(game, 'lord')?.lost).toBe(75)
    expect(citedRules(score(game, 'lord')?.why ?? { text: '', children: [] }).map((r) => r.clause)).toContain('reduced')
  })

  it('fleeing at the end: full points', () => {
    const game = battle()
    game.apply(ruled([{ unit: 'spears', models: 15, fleeing: true }]))
    expect(game.game.score?.vp).toEqual({ p1: 0, p2: 200 })
  })

  it('the slain General: his points and +100', () => {
    const game = battle()
    game.apply(ruled([{ unit: 'boss', models: 0 }]))
    expect(score(game, 'boss')?.lost).toBe(190)
    expect(renderExplanationText(score(game, 'boss')?.why ?? { text: '', children: [] })).toMatch(
      /boss, p2's General, is slain: \+100/,
    )
  })

  it('points not in the muster: 0, and the explanation says they are unknown', () => {
    const game = battle()
    game.apply(ruled([{ unit: 'goblins', models: 0 }]))
    expect(score(game, 'goblins')).toMatchObject({ lost: 0, scores: true })
    expect(renderExplanationText(score(game, 'goblins')?.why ?? { text: '', children: [] })).toContain(
      'its points are not in the muster, so it gives 0 (unknown)',
    )
  })

  it('a standard captured and held: +100 to its captor; none when the captor is destroyed', () => {
    const game = battle()
    ;(game.game.units.knights as UnitState).capturedStandards = ['boyz']
    expect(score(game, 'knights')).toMatchObject({ lost: 0, held: 100 })
    ;(game.game.units.knights as UnitState).models = 0
    expect(score(game, 'knights')).toMatchObject({ lost: 180, held: 0 })
  })

  it('the end: 510 against 275, 44% of the 530-point battle, a solid victory for p1', () => {
    const game = battle()
    game.apply(
      ruled([
        { unit: 'boyz', models: 0 },
        { unit: 'trolls', models: 1 },
        { unit: 'boss', models: 0 },
        { unit: 'goblins', models: 0 },
        { unit: 'spears', models: 15, fleeing: true },
        { unit: 'lord', woundsOnNextModel: 2 },
      ]),
    )
    ;(game.game.units.knights as UnitState).capturedStandards = ['boyz']
    game.apply(ev.turn(1, 'p2'))
    const end = game.apply({ type: 'GameEnded', payload: { reason: 'last-turn' }, actor: 'p2' })
    expect(game.game.result).toEqual({
      seq: 7,
      reason: 'last-turn',
      conceded: null,
      vp: { p1: 510, p2: 275 },
      winner: 'p1',
      margin: 235,
      band: 'solid-victory',
    })
    const text = renderExplanationText(end.explanation ?? { text: '', children: [] })
    expect(text).toContain("p1 leads by 235 victory points, 44% of the battle's 530 points: a solid victory")
    expect(text).toContain('size of the battle: 530 points, the largest army (p1 530, p2 370)')
    const clauses = citedRules(end.explanation ?? { text: '', children: [] }).map((r) => `${r.id} §${r.clause}`)
    expect(clauses).toEqual(
      expect.arrayContaining([
        'victory-points §destroyed',
        'victory-points §fleeing',
        'victory-points §reduced',
        'victory-points §general',
        'victory-points §standards',
        'victory-points §result',
        'variants §victory-bands',
        'variants §victory-battle-size',
        'variants §victory-unknown-points',
      ]),
    )
  })

  it('the bands by hand: under 10% a draw, 10% marginal, 50% a massacre', () => {
    const game = battle()
    const ctx = game.engine.contextFor(game.state)
    const read = (vp: Record<string, number>) => classic.victory?.result(ctx, vp, null)
    // The battle's size is 530: 52 is 9% (draw), 53 is 10% (marginal), 265 is 50% (massacre).
    expect(read({ p1: 52, p2: 0 })).toMatchObject({ winner: null, band: 'draw', margin: 52 })
    expect(read({ p1: 53, p2: 0 })).toMatchObject({ winner: 'p1', band: 'marginal-victory' })
    expect(read({ p1: 0, p2: 265 })).toMatchObject({ winner: 'p2', band: 'massacre', margin: 265 })
  })
})
