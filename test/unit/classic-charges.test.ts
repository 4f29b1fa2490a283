import { describe, expect, it } from 'vitest'
import { chargeResponse } from '../../core/rules/battle/unit-checks.js'
import { classic } from '../../core/rules/classic/index.js'
import { ev, type UnitInput, unitDef } from '../helpers/classic-game.js'
import { moveEv, movementGame, RulesetGame, refusal } from '../helpers/classic-movement.js'

/**
 * Charges (issue #7, part 6): Dark Elf Warriors M5 (charge 2 x 5 = 10" in classic) against Orc
 * Boyz M4 Ld7. Distances are what the players measured.
 */
const warriors = (extra: UnitInput = {}) =>
  unitDef('warriors', { name: 'Warriors', models: 10, profile: { M: 5, Ld: 8 }, formation: { files: 5 }, ...extra })
// The Boyz carry crossbows, so that Stand and Shoot is theirs to choose.
const boyz = (extra: UnitInput = {}) =>
  unitDef('boyz', {
    name: 'Boyz',
    models: 10,
    profile: { M: 4, Ld: 7 },
    formation: { files: 5 },
    gear: ['hand-weapon', 'repeater-crossbow'],
    ...extra,
  })

describe('charges: range and result', () => {
  it('charge: in range in classic, 2 x M reaches 9" and the charge goes in (classic/charge §reached)', () => {
    const game = movementGame([warriors()], [boyz()])
    const declared = game.apply(moveEv.charge('warriors', 'boyz', 9))
    expect(declared.requests[0]).toMatchObject({ purpose: 'charge-response', chooser: 'p2' })
    expect(declared.requests[0]?.kind === 'choice' && declared.requests[0].options.map((o) => o.id)).toEqual([
      'hold',
      'stand-and-shoot',
      'flee',
    ])
    game.choose('hold')
    const [result] = game.outcomes('charge-result')
    expect(result?.values).toMatchObject({ reached: true, range: 10, distance: 9 })
    expect(game.cites('charge', 'reached')).toBe(true)
    expect(game.cites('variants', 'charge-range')).toBe(true)
    expect(game.cites('charge', 'hold')).toBe(true)
  })

  it('charge: out of range in classic fails, the charger moves its normal M (classic/variants §failed-charge)', () => {
    const game = movementGame([warriors()], [boyz()])
    game.apply(moveEv.charge('warriors', 'boyz', 11))
    game.choose('hold')
    const [result] = game.outcomes('charge-result')
    expect(result?.values).toMatchObject({ reached: false, range: 10, distance: 11, moved: 5 })
    expect(game.cites('charge', 'failed')).toBe(true)
    expect(game.cites('variants', 'failed-charge')).toBe(true)
  })

  it('charge: classic-8th rolls M + 2D6 after the response; short, it moves the higher die', () => {
    const game = movementGame([warriors()], [boyz()], 'classic-8th')
    game.apply(moveEv.charge('warriors', 'boyz', 11))
    const held = game.choose('hold')
    expect(held.requests[0]).toMatchObject({ purpose: 'charge-range', count: 2, roller: 'p1' })
    game.roll([1, 4])
    const [failed] = game.outcomes('charge-result')
    expect(failed?.values).toMatchObject({ reached: false, range: 10, moved: 4 })

    const again = movementGame([warriors()], [boyz()], 'classic-8th')
    again.apply(moveEv.charge('warriors', 'boyz', 11))
    again.choose('hold')
    again.roll([3, 4])
    expect(again.outcomes('charge-result')[0]?.values).toMatchObject({ reached: true, range: 12 })
  })

  it('charge: a fleeing, engaged or already-charging unit cannot charge, and nothing is recorded', () => {
    const game = movementGame([warriors(), unitDef('knights', { name: 'Knights' })], [boyz()])
    game.apply(moveEv.charge('warriors', 'boyz', 20))
    game.choose('hold')
    const twice = refusal(() => game.apply(moveEv.charge('warriors', 'boyz', 5)))
    expect(twice.code).toBe('rules/cannot-charge')
    expect(twice.message).toContain('classic/charge §who-may-charge')
    const own = refusal(() => game.apply(moveEv.charge('knights', 'warriors', 5)))
    expect(own.code).toBe('rules/friendly-target')
  })

  it('charge: a failed Stupidity test forbids charging, and the refusal names the rule (classic/stupidity §failed)', () => {
    const game = new RulesetGame(
      classic,
      ev.created(),
      ev.mustered('p1', warriors({ rules: ['stupidity'] })),
      ev.mustered('p2', boyz()),
      ev.turn(1, 'p1'),
    )
    // Ld 8: 6 + 5 = 11 fails the Stupidity test at the start of the turn.
    game.roll([6, 5])
    game.apply(ev.phase('movement'))
    const barred = refusal(() => game.apply(moveEv.charge('warriors', 'boyz', 5)))
    expect(barred.code).toBe('rules/cannot-charge')
    expect(barred.message).toContain('failed Stupidity test: cannot charge this turn (classic/stupidity §failed)')
    expect(game.outcomes('charge-declared')).toHaveLength(0)
  })
})

