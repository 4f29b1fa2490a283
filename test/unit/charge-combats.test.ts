import { describe, expect, it } from 'vitest'
import { classic } from '../../core/rules/classic/index.js'
import { ev, RulesetGame, unitDef } from '../helpers/classic-game.js'
import { moveEv, refusal } from '../helpers/classic-movement.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'

/**
 * Charges make combats (issue 16, B.1): a charge that reaches makes its combat, or joins its target's, with who
 * charged, the facing and the inches moved taken from the charge; CombatJoined refuses what the log contradicts.
 */
const block = (id: string, name: string, models: number, extra: Parameters<typeof unitDef>[1] = {}) =>
  unitDef(id, {
    name,
    models,
    formation: { files: 5 },
    profile: { M: 4, WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 },
    gear: ['hand-weapon'],
    ...extra,
  })

/** Classic, turn 1 of p1, movement phase: seqs 1-5. */
function classicGame(...units: [string, ReturnType<typeof unitDef>][]) {
  const game = new RulesetGame(
    classic,
    ev.created(),
    ev.mustered('p1', ...units.filter(([p]) => p === 'p1').map(([, u]) => u)),
  )
  game.apply(ev.mustered('p2', ...units.filter(([p]) => p === 'p2').map(([, u]) => u)))
  game.apply(ev.turn(1, 'p1'))
  game.apply(ev.phase('movement'))
  return game
}

describe('a charge that reaches makes its combat (charge §combat)', () => {
  it('classic: the combat is made at the charge, the charger charged into the facing it declared', () => {
    const game = classicGame(['p1', block('a', 'Swordsmen', 20)], ['p2', block('x', 'Spearmen', 15)])
    // seq 6: 7" measured; classic charges 2 x M4 = 8" (classic/variants §charge-range), so it reaches; x holds.
    game.apply(moveEv.charge('a', 'x', 7, 'flank'))
    const held = game.choose('hold')
    expect(held.outcomes.find((o) => o.kind === 'charge-result')?.values).toMatchObject({ reached: true, moved: 7 })
    const made = held.outcomes.find((o) => o.kind === 'combat-joined')
    expect(made?.values).toEqual({
      combat: 'charge-6',
      sides: [
        { player: 'p1', units: [{ unit: 'a', charged: true, facing: 'flank', moved: 7, charge: 6 }] },
        { player: 'p2', units: [{ unit: 'x', charged: false, facing: 'front' }] },
      ],
    })
    expect(game.cites('charge', 'combat')).toBe(true)
    expect(game.game.combats['charge-6']?.round).toBe(0)
  })

  it('The Old World: the whole inches moved come from the charge result (8.5" reached: moved 8)', () => {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered(
        'p1',
        owUnit('knights', { name: 'Knights', models: 5, formation: { files: 5 }, profile: { M: 7 } }),
      ),
      owEv.mustered('p2', owUnit('swordsmen', { name: 'Swordsmen', models: 20, formation: { files: 5 } })),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )
    game.apply(moveEv.charge('knights', 'swordsmen', 8.5))
    game.choose('hold')
    // M 7 + the higher of 5 and 2 = 12" against 8.5": reached, moved min(12, 8.5) = 8.5, whole inches 8.
    game.roll([5, 2])
    expect(game.game.combats['charge-6']?.sides[0]?.units[0]).toMatchObject({
      unit: 'knights',
      charged: true,
      moved: 8,
    })
    game.apply(owEv.phase('close-combat'))
    const before = JSON.stringify(game.state)
    const error = refusal(() =>
      game.apply({
        type: 'CombatJoined',
        payload: {
          combat: 'charge-6',
          sides: [
            { player: 'p1', units: [{ unit: 'knights', moved: 9 }] },
            { player: 'p2', units: [{ unit: 'swordsmen' }] },
          ],
          contact: [
            { unit: 'knights', models: 5 },
            { unit: 'swordsmen', models: 5 },
          ],
        },
      }),
    )
    expect(error.code).toBe('rules/contradicts-charge')
    expect(error.message).toContain('its charge (seq 6) says 8"')
    expect(error.message).toContain('old-world/charge §contact-claims')
    expect(JSON.stringify(game.state)).toBe(before)
  })
})

