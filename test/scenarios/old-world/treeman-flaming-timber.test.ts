import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../../core/explain/index.js'
import { type Draft, ev } from '../../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../../helpers/old-world-game.js'

/**
 * A recorded fight (issue #8: "a Treeman against Flaming attacks that dies and topples (Timber!)"), The Old World.
 * Every outcome below was worked out by hand from seed 001's entries, core-mechanics B and the Old World variant
 * table (core/rules/old-world/decisions.ts).
 *
 * Treeman (p1): behemoth, 1 model, M5 WS5 BS0 S6 T6 W6 I2 A5 Ld8 (the ready unit's default profile); no armour;
 *   Stomp Attacks (D6), Regeneration (5+), Flammable, Timber!, Tree Whack, Lumbering.
 * Torch-bearers (p2): infantry, 10, five wide, WS3 S3 T3 I4 A1 Ld7; hand weapons; Flaming Attacks.
 * Fire Ogres (p2): monstrous infantry, 3, WS3 S5 T4 W3 I3 A3 Ld7; hand weapons; Flaming Attacks.
 *
 * Turn 1 (p2), Combat phase. The Fire Ogres have charged the Treeman's front, the Torch-bearers its flank; the
 *   players record 3 Torch-bearers and the 3 Fire Ogres in base contact with it.
 * Strike order (strike-order §initiative): Torch-bearers I4, then Fire Ogres I3, then the Treeman I2.
 *   - Torch-bearers: 3 attacks, WS3 against WS5: 4+ (to-hit chart: not higher, the Treeman's not more than
 *     double). 4, 5, 2 -> 2 hits. S3 against T6: 6+. 6, 3 -> 1 wound; no armour save (7+). Regeneration: the wound
 *     stems from a Flaming attack and the Treeman is Flammable (flammable §no-regeneration): no save. 6 -> 5 W.
 *   - Fire Ogres: 3 x 3 = 9 attacks at 4+: 6, 6, 5, 5, 4, 4, 3, 2, 1 -> 6 hits. S5 against T6: 5+. 6, 6, 5, 5, 5,
 *     2 -> 5 wounds; no armour, no Regeneration (Flaming again): 5 - 5 = 0 Wounds. The Treeman falls.
 *   - Timber! (timber §falls), once the Fire Ogres' step is over (variants §timber-when). Roll-off: p1 4, p2 4, a
 *     tie, rolled again (variants §timber-roll-off): p1 6, p2 1. p1 chooses the front arc (timber §arc). Its player
 *     says (variants §timber-in-arc): the Torch-bearers, on its flank, are not in that arc; the Fire Ogres are.
 *     D6 = 5 hits on the Fire Ogres (timber §hits) at the Treeman's S6 against T4: 2+. 5, 4, 3, 2, 1 -> 4 wounds.
 *     Armour: none (7+), AP -1 (timber §armour-piercing): 8+, no save. 4 wounds on W3 models: 1 slain and 1 wound
 *     on the next: 3 -> 2 Fire Ogres, the next has lost 1 of its 3 Wounds. Then the Treeman is taken off the table.
 *   - The Treeman was slain before its Initiative step: it does not strike, whack or stomp.
 * Combat result: p1 has nothing left in the combat, so p2 wins (combat-result §wiped-out); Timber!'s 4 wounds would
 *   have counted for p1 (variants §timber-combat-result) but a side that is wiped out loses. The combat is over.
 */
const treeman = owUnit('treeman', {
  name: 'Treeman',
  troopType: 'behemoth',
  race: 'wood-elves',
  models: 1,
  profile: { M: 5, WS: 5, BS: 0, S: 6, T: 6, W: 6, I: 2, A: 5, Ld: 8 },
  rules: [
    { id: 'stomp-attacks', params: { X: 'D6' } },
    { id: 'regeneration', params: { save: 5 } },
    'flammable',
    'timber',
    'tree-whack',
    'lumbering',
  ],
})
const torchBearers = owUnit('torch-bearers', {
  name: 'Torch-bearers',
  models: 10,
  formation: { files: 5 },
  profile: { M: 4, WS: 3, S: 3, T: 3, I: 4, A: 1, Ld: 7 },
  rules: ['flaming-attacks'],
})
const fireOgres = owUnit('fire-ogres', {
  name: 'Fire Ogres',
  troopType: 'monstrous-infantry',
  models: 3,
  formation: { files: 3 },
  profile: { M: 6, WS: 3, S: 5, T: 4, W: 3, I: 3, A: 3, Ld: 7 },
  rules: ['flaming-attacks'],
})

