import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../../core/explain/index.js'
import type { ClassicContext } from '../../../core/rules/classic/catalogue.js'
import { unitStrengthOf } from '../../../core/rules/classic/entries/unit-strength.js'
import { EngineGame, ev, unitDef } from '../../helpers/classic-game.js'

/**
 * A recorded fight (issue #7: "a monster that causes Fear and Terror, with a Breath Weapon and
 * Regeneration, against a unit that breaks, flees and is pursued"), variant `classic`. The whole
 * event stream is below; every outcome was worked out by hand from the seed's entries, the
 * core-mechanics classic section and the variant table (core/rules/classic/decisions.ts).
 *
 * Fire Hydra (p1): monster, 1 model, M6 WS4 BS0 S5 T5 W6 I2 A5 Ld6; Terror, Regeneration (no X+
 *   listed: 4+, variants §regeneration-default), Fiery Breath (Breath Weapon, S3), Large Target. It
 *   stands on a wide base: the players say it touches the Militia's whole front rank of five.
 * Militia (p2): infantry, 10, five wide, M4 WS3 S3 T3 W1 I3 A1 Ld7; hand weapon, light armour, shield.
 * Free Company (p2): infantry, 10, five wide, M4 Ld7, hand weapons.
 *
 * Turn 1 (p1), movement. The Hydra declares a charge on the Free Company 11" away. Charge range
 *   2 x M6 = 12" (variants §charge-range) >= 11": within range, so the target takes the Terror test
 *   (terror §charged, variants §terror-charge-range): 5 + 4 = 9 > Ld 7, failed: it must flee. Flee
 *   2D6 (M4, not over 6: variants §flee-dice): 4 + 4 = 8". The Hydra's 12" cannot reach a unit that
 *   was 11" away and then ran 8" more: the players say "short". A failed charge moves the normal M
 *   (variants §failed-charge): min(6, 11) = 6".
 * Turn 1 (p2), movement. The Free Company began fleeing in p1's turn, so it may rally now (rally
 *   §test): 2 + 3 = 5 <= Ld 7, it rallies. (10 of 10 models: not below 25%.)
 * Turn 2 (p1), shooting. The Hydra breathes on the Militia: 1 model wholly under the template, 3
 *   partly. Wholly under: hit; partly: 4+ each (variants §template-partial), with no range, move or
 *   cover modifiers, and the Militia are no Large Target or skirmishers: 4, 2, 5 -> 2 hits. 3 hits.
 *   Fiery Breath S3 against T3: 4+ (to-wound chart): 4, 6, 5 -> 3 wounds. Light armour 6+, shield
 *   +1: 5+; S3 takes nothing off: 5, 2, 1 -> 1 saved, 2 slain: 10 -> 8. (2 of 10 is 20%, under the
 *   25% that would call a Panic test.)
 * Turn 3 (p1), movement. The Hydra charges the Militia 9" away: 12" >= 9", Terror test 3 + 3 = 6 <=
 *   Ld 7, passed; the Militia hold. The charge reaches (12" against 9").
 * Turn 3 (p1), close combat. The players record the combat (Hydra charging, 5 Militia in contact).
 *   - Fear (fear §close-combat; the Hydra causes Fear through terror §fear): the Militia test Ld 7:
 *     6 + 4 = 10, failed: -1 to hit this phase. The Hydra causes Terror, so it takes no test.
 *   - The Hydra charged, so it strikes first (strike-order §chargers-first; variants §charge-bonus).
 *     5 attacks, WS4 against WS3: 3+. 6, 5, 4, 3, 1 -> 4 hits. S5 against T3: 2+. 2, 5, 1, 3 -> 3
 *     wounds. The save: 5+ less 2 for S5 = 7+: none. 8 -> 5 Militia.
 *   - The Militia: 5 in contact less 3 slain = 2 attacks. WS3 against WS4: 4+, Fear -1: 5+. 5, 6 ->
 *     2 hits. S3 against T5: 6+. 6, 6 -> 2 wounds; the Hydra has no save: 6 -> 4 Wounds left.
 *   - End of the round, before the result (regeneration §close-combat): 2 dice at 4+: 5, 2 -> 1
 *     wound ignored: 4 -> 5 Wounds left.
 *   - Combat result. Hydra: 3 wounds + outnumbering 1 (Unit Strength 6 against 5; a monster's US is
 *     its starting Wounds, unit-strength §per-model, so the wounds it lost do not lower it) = 4.
 *     Militia: 2 wounds less the 1 regenerated (regeneration §combat-result) = 1; no rank bonus
 *     (5 + 3 at the round's start: the second rank is not five). p1 wins by 3.
 *   - Break test: lost by 3: -3; the Hydra causes Fear and its US 6 is higher than the Militia's 5,
 *     so Fear doubles the modifier (fear §losing-combat, variants §fear-outnumber): -6. Ld 7 - 6 =
 *     1: 1 + 3 = 4 > 1, broken (not a double 1). (Without Fear's doubling, Ld 4 would have held.)
 *   - The Militia flee 2D6: 3 + 2 = 5". The Hydra pursues (the player chooses to), 2D6 (M6):
 *     4 + 3 = 7 >= 5: caught, the Militia are destroyed (flee-and-pursuit §caught).
 * The Free Company stands far from the Militia: the players declare no Panic test for it.
 */
