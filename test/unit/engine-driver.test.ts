import { describe, expect, it } from 'vitest'
import { choose, createEngine, type Ruleset, rollDice } from '../../core/engine/index.js'
import type { EngineEvent } from '../../core/engine/types.js'
import { canonicalJson } from '../../core/events/index.js'
import { explain } from '../../core/explain/index.js'
import { combatGame, EngineGame, ev, HASH, unitDef } from '../helpers/classic-game.js'

describe('engine driver: requests and answers', () => {
  const ready = () => {
    const game = combatGame(unitDef('a'), unitDef('b'))
    game.apply(ev.attack('a', 'b', 3))
    return game
  }

  it('a declaration opens a request named by the seq that opened it', () => {
    const game = ready()
    expect(Object.keys(game.game.requests)).toEqual(['6.1'])
    expect(game.game.requests['6.1']).toMatchObject({ openedAt: 6, procedure: 'melee-attacks', count: 3, sides: 6 })
  })

  it('an answer to no open request is refused and changes nothing', () => {
    const game = ready()
    const before = canonicalJson(game.game)
    expect(() => game.apply(ev.dice('99.1', [1, 2, 3]))).toThrow(
      /answers request "99.1", which is not open \(open: 6.1\)/,
    )
    expect(canonicalJson(game.game)).toBe(before)
  })

  it('dice of the wrong count or faces are refused and change nothing', () => {
    const game = ready()
    const before = canonicalJson(game.game)
    expect(() => game.apply(ev.dice('6.1', [4, 4]))).toThrow(/wants 3 dice, got 2/)
    expect(() => game.apply(ev.dice('6.1', [4, 7, 4]))).toThrow(/faces 1-6, got 7/)
    expect(canonicalJson(game.game)).toBe(before)
  })

  it('a choice cannot answer a dice request', () => {
    const game = ready()
    expect(() => game.apply(ev.choice('6.1', 'x'))).toThrow(/asks for dice/)
  })

  it('a request answered once is closed: the same answer again is refused', () => {
    const game = ready()
    game.apply(ev.dice('6.1', [2, 2, 2]))
    expect(() => game.apply(ev.dice('6.1', [2, 2, 2]))).toThrow(/not open \(none is open\)/)
  })

  it('turns and phases do not move on while a request is open', () => {
    const game = ready()
    expect(() => game.apply(ev.phase('movement'))).toThrow(/request 6.1 is still open/)
    expect(() => game.apply(ev.turn(2, 'p2'))).toThrow(/request 6.1 is still open/)
  })

  it('events must arrive in seq order, and a game starts with GameCreated', () => {
    const engine = createEngine(combatGame(unitDef('a'), unitDef('b')).engine.ruleset)
    const state = engine.initialState()
    expect(() =>
      engine.step(state, { type: 'Note', payload: { text: 'x' }, seq: 1, actor: 'p1', gameId: 'g' } as EngineEvent),
    ).toThrow(/before GameCreated/)
    expect(() =>
      engine.step(state, { type: 'Note', payload: { text: 'x' }, seq: 3, actor: 'p1', gameId: 'g' } as EngineEvent),
    ).toThrow(/seq 3 where seq 1 was expected/)
  })

  it('musters refuse unknown players, repeated unit ids and gear the catalogue does not have', () => {
    const game = new EngineGame(ev.created(), ev.mustered('p1', unitDef('a')))
    expect(() => game.apply(ev.mustered('p3', unitDef('x')))).toThrow(/player "p3", who is not in this game/)
    expect(() => game.apply(ev.mustered('p2', unitDef('a')))).toThrow(/a: the id "a" is One's a's already/)
    expect(() => game.apply(ev.mustered('p2', unitDef('c', { gear: ['laser-rifle'] })))).toThrow(
      /c: Classic fan edition has no gear "laser-rifle"/,
    )
  })

  it('a game names its ruleset and a variant the ruleset has', () => {
    const game = new EngineGame()
    expect(() =>
      game.apply({
        type: 'GameCreated',
        payload: {
          ruleset: 'classic',
          variant: 'house',
          catalogueHash: HASH,
          players: [
            { id: 'p1', name: 'a' },
            { id: 'p2', name: 'b' },
          ],
        },
      }),
    ).toThrow(/no variant "house"/)
    expect(() =>
      game.apply({
        type: 'GameCreated',
        payload: {
          ruleset: 'old-world',
          variant: 'x',
          catalogueHash: HASH,
          players: [
            { id: 'p1', name: 'a' },
            { id: 'p2', name: 'b' },
          ],
        },
      }),
    ).toThrow(/ruleset "old-world", this engine runs "classic"/)
  })

  it('snapshots exist only while no procedure is open', () => {
    const game = ready()
    expect(game.engine.snapshot(game.state)).toBeNull()
    game.apply(ev.dice('6.1', [2, 2, 2]))
    expect(game.engine.snapshot(game.state)).toBe(canonicalJson(game.game))
  })
})

