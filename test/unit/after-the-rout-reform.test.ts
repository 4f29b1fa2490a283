import { describe, expect, it } from 'vitest'
import { classic } from '../../core/rules/classic/index.js'
import { ev, RulesetGame, unitDef } from '../helpers/classic-game.js'
import { refusal } from '../helpers/classic-movement.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'

/**
 * After the rout, what the first round left (issue 16, B.3): a winner that restrained (or, classic, wiped out its
 * foes and stayed) may reform, recorded as its new frontage (flee-and-pursuit §reform, variants §reform-after-combat);
 * a charger whose foes in contact are all destroyed overruns out of a combat that goes on (variants
 * §overrun-in-a-larger-combat); PursuitReached only for a unit that pursued or overran.
 */
const block = (id: string, name: string, models: number, extra: Parameters<typeof unitDef>[1] = {}) =>
  unitDef(id, {
    name,
    models,
    formation: { files: Math.min(5, models) },
    profile: { M: 4, WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 },
    gear: ['hand-weapon'],
    ...extra,
  })

/** A fight recorded alone (seqs 1-5): the table says who charged (classic/variants §charges-from-the-log). */
function classicFight(p1: ReturnType<typeof unitDef>[], p2: ReturnType<typeof unitDef>[]) {
  return new RulesetGame(
    classic,
    ev.created(),
    ev.mustered('p1', ...p1),
    ev.mustered('p2', ...p2),
    ev.turn(1, 'p1'),
    ev.phase('close-combat'),
  )
}

/** 20 Swordsmen charge 2 Militia and wipe them out (seqs 1-8); 10 Spearmen stand by. */
function classicWipeOut() {
  const game = classicFight([block('a', 'Swordsmen', 20)], [block('y', 'Militia', 2), block('z', 'Spearmen', 10)])
  game.apply({
    type: 'CombatJoined',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'a', charged: true }] },
        { player: 'p2', units: [{ unit: 'y' }] },
      ],
      contact: [
        { unit: 'a', models: 2 },
        { unit: 'y', models: 2 },
      ],
    },
  }) // 6: the charging Swordsmen strike first
  game.roll([4, 4]) // 7: 2 attacks at 4+ (WS3 v WS3): 2 hits
  game.roll([4, 4]) // 8: S3 v T3 at 4+: 2 wounds on 2 one-Wound models, no armour: the Militia are wiped out
  return game
}

