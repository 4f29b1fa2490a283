import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../../core/explain/index.js'
import { type Draft, ev } from '../../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../../helpers/old-world-game.js'

/**
 * A recorded fight (issue #8: "a Treeman charging infantry (Terror, Stomp, Tree Whack, Regeneration)"), The Old
 * World. Every outcome below was worked out by hand from seed 001's entries, core-mechanics B and the Old World
 * variant table (core/rules/old-world/decisions.ts). Terror (its -1 Ld on the losers' break test) is left for when
 * the Terror entry and the Old World break test are in: the record stops at the break test's roll.
 *
 * Treeman (p1): behemoth, 1 model, M5 WS5 BS0 S6 T6 W6 I2 A5 Ld8 (the ready unit's default profile); no armour;
 *   Stomp Attacks (D6), Regeneration (5+), Flammable, Timber!, Tree Whack, Lumbering.
 * Spearmen (p2): infantry, 20, five wide, WS3 S3 T3 I3 A1 Ld7; hand weapons; no armour.
 *
 * Turn 1 (p1), Combat phase. The Treeman has charged the Spearmen; the players record 3 Spearmen in base contact.
 * Strike order (strike-order §initiative): the Spearmen (I3), then the Treeman (I2); then the stomps.
 *   - Spearmen: 3 attacks, WS3 against WS5: 4+. 5, 4, 2 -> 2 hits. S3 against T6: 6+. 6, 4 -> 1 wound; no armour.
 *     Regeneration 5+, rolled at once (regeneration §close-combat): 5, the Wound comes back (6 -> 5 -> 6 W); it
 *     still counts for p2's combat result (regeneration §combat-result).
 *   - The Treeman strikes. Tree Whack (tree-whack §spend-attack): p1 spends one of its 5 Attacks on it, at the
 *     Spearmen. Initiative test (tree-whack §initiative-test): 5 > I3, failed. D3 = 3 hits at S6 (tree-whack §hits)
 *     against T3: 2+. 4, 2, 1 -> 2 wounds; no armour save could be taken anyway (tree-whack §no-armour).
 *     20 -> 18 Spearmen.
 *   - Its 4 Attacks left (5 - 1): WS5 against WS3: 3+ (higher, not more than double). 6, 5, 3, 2 -> 3 hits. S6
 *     against T3: 2+. 5, 3, 2 -> 3 wounds. 18 -> 15.
 *   - Stomps (stomp-attacks §after-everything): 1 model in contact, D6 = 4 automatic hits (§auto-hit) at its
 *     unmodified S6 (§unmodified-strength) against T3: 2+. 6, 4, 1, 3 -> 3 wounds. A behemoth's stomps have AP -2
 *     against infantry (thunderstomp §armour-piercing): 7+ -> 9+, no save. 15 -> 12.
 * Combat result (combat-result §wounds): p1 2 + 3 + 3 = 8 (the stomps and the Tree Whack count,
 *   variants §special-blows-combat-result); p2 1 (the regenerated Wound counts). p1 wins by 7. The Spearmen take
 *   their break test: the record ends as it is asked.
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
const spearmen = owUnit('spearmen', {
  name: 'Spearmen',
  models: 20,
  formation: { files: 5 },
  profile: { M: 4, WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 },
})

const events: Draft[] = [
  owEv.created(), // 1
  owEv.mustered('p1', treeman), // 2
  owEv.mustered('p2', spearmen), // 3
  owEv.turn(1, 'p1'), // 4
  owEv.phase('close-combat'), // 5
  {
    type: 'CombatJoined',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'treeman', charged: true }] },
        { player: 'p2', units: [{ unit: 'spearmen' }] },
      ],
      contact: [
        { unit: 'treeman', models: 1 },
        { unit: 'spearmen', models: 3 },
      ],
    },
  }, // 6: the Spearmen to hit
  ev.dice('6.1', [5, 4, 2]), // 7: 2 hits at 4+
  ev.dice('7.1', [6, 4]), // 8: 1 wound at 6+
  ev.dice('8.1', [5]), // 9: Regeneration 5+: it comes back
  ev.choice('9.1', 'spearmen'), // 10: a Tree Whack at the Spearmen
  ev.dice('10.1', [5]), // 11: Initiative test 5 > 3, failed
  ev.dice('11.1', [3]), // 12: D3 = 3 hits
  ev.dice('12.1', [4, 2, 1]), // 13: 2 wounds at 2+, no armour save: 20 -> 18
  ev.dice('13.1', [6, 5, 3, 2]), // 14: 4 attacks, 3 hits at 3+
  ev.dice('14.1', [5, 3, 2]), // 15: 3 wounds at 2+: 18 -> 15
  ev.dice('15.1', [4]), // 16: the stomps, D6 = 4 hits
  ev.dice('16.1', [6, 4, 1, 3]), // 17: 3 wounds at 2+, no save: 15 -> 12; result 8 to 1; the break test
]

function play() {
  const game = new OldWorldGame()
  for (const event of events) game.apply(event)
  return game
}

const outcomesOf = (game: OldWorldGame) =>
  game.steps.flatMap((step) => step.outcomes.map((o) => ({ seq: o.seq, kind: o.kind, values: o.values })))

describe('recorded: a Treeman charges a block of Spearmen, whacks, strikes and stomps (The Old World)', () => {
  it('replays to the outcomes worked out by hand', () => {
    const game = play()
    const outcomes = outcomesOf(game)
    const pick = (kind: string) => outcomes.filter((o) => o.kind === kind).map((o) => [o.seq, o.values])

    expect(pick('strike-order')).toEqual([[6, { combat: 'c1', round: 1, steps: [['spearmen'], ['treeman']] }]])
    // Spearmen 3 attacks at 4+ (5, 4 hit); Tree Whack D3 = 3; Treeman 4 attacks at 3+ (6, 5, 3); stomps D6 = 4.
    expect(pick('hits')).toEqual([
      [7, { attacks: 3, need: 4, hits: 2 }],
      [12, { attacks: 1, need: null, hits: 3 }],
      [14, { attacks: 4, need: 3, hits: 3 }],
      [16, { attacks: 4, need: null, hits: 4 }],
    ])
    // S3 v T6: 6+; S6 v T3: 2+ each time (the 1s fail).
    expect(pick('wounds')).toEqual([
      [8, { hits: 2, need: 6, wounds: 1 }],
      [13, { hits: 3, need: 2, wounds: 2 }],
      [15, { hits: 3, need: 2, wounds: 3 }],
      [17, { hits: 4, need: 2, wounds: 3 }],
    ])
    expect(pick('regenerated')).toEqual([
      [9, { unit: 'treeman', rolled: 1, regenerated: 1, modelsLeft: 1, woundsOnNextModel: 0 }],
    ])
    // The Tree Whack: its use recorded until the turn ends (once per turn), and the Initiative test 5 against I3.
    expect(pick('effect-started')).toEqual([
      [
        10,
        {
          effect: {
            id: 'tree-whack@10',
            entry: 'tree-whack',
            unit: 'treeman',
            params: { combat: 'c1', round: 1 },
            duration: { kind: 'end-of-turn' },
            startedAt: 10,
          },
        },
      ],
    ])
    expect(pick('characteristic-test')).toEqual([
      [11, { unit: 'spearmen', characteristic: 'I', value: 3, roll: 5, passed: false }],
    ])
    // 20 -> 18 (Tree Whack) -> 15 (attacks) -> 12 (stomps).
    expect(pick('casualties').filter(([, v]) => (v as { unit: string }).unit === 'spearmen')).toEqual([
      [13, { unit: 'spearmen', unsaved: 2, removed: 2, modelsLeft: 18, woundsOnNextModel: 0 }],
      [15, { unit: 'spearmen', unsaved: 3, removed: 3, modelsLeft: 15, woundsOnNextModel: 0 }],
      [17, { unit: 'spearmen', unsaved: 3, removed: 3, modelsLeft: 12, woundsOnNextModel: 0 }],
    ])
    // No armour save was asked at any point: unarmoured, and the Whack allows none.
    expect(game.steps.flatMap((s) => s.requests).some((r) => r.purpose === 'armour-save')).toBe(false)
    // p1 2 + 3 + 3 = 8; p2 1, the regenerated Wound counted.
    expect(pick('combat-result')).toEqual([
      [17, { combat: 'c1', round: 1, scores: { p1: 8, p2: 1 }, winner: 'p1', difference: 7 }],
    ])
    expect(Object.values(game.game.requests)).toMatchObject([{ purpose: 'break-test', roller: 'p2' }])
    expect(game.game.units.treeman).toMatchObject({ models: 1, woundsOnNextModel: 0 })
  })

  it('the explanations cite the entries and decisions involved', () => {
    const game = play()
    const explanations = game.steps.flatMap((s) => [
      ...s.outcomes.map((o) => o.explanation),
      ...s.requests.map((r) => r.explanation),
    ])
    const cited = explanations.flatMap(citedRules).map((ref) => `${ref.ruleset}/${ref.id} §${ref.clause}`)
    for (const rule of [
      'old-world/stomp-attacks §after-everything',
      'old-world/stomp-attacks §auto-hit',
      'old-world/stomp-attacks §unmodified-strength',
      'old-world/stomp-attacks §in-contact',
      'old-world/thunderstomp §armour-piercing',
      'old-world/tree-whack §spend-attack',
      'old-world/tree-whack §once-per-turn',
      'old-world/tree-whack §initiative-test',
      'old-world/tree-whack §hits',
      'old-world/tree-whack §no-armour',
      'old-world/regeneration §roll',
      'old-world/regeneration §combat-result',
      'old-world/combat-result §winner',
      'old-world/variants §special-blows-combat-result',
    ])
      expect(cited).toContain(rule)
    const text = (seq: number) =>
      game.steps[seq - 1]!.outcomes.map((o) => renderExplanationText(o.explanation)).join('\n')
    expect(text(9)).toContain('1 regenerated wound: still counted towards the combat result')
    expect(text(14)).toContain('Tree Whack: one Attack spent on it (-1): 5 -> 4')
    expect(text(17)).toContain('Thunderstomp: AP -2')
  })

  it('replays the same way twice', () => {
    const first = play()
    const second = play()
    expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
    expect(canonicalJson(second.game)).toBe(canonicalJson(first.game))
  })
})
