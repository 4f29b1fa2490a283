import { describe, expect, it } from 'vitest'
import { owCombatGame, owEv, owUnit } from '../helpers/old-world-game.js'

describe('The Old World runs the shared close-combat round under its own charts', () => {
  it('WS 5 against WS 2 hits on 2+ (old-world/to-hit-close-combat §chart) and a round is scored', () => {
    const game = owCombatGame(
      owUnit('swords', { models: 10, formation: { files: 5 }, profile: { WS: 5, S: 3 } }),
      owUnit('spears', { models: 10, formation: { files: 5 }, profile: { WS: 2, T: 3 } }),
    )
    game.apply(owEv.joined('swords', 'spears', 5))
    const first = game.game.requests[game.openRequest()]
    expect(first?.text).toContain('2+')
    expect(game.cites('to-hit-close-combat', 'chart')).toBe(true)
    expect(first?.explanation.children.some((c) => JSON.stringify(c).includes('"ruleset":"old-world"'))).toBe(true)
  })
})

describe('a whole Old World round with dice', () => {
  it('fights, scores and tests', () => {
    const game = owCombatGame(
      owUnit('swords', { models: 10, formation: { files: 5 }, command: { standard: true }, profile: { WS: 4, S: 3 } }),
      owUnit('spears', { models: 10, formation: { files: 5 }, profile: { WS: 3, T: 3 } }),
    )
    game.apply(owEv.joined('swords', 'spears', 5))
    for (let i = 0; i < 20 && Object.keys(game.game.requests).length > 0; i++) {
      const request = game.game.requests[game.openRequest()]
      if (request?.kind === 'dice') game.roll(Array.from({ length: request.count }, () => 4))
      else game.choose(request?.kind === 'choice' ? (request.options[0]?.id ?? '') : '')
    }
    expect(game.outcomes('combat-result').length).toBe(1)
  })
})
