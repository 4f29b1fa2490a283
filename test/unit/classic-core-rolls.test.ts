import { describe, expect, it } from 'vitest'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { wardSaveNeed } from '../../core/rules/battle/charts.js'
import { classic } from '../../core/rules/classic/index.js'
import { classicContext, combatGame, ev, unitDef } from '../helpers/classic-game.js'
import { moveEv, RulesetGame } from '../helpers/classic-movement.js'

/** Core mechanics every roll rests on: the ward save and the Leadership test (core-mechanics A.1, A.5). */
describe('ward save', () => {
  it('ward save: the best single ward counts; Strength never modifies it (classic/ward-save §best-single, §unmodified)', () => {
    const { ctx, attacker, target } = classicContext(
      { profile: { S: 7 } },
      { gear: ['hand-weapon', { id: 'dance-of-doom', options: { save: 4 } }, 'crown-of-black-iron'] },
    )
    const ward = wardSaveNeed(ctx, target, attacker, null)
    // Two wards, 4+ and 5+: only the best, 4+, counts; the attacker's S7 changes nothing.
    expect(ward.value).toBe(4)
    const text = renderExplanationText(ward.explanation)
    expect(text).toContain('ward save 4+')
    expect(citedRules(ward.explanation)).toContainEqual({ ruleset: 'classic', id: 'ward-save', clause: 'after-armour' })
  })

  it('ward save: rolled for each wound the armour did not stop; a natural 1 fails (classic/ward-save §after-armour)', () => {
    const game = combatGame(
      unitDef('a', { models: 10, profile: { WS: 4, S: 6 } }),
      unitDef('b', { models: 10, gear: ['hand-weapon', 'light-armour', 'dance-of-doom'] }),
    )
    game.apply(ev.joined('a', 'b', 4))
    game.roll([6, 6, 6, 6]) // 4 hits (WS4 vs WS3: 3+)
    const wounds = game.roll([6, 6, 6, 6]) // S6 vs T3: 2+, 4 wounds
    // Light armour 6+ at S6 (-3): no armour save can be taken, so every wound goes to the 5+ ward.
    const ward = wounds.requests[0]
    expect(ward).toMatchObject({ purpose: 'ward-save', count: 4, need: 5, roller: 'p2' })
    const saved = game.roll([5, 6, 1, 4])
    // 5 and 6 save; the 1 and the 4 fail: 2 models lost.
    expect(game.game.units.b?.models).toBe(8)
    expect(game.cites('ward-save', 'after-armour')).toBe(true)
    expect(saved.outcomes.find((o) => o.kind === 'casualties')?.values).toMatchObject({ unsaved: 2, removed: 2 })
  })
})

describe('leadership test', () => {
  it('leadership test: 2D6 equal to the Leadership passes, one more fails (classic/leadership-test §roll)', () => {
    const terror = unitDef('hydra', {
      name: 'Hydra',
      troopType: 'monster',
      models: 1,
      profile: { M: 6, W: 6 },
      rules: ['terror'],
    })
    const play = (faces: number[]) => {
      const game = new RulesetGame(
        classic,
        ev.created(),
        ev.mustered('p1', terror),
        ev.mustered('p2', unitDef('militia', { name: 'Militia', models: 10, profile: { Ld: 7 } })),
        ev.turn(1, 'p1'),
        ev.phase('movement'),
      )
      game.apply(moveEv.charge('hydra', 'militia', 9))
      game.roll(faces)
      return game
    }
    // Ld 7: 3 + 4 = 7 passes and the Militia choose their response; 4 + 4 = 8 fails and they must flee.
    const passed = play([3, 4])
    expect(passed.outcomes('terror-test')[0]?.values).toMatchObject({ passed: true, roll: 7, leadership: 7 })
    expect(passed.cites('leadership-test', 'roll')).toBe(true)
    const failed = play([4, 4])
    expect(failed.outcomes('terror-test')[0]?.values).toMatchObject({ passed: false, roll: 8 })
  })
})
