import { describe, expect, it } from 'vitest'
import { requestOdds } from '../../core/engine/odds.js'
import { combatGame, ev, unitDef } from '../helpers/classic-game.js'

describe('a dice request says which dice a rule will have re-rolled', () => {
  it('hatred: "roll 5 D6 to hit, 4+; failed ones are re-rolled for Hatred", and the odds count the re-roll', () => {
    const game = combatGame(
      unitDef('haters', { models: 10, rules: [{ id: 'hatred', params: { enemies: 'all' } }] }),
      unitDef('foes', { models: 10 }),
    )
    const joined = game.apply(ev.joined('haters', 'foes', 5))
    const request = joined.requests[0]
    expect(request).toMatchObject({ purpose: 'to-hit', count: 5, need: 4, reroll: 'failed' })
    expect(request?.text).toMatch(/4\+; failed ones are re-rolled for Hatred/)
    // One die: 1/2 to hit, and a failed one re-rolled: 1/2 + 1/2 x 1/2 = 3/4 (classic/hatred §re-roll).
    if (request?.kind !== 'dice') throw new Error('expected dice')
    const odds = requestOdds(request)
    expect(odds.perDie.exact).toBe('3/4')

    // The re-roll itself is never re-rolled again (classic/dice §re-roll-once).
    const again = game.roll([1, 1, 6, 6, 6])
    expect(again.requests[0]).toMatchObject({ purpose: 're-roll-to-hit', count: 2 })
    expect(again.requests[0]).not.toHaveProperty('reroll')
  })

  it('no re-roll: the request says nothing of one', () => {
    const game = combatGame(unitDef('a', { models: 10 }), unitDef('b', { models: 10 }))
    const joined = game.apply(ev.joined('a', 'b', 5))
    expect(joined.requests[0]).not.toHaveProperty('reroll')
    expect(joined.requests[0]?.text).not.toMatch(/re-rolled/)
  })
})
