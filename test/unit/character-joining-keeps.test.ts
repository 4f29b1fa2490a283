import { describe, expect, it } from 'vitest'
import { renderExplanationText } from '../../core/explain/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { type Draft, EngineGame, ev, unitDef } from '../helpers/classic-game.js'

/**
 * A character keeps what its muster gave it through joining and leaving a unit (core/engine/joining.ts): its points
 * cost, which victory points are worked out from (classic/victory-points §points, §characters), and what it rides,
 * which strikes with its own profile (classic/mounts §split-profile).
 */
const warhorse = { name: 'Warhorse', profile: { M: 8, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 5 } }
const noble = unitDef('noble', {
  name: 'Noble',
  troopType: 'cavalry',
  character: true,
  models: 1,
  points: 95,
  mount: warhorse,
  profile: { M: 8, WS: 5, S: 4, W: 2, I: 5, A: 2, Ld: 9 },
})
const knights = unitDef('knights', {
  name: 'Knights',
  troopType: 'cavalry',
  models: 5,
  formation: { files: 5 },
  points: 150,
  mount: warhorse,
  profile: { M: 8, WS: 4, Ld: 8 },
})
const boyz = unitDef('boyz', { name: 'Orc Boyz', models: 10, formation: { files: 5 }, points: 60 })

const joined: Draft = { type: 'CharacterJoined', payload: { character: 'noble', unit: 'knights' } }
const left: Draft = { type: 'CharacterLeft', payload: { unit: 'knights', character: 'noble' } }

describe('a character joining and leaving a unit keeps its points and its mount', () => {
  it("joined, it is one of the unit's characters with its points and mount", () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', noble, knights),
      ev.mustered('p2', boyz),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
      joined,
    )
    const [character] = game.game.units.knights?.characters ?? []
    expect(character).toMatchObject({ id: 'noble', points: 95, mount: warhorse })
  })

  it('left again, it is a unit of one with its points and mount, and the army is still worth its whole cost', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', noble, knights),
      ev.mustered('p2', boyz),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
      joined,
      ev.turn(1, 'p2'),
      ev.turn(2, 'p1'),
      ev.phase('movement'),
      left,
    )
    expect(game.game.units.noble).toMatchObject({ points: 95, mount: warhorse, models: 1, character: true })
    // The size of the battle counts every unit's and character's points: p1 95 + 150 = 245 (without the Noble's
    // points it would be 150, and 100 victory points a solid victory rather than a marginal one).
    const ctx = game.engine.contextFor(game.state)
    const reading = classic.victory?.result(ctx, { p1: 100, p2: 0 }, null)
    expect(reading).toMatchObject({ winner: 'p1', margin: 100, band: 'solid-victory' })
    expect(renderExplanationText(reading!.why)).toContain('the largest army (p1 245, p2 60)')
  })
})
