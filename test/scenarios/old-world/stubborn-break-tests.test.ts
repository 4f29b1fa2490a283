import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../../core/explain/index.js'
import { OldWorldGame, owEv, owUnit } from '../../helpers/old-world-game.js'

/**
 * A recorded fight (issue #8: "a Stubborn unit losing its first and second break tests"), The Old World. The whole
 * event stream is below; every outcome was worked out by hand from seed 001's Stubborn (lines 34-38), the Old
 * World core mechanics (core-mechanics B.1, B.5, B.6, B.8) and its variant table (core/rules/old-world/decisions.ts).
 *
 * Swordsmen (p1): regular infantry, 20 in one rank of twenty, M4 WS4 S3 T3 W1 I4 A1 Ld8, hand weapons.
 * Ironbreakers (p2): regular infantry, Stubborn, 10 in one rank of ten, M3 WS3 S3 T3 W1 I3 A1 Ld7, hand weapons.
 * Neither has armour, a standard, a musician, a second rank (no rank bonus) or the Close Order rule. Each side
 * scores the Wounds it caused, and the Swordsmen, regular infantry with the higher Unit Strength (19 or 20 against
 * 7 or 5), add Massed Infantry, +1 (combat-result §massed-infantry).
 *
 * Turn 1 (p1), Combat. The Swordsmen have charged the Ironbreakers; five of each in base contact (combat c1).
 *   - Strike order: Initiative 4 before 3 (strike-order §initiative).
 *   - Swordsmen: 5 attacks, WS4 against WS3: 3+ (to-hit chart, B.5): 6, 5, 4, 3, 2 -> 4 hits. S3 against T3: 4+:
 *     6, 5, 4, 1 -> 3 wounds; no armour: 3 Ironbreakers slain, 10 -> 7.
 *   - Ironbreakers: 5 in contact less 3 slain = 2 attacks, WS3 against WS4: 4+: 4, 2 -> 1 hit; 4+: 5 -> 1 wound:
 *     Swordsmen 20 -> 19.
 *   - Combat result: 3 + 1 (Massed Infantry, Unit Strength 19 against 7) = 4 against 1, p1 wins by 3.
 *   - Break test, the Ironbreakers' first of the battle: Stubborn (stubborn §fall-back) lets them skip it for an
 *     automatic Fall Back in Good Order; the player takes it. Unit Strength 19 against 7 is more than twice,
 *     which would turn a Fall Back into a Break (break-test §outnumbered), but not this one ("even versus a
 *     winner with over double Unit Strength"). No dice, no Leadership.
 *   - Fall back: the higher of 2D6, 2 and 5 -> 5"; the unit leaves the combat and rallies at once, not fleeing.
 *   - The Swordsmen pursue: 2D6, 3 + 4 = 7 >= 5 (variants §pursuit-contact): they reach the Ironbreakers, who are
 *     not destroyed, having fallen back in good order (flee-and-pursuit §contact). Combat c1 is over.
 * Turn 1 (p2) and turn 2 (p1) begin; in p1's Combat phase the players declare the new combat the pursuit made
 *   (pursuit-14), the Swordsmen counting as charging, five of each in contact.
 *   - Swordsmen: 5 attacks at 3+: 5, 5, 5, 2, 1 -> 3 hits; 4+: 4, 4, 2 -> 2 wounds: Ironbreakers 7 -> 5.
 *   - Ironbreakers: 5 less 2 slain = 3 attacks at 4+: 6, 1, 1 -> 1 hit; 4+: 3 -> no wound.
 *   - Combat result: 2 + 1 (Massed Infantry, 19 against 5) = 3 against 0, p1 wins by 3.
 *   - Break test, the second: Stubborn was for the first only (stubborn §first-test), so no choice now. Ld 7
 *     (the Ironbreakers' own; no character, no General): 3 + 3 = 6, not a double: 6 <= 7, no break on the
 *     natural roll; 6 + 3 = 9 > 7: a Fall Back in Good Order (break-test §fall-back) - but Unit Strength 19
 *     against 5 is more than twice (19 > 10): it breaks (break-test §outnumbered).
 *   - Flee 2D6 (variants §flee-dice): 4 + 2 = 6". The Swordsmen pursue: 3 + 3 = 6 >= 6: caught, the 5
 *     Ironbreakers left are destroyed (flee-and-pursuit §caught).
 */
