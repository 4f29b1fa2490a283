import { describe, expect, it } from 'vitest'
import { phaseKey } from '../../core/engine/outcomes.js'
import { EngineGame, ev, unitDef } from '../helpers/classic-game.js'

describe('a phase is known by the event that began it', () => {
  it('the same turn number, player and phase given twice are two phases', () => {
    const first = phaseKey({ turn: 3, activePlayer: 'p1', phase: 'close-combat', phaseStartedAt: 40 })
    const again = phaseKey({ turn: 3, activePlayer: 'p1', phase: 'close-combat', phaseStartedAt: 61 })
    expect(first).not.toBe(again)
  })

  it('panic: losses in two phases are not added up (classic/panic §heavy-casualties)', () => {
    // 10 Boyz lose 2 (20%) in one close-combat phase and 1 more (1 of 8) in the next one (p2's turn: a turn is never
    // started twice, classic/turn-sequence): neither phase reaches 25% (3 of 10 together would), so no Panic test.
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', unitDef('warriors', { models: 10, profile: { WS: 4, S: 6 } })),
      ev.mustered('p2', unitDef('boyz', { models: 10 })),
    )
    const loses = (models: number) => {
      game.apply(ev.phase('close-combat'))
      game.apply(ev.attack('warriors', 'boyz', models))
      game.roll(Array(models).fill(6)) // to hit
      game.roll(Array(models).fill(6)) // to wound: S6 vs T3, no armour
    }
    game.apply(ev.turn(1, 'p1'))
    loses(2)
    expect(game.game.units.boyz?.models).toBe(8)
    game.apply(ev.turn(1, 'p2'))
    loses(1)
    expect(game.game.units.boyz?.models).toBe(7)
    game.apply(ev.turn(2, 'p1'))
    const next = game.apply(ev.phase('movement'))
    expect(next.requests).toHaveLength(0)
    expect(game.steps.flatMap((s) => s.outcomes).filter((o) => o.kind === 'psychology-test')).toHaveLength(0)
  })
})