describe('CombatJoined refuses claims the charges recorded contradict (charge §contact-claims)', () => {
  const contact = [
    { unit: 'a', models: 5 },
    { unit: 'x', models: 5 },
  ]
  function charged() {
    const game = classicGame(
      ['p1', block('a', 'Swordsmen', 20)],
      ['p1', block('b', 'Halberdiers', 10)],
      ['p2', block('x', 'Spearmen', 15)],
    )
    game.apply(moveEv.charge('a', 'x', 7, 'flank')) // 6
    game.choose('hold') // 7
    game.apply(ev.phase('close-combat')) // 8
    return game
  }

  it('a facing other than the charge declared is refused, naming the rule; nothing is written', () => {
    const game = charged()
    const before = JSON.stringify(game.state)
    const error = refusal(() =>
      game.apply({
        type: 'CombatJoined',
        payload: {
          combat: 'charge-6',
          sides: [
            { player: 'p1', units: [{ unit: 'a', facing: 'front' }] },
            { player: 'p2', units: [{ unit: 'x' }] },
          ],
          contact,
        },
      }),
    )
    expect(error.code).toBe('rules/contradicts-charge')
    expect(error.message).toBe(
      'seq 9: CombatJoined: Swordsmen is said to fight against the facing front, but its charge (seq 6) says flank ' +
        '(classic/charge §contact-claims)',
    )
    expect(JSON.stringify(game.state)).toBe(before)
  })

  it('a unit said to have charged with no charge recorded that reached is refused; a new combat for a charged unit too', () => {
    const game = charged()
    const before = JSON.stringify(game.state)
    const noCharge = refusal(() =>
      game.apply({
        type: 'CombatJoined',
        payload: {
          combat: 'c2',
          sides: [
            { player: 'p1', units: [{ unit: 'b' }] },
            { player: 'p2', units: [{ unit: 'x' }] },
          ],
          contact: [
            { unit: 'b', models: 5 },
            { unit: 'x', models: 5 },
          ],
        },
      }),
    )
    // x is in the combat a charge made: a new combat cannot take it.
    expect(noCharge.code).toBe('rules/already-engaged')
    expect(noCharge.message).toContain('declare CombatJoined with combat "charge-6"')
    const joinedClaim = refusal(() =>
      game.apply({
        type: 'CombatJoined',
        payload: {
          combat: 'charge-6',
          sides: [
            { player: 'p1', units: [{ unit: 'a' }] },
            { player: 'p2', units: [{ unit: 'x', charged: true }] },
          ],
          contact,
        },
      }),
    )
    expect(joinedClaim.code).toBe('rules/contradicts-charge')
    expect(joinedClaim.message).toContain('Spearmen is said to have charged: true, but the combat records false')
    const bClaim = refusal(() =>
      game.apply({
        type: 'CombatJoined',
        payload: {
          combat: 'charge-6',
          sides: [
            { player: 'p1', units: [{ unit: 'a' }, { unit: 'b', charged: true }] },
            { player: 'p2', units: [{ unit: 'x' }] },
          ],
          contact,
        },
      }),
    )
    expect(bClaim.code).toBe('rules/contradicts-charge')
    expect(bClaim.message).toBe(
      'seq 9: CombatJoined: Halberdiers is said to have charged, but the log records no charge of it this turn that ' +
        'reached (classic/charge §contact-claims; classic/variants §charges-from-the-log)',
    )
    expect(JSON.stringify(game.state)).toBe(before)
  })
})