describe('classic: reforms after combat (flee-and-pursuit §reform)', () => {
  it('a unit that wiped out its foe and stayed has restrained: it reforms, and its frontage is recorded', () => {
    const game = classicWipeOut()
    expect(game.game.combats.c1?.ended).toBe(true)
    game.choose('stay') // 9: no overrun
    const reformed = game.apply({ type: 'UnitReformed', payload: { unit: 'a', files: 4 } }) // 10
    expect(reformed.outcomes.map((o) => [o.kind, o.values])).toEqual([['reformed', { unit: 'a', files: 4 }]])
    // 20 models 4 wide: the rank bonus counts ranks of this width from now on.
    expect(game.game.units.a?.files).toBe(4)
    expect(game.cites('flee-and-pursuit', 'reform')).toBe(true)
    expect(game.cites('variants', 'reform-after-combat')).toBe(true)

    // A unit reforms once; it did not pursue, so no pursuit reaches anyone. Each refusal writes nothing.
    const before = JSON.stringify(game.state)
    const again = refusal(() => game.apply({ type: 'UnitReformed', payload: { unit: 'a', files: 5 } }))
    expect(again.code).toBe('rules/not-restrained')
    expect(again.message).toBe(
      'seq 11: UnitReformed: Swordsmen reformed this phase: only a winner that restrained or wiped out its foes may ' +
        'reform (classic/flee-and-pursuit §reform)',
    )
    const reached = refusal(() =>
      game.apply({ type: 'PursuitReached', payload: { unit: 'a', target: 'z', facing: 'front' } }),
    )
    expect(reached.code).toBe('rules/not-pursuing')
    expect(reached.message).toBe(
      'seq 11: PursuitReached: Swordsmen reformed this phase: only a pursuit or overrun move reaches a fresh enemy ' +
        '(classic/flee-and-pursuit §fresh-enemy)',
    )
    expect(JSON.stringify(game.state)).toBe(before)
  })

  it('the new frontage is what the rank bonus counts: 4 wide, the Swordsmen have no rank of five', () => {
    const game = classicWipeOut()
    game.choose('stay') // 9
    game.apply({ type: 'UnitReformed', payload: { unit: 'a', files: 4 } }) // 10
    game.apply(ev.turn(1, 'p2')) // 11
    game.apply(ev.phase('close-combat')) // 12
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c2',
        sides: [
          { player: 'p1', units: [{ unit: 'a' }] },
          { player: 'p2', units: [{ unit: 'z', charged: true }] },
        ],
        contact: [
          { unit: 'a', models: 4 },
          { unit: 'z', models: 5 },
        ],
      },
    }) // 13: the charging Spearmen strike first
    game.roll([1, 1, 1, 1, 1]) // 14: no hit
    const result = game.roll([1, 1, 1, 1]) // 15: the Swordsmen's 4 in contact: no hit
    // p1: no wounds; 20 models 4 wide make no rank of five (classic/combat-result: ranks at least five wide), where
    // 5 wide they made +3; outnumbering (20 against 10) +1 = 1. p2: 10 models 5 wide, one rank behind the first: +1.
    expect(result.outcomes.find((o) => o.kind === 'combat-result')?.values).toEqual({
      combat: 'c2',
      round: 1,
      scores: { p1: 1, p2: 1 },
      winner: null,
      difference: 0,
    })
  })

  it('a unit that stayed has no pursuit to reach an enemy with; a frontage wider than the unit is refused', () => {
    const game = classicWipeOut()
    game.choose('stay') // 9
    const before = JSON.stringify(game.state)
    const reached = refusal(() =>
      game.apply({ type: 'PursuitReached', payload: { unit: 'a', target: 'z', facing: 'flank' } }),
    )
    expect(reached.message).toBe(
      'seq 10: PursuitReached: Swordsmen neither pursued nor overran this phase: only a pursuit or overrun move ' +
        'reaches a fresh enemy (classic/flee-and-pursuit §fresh-enemy)',
    )
    const wide = refusal(() => game.apply({ type: 'UnitReformed', payload: { unit: 'a', files: 21 } }))
    expect(wide.code).toBe('rules/bad-formation')
    expect(wide.message).toBe('seq 10: UnitReformed: Swordsmen cannot reform 21 wide: it has 20 models')
    // The Spearmen fought nobody: they have nothing to reform after.
    const idle = refusal(() => game.apply({ type: 'UnitReformed', payload: { unit: 'z', files: 10 } }))
    expect(idle.code).toBe('rules/not-restrained')
    expect(idle.message).toContain('Spearmen won no combat that ended this phase')
    expect(JSON.stringify(game.state)).toBe(before)
  })

  it('an overrun is no restraint: the unit may not reform', () => {
    const game = classicWipeOut()
    game.choose('overrun') // 9
    const overran = game.roll([3, 4]) // 10: 2D6 (M4, classic/variants §flee-dice): 3 + 4 = 7"
    expect(overran.outcomes.find((o) => o.kind === 'overran')?.values).toEqual({ unit: 'a', roll: 7 })
    const before = JSON.stringify(game.state)
    const error = refusal(() => game.apply({ type: 'UnitReformed', payload: { unit: 'a', files: 4 } }))
    expect(error.code).toBe('rules/not-restrained')
    expect(error.message).toBe(
      'seq 11: UnitReformed: Swordsmen overran this phase: only a winner that restrained or wiped out its foes may ' +
        'reform (classic/flee-and-pursuit §reform)',
    )
    expect(JSON.stringify(game.state)).toBe(before)
  })

  it('a winner that passed its restraint test reforms; one that pursued may not', () => {
    const game = classicFight([block('a', 'Swordsmen', 20)], [block('x', 'Spearmen', 5)])
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'a', charged: true }] },
          { player: 'p2', units: [{ unit: 'x' }] },
        ],
        contact: [
          { unit: 'a', models: 5 },
          { unit: 'x', models: 5 },
        ],
      },
    }) // 6
    game.roll([4, 4, 4, 4, 1]) // 7: 4 hits at 4+
    game.roll([4, 4, 4, 1]) // 8: 3 wounds: Spearmen 5 -> 2
    const result = game.roll([1, 1]) // 9: the 2 Spearmen left strike back: no hit
    // p1: 3 wounds + ranks (20 models 5 wide: 3 ranks behind the first, +3, the most) + outnumbering (20 against 2:
    // +1) = 7; p2: 0 wounds, its 2 models make no rank behind the first = 0.
    expect(result.outcomes.find((o) => o.kind === 'combat-result')?.values).toMatchObject({
      scores: { p1: 7, p2: 0 },
      difference: 7,
    })
    game.roll([3, 4]) // 10: break test on Ld 7 - 7 = 0: 7 fails
    game.roll([2, 2]) // 11: flees 4"
    game.choose('hold') // 12: the Swordsmen hold back
    const held = game.roll([3, 3]) // 13: restraint on Ld 7: 6 <= 7 holds
    expect(held.outcomes.find((o) => o.kind === 'restraint-test')?.values).toEqual({
      unit: 'a',
      passed: true,
      roll: 6,
      leadership: 7,
    })
    expect(game.game.combats.c1?.ended).toBe(true)
    const reformed = game.apply({ type: 'UnitReformed', payload: { unit: 'a', files: 10 } }) // 14
    expect(reformed.outcomes.find((o) => o.kind === 'reformed')?.values).toEqual({ unit: 'a', files: 10 })
    expect(game.game.units.a?.files).toBe(10)
    expect(game.cites('flee-and-pursuit', 'restraint')).toBe(true)
  })
})

