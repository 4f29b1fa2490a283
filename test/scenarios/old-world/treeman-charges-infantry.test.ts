import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../../core/explain/index.js'
import { type Draft, ev } from '../../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../../helpers/old-world-game.js'

/**
 * A recorded fight (issue #8: "a Treeman charging infantry (Terror, Stomp, Tree Whack, Regeneration)"), The Old
 * World, from the charge to the pursuit. Every outcome below was worked out by hand from seed 001's entries,
 * core-mechanics B and the Old World variant table (core/rules/old-world/decisions.ts).
 *
 * Treeman (p1): the ready unit (core/rules/old-world/treeman-troops.ts) as it stands: behemoth, 1 model, M5 WS5 BS0
 *   S6 T6 W6 I2 A5 Ld8 (Unit Strength 6, its Wounds); Terror, Large Target, Tree Spirit, Immune to Psychology, Move
 *   Through Cover, Armoured Hide (3), Stomp Attacks (D6), Regeneration (5+), Flammable, Timber!, Tree Whack,
 *   Lumbering (which makes it a Close Order formation); a hand weapon (its Strength, no AP).
 * Spearmen (p2): regular infantry, 20, five wide, Close Order, M4 WS3 S3 T3 W1 I3 A1 Ld7; hand weapons, no armour.
 *
 * Turn 1 (p1), Movement phase.
 *   - The Treeman declares a charge on the Spearmen, 7" away (charge §declare): within M 5 + 6 = 11" (§max-range).
 *   - Terror (terror §charged): a Terror causer declared a charge, so its target tests Leadership straight away
 *     (variants §terror-charge-range): 4 + 2 = 6 <= Ld 7, passed: the Spearmen choose their reaction as usual.
 *   - They hold (charge §hold). Charge range: M 5 + the higher of 2 and 4 = 9" >= 7": it reaches them
 *     (variants §charge-range, charge §reached), having moved 7".
 * Combat phase. The players record the Treeman in the Spearmen's front, 3 Spearmen in base contact.
 *   - Fear (Terror gives it) tests only a unit facing a causer of higher Unit Strength: 6 against 20, no test.
 *   - Strike order: the Treeman charged 7": +1 I a full inch, at most +3 to the front: I 2 + 3 = 5
 *     (strike-order §charging), before the Spearmen's I 3.
 *   - Tree Whack (tree-whack §spend-attack): one of the Treeman's 5 Attacks, at the Spearmen. Initiative test:
 *     5 > I 3, failed (§initiative-test). D3 = 2 hits at S6 (§hits) against T3: 2+. 5, 1 -> 1 wound; no armour save
 *     (§no-armour; they have none anyway). 20 -> 19.
 *   - Its 4 Attacks left: WS5 against WS3: 3+. 6, 4, 2, 1 -> 2 hits. S6 against T3: 2+. 3, 1 -> 1 wound. 19 -> 18.
 *   - Spearmen (I3): 3 in contact, 2 slain before their step: 1 fights (casualties §slain-do-not-strike). WS3
 *     against WS5: 4+. 5 -> 1 hit. S3 against T6: 6+. 6 -> 1 wound. Armour: an unarmoured 7+ improved by Armoured
 *     Hide (3) to 4+; the hand weapon has no AP: 2, not saved. Regeneration 5+, rolled at once (regeneration §roll):
 *     6, the Wound comes back (6 -> 5 -> 6 W); it still counts for p2's result (regeneration §combat-result).
 *   - Stomps (stomp-attacks §after-everything): 1 model in contact, D6 = 5 automatic hits (§auto-hit) at its
 *     unmodified S6 (§unmodified-strength) against T3: 2+. 6, 5, 4, 3, 1 -> 4 wounds. A behemoth's stomps have AP -2
 *     against infantry (thunderstomp §armour-piercing): 7+ -> 9+, no save. 18 -> 14.
 * Combat result (combat-result, close-order):
 *   - p1: wounds 1 + 1 + 4 = 6 (the Tree Whack and the stomps count, variants §special-blows-combat-result); no
 *     rank bonus (a behemoth); Close Order in Combat Order: a lone model is square, Unit Strength 6 >= 5 (variants
 *     §combat-order-bonus): +1. No bonus for charging. 7.
 *   - p2: the regenerated Wound 1; rank bonus: 14 five wide are ranks of 5, 5 and 4: 2 ranks of 5, +1 (the 4 are too
 *     few); Massed Infantry: Unit Strength 14 against 6, +1; Close Order in Combat Order (five wide, three deep,
 *     Unit Strength 14): +1. 4.
 *   - p1 wins by 3.
 * Break test (break-test): Terror is on the winning side, so the Spearmen test at Ld 7 - 1 = 6 (terror §break,
 *   seed lines 40-44). 3 + 4 = 7, not a double: natural 7 > 6, they break (§breaks). Without Terror 7 <= 7 would
 *   have been a Fall Back in Good Order (7 + 3 = 10 > 7; Unit Strength 6 is not over twice 14).
 * Flee and pursuit (flee-and-pursuit): the Spearmen flee 2D6 (variants §flee-dice), 2 + 3 = 5". The Treeman
 *   pursues: 4 + 2 = 6 >= 5 (variants §pursuit-contact): caught, the 14 Spearmen left are destroyed (§caught).
 *   Combat charge-6 is over.
 */
