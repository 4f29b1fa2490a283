import { describe, it } from 'vitest'
import { moveEv } from '../helpers/classic-movement.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'

const requestOf = (game: OldWorldGame) => Object.values(game.game.requests)[0]

describe('probe', () => {
  it('stand and shoot', () => {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('knights', { models: 10, formation: { files: 5 }, profile: { M: 9 } })),
      owEv.mustered('p2', owUnit('archers', { models: 10, formation: { files: 5 }, gear: ['hand-weapon', 'bow'] })),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )
    game.apply(moveEv.charge('knights', 'archers', 14))
    game.choose('stand-and-shoot')
    console.log(game.outcomes('charge-response')[0]?.text, JSON.stringify(requestOf(game) ?? null))
    game.apply({ type: 'ShotDeclared', payload: { shooter: 'archers', target: 'knights', weapon: 'bow', distance: 14, standAndShoot: true, charge: 6 }, actor: 'p2' })
    for (let i = 0; i < 6 && requestOf(game); i++) {
      const r = requestOf(game)!
      console.log(r.purpose, r.text)
      if (r.kind === 'dice') game.roll(Array(r.count).fill(r.purpose === 'charge-range' ? 3 : 6))
      else game.choose(r.options[0]!.id)
    }
    console.log(game.text())
  })
})