const swordsmen = owUnit('swordsmen', {
  name: 'Swordsmen',
  models: 20,
  formation: { files: 20 },
  profile: { M: 4, WS: 4, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 8 },
})
const ironbreakers = owUnit('ironbreakers', {
  name: 'Ironbreakers',
  models: 10,
  formation: { files: 10 },
  profile: { M: 3, WS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
  rules: ['stubborn'],
})

const events = [
  owEv.created(), // 1
  owEv.mustered('p1', swordsmen), // 2
  owEv.mustered('p2', ironbreakers), // 3
  owEv.turn(1, 'p1'), // 4
  owEv.phase('close-combat'), // 5
  owEv.joined('swordsmen', 'ironbreakers', 5, 'c1'), // 6
  owEv.dice('6.1', [6, 5, 4, 3, 2]), // 7: 4 hits at 3+
  owEv.dice('7.1', [6, 5, 4, 1]), // 8: 3 wounds at 4+: 10 -> 7
  owEv.dice('8.1', [4, 2]), // 9: 1 hit at 4+
  owEv.dice('9.1', [5]), // 10: 1 wound: 20 -> 19; the result 3 + 1 (Massed Infantry) to 1
  owEv.choice('10.1', 'fall-back'), // 11: Stubborn: an automatic Fall Back in Good Order
  owEv.dice('11.1', [2, 5]), // 12: falls back 5"
  owEv.choice('12.1', 'pursue'), // 13
  owEv.dice('13.1', [3, 4]), // 14: 7 >= 5: reached, not destroyed
  owEv.turn(1, 'p2'), // 15
  owEv.phase('close-combat'), // 16
  owEv.turn(2, 'p1'), // 17
  owEv.phase('close-combat'), // 18
  owEv.joined('swordsmen', 'ironbreakers', 5, 'pursuit-14'), // 19
  owEv.dice('19.1', [5, 5, 5, 2, 1]), // 20: 3 hits at 3+
  owEv.dice('20.1', [4, 4, 2]), // 21: 2 wounds: 7 -> 5
  owEv.dice('21.1', [6, 1, 1]), // 22: 1 hit at 4+
  owEv.dice('22.1', [3]), // 23: no wound; the result 2 + 1 (Massed Infantry) to 0
  owEv.dice('23.1', [3, 3]), // 24: the second break test: 6 <= 7, 9 > 7, US 19 > 2 x 5: broken
  owEv.dice('24.1', [4, 2]), // 25: flees 6"
  owEv.choice('25.1', 'pursue'), // 26
  owEv.dice('26.1', [3, 3]), // 27: 6 >= 6: caught
]

function play() {
  const game = new OldWorldGame()
  for (const event of events) game.apply(event)
  return game
}

const outcomesOf = (game: OldWorldGame) =>
  game.steps.flatMap((step) => step.outcomes.map((o) => ({ seq: o.seq, kind: o.kind, values: o.values })))

describe('recorded: a Stubborn unit loses its first and its second break test (The Old World)', () => {
  it('replays to the outcomes worked out by hand', () => {
    const game = play()
    const outcomes = outcomesOf(game)
    const pick = (kind: string) => outcomes.filter((o) => o.kind === kind).map((o) => [o.seq, o.values])

    // Round of c1: 5 attacks at 3+ (WS4 against WS3) hit 4; 2 attacks at 4+ hit 1.
    // Round of pursuit-14: 5 attacks at 3+ hit 3; 3 attacks at 4+ hit 1.
    expect(pick('hits')).toEqual([
      [7, { attacks: 5, need: 3, hits: 4 }],
      [9, { attacks: 2, need: 4, hits: 1 }],
      [20, { attacks: 5, need: 3, hits: 3 }],
      [22, { attacks: 3, need: 4, hits: 1 }],
    ])
    // S3 against T3: 4+ each time: 3 wounds, 1 wound, 2 wounds, none.
    expect(pick('wounds')).toEqual([
      [8, { hits: 4, need: 4, wounds: 3 }],
      [10, { hits: 1, need: 4, wounds: 1 }],
      [21, { hits: 3, need: 4, wounds: 2 }],
      [23, { hits: 1, need: 4, wounds: 0 }],
    ])
    // No armour, no save: Ironbreakers 10 -> 7 -> 5; Swordsmen 20 -> 19.
    expect(pick('casualties')).toEqual([
      [8, { unit: 'ironbreakers', unsaved: 3, removed: 3, modelsLeft: 7, woundsOnNextModel: 0 }],
      [10, { unit: 'swordsmen', unsaved: 1, removed: 1, modelsLeft: 19, woundsOnNextModel: 0 }],
      [21, { unit: 'ironbreakers', unsaved: 2, removed: 2, modelsLeft: 5, woundsOnNextModel: 0 }],
    ])
    // 3 + 1 to 1 and 2 + 1 to 0 (Massed Infantry: Unit Strength 19 against 7, then 5): p1 wins by 3 both times.
    expect(pick('combat-result')).toEqual([
      [10, { combat: 'c1', round: 1, scores: { p1: 4, p2: 1 }, winner: 'p1', difference: 3 }],
      [23, { combat: 'pursuit-14', round: 1, scores: { p1: 3, p2: 0 }, winner: 'p1', difference: 3 }],
    ])
    // Massed Infantry is in both results' breakdowns.
    expect(game.cites('combat-result', 'massed-infantry')).toBe(true)
    // First: Stubborn, no roll, a Fall Back although US 19 > 2 x 7. Second: 6 <= 7, 6 + 3 = 9 > 7, US 19 > 2 x 5.
    expect(pick('break-test')).toEqual([
      [11, { unit: 'ironbreakers', passed: false, roll: null, leadership: null, result: 'fall-back', stubborn: true }],
      [24, { unit: 'ironbreakers', passed: false, roll: 6, leadership: 7, result: 'break' }],
    ])
    // The Stubborn choice was offered once, at the first break test only.
    const stubbornAsked = game.steps.flatMap((s) => s.requests).filter((r) => r.purpose === 'stubborn')
    expect(stubbornAsked.map((r) => r.openedAt)).toEqual([10])
    // Fall back: the higher of 2 and 5. Flee: 4 + 2.
    expect(pick('fell-back')).toEqual([[12, { unit: 'ironbreakers', combat: 'c1', roll: 5 }]])
    expect(pick('fled')).toEqual([[25, { unit: 'ironbreakers', roll: 6 }]])
    // Pursuits: 3 + 4 = 7 >= 5 reaches the unit that fell back; 3 + 3 = 6 >= 6 catches the broken one.
    expect(pick('pursued')).toEqual([
      [14, { unit: 'swordsmen', roll: 7 }],
      [27, { unit: 'swordsmen', roll: 6 }],
    ])
    expect(pick('pursuit-contact')).toEqual([[14, { unit: 'ironbreakers', by: 'swordsmen' }]])
    expect(pick('caught')).toEqual([[27, { unit: 'ironbreakers', by: 'swordsmen', modelsLost: 5 }]])
    expect(pick('combat-ended')).toEqual([
      [14, { combat: 'c1', round: 1 }],
      [27, { combat: 'pursuit-14', round: 1 }],
    ])
    // After the fall back the Ironbreakers rallied at once: not fleeing, 7 models, out of combat c1.
    const afterFirst = new OldWorldGame()
    for (const event of events.slice(0, 14)) afterFirst.apply(event)
    expect(afterFirst.game.units.ironbreakers).toMatchObject({ models: 7, fleeing: false, breakTests: 1 })
    expect(afterFirst.game.combats.c1).toMatchObject({ ended: true })
    expect(afterFirst.game.combats.c1?.sides[1]?.units).toEqual([])

    expect(game.game.units.ironbreakers).toMatchObject({ models: 0, breakTests: 2 })
    expect(game.game.units.swordsmen).toMatchObject({ models: 19, fleeing: false })
    expect(Object.keys(game.game.requests)).toEqual([])
  })

  it('the explanations cite Stubborn, the break test and the pursuit rules', () => {
    const game = play()
    const cited = game
      .explanations()
      .flatMap(citedRules)
      .map((ref) => `${ref.ruleset}/${ref.id} §${ref.clause}`)
    for (const rule of [
      'old-world/stubborn §fall-back',
      'old-world/stubborn §first-test',
      'old-world/break-test §modifier',
      'old-world/break-test §fall-back',
      'old-world/break-test §outnumbered',
      'old-world/variants §fall-back-unit-strength',
      'old-world/unit-strength §per-model',
      'old-world/flee-and-pursuit §fall-back',
      'old-world/flee-and-pursuit §contact',
      'old-world/flee-and-pursuit §caught',
      'old-world/variants §pursuit-contact',
      'old-world/variants §flee-dice',
    ])
      expect(cited).toContain(rule)
    const text = (seq: number) =>
      game.steps[seq - 1]!.outcomes.map((o) => renderExplanationText(o.explanation)).join('\n')
    // Lost by 3 (2 wounds + Massed Infantry against 0): 6 + 3 = 9 > 7.
    expect(text(24)).toContain('dice 3 + 3 = 6 (physical), + 3 = 9')
    expect(text(24)).toContain('Unit Strength 19 against 5: more than twice as much, so it breaks')
    expect(text(24)).toContain('lost: Ironbreakers has taken its first break test')
    expect(text(11)).toContain('whatever the Unit Strengths')
  })

  it('replays the same way twice, byte for byte', () => {
    const first = play()
    const second = play()
    expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
    expect(canonicalJson(second.game)).toBe(canonicalJson(first.game))
  })
})