const hydra = unitDef('hydra', {
  name: 'Fire Hydra',
  race: 'dark-elves',
  troopType: 'monster',
  models: 1,
  profile: { M: 6, WS: 4, BS: 0, S: 5, T: 5, W: 6, I: 2, A: 5, Ld: 6 },
  gear: [],
  rules: ['terror', 'regeneration', 'fiery-breath', 'large-target'],
})
const militia = unitDef('militia', {
  name: 'Militia',
  race: 'empire',
  models: 10,
  formation: { files: 5 },
  profile: { M: 4, WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 },
  gear: ['hand-weapon', 'light-armour', 'shield'],
})
const company = unitDef('company', {
  name: 'Free Company',
  race: 'empire',
  models: 10,
  formation: { files: 5 },
  profile: { M: 4, Ld: 7 },
})

const charge = (unit: string, target: string, distance: number) => ({
  type: 'ChargeDeclared',
  payload: { unit, target, distance, facing: 'front' },
})

const events = [
  ev.created(), // 1
  ev.mustered('p1', hydra), // 2
  ev.mustered('p2', militia, company), // 3
  ev.turn(1, 'p1'), // 4
  ev.phase('movement'), // 5
  charge('hydra', 'company', 11), // 6: within 12": Terror test
  ev.dice('6.1', [5, 4]), // 7: 9 > 7, failed: flee
  ev.dice('7.1', [4, 4]), // 8: flees 8"
  ev.choice('8.1', 'short'), // 9: a failed charge, 6"
  ev.phase('shooting'), // 10
  ev.phase('close-combat'), // 11
  ev.turn(1, 'p2'), // 12
  ev.phase('movement'), // 13: the Free Company's rally test
  ev.dice('13.1', [2, 3]), // 14: 5 <= 7, rallied
  ev.phase('shooting'), // 15
  ev.phase('close-combat'), // 16
  ev.turn(2, 'p1'), // 17
  ev.phase('movement'), // 18
  ev.phase('shooting'), // 19
  {
    type: 'ShotDeclared',
    payload: { shooter: 'hydra', target: 'militia', weapon: 'fiery-breath', underTemplate: 1, partlyUnderTemplate: 3 },
  }, // 20
  ev.dice('20.1', [4, 2, 5]), // 21: partly under, 4+: 2 + 1 wholly under = 3 hits
  ev.dice('21.1', [4, 6, 5]), // 22: 3 wounds at 4+
  ev.dice('22.1', [5, 2, 1]), // 23: 1 saved at 5+, 10 -> 8
  ev.phase('close-combat'), // 24
  ev.turn(2, 'p2'), // 25
  ev.phase('movement'), // 26
  ev.phase('shooting'), // 27
  ev.phase('close-combat'), // 28
  ev.turn(3, 'p1'), // 29
  ev.phase('movement'), // 30
  charge('hydra', 'militia', 9), // 31
  ev.dice('31.1', [3, 3]), // 32: 6 <= 7, passed
  ev.choice('32.1', 'hold'), // 33: the charge reaches
  ev.phase('shooting'), // 34
  ev.phase('close-combat'), // 35
  {
    type: 'CombatJoined',
    payload: {
      combat: 'charge-31',
      sides: [
        { player: 'p1', units: [{ unit: 'hydra', charged: true }] },
        { player: 'p2', units: [{ unit: 'militia' }] },
      ],
      contact: [
        { unit: 'hydra', models: 1 },
        { unit: 'militia', models: 5 },
      ],
    },
  }, // 36: the Fear test
  ev.dice('36.1', [6, 4]), // 37: 10 > 7, failed: -1 to hit
  ev.dice('37.1', [6, 5, 4, 3, 1]), // 38: the Hydra hits 4 at 3+
  ev.dice('38.1', [2, 5, 1, 3]), // 39: 3 wounds at 2+, no save: 8 -> 5
  ev.dice('39.1', [5, 6]), // 40: the Militia hit 2 at 5+
  ev.dice('40.1', [6, 6]), // 41: 2 wounds at 6+
  ev.dice('41.1', [5, 2]), // 42: Regeneration 4+: 1 ignored; the result: 4 to 1
  ev.dice('42.1', [1, 3]), // 43: 4 > Ld 1: broken
  ev.dice('43.1', [3, 2]), // 44: flee 5"
  ev.choice('44.1', 'pursue'), // 45
  ev.dice('45.1', [4, 3]), // 46: pursue 7" >= 5": caught
]

