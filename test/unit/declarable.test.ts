import { describe, expect, it } from 'vitest'
import { declarableNow } from '../../core/api/declarable.js'
import { classic } from '../../core/rules/classic/index.js'
import { EngineGame, ev, unitDef } from '../helpers/classic-game.js'

describe('what can be declared now', () => {
  it('before the first turn: mustering, deploying scouts, and the flow', () => {
    const game = new EngineGame(ev.created())
    expect(declarableNow(classic, game.game)).toEqual([
      'ArmyMustered',
      'UnitDeployed',
      'TurnStarted',
      'PhaseStarted',
      'Note',
    ])
  })

  it('each phase offers its own declarations; mustering is over once the game has begun', () => {
    const game = new EngineGame(ev.created(), ev.mustered('p1', unitDef('a')), ev.mustered('p2', unitDef('b')))
    game.apply(ev.turn(1, 'p1'))
    game.apply(ev.phase('movement'))
    expect(declarableNow(classic, game.game)).toEqual(expect.arrayContaining(['ChargeDeclared', 'MoveDeclared']))
    expect(declarableNow(classic, game.game)).not.toContain('ArmyMustered')
    game.apply(ev.phase('magic'))
    expect(declarableNow(classic, game.game)).toContain('SpellCast')
    game.apply(ev.phase('close-combat'))
    expect(declarableNow(classic, game.game)).toEqual(
      expect.arrayContaining(['CombatJoined', 'CombatRoundDeclared', 'ChallengeIssued', 'ItemUsed']),
    )
  })
})