const events: Draft[] = [
  owEv.created(), // 1
  owEv.mustered('p1', treeman), // 2
  owEv.mustered('p2', torchBearers, fireOgres), // 3
  owEv.turn(1, 'p1'), // 4
  owEv.turn(1, 'p2'), // 5
  owEv.phase('close-combat'), // 6
  {
    type: 'CombatJoined',
    payload: {
      combat: 'c1',
      sides: [
        {
          player: 'p2',
          units: [
            { unit: 'torch-bearers', charged: true, facing: 'flank' },
            { unit: 'fire-ogres', charged: true },
          ],
        },
        { player: 'p1', units: [{ unit: 'treeman' }] },
      ],
      contact: [
        { unit: 'torch-bearers', models: 3 },
        { unit: 'fire-ogres', models: 3 },
        { unit: 'treeman', models: 1, target: 'fire-ogres' },
      ],
    },
  }, // 7: Torch-bearers to hit
  ev.dice('7.1', [4, 5, 2]), // 8: 2 hits at 4+
  ev.dice('8.1', [6, 3]), // 9: 1 wound at 6+; Flammable: no Regeneration
  ev.dice('9.1', [6, 6, 5, 5, 4, 4, 3, 2, 1]), // 10: Fire Ogres, 6 hits at 4+
  ev.dice('10.1', [6, 6, 5, 5, 5, 2]), // 11: 5 wounds at 5+: the Treeman falls; Timber!'s roll-off
  ev.dice('11.1', [4]), // 12: p1 4
  ev.dice('12.1', [4]), // 13: p2 4, a tie: again
  ev.dice('13.1', [6]), // 14: p1 6
  ev.dice('14.1', [1]), // 15: p2 1: p1 wins the roll-off
  ev.choice('15.1', 'front'), // 16: it topples towards its front
  ev.choice('16.1', 'clear'), // 17: the Torch-bearers are not in that arc
  ev.choice('17.1', 'in-arc'), // 18: the Fire Ogres are
  ev.dice('18.1', [5]), // 19: D6 = 5 hits
  ev.dice('19.1', [5, 4, 3, 2, 1]), // 20: 4 wounds at 2+, no save (8+)
  // Both chargers wiped out the Treeman in the round they charged: each may overrun (flee-and-pursuit §overrun), or
  // attempt to restrain and reform, a Restraint test on Ld 7 (tow:the-combat-phase/overrun; variants
  // §reform-after-combat).
  ev.choice('20.1', 'stay'), // 21: the Torch-bearers stay
  ev.dice('21.1', [2, 3]), // 22: 5 <= 7: restrained
  ev.choice('22.1', 'stay'), // 23: the Fire Ogres stay
  ev.dice('23.1', [3, 3]), // 24: 6 <= 7 (a double 3 decides nothing): restrained
]

function play() {
  const game = new OldWorldGame()
  for (const event of events) game.apply(event)
  return game
}

const outcomesOf = (game: OldWorldGame) =>
  game.steps.flatMap((step) => step.outcomes.map((o) => ({ seq: o.seq, kind: o.kind, values: o.values })))