describe('classic: an overrun out of a combat that goes on (variants §overrun-in-a-larger-combat)', () => {
  /** Swordsmen (charging) on 2 Militia, Halberdiers (charging) on 10 Spearmen, in one combat; Archers stand by. */
  function larger() {
    const game = classicFight(
      [block('a', 'Swordsmen', 20), block('b', 'Halberdiers', 10)],
      [block('y', 'Militia', 2), block('z', 'Spearmen', 10), block('w', 'Archers', 5)],
    )
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          {
            player: 'p1',
            units: [
              { unit: 'a', charged: true },
              { unit: 'b', charged: true },
            ],
          },
          { player: 'p2', units: [{ unit: 'y' }, { unit: 'z' }] },
        ],
        contact: [
          { unit: 'a', models: 2, target: 'y' },
          { unit: 'b', models: 5, target: 'z' },
          { unit: 'y', models: 2, target: 'a' },
          { unit: 'z', models: 5, target: 'b' },
        ],
      },
    }) // 6: both chargers strike first
    game.roll([4, 4]) // 7: Swordsmen: 2 attacks at 4+, 2 hits
    game.roll([4, 4]) // 8: 2 wounds: both Militia slain
    game.roll([4, 1, 1, 1, 1]) // 9: Halberdiers: 1 hit
    game.roll([1]) // 10: no wound
    const result = game.roll([1, 1, 1, 1, 1]) // 11: Spearmen: no hit (the Militia are gone before they strike)
    // p1: 2 wounds + the best single unit's ranks (Swordsmen, 20 models 5 wide: 3 ranks behind the first, +3) + outnumbering (30 against 10:
    // +1) = 6. p2: 0 wounds + the Spearmen's ranks (10 models 5 wide, 1 rank behind the first: +1) = 1.
    expect(result.outcomes.find((o) => o.kind === 'combat-result')?.values).toMatchObject({
      scores: { p1: 6, p2: 1 },
      winner: 'p1',
      difference: 5,
    })
    // 12: the Spearmen test on Ld 7 - 5 = 2: a double 1 always holds; they stay, held by the Halberdiers.
    const held = game.roll([1, 1])
    expect(held.outcomes.find((o) => o.kind === 'break-test')?.values).toMatchObject({ unit: 'z', passed: true })
    // The Swordsmen's only foe in contact is destroyed: they may overrun while the rest fight on.
    expect(held.requests).toMatchObject([{ kind: 'choice', purpose: 'overrun', chooser: 'p1' }])
    return game
  }

  it('the overrun leaves the combat, which goes on; its move may reach a fresh enemy', () => {
    const game = larger()
    game.choose('overrun') // 13
    const overran = game.roll([5, 2]) // 14: 2D6 = 7"
    expect(overran.outcomes.find((o) => o.kind === 'overran')?.values).toEqual({ unit: 'a', roll: 7, combat: 'c1' })
    expect(game.cites('variants', 'overrun-in-a-larger-combat')).toBe(true)
    // c1 goes on without the Swordsmen: the Halberdiers against the Spearmen.
    expect(game.game.combats.c1).toMatchObject({
      ended: false,
      sides: [
        { player: 'p1', units: [{ unit: 'b' }] },
        { player: 'p2', units: [{ unit: 'y' }, { unit: 'z' }] },
      ],
    })
    // The Halberdiers are still fighting: no reform for them.
    const before = JSON.stringify(game.state)
    const engaged = refusal(() => game.apply({ type: 'UnitReformed', payload: { unit: 'b', files: 5 } }))
    expect(engaged.code).toBe('rules/already-engaged')
    expect(JSON.stringify(game.state)).toBe(before)
    const reached = game.apply({ type: 'PursuitReached', payload: { unit: 'a', target: 'w', facing: 'flank' } }) // 15
    expect(reached.outcomes.find((o) => o.kind === 'combat-joined')?.values).toEqual({
      combat: 'pursuit-15',
      sides: [
        { player: 'p1', units: [{ unit: 'a', charged: true, facing: 'flank' }] },
        { player: 'p2', units: [{ unit: 'w', charged: false, facing: 'front' }] },
      ],
    })
  })

  it('a charger that stays is still in the combat: no pursuit, no reform', () => {
    const game = larger()
    const stayed = game.choose('stay') // 13
    expect(stayed.outcomes.map((o) => o.kind)).toEqual(['round-ended'])
    expect(game.game.combats.c1?.sides[0]?.units.map((u) => u.unit)).toEqual(['a', 'b'])
    const error = refusal(() => game.apply({ type: 'UnitReformed', payload: { unit: 'a', files: 4 } }))
    expect(error.code).toBe('rules/already-engaged')
  })
})