describe('a combat of several units (issue 16, B.2)', () => {
  it('classic: a second charge joins the combat; its result counts every unit, worked out by hand', () => {
    const banner = { command: { standard: true } }
    const game = classicGame(
      ['p1', block('a', 'Swordsmen', 20, banner)],
      ['p1', block('b', 'Halberdiers', 10, banner)],
      ['p2', block('x', 'Spearmen', 15)],
    )
    game.apply(moveEv.charge('a', 'x', 7)) // 6: 2 x M4 = 8" covers 7"
    game.choose('hold') // 7: combat charge-6 is made
    // 8: the Halberdiers charge the engaged Spearmen in the flank; an engaged unit can only hold.
    const second = game.apply(moveEv.charge('b', 'x', 7, 'flank'))
    expect(second.outcomes.find((o) => o.kind === 'combat-unit-joined')?.values).toEqual({
      combat: 'charge-6',
      player: 'p1',
      unit: { unit: 'b', charged: true, facing: 'flank', moved: 7, charge: 8 },
    })
    game.apply(ev.phase('close-combat')) // 9
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'charge-6',
        sides: [
          { player: 'p1', units: [{ unit: 'a' }, { unit: 'b' }] },
          { player: 'p2', units: [{ unit: 'x' }] },
        ],
        contact: [
          { unit: 'a', models: 5 },
          { unit: 'b', models: 5 },
          { unit: 'x', models: 5, target: 'a' },
        ],
      },
    }) // 10: both chargers strike first
    game.roll([4, 4, 4, 1, 1]) // Swordsmen: 5 attacks at 4+ (WS3 v WS3): 3 hits
    game.roll([4, 4, 1]) // S3 v T3 4+: 2 wounds, no armour: Spearmen 15 -> 13
    game.roll([4, 4, 1, 1, 1]) // Halberdiers: 2 hits
    game.roll([4, 1]) // 1 wound: Spearmen 13 -> 12
    game.roll([4, 1]) // Spearmen: the 2 front models left in contact strike back: 1 hit
    const struck = game.roll([4]) // 1 wound: Swordsmen 20 -> 19
    // p1: 3 wounds + the best single unit's ranks (Swordsmen, 4 ranks of five as the round began: +3; the Halberdiers'
    // +1 does not add) + one standard (+1, though both carry one) + the flank (+1) + outnumbering (US 19 + 10 = 29
    // against 12: +1) = 9. p2: 1 wound; its 3 ranks (+2) are cancelled by the Halberdiers (US 10) in its flank = 1.
    expect(struck.outcomes.find((o) => o.kind === 'combat-result')?.values).toEqual({
      combat: 'charge-6',
      round: 1,
      scores: { p1: 9, p2: 1 },
      winner: 'p1',
      difference: 8,
    })
    expect(game.text()).toContain('rank bonus: Swordsmen, 4 ranks of five')
    expect(game.cites('combat-result', 'flank')).toBe(true)
    expect(game.cites('combat-result', 'outnumber')).toBe(true)
    // Ld 7 - 8 = -1: only a double 1 holds.
    const broke = game.roll([3, 4])
    expect(broke.outcomes.find((o) => o.kind === 'break-test')?.values).toMatchObject({ unit: 'x', passed: false })
    game.roll([2, 2]) // flees 4"
    // Each winner in contact may pursue: the Swordsmen are asked first.
    expect(Object.values(game.game.requests)[0]).toMatchObject({ purpose: 'pursuit', chooser: 'p1' })
    game.choose('pursue')
    const caught = game.roll([3, 3]) // 6 >= 4: caught
    expect(caught.outcomes.find((o) => o.kind === 'caught')?.values).toEqual({ unit: 'x', by: 'a', modelsLost: 12 })
    // The Spearmen are caught: the Halberdiers have no one left to pursue, and the combat is over.
    expect(Object.keys(game.game.requests)).toEqual([])
    expect(game.game.combats['charge-6']?.ended).toBe(true)
  })
})

describe('each losing unit tests; a winner in contact with one that held stays; a unit joins in a later turn', () => {
  it('classic: two losers test apart; the Swordsmen cannot pursue past the Militia who held; a later charge joins', () => {
    const game = new RulesetGame(
      classic,
      ev.created(),
      ev.mustered('p1', block('a', 'Swordsmen', 20), block('b', 'Halberdiers', 10)),
      ev.mustered('p2', block('x', 'Spearmen', 5), block('y', 'Militia', 5)),
      ev.turn(1, 'p1'),
      ev.phase('close-combat'),
    )
    // A fight recorded alone (the log starts at the close-combat phase): the table says the Swordsmen charged.
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'a', charged: true }] },
          { player: 'p2', units: [{ unit: 'x' }, { unit: 'y' }] },
        ],
        contact: [
          { unit: 'a', models: 5, target: 'x' },
          { unit: 'x', models: 5 },
          { unit: 'y', models: 5 },
        ],
      },
    }) // 6
    game.roll([4, 4, 4, 4, 1]) // Swordsmen: 4 hits at 4+
    game.roll([4, 4, 4, 1]) // 3 wounds: Spearmen 5 -> 2
    game.roll([1, 1]) // the 2 Spearmen left in contact: no hit
    const result = game.roll([1, 1, 1, 1, 1]) // Militia: no hit
    // p1: 3 wounds + 4 ranks of five (+3) + outnumbering (US 20 against 2 + 5 = 7: +1) = 7; p2: 0, one rank each.
    expect(result.outcomes.find((o) => o.kind === 'combat-result')?.values).toMatchObject({
      scores: { p1: 7, p2: 0 },
      difference: 7,
    })
    // Each loser tests on its own Ld 7 - 7 = 0: the Spearmen roll 7 and break; the Militia's double 1 holds.
    game.roll([3, 4])
    game.roll([1, 1])
    expect(game.outcomes('break-test').map((o) => o.values)).toEqual([
      { unit: 'x', passed: false, roll: 7, leadership: 0 },
      { unit: 'y', passed: true, roll: 2, leadership: 0 },
    ])
    const fled = game.roll([2, 2]) // 13: the Spearmen flee 4"
    expect(fled.outcomes.find((o) => o.kind === 'pursuit-held')?.values).toEqual({ unit: 'a', heldBy: 'y' })
    expect(fled.outcomes.find((o) => o.kind === 'escaped')?.values).toEqual({ unit: 'x', roll: 4 })
    expect(game.cites('flee-and-pursuit', 'held-in-contact')).toBe(true)
    expect(game.game.combats.c1).toMatchObject({ ended: false, round: 1 })

    // Turn 2 of p1: the Halberdiers charge the Militia's flank and join c1 under way, from its round 2.
    game.apply(ev.turn(1, 'p2')) // 14
    game.apply(ev.turn(2, 'p1')) // 15
    game.apply(ev.phase('movement')) // 16
    const joined = game.apply(moveEv.charge('b', 'y', 6, 'flank')) // 17: engaged, the Militia can only hold
    expect(joined.outcomes.find((o) => o.kind === 'combat-unit-joined')?.values).toEqual({
      combat: 'c1',
      player: 'p1',
      unit: { unit: 'b', charged: true, facing: 'flank', moved: 6, firstRound: 2, charge: 17 },
    })
    game.apply(ev.phase('close-combat')) // 18
    const round2 = game.apply({
      type: 'CombatRoundDeclared',
      payload: {
        combat: 'c1',
        contact: [
          { unit: 'a', models: 5 },
          { unit: 'b', models: 5 },
          { unit: 'y', models: 5, target: 'a' },
        ],
      },
    })
    // Round 2 is the Halberdiers' first: they strike first as chargers; the Swordsmen's charge was round 1's.
    expect(round2.outcomes.find((o) => o.kind === 'strike-order')?.values).toEqual({
      combat: 'c1',
      round: 2,
      steps: [['b'], ['a', 'y']],
    })
  })
})

