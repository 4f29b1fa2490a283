import { describe, expect, it } from 'vitest'
import { classic } from '../../core/rules/classic/index.js'
import { ev, RulesetGame, unitDef } from '../helpers/classic-game.js'
import { moveEv, refusal } from '../helpers/classic-movement.js'

/**
 * After the rout (issue 16, B.3): an overrun after wiping out a unit in its charge (Hatred makes it), a pursuit or
 * overrun that reaches a fresh enemy charges it, fought next close-combat phase as a charge.
 */
const block = (id: string, name: string, models: number, extra: Parameters<typeof unitDef>[1] = {}) =>
  unitDef(id, {
    name,
    models,
    formation: { files: Math.min(5, models) },
    profile: { M: 4, WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 },
    gear: ['hand-weapon'],
    race: 'empire',
    ...extra,
  })

/** p1's 20 Corsairs (Hatred of the Empire, or none) charge 2 Militia; 10 Spearmen stand by. Seqs 1-9. */
function wipeOut(hatred: boolean) {
  const corsairs = block('a', 'Corsairs', 20, {
    race: 'dark-elves',
    ...(hatred ? { rules: [{ id: 'hatred', params: { enemies: 'empire' } }] } : {}),
  })
  const game = new RulesetGame(
    classic,
    ev.created(),
    ev.mustered('p1', corsairs),
    ev.mustered('p2', block('y', 'Militia', 2), block('z', 'Spearmen', 10)),
    ev.turn(1, 'p1'),
    ev.phase('movement'),
  )
  game.apply(moveEv.charge('a', 'y', 7)) // 6: 2 x M4 = 8" covers 7"
  game.choose('hold') // 7: combat charge-6
  game.apply(ev.phase('close-combat')) // 8
  game.apply({
    type: 'CombatJoined',
    payload: {
      combat: 'charge-6',
      sides: [
        { player: 'p1', units: [{ unit: 'a' }] },
        { player: 'p2', units: [{ unit: 'y' }] },
      ],
      contact: [
        { unit: 'a', models: 5 },
        { unit: 'y', models: 2 },
      ],
    },
  }) // 9: the Corsairs charged, so they strike first
  return game
}

describe('an overrun after wiping out a unit in its charge (flee-and-pursuit §overrun)', () => {
  it("Hatred's compulsory overrun: no choice, the pursuit dice are rolled at once (classic/hatred §pursue)", () => {
    const game = wipeOut(true)
    // 5 attacks at 4+ (WS3 v WS3): four hit; Hatred re-rolls the miss in the first round: a 4, five hits.
    game.roll([4, 4, 4, 4, 1])
    game.roll([4])
    // S3 v T3 at 4+: five wounds on 2 one-Wound models: both slain, the Militia are wiped out.
    const wiped = game.roll([4, 4, 4, 4, 4])
    expect(wiped.outcomes.find((o) => o.kind === 'combat-ended')?.values).toEqual({ combat: 'charge-6', round: 1 })
    // "Unit has to pursue fleeing (enemies) X from cc and has to overrun" (seed Hatred): no choice asked.
    expect(wiped.outcomes.find((o) => o.kind === 'pursuit-forced')?.values).toEqual({ unit: 'a', quarry: ['y'] })
    expect(wiped.requests).toMatchObject([{ kind: 'dice', purpose: 'overrun', count: 2, roller: 'p1' }])
    const overran = game.roll([3, 4])
    // 2D6 (M4: classic/variants §flee-dice): 3 + 4 = 7".
    expect(overran.outcomes.find((o) => o.kind === 'overran')?.values).toEqual({ unit: 'a', roll: 7 })
    expect(game.cites('flee-and-pursuit', 'overrun')).toBe(true)
    expect(game.cites('hatred', 'pursue')).toBe(true)
  })

  it('without Hatred the charger chooses: it may stay', () => {
    const game = wipeOut(false)
    game.roll([4, 4, 4, 4, 4]) // five hits, no re-roll
    const wiped = game.roll([4, 4, 4, 4, 4])
    expect(wiped.requests).toMatchObject([{ kind: 'choice', purpose: 'overrun', chooser: 'p1' }])
    const stayed = game.choose('stay')
    expect(stayed.outcomes).toEqual([])
    expect(Object.keys(game.game.requests)).toEqual([])
  })
})

describe('a pursuit or overrun that reaches a fresh enemy charges it (flee-and-pursuit §fresh-enemy)', () => {
  it('the overrun reaches the Spearmen in the flank: a combat made at once, fought next phase as a charge', () => {
    const game = wipeOut(true)
    game.roll([4, 4, 4, 4, 1])
    game.roll([4])
    game.roll([4, 4, 4, 4, 4])
    game.roll([3, 4]) // 13: overruns 7"
    const reached = game.apply({ type: 'PursuitReached', payload: { unit: 'a', target: 'z', facing: 'flank' } }) // 14
    expect(reached.outcomes.find((o) => o.kind === 'combat-joined')?.values).toEqual({
      combat: 'pursuit-14',
      sides: [
        { player: 'p1', units: [{ unit: 'a', charged: true, facing: 'flank' }] },
        { player: 'p2', units: [{ unit: 'z', charged: false, facing: 'front' }] },
      ],
    })
    expect(game.cites('variants', 'after-the-rout')).toBe(true)
    // Next close-combat phase (p2's turn): the Corsairs, having charged, strike first (round 1 is their first).
    game.apply(ev.turn(1, 'p2')) // 15
    game.apply(ev.phase('close-combat')) // 16
    const fought = game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'pursuit-14',
        sides: [
          { player: 'p1', units: [{ unit: 'a', charged: true, facing: 'flank' }] },
          { player: 'p2', units: [{ unit: 'z' }] },
        ],
        contact: [
          { unit: 'a', models: 5 },
          { unit: 'z', models: 5 },
        ],
      },
    })
    expect(fought.outcomes.find((o) => o.kind === 'strike-order')?.values).toEqual({
      combat: 'pursuit-14',
      round: 1,
      steps: [['a'], ['z']],
    })
  })

  it('refused for a unit whose combat did not end this phase, naming the rule; nothing is written', () => {
    const game = wipeOut(true)
    const before = JSON.stringify(game.state)
    const error = refusal(() =>
      game.apply({ type: 'PursuitReached', payload: { unit: 'z', target: 'a', facing: 'front' } }),
    )
    // The Spearmen fought no combat this phase: they have no pursuit to reach anyone with.
    expect(error.code).toBe('rules/not-pursuing')
    expect(error.message).toBe(
      'seq 10: PursuitReached: Spearmen fought in no combat that ended this close-combat phase: it has no pursuit or ' +
        'overrun to reach an enemy with (classic/flee-and-pursuit §fresh-enemy)',
    )
    const notMine = refusal(() =>
      game.apply({ type: 'PursuitReached', payload: { unit: 'a', target: 'z', facing: 'front' } }),
    )
    // The Corsairs are still in combat charge-6 (its round waits for its dice): no pursuit yet.
    expect(notMine.code).toBe('rules/already-engaged')
    expect(notMine.message).toContain(
      'only a unit whose combat is over pursues (classic/flee-and-pursuit §fresh-enemy)',
    )
    expect(JSON.stringify(game.state)).toBe(before)
  })
})