const treeman = owUnit('treeman', {
  name: 'Treeman',
  troopType: 'behemoth',
  race: 'wood-elves',
  models: 1,
  profile: { M: 5, WS: 5, BS: 0, S: 6, T: 6, W: 6, I: 2, A: 5, Ld: 8 },
  rules: [
    'terror',
    'large-target',
    'tree-spirit',
    'immune-to-psychology',
    'move-through-cover',
    { id: 'armoured-hide', params: { X: 3 } },
    { id: 'stomp-attacks', params: { X: 'D6' } },
    { id: 'regeneration', params: { save: 5 } },
    'flammable',
    'timber',
    'tree-whack',
    'lumbering',
  ],
})
const spearmen = owUnit('spearmen', {
  name: 'Spearmen',
  models: 20,
  formation: { files: 5 },
  profile: { M: 4, WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 },
  rules: ['close-order'],
})

const events: Draft[] = [
  owEv.created(), // 1
  owEv.mustered('p1', treeman), // 2
  owEv.mustered('p2', spearmen), // 3
  owEv.turn(1, 'p1'), // 4
  owEv.phase('movement'), // 5
  { type: 'ChargeDeclared', payload: { unit: 'treeman', target: 'spearmen', distance: 7, facing: 'front' } }, // 6
  ev.dice('6.1', [4, 2]), // 7: Terror test 6 <= 7, passed
  ev.choice('7.1', 'hold'), // 8
  ev.dice('8.1', [2, 4]), // 9: charge range 5 + 4 = 9 >= 7: reached
  owEv.phase('close-combat'), // 10
  {
    type: 'CombatJoined',
    payload: {
      combat: 'charge-6',
      sides: [
        { player: 'p1', units: [{ unit: 'treeman', charged: true, moved: 7 }] },
        { player: 'p2', units: [{ unit: 'spearmen' }] },
      ],
      contact: [
        { unit: 'treeman', models: 1 },
        { unit: 'spearmen', models: 3 },
      ],
    },
  }, // 11: the Treeman strikes first (I 5): Tree Whack?
  ev.choice('11.1', 'spearmen'), // 12: a Tree Whack at the Spearmen
  ev.dice('12.1', [5]), // 13: Initiative test 5 > 3, failed
  ev.dice('13.1', [2]), // 14: D3 = 2 hits
  ev.dice('14.1', [5, 1]), // 15: 1 wound at 2+, no armour save: 20 -> 19
  ev.dice('15.1', [6, 4, 2, 1]), // 16: 4 attacks, 2 hits at 3+
  ev.dice('16.1', [3, 1]), // 17: 1 wound at 2+: 19 -> 18
  ev.dice('17.1', [5]), // 18: the Spearmen's 1 attack hits at 4+
  ev.dice('18.1', [6]), // 19: 1 wound at 6+
  ev.dice('19.1', [2]), // 20: armour 4+ fails
  ev.dice('20.1', [6]), // 21: Regeneration 5+: it comes back
  ev.dice('21.1', [5]), // 22: the stomps, D6 = 5 hits
  ev.dice('22.1', [6, 5, 4, 3, 1]), // 23: 4 wounds at 2+, no save: 18 -> 14; the result 7 to 4
  ev.dice('23.1', [3, 4]), // 24: break test: 7 > Ld 7 - 1 (Terror): broken
  ev.dice('24.1', [2, 3]), // 25: flees 5"
  ev.choice('25.1', 'pursue'), // 26
  ev.dice('26.1', [4, 2]), // 27: 6 >= 5: caught
]

function play() {
  const game = new OldWorldGame()
  for (const event of events) game.apply(event)
  return game
}

