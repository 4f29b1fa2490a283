import { describe, expect, it } from 'vitest'
import { type Draft, EngineGame, ev, unitDef } from '../helpers/classic-game.js'
import { OldWorldGame, owEv } from '../helpers/old-world-game.js'
import { refused } from '../helpers/refused.js'

/** A classic game of `turns` turns each (6 when not given), one unit a side. */
function game(turns?: number, ...more: Draft[]): EngineGame {
  const created = ev.created()
  const payload = { ...(created.payload as object), ...(turns === undefined ? {} : { turns }) }
  return new EngineGame(
    { ...created, payload },
    ev.mustered('p1', unitDef('a')),
    ev.mustered('p2', unitDef('b')),
    ...more,
  )
}

const ended = (reason: 'last-turn' | 'concession', actor = 'p1'): Draft => ({
  type: 'GameEnded',
  payload: { reason },
  actor,
})

describe('the turn sequence (classic/turn-sequence §phases)', () => {
  it('a game agreed without a length lasts six turns each, as games recorded before it did', () => {
    expect(game().game.progress).toEqual({ turns: 6, order: [], played: [] })
    expect(game(4).game.progress?.turns).toBe(4)
  })

  it('players take turns in the order of game turn 1, each once a game turn', () => {
    const g = game(undefined, ev.turn(1, 'p2'), ev.turn(1, 'p1'), ev.turn(2, 'p2'))
    expect(g.game.progress).toEqual({ turns: 6, order: ['p2', 'p1'], played: ['p2'] })
    expect(g.game.activePlayer).toBe('p2')
  })

  it('refuses a turn started twice, naming the rule and what comes next; nothing is written', () => {
    const g = game(undefined, ev.turn(1, 'p1'), ev.phase('movement'))
    refused(
      g,
      ev.turn(1, 'p1'),
      'rules/turn-repeated',
      /p1 has started turn 1 already \(next: PhaseStarted magic, or TurnStarted turn 1 for player p2\)/,
    )
  })

  it('refuses a turn by the wrong player, and a turn out of its number', () => {
    const g = game(undefined, ev.turn(1, 'p1'), ev.turn(1, 'p2'))
    refused(g, ev.turn(2, 'p2'), 'rules/turn-order', /it is p1 to play \(next: .*TurnStarted turn 2 for player p1\)/)
    refused(g, ev.turn(3, 'p1'), 'rules/turn-order', /turn 2 is under way or due, not turn 3/)
    refused(g, ev.turn(1, 'p1'), 'rules/turn-repeated')
    g.apply(ev.turn(2, 'p1'))
    expect(g.game.turn).toBe(2)
  })

  it('refuses a phase started twice or out of order; a phase may be passed over', () => {
    const g = game(undefined, ev.turn(1, 'p1'), ev.phase('movement'), ev.phase('shooting'))
    refused(g, ev.phase('shooting'), 'rules/phase-repeated', /next: PhaseStarted close-combat, or TurnStarted/)
    refused(
      g,
      ev.phase('magic'),
      'rules/phase-order',
      /phases come in order \(movement, magic, shooting, close-combat\)/,
    )
    refused(g, ev.phase('movement'), 'rules/phase-order')
    g.apply(ev.phase('close-combat'))
    refused(g, ev.phase('close-combat'), 'rules/phase-repeated', /next: TurnStarted turn 1 for player p2\)/)
    g.apply(ev.turn(1, 'p2'))
    g.apply(ev.phase('movement'))
    expect(g.game.phase).toBe('movement')
  })

  it("The Old World's phases in its order: Strategy first (old-world/turn-sequence §phases)", () => {
    const g = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', unitDef('a')),
      owEv.mustered('p2', unitDef('b')),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )
    refused(g, owEv.phase('strategy'), 'rules/phase-order', /\(strategy, movement, shooting, close-combat\)/)
  })

  it('no turn after the agreed length: the next is GameEnded', () => {
    const g = game(1, ev.turn(1, 'p1'), ev.turn(1, 'p2'))
    refused(
      g,
      ev.turn(2, 'p1'),
      'rules/game-length',
      /agreed at 1 turn each, and every player has played turn 1 \(next: .*GameEnded/,
    )
  })
})

describe('the end of the game (classic/victory-points §game-length)', () => {
  it('refuses GameEnded before the agreed end unless a player concedes', () => {
    const g = game(2, ev.turn(1, 'p1'), ev.turn(1, 'p2'), ev.turn(2, 'p1'))
    refused(g, ended('last-turn'), 'rules/game-not-over', /agreed at 2 turns each and it is turn 2 of p1.*concede/)
    g.apply(ev.turn(2, 'p2'))
    g.apply(ended('last-turn'))
    expect(g.game.result).toMatchObject({ reason: 'last-turn', conceded: null, winner: null, band: 'draw' })
  })

  it('a concession ends the game at once, recorded by the player who concedes', () => {
    const g = game(undefined, ev.turn(1, 'p1'))
    g.apply(ended('concession', 'p2'))
    expect(g.game.result).toMatchObject({ reason: 'concession', conceded: 'p2', winner: 'p1', band: 'massacre' })
  })

  it('refuses a second GameEnded, and any declaration after it; notes are still written', () => {
    const g = game(undefined, ev.turn(1, 'p1'), ended('concession'))
    refused(g, ended('concession', 'p2'), 'rules/game-over', /a second GameEnded after the game ended at seq 5/)
    refused(g, ev.phase('movement'), 'rules/game-over', /PhaseStarted after the game ended/)
    refused(g, ev.turn(1, 'p2'), 'rules/game-over')
    g.apply(ev.note('well played'))
    expect(g.game.seq).toBe(6)
  })
})
