import { describe, expect, it } from 'vitest'
import { OldWorldGame, owCombatGame, owEv, owUnit } from '../helpers/old-world-game.js'

/** The Old World's core entries that the shared procedures cite by id, cited under the Old World's own catalogue. */
describe('old-world core entries cited by the shared procedures', () => {
  it('old-world/attacks §count: each model in base contact makes its Attacks', () => {
    const game = owCombatGame(owUnit('a', { profile: { A: 2 } }), owUnit('b'))
    const step = game.apply(owEv.attack('a', 'b', 3))
    expect(step.requests[0]).toMatchObject({ kind: 'dice', count: 6 })
    expect(game.cites('attacks', 'count')).toBe(true)
  })

  it('old-world/movement §normal: a normal move is up to M', () => {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('spears', { profile: { M: 4 } })),
      owEv.mustered('p2', owUnit('far')),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )
    game.apply({ type: 'MoveDeclared', payload: { unit: 'spears', kind: 'normal', distance: 4 } })
    expect(game.outcomes('move-checked')[0]?.values).toMatchObject({ limit: 4, legal: true })
    expect(game.cites('movement', 'normal')).toBe(true)
  })
})
