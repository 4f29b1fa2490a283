import { describe, expect, it } from 'vitest'
import { EngineGame, ev, unitDef } from '../helpers/classic-game.js'

/**
 * Heavy casualties in the close-combat phase (classic/variants §panic-close-combat-losses). 7th: "A unit must take a
 * Panic test at the end of any phase (except the close combat phase) if it has lost 25% or more of the models it
 * started the phase with" (7e:psychology/panic), and its FAQ: "No test for 25% losses are ever taken during the
 * combat phase". 8th tests at once, and a unit in close combat takes no Panic test.
 *
 * p2's Champion (one model, WS3 S3 I5 A3) charges p1's 10 Militia (WS3 S3 T3 I1, no armour) in p2's close-combat
 * phase: 3 attacks, 6s to hit and to wound: 3 Militia slain, 10 -> 7 (30%). The 2 Militia left in contact strike
 * back with 6s and slay the Champion (W1): the combat is over and the Militia are no longer in it.
 */
function fight(variant: string) {
  const game = new EngineGame(
    ev.created(variant),
    ev.mustered('p1', unitDef('militia', { name: 'Militia', formation: { files: 5 }, profile: { I: 1 } })),
    ev.mustered('p2', unitDef('champion', { name: 'Champion', models: 1, profile: { I: 5, A: 3 } })),
    ev.turn(1, 'p1'),
    ev.turn(1, 'p2'),
    ev.phase('close-combat'),
    {
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'militia' }] },
          { player: 'p2', units: [{ unit: 'champion', charged: true }] },
        ],
        contact: [
          { unit: 'militia', models: 5 },
          { unit: 'champion', models: 1 },
        ],
      },
    },
  )
  game.roll([6, 6, 6])
  game.roll([6, 6, 6])
  game.roll([6, 6])
  game.roll([6, 6])
  expect(game.game.units.militia?.models).toBe(7)
  expect(game.game.units.champion?.models).toBe(0)
  expect(game.game.requests).toEqual({})
  game.apply(ev.turn(2, 'p1'))
  return game
}

describe('classic Panic: losses in the close-combat phase', () => {
  it('classic (7th): the close-combat phase calls no heavy-casualties test', () => {
    const game = fight('classic')
    expect(game.apply(ev.phase('movement')).requests).toEqual([])
  })

  it('classic-8th: none either, neither as the models fall (in combat) nor once out of it', () => {
    const game = fight('classic-8th')
    expect(game.apply(ev.phase('movement')).requests).toEqual([])
    expect(game.outcomes('psychology-test')).toEqual([])
  })

  it('the same losses in the shooting phase call the test (classic/panic §heavy-casualties)', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', unitDef('militia', { name: 'Militia', formation: { files: 5 } })),
      ev.mustered('p2', unitDef('archers', { name: 'Archers', gear: ['hand-weapon', 'repeater-crossbow'] })),
      ev.turn(1, 'p1'),
      ev.turn(1, 'p2'),
      ev.phase('shooting'),
      {
        type: 'ShotDeclared',
        payload: { shooter: 'archers', target: 'militia', weapon: 'repeater-crossbow', models: 3, distance: 10 },
      },
    )
    game.roll([6, 6, 6])
    game.roll([6, 6, 6])
    expect(game.game.units.militia?.models).toBe(7)
    game.apply(ev.phase('close-combat'))
    expect(game.openRequest()).toBeDefined()
    expect(Object.values(game.game.requests)[0]).toMatchObject({ purpose: 'panic-test', roller: 'p1' })
  })
})