function play() {
  const game = new EngineGame()
  for (const event of events) game.apply(event)
  return game
}

const outcomesOf = (game: EngineGame) =>
  game.steps.flatMap((step) => step.outcomes.map((o) => ({ seq: o.seq, kind: o.kind, values: o.values })))
const explanationsOf = (game: EngineGame) =>
  game.steps.flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])

describe('recorded: a Fear- and Terror-causing monster with a Breath Weapon and Regeneration routs a unit (classic)', () => {
  it('replays to the outcomes worked out by hand', () => {
    const game = play()
    const outcomes = outcomesOf(game)
    const pick = (kind: string) => outcomes.filter((o) => o.kind === kind).map((o) => [o.seq, o.values])

    // Terror (terror §charged): the Free Company fails (9 > 7) and must flee; the Militia pass (6 <= 7).
    expect(pick('terror-test')).toEqual([
      [7, { unit: 'company', passed: false, roll: 9, leadership: 7 }],
      [32, { unit: 'militia', passed: true, roll: 6, leadership: 7 }],
    ])
    expect(pick('charge-response')).toEqual([
      [7, { unit: 'company', charger: 'hydra', response: 'flee' }],
      [33, { unit: 'militia', charger: 'hydra', response: 'hold' }],
    ])
    // Charge range 2 x 6 = 12". Against the fled Free Company: short, the Hydra moves its M, 6".
    // Against the Militia 9" away: reached, it moves the 9".
    expect(pick('charge-result')).toEqual([
      [9, { unit: 'hydra', target: 'company', reached: false, range: 12, distance: 11, moved: 6 }],
      [33, { unit: 'hydra', target: 'militia', reached: true, range: 12, distance: 9, moved: 9 }],
    ])
    // Flights: the Free Company 4 + 4 = 8" from the charge; the broken Militia 3 + 2 = 5".
    expect(pick('fled')).toEqual([
      [8, { unit: 'company', roll: 8 }],
      [44, { unit: 'militia', roll: 5 }],
    ])
    // The rally at p2's movement (5 <= 7) and the Fear test (10 > 7).
    expect(pick('psychology-test')).toEqual([
      [14, { unit: 'company', test: 'rally', passed: true, roll: 5, leadership: 7, phase: '1/p2/movement@13' }],
      [37, { unit: 'militia', test: 'fear', passed: false, roll: 10, leadership: 7, phase: '3/p1/close-combat@35' }],
    ])
    expect(pick('rallied')).toEqual([[14, { unit: 'company' }]])

    // Breath: 1 wholly + 3 partly under the template, the partly covered at 4+ (4, 2, 5: two hit) = 3 hits.
    // Hydra in combat: 5 attacks at 3+ (WS4 against WS3): 6, 5, 4, 3 hit. Militia: 2 attacks at 4+ -1 (Fear) = 5+.
    expect(pick('hits')).toEqual([
      [21, { attacks: 4, need: 4, hits: 3 }],
      [38, { attacks: 5, need: 3, hits: 4 }],
      [40, { attacks: 2, need: 5, hits: 2 }],
    ])
    // S3 against T3: 4+; S5 against T3: 2+; S3 against T5: 6+.
    expect(pick('wounds')).toEqual([
      [22, { hits: 3, need: 4, wounds: 3 }],
      [39, { hits: 4, need: 2, wounds: 3 }],
      [41, { hits: 2, need: 6, wounds: 2 }],
    ])
    // Saves: 5+ against the breath (one 5 saves): 2 slain, 10 -> 8. Against S5: 7+, none: 3 slain, 8 -> 5.
    // The Hydra has no armour: 2 wounds, 2 of its 6 lost.
    expect(pick('casualties')).toEqual([
      [23, { unit: 'militia', unsaved: 2, removed: 2, modelsLeft: 8, woundsOnNextModel: 0 }],
      [39, { unit: 'militia', unsaved: 3, removed: 3, modelsLeft: 5, woundsOnNextModel: 0 }],
      [41, { unit: 'hydra', unsaved: 2, removed: 0, modelsLeft: 1, woundsOnNextModel: 2 }],
    ])
    const requestsAt = (seq: number) => game.steps[seq - 1]!.requests.map((r) => r.purpose)
    // No save was asked against S5 (7+): after the Hydra's wounds, the Militia's to-hit roll comes next.
    expect(requestsAt(39)).toEqual(['to-hit'])
    // Regeneration 4+ at the end of the round: 5 regenerates, 2 does not; 2 lost -> 1 lost.
    expect(pick('regenerated')).toEqual([
      [42, { unit: 'hydra', rolled: 2, regenerated: 1, modelsLeft: 1, woundsOnNextModel: 1 }],
    ])
    // Result: Hydra 3 wounds + outnumbering (US 6 against 5) = 4; Militia 2 wounds - 1 regenerated = 1.
    expect(pick('combat-result')).toEqual([
      [42, { combat: 'charge-31', round: 1, scores: { p1: 4, p2: 1 }, winner: 'p1', difference: 3 }],
    ])
    // Break test on Ld 7 - (3 x 2, Fear) = 1: 1 + 3 = 4, broken.
    expect(pick('break-test')).toEqual([[43, { unit: 'militia', passed: false, roll: 4, leadership: 1 }]])
    // Pursuit 4 + 3 = 7 >= 5: caught, the 5 Militia left are destroyed.
    expect(pick('pursued')).toEqual([[46, { unit: 'hydra', roll: 7 }]])
    expect(pick('caught')).toEqual([[46, { unit: 'militia', by: 'hydra', modelsLost: 5 }]])
    expect(outcomes.filter((o) => o.seq === 46).map((o) => o.kind)).toEqual([
      'pursued',
      'caught',
      'round-ended',
      'combat-ended',
    ])

    expect(game.game.units.militia).toMatchObject({ models: 0 })
    expect(game.game.units.hydra).toMatchObject({ models: 1, woundsOnNextModel: 1 })
    expect(game.game.units.company).toMatchObject({ models: 10, fleeing: false })
    expect(Object.keys(game.game.requests)).toEqual([])
  })

  it('the explanations cite the entries and decisions involved', () => {
    const game = play()
    const cited = explanationsOf(game)
      .flatMap(citedRules)
      .map((ref) => `${ref.ruleset}/${ref.id} §${ref.clause}`)
    for (const rule of [
      'classic/terror §causer',
      'classic/terror §charged',
      'classic/terror §fear',
      'classic/variants §terror-charge-range',
      'classic/variants §charge-range',
      'classic/variants §failed-charge',
      'classic/charge §flee',
      'classic/charge §flee-caught',
      'classic/rally §test',
      'classic/fiery-breath §profile',
      'classic/breath-weapon §hits',
      'classic/breath-weapon §line-of-sight',
      'classic/variants §template-partial',
      'classic/fear §close-combat',
      'classic/strike-order §chargers-first',
      'classic/regeneration §close-combat',
      'classic/regeneration §combat-result',
      'classic/regeneration §restored',
      'classic/combat-result §outnumber',
      'classic/fear §losing-combat',
      'classic/break-test §modifier',
      'classic/variants §flee-dice',
      'classic/flee-and-pursuit §pursue',
      'classic/flee-and-pursuit §caught',
    ])
      expect(cited).toContain(rule)

    const text = (seq: number) =>
      game.steps[seq - 1]!.outcomes.map((o) => renderExplanationText(o.explanation)).join('\n')
    expect(text(37)).toContain('Terror causers also cause Fear (classic/terror §fear)')
    expect(text(42)).toContain('1 regenerated wound: not counted towards the combat result')
    expect(text(42)).toContain('outnumbering: Unit Strength 6 against 5 (+1): 3 -> 4')
    expect(text(43)).toContain('Fear: Fire Hydra (US 6) against Militia (US 5): the modifier is doubled (-3): -3 -> -6')
  })

  it('unit strength: a wounded monster keeps its starting Wounds as Unit Strength (classic/unit-strength §per-model)', () => {
    // Before the fix the engine counted a monster's Wounds left: the Hydra, 1 Wound down after its
    // Regeneration, was US 5; Fear's doubling (5 > 5) and outnumbering were both lost, and the Militia
    // held on Ld 7 - 2 = 5 with their 4. 7e's chart, and the entry's own clause: "Starting Wounds".
    const game = new EngineGame()
    for (const event of events.slice(0, 42)) game.apply(event)
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const wounded = ctx.unit('hydra')
    expect(wounded.woundsOnNextModel).toBe(1)
    expect(unitStrengthOf(wounded)).toBe(6)
    expect(unitStrengthOf({ ...wounded, models: 3, woundsOnNextModel: 5 })).toBe(18)
    expect(unitStrengthOf({ ...wounded, models: 0 })).toBe(0)
    expect(unitStrengthOf(ctx.unit('militia'))).toBe(5)
  })

  it('replays the same way twice', () => {
    const first = play()
    const second = play()
    expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
    expect(canonicalJson(second.game)).toBe(canonicalJson(first.game))
  })
})