describe('engine driver: choices, with a drill ruleset', () => {
  const drill: Ruleset = {
    id: 'drill',
    name: 'Drill',
    defaultVariant: 'plain',
    troopTypes: ['infantry'],
    phases: ['close-combat'],
    definitions: [],
    catalogue: {
      ruleset: 'drill',
      variants: { plain: { name: 'Plain', description: 'test' } },
      decisions: [],
      entries: [
        {
          id: 'pick',
          name: 'Pick',
          kind: 'core',
          source: 'test',
          text: 'pick a die count',
          clauses: { pick: 'the player picks' },
          enforcement: 'enforced',
        },
      ],
    },
    procedures: {
      MeleeAttacksDeclared: {
        name: 'pick-then-roll',
        phases: ['close-combat'],
        *start(ctx) {
          const option = yield* choose({
            purpose: 'pick',
            chooser: 'p1',
            text: 'one or two dice?',
            options: [
              { id: 'one', text: 'one die' },
              { id: 'two', text: 'two dice' },
            ],
            explanation: explain('pick', { rule: ctx.rule('pick', 'pick') }),
          })
          const dice = yield* rollDice({
            purpose: 'roll',
            count: option === 'one' ? 1 : 2,
            sides: 3,
            roller: 'p1',
            text: 'roll',
            explanation: explain('roll'),
          })
          ctx.emit({
            kind: 'attacks',
            text: `rolled ${dice.faces.join('+')}`,
            values: { attacks: dice.faces.reduce((a, b) => a + b, 0) },
            explanation: explain('total', { from: [dice.seq] }),
          })
        },
      },
    },
  }
  const start = () => {
    const engine = createEngine(drill)
    const state = engine.initialState()
    let seq = 0
    const step = (type: string, payload: unknown) => {
      const result = engine.step(state, { type, payload, seq: seq + 1, actor: 'p1', gameId: 'g' } as EngineEvent)
      seq += 1
      return result
    }
    step('GameCreated', {
      ruleset: 'drill',
      variant: 'plain',
      catalogueHash: HASH,
      players: [
        { id: 'p1', name: 'a' },
        { id: 'p2', name: 'b' },
      ],
    })
    step('TurnStarted', { turn: 1, player: 'p1' })
    step('PhaseStarted', { phase: 'close-combat' })
    step('MeleeAttacksDeclared', { attacker: 'x', target: 'y' })
    return { state, step }
  }

  it('a choice request takes only one of its options, then the procedure goes on', () => {
    const { state, step } = start()
    expect(() => step('ChoiceMade', { requestId: '4.1', option: 'three' })).toThrow(/offers one, two, not "three"/)
    expect(() => step('DiceRolled', { requestId: '4.1', faces: [1], source: 'app' })).toThrow(/asks for a choice/)
    const chosen = step('ChoiceMade', { requestId: '4.1', option: 'two' })
    expect(chosen.requests).toMatchObject([{ id: '5.1', kind: 'dice', count: 2, sides: 3 }])
    expect(() => step('DiceRolled', { requestId: '5.1', faces: [3, 4], source: 'app' })).toThrow(/D3 faces 1-3, got 4/)
    const rolled = step('DiceRolled', { requestId: '5.1', faces: [3, 2], source: 'app' })
    expect(rolled.outcomes[0]?.values).toEqual({ attacks: 5 })
    expect(state.frames.size).toBe(0)
  })
})

describe('determinism', () => {
  const play = () => {
    const game = combatGame(
      unitDef('warriors', { profile: { WS: 4 }, gear: ['hand-weapon', 'light-armour', 'shield'] }),
      unitDef('boyz', { profile: { T: 4 }, gear: ['hand-weapon', 'light-armour'] }),
    )
    game.apply(ev.attack('warriors', 'boyz', 5))
    game.roll([6, 3, 4, 1, 5])
    game.roll([5, 2, 6, 4])
    game.roll([6, 3])
    game.apply(ev.attack('boyz', 'warriors', 5))
    game.roll([4, 5, 2, 6, 3])
    game.roll([4, 1, 6])
    game.roll([5, 2])
    return game
  }

  it('the same events replayed twice give byte-identical state, outcomes and explanations', () => {
    const first = play()
    const second = play()
    expect(canonicalJson(second.game)).toBe(canonicalJson(first.game))
    expect(
      canonicalJson(
        second.steps.map((s) => ({ outcomes: s.outcomes, explanation: s.explanation, requests: s.requests })),
      ),
    ).toBe(
      canonicalJson(
        first.steps.map((s) => ({ outcomes: s.outcomes, explanation: s.explanation, requests: s.requests })),
      ),
    )
  })

  it('a replay from a snapshot reaches the same state as a replay from the start', () => {
    const full = play()
    const partial = combatGame(
      unitDef('warriors', { profile: { WS: 4 }, gear: ['hand-weapon', 'light-armour', 'shield'] }),
      unitDef('boyz', { profile: { T: 4 }, gear: ['hand-weapon', 'light-armour'] }),
    )
    partial.apply(ev.attack('warriors', 'boyz', 5))
    partial.roll([6, 3, 4, 1, 5])
    partial.roll([5, 2, 6, 4])
    partial.roll([6, 3])
    const snapshot = partial.engine.snapshot(partial.state)
    expect(snapshot).not.toBeNull()
    const restored = partial.engine.restore(snapshot as string)
    const replayFrom = new EngineGame()
    Object.assign(replayFrom.state, restored)
    replayFrom.apply(ev.attack('boyz', 'warriors', 5))
    replayFrom.roll([4, 5, 2, 6, 3])
    replayFrom.roll([4, 1, 6])
    replayFrom.roll([5, 2])
    expect(canonicalJson(replayFrom.game)).toBe(canonicalJson(full.game))
  })
})