const text = (game: OldWorldGame, seq: number) =>
  game.steps[seq - 1]!.outcomes.map((o) => renderExplanationText(o.explanation)).join('\n')

const outcomesOf = (game: OldWorldGame) =>
  game.steps.flatMap((step) => step.outcomes.map((o) => ({ seq: o.seq, kind: o.kind, values: o.values })))

describe('recorded: a Treeman charges a block of Spearmen, whacks, strikes, stomps and runs them down (The Old World)', () => {
  it('replays to the outcomes worked out by hand', () => {
    const game = play()
    const outcomes = outcomesOf(game)
    const pick = (kind: string) => outcomes.filter((o) => o.kind === kind).map((o) => [o.seq, o.values])

    // The charge: 7" within M 5 + 6; the Terror test 4 + 2 = 6 <= 7 passed; hold; M 5 + the higher of 2, 4 = 9.
    expect(pick('charge-declared')).toEqual([[6, { unit: 'treeman', target: 'spearmen', distance: 7 }]])
    expect(pick('terror-test')).toEqual([[7, { unit: 'spearmen', passed: true, roll: 6, leadership: 7 }]])
    expect(pick('charge-response')).toEqual([[8, { unit: 'spearmen', charger: 'treeman', response: 'hold' }]])
    expect(pick('charge-result')).toEqual([
      [9, { unit: 'treeman', target: 'spearmen', reached: true, range: 9, distance: 7, moved: 7 }],
    ])
    // Fear: the Treeman's Unit Strength 6 is not higher than the Spearmen's 20: no test.
    expect(pick('psychology-test')).toEqual([])

    // I 2 + 3 (charged 7", at most +3 to the front) = 5 before the Spearmen's I 3.
    expect(pick('strike-order')).toEqual([[11, { combat: 'charge-6', round: 1, steps: [['treeman'], ['spearmen']] }]])
    // Tree Whack D3 = 2; Treeman 4 attacks at 3+ (6, 4); Spearmen 1 attack at 4+ (5); stomps D6 = 5.
    expect(pick('hits')).toEqual([
      [14, { attacks: 1, need: null, hits: 2 }],
      [16, { attacks: 4, need: 3, hits: 2 }],
      [18, { attacks: 1, need: 4, hits: 1 }],
      [22, { attacks: 5, need: null, hits: 5 }],
    ])
    // S6 v T3: 2+ (the 1s fail); S3 v T6: 6+.
    expect(pick('wounds')).toEqual([
      [15, { hits: 2, need: 2, wounds: 1 }],
      [17, { hits: 2, need: 2, wounds: 1 }],
      [19, { hits: 1, need: 6, wounds: 1 }],
      [23, { hits: 5, need: 2, wounds: 4 }],
    ])
    // The Tree Whack: its use recorded until the turn ends (once per turn), and the Initiative test 5 against I3.
    expect(pick('effect-started').filter(([, v]) => JSON.stringify(v).includes('tree-whack'))).toEqual([
      [
        12,
        {
          effect: {
            id: 'tree-whack@12',
            entry: 'tree-whack',
            unit: 'treeman',
            params: { combat: 'charge-6', round: 1 },
            duration: { kind: 'end-of-turn' },
            startedAt: 12,
          },
        },
      ],
    ])
    expect(pick('characteristic-test')).toEqual([
      [13, { unit: 'spearmen', characteristic: 'I', value: 3, roll: 5, passed: false }],
    ])
    // The Spearmen's one blow: 3 in contact, 2 slain before their step. Armour 4+ (Armoured Hide (3)) failed on a 2.
    expect(text(game, 18)).toContain('3 in contact, 2 slain before this step: 1 fight')
    const armourAsked = game.steps.flatMap((s) => s.requests).filter((r) => r.purpose === 'armour-save')
    expect(armourAsked).toMatchObject([{ openedAt: 19, count: 1, need: 4, roller: 'p1' }])
    expect(pick('casualties')).toEqual([
      [15, { unit: 'spearmen', unsaved: 1, removed: 1, modelsLeft: 19, woundsOnNextModel: 0 }],
      [17, { unit: 'spearmen', unsaved: 1, removed: 1, modelsLeft: 18, woundsOnNextModel: 0 }],
      [20, { unit: 'treeman', unsaved: 1, removed: 0, modelsLeft: 1, woundsOnNextModel: 1 }],
      [23, { unit: 'spearmen', unsaved: 4, removed: 4, modelsLeft: 14, woundsOnNextModel: 0 }],
    ])
    // Regeneration 5+: 6, the Wound comes back.
    expect(pick('regenerated')).toEqual([
      [21, { unit: 'treeman', rolled: 1, regenerated: 1, modelsLeft: 1, woundsOnNextModel: 0 }],
    ])
    // p1 6 wounds + 1 Close Order = 7; p2 1 (the regenerated Wound) + 1 ranks + 1 Massed Infantry + 1 Close Order.
    expect(pick('combat-result')).toEqual([
      [23, { combat: 'charge-6', round: 1, scores: { p1: 7, p2: 4 }, winner: 'p1', difference: 3 }],
    ])
    // Ld 7 - 1 (Terror) = 6: a natural 7 breaks.
    expect(pick('break-test')).toEqual([
      [24, { unit: 'spearmen', passed: false, roll: 7, leadership: 6, result: 'break' }],
    ])
    expect(pick('fled')).toEqual([[25, { unit: 'spearmen', roll: 5 }]])
    expect(pick('pursued')).toEqual([[27, { unit: 'treeman', roll: 6 }]])
    expect(pick('caught')).toEqual([[27, { unit: 'spearmen', by: 'treeman', modelsLost: 14 }]])
    expect(pick('combat-ended')).toEqual([[27, { combat: 'charge-6', round: 1 }]])

    expect(game.game.units.treeman).toMatchObject({ models: 1, woundsOnNextModel: 0 })
    expect(game.game.units.spearmen).toMatchObject({ models: 0 })
    expect(Object.keys(game.game.requests)).toEqual([])
  })

  it('the explanations cite the entries and decisions involved', () => {
    const game = play()
    const cited = game
      .explanations()
      .flatMap(citedRules)
      .map((ref) => `${ref.ruleset}/${ref.id} §${ref.clause}`)
    for (const rule of [
      'old-world/charge §declare',
      'old-world/charge §max-range',
      'old-world/terror §charged',
      'old-world/terror §causer',
      'old-world/variants §terror-charge-range',
      'old-world/charge §hold',
      'old-world/variants §charge-range',
      'old-world/charge §reached',
      'old-world/strike-order §charging',
      'old-world/tree-whack §spend-attack',
      'old-world/tree-whack §once-per-turn',
      'old-world/tree-whack §initiative-test',
      'old-world/tree-whack §hits',
      'old-world/tree-whack §no-armour',
      'old-world/casualties §slain-do-not-strike',
      'old-world/armoured-hide §improves',
      'old-world/regeneration §roll',
      'old-world/regeneration §combat-result',
      'old-world/stomp-attacks §after-everything',
      'old-world/stomp-attacks §auto-hit',
      'old-world/stomp-attacks §unmodified-strength',
      'old-world/stomp-attacks §in-contact',
      'old-world/thunderstomp §armour-piercing',
      'old-world/combat-result §winner',
      'old-world/combat-result §ranks',
      'old-world/combat-result §massed-infantry',
      'old-world/close-order §combat-order',
      'old-world/variants §combat-order-bonus',
      'old-world/variants §special-blows-combat-result',
      'old-world/terror §break',
      'old-world/break-test §breaks',
      'old-world/flee-and-pursuit §flee',
      'old-world/variants §flee-dice',
      'old-world/flee-and-pursuit §pursue',
      'old-world/flee-and-pursuit §caught',
      'old-world/variants §pursuit-contact',
    ])
      expect(cited).toContain(rule)
    expect(text(game, 9)).toContain('charge range M 5 + the higher of 2 and 4 = 9"')
    expect(text(game, 11)).toContain('charged 7" into the enemy\'s front: +1 I a full inch, at most +3 (+3): 2 -> 5')
    expect(text(game, 16)).toContain('Tree Whack: one Attack spent on it (-1): 5 -> 4')
    expect(text(game, 20)).toContain('Armoured Hide (3) (needs -3): 7+ -> 4+')
    expect(text(game, 23)).toContain('Thunderstomp: AP -2')
    expect(text(game, 23)).toContain('Close Order in Combat Order: Treeman (Unit Strength 6) (+1): 6 -> 7')
    expect(text(game, 24)).toContain('Treeman causes Terror and won: -1 Ld for the Break test (-1): 7 -> 6')
    expect(text(game, 24)).toContain('natural 7 > Ld 6: it breaks')
  })

  it('replays the same way twice, byte for byte', () => {
    const first = play()
    const second = play()
    expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
    expect(canonicalJson(second.game)).toBe(canonicalJson(first.game))
  })
})
