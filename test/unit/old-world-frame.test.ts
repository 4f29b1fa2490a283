import { describe, expect, it } from 'vitest'
import { EngineGame, ev, unitDef } from '../helpers/classic-game.js'
import { OldWorldGame, owCombatGame, owEv, owUnit } from '../helpers/old-world-game.js'

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

describe('each ruleset musters only its own troop types', () => {
  it('a classic game refuses a behemoth, naming the troop types it has', () => {
    const game = new EngineGame(ev.created())
    expect(() => game.apply(ev.mustered('p1', unitDef('tree', { troopType: 'behemoth', models: 1 })))).toThrow(
      /tree: behemoth is not a troop type of .* \(it has monster, infantry/,
    )
    expect(Object.keys(game.game.units)).toEqual([])
  })

  it('an Old World game musters a behemoth and refuses a classic monster', () => {
    const game = new OldWorldGame(owEv.created())
    game.apply(owEv.mustered('p1', owUnit('tree', { troopType: 'behemoth', models: 1 })))
    expect(() => game.apply(owEv.mustered('p2', owUnit('hydra', { troopType: 'monster', models: 1 })))).toThrow(
      /hydra: monster is not a troop type of The Old World/,
    )
    expect(Object.keys(game.game.units)).toEqual(['tree'])
  })
})

describe('the Old World charts (old-world/to-hit-close-combat, old-world/to-wound)', () => {
  it('S 3 against T 9 cannot wound (old-world/to-wound §cannot-wound); S 3 against T 8 wounds on 6+', () => {
    const hits = (toughness: number) => {
      const game = owCombatGame(
        owUnit('a', { models: 5, formation: { files: 5 }, profile: { WS: 3, S: 3 } }),
        owUnit('b', { models: 5, formation: { files: 5 }, profile: { WS: 3, T: toughness } }),
      )
      game.apply(owEv.joined('a', 'b', 5))
      game.roll([4, 4, 4, 4, 4])
      return game
    }
    const t9 = hits(9)
    expect(t9.outcomes('wounds')[0]?.values).toMatchObject({ hits: 5, need: null, wounds: 0 })
    expect(t9.cites('to-wound', 'cannot-wound')).toBe(true)
    const t8 = hits(8)
    expect(t8.game.requests[t8.openRequest()]?.text).toContain('to wound b, 6+')
  })
})

describe('old-world/turn-sequence: each thing in its phase', () => {
  it('a combat is joined in the Combat phase only, and the refusal cites old-world/turn-sequence §close-combat', () => {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('a', { models: 5, formation: { files: 5 } })),
      owEv.mustered('p2', owUnit('b', { models: 5, formation: { files: 5 } })),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )
    expect(() => game.apply(owEv.joined('a', 'b', 5))).toThrow(
      /combats are fought in the close-combat phase, not movement \(old-world\/turn-sequence §close-combat\)/,
    )
    expect(game.game.combats).toEqual({})
  })
})

describe('an entry checks the parameters a list gives it, at muster', () => {
  it('Stomp Attacks (D7) is refused, naming the entry and what X may be; Stomp Attacks (D3+1) musters', () => {
    const game = new OldWorldGame(owEv.created())
    const giant = (X: string) =>
      owUnit('giant', { troopType: 'behemoth', models: 1, rules: [{ id: 'stomp-attacks', params: { X } }] })
    expect(() => game.apply(owEv.mustered('p1', giant('D7')))).toThrow(
      /giant: Stomp Attacks needs X as a number or dice such as D3, D6, 2D6 or D3\+1, not "D7"/,
    )
    expect(game.game.units).toEqual({})
    game.apply(owEv.mustered('p1', giant('D3+1')))
    expect(game.game.units.giant?.rules).toEqual([{ id: 'stomp-attacks', params: { X: 'D3+1' } }])
  })
})