describe('recorded: a Flammable Treeman falls to Flaming attacks and topples onto the Fire Ogres (The Old World)', () => {
  it('replays to the outcomes worked out by hand', () => {
    const game = play()
    const outcomes = outcomesOf(game)
    const pick = (kind: string) => outcomes.filter((o) => o.kind === kind).map((o) => [o.seq, o.values])

    // Strike order: Torch-bearers (I4), Fire Ogres (I3), Treeman (I2).
    expect(pick('strike-order')).toEqual([
      [7, { combat: 'c1', round: 1, steps: [['torch-bearers'], ['fire-ogres'], ['treeman']] }],
    ])
    // 3 attacks at 4+: 4, 5 hit; 9 attacks at 4+: 6, 6, 5, 5, 4, 4 hit. Timber!: D6 = 5 automatic hits.
    expect(pick('hits')).toEqual([
      [8, { attacks: 3, need: 4, hits: 2 }],
      [10, { attacks: 9, need: 4, hits: 6 }],
      [19, { attacks: 5, need: null, hits: 5 }],
    ])
    // S3 v T6: 6+ (one 6); S5 v T6: 5+ (6, 6, 5, 5, 5); S6 v T4: 2+ (5, 4, 3, 2; the 1 fails).
    expect(pick('wounds')).toEqual([
      [9, { hits: 2, need: 6, wounds: 1 }],
      [11, { hits: 6, need: 5, wounds: 5 }],
      [20, { hits: 5, need: 2, wounds: 4 }],
    ])
    // The Treeman: 1 then 5 of its 6 Wounds; the Fire Ogres: 4 wounds on W3 models, 3 -> 2, the next 1 down.
    expect(pick('casualties')).toEqual([
      [9, { unit: 'treeman', unsaved: 1, removed: 0, modelsLeft: 1, woundsOnNextModel: 1 }],
      [11, { unit: 'treeman', unsaved: 5, removed: 1, modelsLeft: 0, woundsOnNextModel: 0 }],
      [20, { unit: 'fire-ogres', unsaved: 4, removed: 1, modelsLeft: 2, woundsOnNextModel: 1 }],
    ])
    // Flammable against Flaming attacks: no Regeneration save either time (no dice asked).
    expect(pick('regenerated')).toEqual([
      [9, { unit: 'treeman', rolled: 0, regenerated: 0, modelsLeft: 1, woundsOnNextModel: 1 }],
      [11, { unit: 'treeman', rolled: 0, regenerated: 0, modelsLeft: 0, woundsOnNextModel: 0 }],
    ])
    // The roll-off: 4 v 4, then 6 v 1.
    expect(pick('roll-off')).toEqual([[15, { purpose: 'timber', rolls: { p1: [4, 6], p2: [4, 1] }, winner: 'p1' }]])
    expect(pick('toppled')).toEqual([[18, { unit: 'treeman', arc: 'front', winner: 'p1', units: ['fire-ogres'] }]])
    // The Treeman was slain before its step: no attacks, no Tree Whack, no stomps.
    expect(pick('attacks')).toEqual([[20, { attacks: 0 }]])
    expect(outcomes.some((o) => o.kind === 'effect-started')).toBe(false)
    // p1 is wiped out: p2 wins, and the combat is over.
    expect(pick('combat-result')).toEqual([[20, { combat: 'c1', round: 1, scores: {}, winner: 'p2', difference: 0 }]])
    expect(pick('combat-ended')).toEqual([[20, { combat: 'c1', round: 1 }]])
    expect(game.game.units.treeman).toMatchObject({ models: 0 })
    expect(game.game.units['fire-ogres']).toMatchObject({ models: 2, woundsOnNextModel: 1 })
    expect(game.game.units['torch-bearers']).toMatchObject({ models: 10 })
    expect(pick('overran')).toEqual([])
    expect(pick('restraint-test')).toEqual([
      [22, { unit: 'torch-bearers', passed: true, roll: 5, leadership: 7 }],
      [24, { unit: 'fire-ogres', passed: true, roll: 6, leadership: 7 }],
    ])
    expect(Object.keys(game.game.requests)).toEqual([])
  })

  it('the explanations cite the entries and decisions involved', () => {
    const game = play()
    const explanations = game.steps.flatMap((s) => [
      ...s.outcomes.map((o) => o.explanation),
      ...s.requests.map((r) => r.explanation),
    ])
    const cited = explanations.flatMap(citedRules).map((ref) => `${ref.ruleset}/${ref.id} §${ref.clause}`)
    for (const rule of [
      'old-world/flammable §no-regeneration',
      'old-world/flaming-attacks §flaming',
      'old-world/timber §falls',
      'old-world/timber §roll-off',
      'old-world/timber §arc',
      'old-world/timber §in-arc',
      'old-world/timber §hits',
      'old-world/timber §armour-piercing',
      'old-world/timber §removed',
      'old-world/variants §timber-roll-off',
      'old-world/variants §timber-in-arc',
      'old-world/variants §timber-combat-result',
      'old-world/variants §timber-when',
      'old-world/combat-result §wiped-out',
    ])
      expect(cited).toContain(rule)
    const text = (seq: number) =>
      game.steps[seq - 1]!.outcomes.map((o) => renderExplanationText(o.explanation)).join('\n')
    expect(text(9)).toContain('Flammable: no Regeneration save against a Flaming attack')
    expect(text(9)).toContain('the attacks of Torch-bearers: Flaming Attacks')
    expect(text(20)).toContain('Timber!: AP -1')
  })

  it('replays the same way twice', () => {
    const first = play()
    const second = play()
    expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
    expect(canonicalJson(second.game)).toBe(canonicalJson(first.game))
  })
})