describe('charges: responses', () => {
  it('stand and shoot: not offered to a unit with no missile weapon (classic/charge §stand-and-shoot)', () => {
    const game = movementGame([warriors()], [boyz({ gear: ['hand-weapon'] })])
    const declared = game.apply(moveEv.charge('warriors', 'boyz', 8))
    const request = declared.requests[0]
    expect(request?.kind === 'choice' && request.options.map((o) => o.id)).toEqual(['hold', 'flee'])
    expect(game.text()).toContain('no stand and shoot: Boyz has no missile weapon')
  })

  it('stand and shoot: offered beyond half the charge move, and recorded for the shot', () => {
    const game = movementGame([warriors()], [boyz()])
    game.apply(moveEv.charge('warriors', 'boyz', 8))
    game.choose('stand-and-shoot')
    expect(game.outcomes('charge-response')[0]?.values).toMatchObject({ response: 'stand-and-shoot' })
    expect(chargeResponse(game.game, 'boyz', 'warriors')).toBe('stand-and-shoot')
    expect(game.cites('charge', 'stand-and-shoot')).toBe(true)
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: true })
  })

  it('stand and shoot: barred when the charger is within half its charge move (classic/charge §stand-and-shoot-close)', () => {
    const game = movementGame([warriors()], [boyz()])
    const declared = game.apply(moveEv.charge('warriors', 'boyz', 5))
    const request = declared.requests[0]
    expect(request?.kind === 'choice' && request.options.map((o) => o.id)).toEqual(['hold', 'flee'])
    expect(game.text()).toContain('no stand and shoot: Warriors is within half its charge move (5" <= 5")')
    expect(game.cites('charge', 'stand-and-shoot-close')).toBe(true)
    expect(game.cites('variants', 'stand-and-shoot-range')).toBe(true)
    expect(() => game.choose('stand-and-shoot')).toThrow(/offers hold, flee/)
  })

  it('stand and shoot: Handbows may always stand and shoot, even within half the charge move (classic/handbows)', () => {
    const game = movementGame([warriors()], [boyz({ gear: ['hand-weapon', 'handbows'] })])
    const declared = game.apply(moveEv.charge('warriors', 'boyz', 3))
    const request = declared.requests[0]
    expect(request?.kind === 'choice' && request.options.map((o) => o.id)).toContain('stand-and-shoot')
    expect(game.text()).toContain('Handbows: may always stand and shoot (classic/handbows §stand-and-shoot)')
    expect(game.cites('handbows', 'stand-and-shoot')).toBe(true)
  })

  it('flee: the target flees with its flee dice; a charge that reaches it destroys it (classic/charge §flee-caught)', () => {
    const game = movementGame([warriors()], [boyz()])
    game.apply(moveEv.charge('warriors', 'boyz', 6))
    const fled = game.choose('flee')
    expect(fled.requests[0]).toMatchObject({ purpose: 'flee', count: 2, roller: 'p2' })
    const reach = game.roll([1, 2])
    expect(game.outcomes('fled')[0]?.values).toMatchObject({ unit: 'boyz', roll: 3 })
    expect(game.game.units.boyz?.fleeing).toBe(true)
    expect(reach.requests[0]).toMatchObject({ purpose: 'charge-reach', chooser: 'p1' })
    game.choose('reached')
    expect(game.outcomes('caught')[0]?.values).toMatchObject({ unit: 'boyz', by: 'warriors', modelsLost: 10 })
    expect(game.game.units.boyz?.models).toBe(0)
    expect(game.cites('charge', 'flee-caught')).toBe(true)
  })

  it('flee: a charge that does not reach the fleeing unit is a failed charge', () => {
    const game = movementGame([warriors()], [boyz()])
    game.apply(moveEv.charge('warriors', 'boyz', 6))
    game.choose('flee')
    game.roll([6, 5])
    game.choose('short')
    expect(game.outcomes('caught')).toHaveLength(0)
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: false, moved: 5 })
    expect(game.game.units.boyz?.models).toBe(10)
  })
})