describe('The Old World: restrain and reform (tow:the-combat-phase/restrain-and-reform, …/overrun)', () => {
  /** 10 Swordsmen (I5) charge 2 Militia (I1) and wipe them out (seqs 1-8). */
  function owWipeOut() {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('a', { name: 'Swordsmen', models: 10, formation: { files: 5 }, profile: { I: 5 } })),
      owEv.mustered('p2', owUnit('y', { name: 'Militia', models: 2, formation: { files: 2 }, profile: { I: 1 } })),
      owEv.turn(1, 'p1'),
      owEv.phase('close-combat'),
    )
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'a', charged: true }] },
          { player: 'p2', units: [{ unit: 'y' }] },
        ],
        contact: [
          { unit: 'a', models: 2 },
          { unit: 'y', models: 2 },
        ],
      },
    }) // 6: I5 strikes before I1
    game.roll([4, 4]) // 7: 2 attacks at 4+ (WS3 v WS3): 2 hits
    const wiped = game.roll([4, 4]) // 8: S3 v T3 at 4+: both Militia slain
    expect(wiped.requests).toMatchObject([{ kind: 'choice', purpose: 'overrun', chooser: 'p1' }])
    return game
  }

  it('staying is an attempt to restrain: a passed Restraint test, then a free reform', () => {
    const game = owWipeOut()
    const stay = game.choose('stay') // 9
    expect(stay.requests).toMatchObject([{ kind: 'dice', purpose: 'restraint', count: 2 }])
    const held = game.roll([2, 3]) // 10: 5 <= Ld 7: restrained
    expect(held.outcomes.find((o) => o.kind === 'restraint-test')?.values).toEqual({
      unit: 'a',
      passed: true,
      roll: 5,
      leadership: 7,
    })
    const reformed = game.apply({ type: 'UnitReformed', payload: { unit: 'a', files: 10 } }) // 11
    expect(reformed.outcomes.find((o) => o.kind === 'reformed')?.values).toEqual({ unit: 'a', files: 10 })
    expect(game.game.units.a?.files).toBe(10)
    expect(game.cites('flee-and-pursuit', 'reform')).toBe(true)
  })

  it('a failed Restraint test overruns, and an overrun is no reform', () => {
    const game = owWipeOut()
    game.choose('stay') // 9
    const failed = game.roll([6, 5]) // 10: 11 > Ld 7: it must overrun
    expect(failed.outcomes.find((o) => o.kind === 'restraint-test')?.values).toMatchObject({ passed: false })
    expect(failed.requests).toMatchObject([{ kind: 'dice', purpose: 'overrun', count: 2 }])
    const overran = game.roll([2, 3]) // 11: 2D6 = 5"
    expect(overran.outcomes.find((o) => o.kind === 'overran')?.values).toEqual({ unit: 'a', roll: 5 })
    const before = JSON.stringify(game.state)
    const error = refusal(() => game.apply({ type: 'UnitReformed', payload: { unit: 'a', files: 10 } }))
    expect(error.message).toBe(
      'seq 12: UnitReformed: Swordsmen overran this phase: only a winner that restrained may reform ' +
        '(old-world/flee-and-pursuit §reform)',
    )
    expect(JSON.stringify(game.state)).toBe(before)
  })
})