describe('The Old World: a combat of three units, worked out by hand', () => {
  it('two charges into one enemy: strike order by charge inches, flank per enemy unit, Massed Infantry, Disrupted', () => {
    const unit = (id: string, name: string, models: number, standard = false) =>
      owUnit(id, {
        name,
        models,
        formation: { files: 5 },
        profile: { M: 4, WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 },
        gear: ['hand-weapon'],
        ...(standard ? { command: { standard: true } } : {}),
      })
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', unit('a', 'Swordsmen', 20, true), unit('b', 'Halberdiers', 10, true)),
      owEv.mustered('p2', unit('x', 'Spearmen', 15)),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )
    game.apply(moveEv.charge('a', 'x', 5)) // 6
    game.choose('hold') // 7
    game.roll([3, 1]) // 8: M4 + the higher die 3 = 7" covers 5": combat charge-6, moved 5
    game.apply(moveEv.charge('b', 'x', 5, 'flank')) // 9: the engaged Spearmen hold
    const joined = game.roll([3, 1]) // 10: 7" covers 5": the Halberdiers join charge-6
    expect(joined.outcomes.find((o) => o.kind === 'combat-unit-joined')?.values).toEqual({
      combat: 'charge-6',
      player: 'p1',
      unit: { unit: 'b', charged: true, facing: 'flank', moved: 5, charge: 9 },
    })
    game.apply(owEv.phase('close-combat')) // 11
    const fought = game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'charge-6',
        sides: [
          { player: 'p1', units: [{ unit: 'a' }, { unit: 'b' }] },
          { player: 'p2', units: [{ unit: 'x' }] },
        ],
        contact: [
          { unit: 'a', models: 5 },
          { unit: 'b', models: 5 },
          { unit: 'x', models: 5, target: 'a' },
        ],
      },
    }) // 12
    // Charging I bonus, +1 a full inch moved (old-world/strike-order §charging): the Halberdiers 3 + 4 (5" into the
    // flank, at most +4) = 7; the Swordsmen 3 + 3 (front, at most +3) = 6; the Spearmen 3.
    expect(fought.outcomes.find((o) => o.kind === 'strike-order')?.values).toEqual({
      combat: 'charge-6',
      round: 1,
      steps: [['b'], ['a'], ['x']],
    })
    game.roll([4, 4, 4, 1, 1]) // Halberdiers: 3 hits at 4+
    game.roll([4, 4, 1]) // 2 wounds: Spearmen 15 -> 13
    game.roll([4, 4, 4, 1, 1]) // Swordsmen: 3 hits
    game.roll([4, 4, 1]) // 2 wounds: 13 -> 11
    game.roll([4]) // the one Spearman left of the 5 in contact: 1 hit
    const result = game.roll([4]) // 1 wound: Swordsmen 20 -> 19
    // p1: 4 wounds + the best unit's ranks (Swordsmen, 19 models: 3 ranks of five, +1 a rank behind the first, at
    // most +2 for infantry) + 1 flank (one enemy unit in a flank) + Massed Infantry (US 29 against 11: +1) + one
    // standard (+1) = 9. p2: 1 wound; its ranks are lost, Disrupted by the Halberdiers (US 10) in its flank = 1.
    expect(result.outcomes.find((o) => o.kind === 'combat-result')?.values).toEqual({
      combat: 'charge-6',
      round: 1,
      scores: { p1: 9, p2: 1 },
      winner: 'p1',
      difference: 8,
    })
    expect(game.text()).toContain('Spearmen is Disrupted: Halberdiers (Unit Strength 10) fights it in the flank')
  })
})