describe('charges: a flight out of reach', () => {
  it('flee: a charger out of range even before the flight does not ask whether it reaches; the charge fails', () => {
    const game = movementGame([warriors()], [boyz()])
    game.apply(moveEv.charge('warriors', 'boyz', 12))
    game.choose('flee')
    const fled = game.roll([2, 2])
    expect(fled.requests).toHaveLength(0)
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: false, range: 10, moved: 5 })
    expect(game.text()).toContain('10" does not reach where Boyz stood, 12" away')
  })
})

describe('terror', () => {
  const monster = (extra: UnitInput = {}) =>
    unitDef('hydra', {
      name: 'Hydra',
      troopType: 'monster',
      models: 1,
      profile: { M: 6, W: 5, Ld: 6 },
      rules: ['terror'],
      ...extra,
    })

  it('terror: a Terror causer charging within range makes the target test; failed, it must flee (classic/terror §charged)', () => {
    const game = movementGame([monster()], [boyz()])
    const declared = game.apply(moveEv.charge('hydra', 'boyz', 10))
    expect(declared.requests[0]).toMatchObject({ purpose: 'terror-test', roller: 'p2', count: 2 })
    const failed = game.roll([5, 4])
    expect(game.outcomes('terror-test')[0]?.values).toMatchObject({
      unit: 'boyz',
      passed: false,
      roll: 9,
      leadership: 7,
    })
    expect(game.outcomes('charge-response')[0]?.values).toMatchObject({ response: 'flee' })
    expect(failed.requests[0]).toMatchObject({ purpose: 'flee' })
    expect(game.cites('terror', 'charged')).toBe(true)
    expect(game.cites('terror', 'causer')).toBe(true)
  })

  it('terror: a fleeing unit charged by a Terror causer flees again, with no test', () => {
    const game = movementGame([monster(), warriors()], [boyz()])
    game.apply(moveEv.charge('warriors', 'boyz', 20))
    game.choose('flee')
    game.roll([3, 3])
    // p2's turn comes between p1's two (classic/turn-sequence).
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('movement'))
    const declared = game.apply(moveEv.charge('hydra', 'boyz', 9))
    expect(declared.requests[0]).toMatchObject({ purpose: 'flee' })
    expect(game.outcomes('terror-test')).toHaveLength(0)
    expect(game.text()).toContain('Boyz is fleeing: it flees again, with no Terror test to take')
  })

  it('terror: a passed test leaves the response to the player', () => {
    const game = movementGame([monster()], [boyz()])
    game.apply(moveEv.charge('hydra', 'boyz', 10))
    const passed = game.roll([3, 4])
    expect(passed.requests[0]).toMatchObject({ purpose: 'charge-response' })
  })

  it('terror: no test when the causer is not within charge range, in classic and classic-8th (variants §terror-charge-range)', () => {
    // Seed 000 Terror §1: "If a terror causer charges a unit and is within charge range, the unit has to pass a
    // leadership test or has to choose the flee! charge response."
    const far = movementGame([monster()], [boyz()])
    const declared = far.apply(moveEv.charge('hydra', 'boyz', 13))
    expect(declared.requests[0]).toMatchObject({ purpose: 'charge-response' })
    expect(far.text()).toContain('no Terror test: Hydra is not within charge range (12" against 13")')
    // classic-8th rolls M + 2D6 after the response: within charge range is within M + 12 = 18".
    const strict = movementGame([monster()], [boyz()], 'classic-8th')
    expect(strict.apply(moveEv.charge('hydra', 'boyz', 13)).requests[0]).toMatchObject({ purpose: 'terror-test' })
    expect(strict.cites('variants', 'terror-charge-range')).toBe(true)
    const beyond = movementGame([monster()], [boyz()], 'classic-8th')
    expect(beyond.apply(moveEv.charge('hydra', 'boyz', 19)).requests[0]).toMatchObject({ purpose: 'charge-response' })
    expect(beyond.text()).toContain('no Terror test: Hydra is not within charge range (18" against 19")')
  })

  it('terror: a unit engaged in close combat passes automatically and can only hold', () => {
    const game = new RulesetGame(
      classic,
      ev.created(),
      ev.mustered('p1', monster(), warriors()),
      ev.mustered('p2', boyz()),
      ev.turn(1, 'p1'),
      ev.phase('close-combat'),
    )
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'warriors', charged: true }] },
          { player: 'p2', units: [{ unit: 'boyz' }] },
        ],
        contact: [
          { unit: 'warriors', models: 0 },
          { unit: 'boyz', models: 0 },
        ],
      },
    })
    // p2's turn comes between p1's two (classic/turn-sequence).
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('movement'))
    const declared = game.apply(moveEv.charge('hydra', 'boyz', 8, 'flank'))
    expect(declared.requests).toHaveLength(0)
    expect(game.outcomes('terror-test')).toHaveLength(0)
    expect(game.outcomes('charge-response')[0]?.values).toMatchObject({ response: 'hold' })
    expect(game.text()).toContain('Boyz is engaged in close combat: it passes the Terror test automatically')
    expect(game.cites('terror', 'charged')).toBe(true)
  })

  it('terror: a Terror causer charged by another takes no test (classic/terror §immune)', () => {
    const game = movementGame(
      [monster()],
      [monster({ name: 'Dragon' })].map((u) => ({ ...u, id: 'dragon' })),
    )
    const declared = game.apply(moveEv.charge('hydra', 'dragon', 10))
    expect(game.outcomes('terror-test')).toHaveLength(0)
    expect(declared.requests[0]).toMatchObject({ purpose: 'charge-response' })
    expect(game.text()).toContain('Dragon takes no Terror test: causes Terror: not affected by Fear or Terror')
    expect(game.cites('terror', 'immune')).toBe(true)
  })

  it('terror: a unit that wants to charge a Terror causer tests; failed, the charge fails and it does not move (§charging)', () => {
    const game = new RulesetGame(
      classic,
      ev.created(),
      ev.mustered('p1', warriors()),
      ev.mustered('p2', monster()),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    const declared = game.apply(moveEv.charge('warriors', 'hydra', 6))
    expect(declared.requests[0]).toMatchObject({ purpose: 'terror-test', roller: 'p1' })
    game.roll([6, 3])
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: false, moved: 0 })
    expect(game.cites('terror', 'charging')).toBe(true)
    expect(Object.keys(game.game.requests)).toHaveLength(0)

    const brave = new RulesetGame(
      classic,
      ev.created(),
      ev.mustered('p1', warriors()),
      ev.mustered('p2', monster()),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    brave.apply(moveEv.charge('warriors', 'hydra', 6))
    expect(brave.roll([4, 4]).requests[0]).toMatchObject({ purpose: 'charge-response', chooser: 'p2' })
  })

  it('terror: Terror causers also cause Fear, and hold the Fear entry with every effect it has (§fear)', () => {
    const game = movementGame([monster()], [boyz()])
    const ctx = game.engine.contextFor(game.state)
    const fear = ctx.modifiers('psychology', { subject: ctx.unit('boyz'), opponent: [ctx.unit('hydra')], test: 'fear' })
    expect(fear).toContainEqual(
      expect.objectContaining({
        value: 'causes-fear',
        status: 'applied',
        source: { ruleset: 'classic', id: 'terror', clause: 'fear' },
      }),
    )
    // The Fear entry's own effects act for the Terror causer: it holds Fear through Terror.
    expect(fear).toContainEqual(
      expect.objectContaining({
        value: 'causes-fear',
        source: { ruleset: 'classic', id: 'fear', clause: 'close-combat' },
      }),
    )
    // Its Terror lifts a Fear causer's immunity to Fear (classic/fear §immunities).
    expect(fear).toContainEqual(expect.objectContaining({ value: 'causes-terror', status: 'applied' }))
    // And Fear does not touch it (clause 4).
    const immune = ctx.modifiers('psychology', {
      subject: ctx.unit('hydra'),
      opponent: [ctx.unit('boyz')],
      test: 'fear',
    })
    expect(immune).toContainEqual(
      expect.objectContaining({ value: 'immune', source: expect.objectContaining({ clause: 'immune' }) }),
    )
  })
})
