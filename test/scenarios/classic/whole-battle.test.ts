import { describe, expect, it } from 'vitest'
import { exportText, type GameView, type LocalGameApi, replaySteps, type StepView } from '../../../core/api/index.js'
import type { Outcome } from '../../../core/engine/index.js'
import { canonicalJson } from '../../../core/events/index.js'
import { renderExplanationText } from '../../../core/explain/index.js'
import { openApi } from '../../helpers/api-game.js'
import type { EngineGame } from '../../helpers/classic-game.js'
import { useTempDir } from '../../helpers/temp.js'
import { by, DRUCHII, EMPIRE, events, log, play, record } from './whole-battle-game.js'

// The battle, its armies and every event with the numbers worked by hand, are in whole-battle-game.ts (the report's
// scenario test tells the same battle).

/** Values read loosely: each expectation names the fields it checks. */
type Picked = [number, Record<string, unknown>]
/** Each outcome of a kind as [seq, values], in seqs first..last. */
function picker(game: EngineGame) {
  const outcomes = game.steps.flatMap((step) => step.outcomes)
  return (kind: string, first = 1, last = Number.POSITIVE_INFINITY): Picked[] =>
    outcomes
      .filter((o) => o.kind === kind && o.seq >= first && o.seq <= last)
      .map((o): Picked => [o.seq, o.values as Record<string, unknown>])
}

/** A replay of the whole game through the api: every step, then the game at its head. */
async function replayAll(api: LocalGameApi, gameId: string): Promise<{ steps: StepView[]; final: GameView }> {
  const steps: StepView[] = []
  const replay = replaySteps(api, gameId)
  for (;;) {
    const next = await replay.next()
    if (next.done) return { steps, final: next.value }
    steps.push(next.value)
  }
}

const outcomeValues = (outcomes: readonly Outcome[]) => outcomes.map((o) => [o.seq, o.kind, o.values])
const tempDir = useTempDir()

describe('recorded: a whole battle, six turns each (classic)', () => {
  const game = play()
  const pick = picker(game)
  const requestAt = (seq: number) => game.steps[seq - 1]?.requests[0]
  const explained = (seq: number) =>
    game.steps[seq - 1]?.outcomes.map((o) => renderExplanationText(o.explanation)).join('\n') ?? ''
  const powerOf = (v: Record<string, unknown>) => {
    const magic = v.magic as { power: number; dispel: Record<string, number> }
    return [magic.power, ...Object.values(magic.dispel)]
  }

  it('turn 1, Druchii: marches, a Doombolt not dispelled, crossbows from the front rank only', () => {
    expect(pick('move-checked', 4, 21)).toEqual([
      [6, { unit: 'warriors', move: 'march', distance: 10, limit: 10, legal: true }],
      [7, { unit: 'executioners', move: 'march', distance: 10, limit: 10, legal: true }],
      [8, { unit: 'highborn', move: 'normal', distance: 5, limit: 5, legal: true }],
    ])
    // Power 2 + 2 = 4 and dispel 2 + 1 = 3; 3 dice cast, 2 used to dispel.
    expect(pick('magic-dice', 9, 15).map(([seq, v]) => [seq, ...powerOf(v)])).toEqual([
      [9, 4, 3],
      [10, 1, 3],
      [12, 1, 1],
    ])
    expect(pick('casting-roll', 9, 15)).toEqual([
      [11, { caster: 'sorceress', spell: 'doombolt', faces: [5, 4, 2], total: 11, need: 7, result: 'cast' }],
    ])
    expect(pick('dispel-roll', 9, 15)).toEqual([
      [13, { spell: 'doombolt', faces: [3, 3], total: 6, need: 11, dispelled: false }],
    ])
    // Doombolt: D6 = 4 hits, 2+ to wound; crossbows: 10 shots at 5+, 4+ to wound, 5+ saves.
    expect(pick('hits', 4, 21)).toEqual([
      [14, { attacks: 4, need: 0, hits: 4 }],
      [18, { attacks: 10, need: 5, hits: 4 }],
    ])
    expect(pick('wounds', 4, 21)).toEqual([
      [15, { hits: 4, need: 2, wounds: 3 }],
      [19, { hits: 4, need: 4, wounds: 2 }],
    ])
    expect(pick('casualties', 4, 21)).toEqual([
      [15, { unit: 'spearmen', unsaved: 3, removed: 3, modelsLeft: 17, woundsOnNextModel: 0 }],
      [20, { unit: 'spearmen', unsaved: 1, removed: 1, modelsLeft: 16, woundsOnNextModel: 0 }],
    ])
    // The shot declared no number of models: the engine takes the front rank, 5 wide x 1 rank.
    expect(renderExplanationText(requestAt(17)!.explanation)).toContain('at most 5 models fire: 5 wide x 1 rank')
    expect(game.cites('shooting', 'firing-ranks')).toBe(true)
  })

  it('turn 1, Empire: an advance; nothing is cast', () => {
    expect(pick('move-checked', 22, 30).map(([seq, v]) => [seq, v.unit, v.move, v.distance, v.limit])).toEqual([
      [24, 'swordsmen', 'march', 8, 8],
      [25, 'spearmen', 'normal', 4, 4],
      [26, 'knights', 'normal', 8, 8],
      [27, 'captain', 'normal', 4, 4],
    ])
    expect(pick('magic-dice', 22, 30).map(([seq, v]) => [seq, ...powerOf(v)])).toEqual([[28, 4, 3]])
  })

  it('turn 2, Druchii: the charge makes the combat; the Highborn joins the Executioners', () => {
    expect(pick('charge-response', 31, 56)).toEqual([[34, { unit: 'spearmen', charger: 'warriors', response: 'hold' }]])
    expect(pick('charge-result', 31, 56)).toEqual([
      [34, { unit: 'warriors', target: 'spearmen', reached: true, range: 10, distance: 8, moved: 8 }],
    ])
    // The combat is the charge's: who charged, the facing and the inches come from it, not from a declaration.
    expect(pick('combat-joined', 31, 56)).toEqual([
      [
        34,
        {
          combat: 'charge-33',
          sides: [
            { player: DRUCHII, units: [{ unit: 'warriors', charged: true, facing: 'front', moved: 8, charge: 33 }] },
            { player: EMPIRE, units: [{ unit: 'spearmen', charged: false, facing: 'front' }] },
          ],
        },
      ],
    ])
    expect(pick('character-joined', 31, 56)).toEqual([[36, { character: 'highborn', unit: 'executioners' }]])
    expect(play(36).game.units.executioners?.characters.map((c) => c.id)).toEqual(['highborn'])
    expect(play(36).game.units.highborn).toBeUndefined()
  })

  it('turn 2, Druchii: Doombolt dispelled; the front rank thins the Knights', () => {
    expect(pick('dispel-roll', 31, 56)).toEqual([
      [41, { spell: 'doombolt', faces: [5, 4, 4], total: 13, need: 11, dispelled: true }],
    ])
    expect(pick('hits', 42, 46)).toEqual([[44, { attacks: 10, need: 5, hits: 4 }]])
    expect(requestAt(45)).toMatchObject({ purpose: 'armour-save', count: 2, need: 3 })
    expect(pick('casualties', 42, 46)).toEqual([
      [46, { unit: 'knights', unsaved: 1, removed: 1, modelsLeft: 4, woundsOnNextModel: 0 }],
    ])
  })

  it('turn 2, Druchii: the first round of charge-33, won 7 to 4; the Spearmen hold', () => {
    expect(pick('strike-order', 47, 56)).toEqual([
      [48, { combat: 'charge-33', round: 1, steps: [['warriors'], ['spearmen']] }],
    ])
    // Warriors 5 attacks (no spear rank: they charged); Spearmen 5 - 2 slain + 5 behind = 8.
    expect(pick('hits', 47, 56)).toEqual([
      [49, { attacks: 5, need: 3, hits: 4 }],
      [52, { attacks: 8, need: 4, hits: 4 }],
    ])
    expect(pick('casualties', 47, 56)).toEqual([
      [51, { unit: 'spearmen', unsaved: 2, removed: 2, modelsLeft: 14, woundsOnNextModel: 0 }],
      [54, { unit: 'warriors', unsaved: 1, removed: 1, modelsLeft: 19, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-result', 47, 56)).toEqual([
      [54, { combat: 'charge-33', round: 1, scores: { druchii: 7, empire: 4 }, winner: 'druchii', difference: 3 }],
    ])
    expect(explained(54)).toContain('rank bonus: Warriors, 4 ranks of five as the round began (+3): 2 -> 5')
    // Inspiring Presence: the Captain's Ld 8 - 3 = 5; 4, held.
    expect(requestAt(54)).toMatchObject({ kind: 'choice', purpose: 'inspiring-presence', chooser: EMPIRE })
    expect(pick('break-test', 47, 56)).toEqual([[56, { unit: 'spearmen', passed: true, roll: 4, leadership: 5 }]])
  })

  it('turn 2, Empire: a Stand and Shoot; the Knights charge home and make a combat of their own', () => {
    expect(pick('charge-response', 57, 64)).toEqual([
      [60, { unit: 'crossbowmen', charger: 'knights', response: 'stand-and-shoot' }],
    ])
    expect(pick('charge-result', 57, 64)).toEqual([
      [60, { unit: 'knights', target: 'crossbowmen', reached: true, range: 16, distance: 14, moved: 14 }],
    ])
    expect(pick('combat-joined', 57, 64).map(([seq, v]) => [seq, v.combat])).toEqual([[60, 'charge-59']])
    // The front rank's 10 shots at 6+ (3+, -1 Stand and Shoot, -1 long range, -1 Multiple Shots): one hit, saved.
    expect(pick('hits', 57, 64)).toEqual([[62, { attacks: 10, need: 6, hits: 1 }]])
    expect(pick('casualties', 57, 64)).toEqual([
      [64, { unit: 'knights', unsaved: 0, removed: 0, modelsLeft: 4, woundsOnNextModel: 0 }],
    ])
  })

  it('turn 2, Empire: charge-33 round 2, won by the Warriors 6 to 4; the Spearmen hold again', () => {
    expect(pick('hits', 70, 78)).toEqual([
      [71, { attacks: 10, need: 3, hits: 7 }],
      [74, { attacks: 8, need: 4, hits: 4 }],
    ])
    expect(pick('casualties', 70, 78)).toEqual([
      [73, { unit: 'spearmen', unsaved: 2, removed: 2, modelsLeft: 12, woundsOnNextModel: 0 }],
      [76, { unit: 'warriors', unsaved: 2, removed: 2, modelsLeft: 17, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-result', 70, 78)).toEqual([
      [76, { combat: 'charge-33', round: 2, scores: { druchii: 6, empire: 4 }, winner: 'druchii', difference: 2 }],
    ])
    expect(pick('break-test', 70, 78)).toEqual([[78, { unit: 'spearmen', passed: true, roll: 6, leadership: 6 }]])
  })

  it('turn 2, Empire: rider and mount strike apart; the Crossbowmen break and are run down', () => {
    expect(pick('strike-order', 79, 92)).toEqual([
      [79, { combat: 'charge-59', round: 1, steps: [['knights', 'knights:mount'], ['crossbowmen']] }],
    ])
    // Riders: 4+ to hit, the lance's S5 wounds on 2+ (no save at 6+ - 2); Warhorses: 4+ to hit (WS3 against WS4), S3:
    // 4+, light armour 6+.
    expect(pick('hits', 79, 92)).toEqual([
      [80, { attacks: 4, need: 4, hits: 3 }],
      [82, { attacks: 4, need: 4, hits: 2 }],
      [85, { attacks: 2, need: 4, hits: 1 }],
    ])
    expect(pick('wounds', 79, 92)).toEqual([
      [81, { hits: 3, need: 2, wounds: 2 }],
      [83, { hits: 2, need: 4, wounds: 1 }],
      [86, { hits: 1, need: 4, wounds: 1 }],
    ])
    expect(requestAt(81)!.text).toContain("Knights's Warhorse")
    expect(requestAt(83)).toMatchObject({ purpose: 'armour-save', count: 1, need: 6, roller: DRUCHII })
    expect(requestAt(86)).toMatchObject({ purpose: 'armour-save', count: 1, need: 3, roller: EMPIRE })
    expect(pick('casualties', 79, 92)).toEqual([
      [81, { unit: 'crossbowmen', unsaved: 2, removed: 2, modelsLeft: 8, woundsOnNextModel: 0 }],
      [84, { unit: 'crossbowmen', unsaved: 1, removed: 1, modelsLeft: 7, woundsOnNextModel: 0 }],
      [87, { unit: 'knights', unsaved: 1, removed: 1, modelsLeft: 3, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-result', 79, 92)).toEqual([
      [87, { combat: 'charge-59', round: 1, scores: { druchii: 3, empire: 4 }, winner: 'empire', difference: 1 }],
    ])
    expect(explained(87)).toContain('outnumbering: Unit Strength 7 against 6 (+1): 2 -> 3')
    expect(pick('break-test', 79, 92)).toEqual([[89, { unit: 'crossbowmen', passed: false, roll: 9, leadership: 7 }]])
    expect(pick('fled', 79, 92)).toEqual([[90, { unit: 'crossbowmen', roll: 5 }]])
    expect(requestAt(91)).toMatchObject({ purpose: 'pursue', count: 3 })
    expect(pick('caught', 79, 92)).toEqual([[92, { unit: 'crossbowmen', by: 'knights', modelsLost: 7 }]])
    expect(pick('combat-ended', 79, 92)).toEqual([[92, { combat: 'charge-59', round: 1 }]])
  })

  it('turn 3, Druchii: no Panic test for losses in close combat; one for the Doombolt; Doombolt not dispelled', () => {
    // The Knights lost 1 of 4 in the close-combat phase that ended at seq 93: 7th calls no test for it. The movement
    // phase opens with nothing owed, and the charge comes next.
    expect(game.steps[93]!.requests).toEqual([])
    expect(pick('psychology-test', 93, 107)).toEqual([
      [106, { unit: 'knights', test: 'panic', passed: true, roll: 7, leadership: 8, phase: '3/druchii/magic@97' }],
    ])
    expect(pick('dispel-roll', 93, 107)).toEqual([
      [101, { spell: 'doombolt', faces: [2, 3], total: 5, need: 11, dispelled: false }],
    ])
    expect(pick('casualties', 93, 107)).toEqual([
      [104, { unit: 'knights', unsaved: 1, removed: 1, modelsLeft: 2, woundsOnNextModel: 0 }],
    ])
  })

  it('turn 3, Druchii: a charge into the flank joins the combat, which grows to three units', () => {
    expect(pick('charge-response', 93, 96)).toEqual([
      [95, { unit: 'spearmen', charger: 'executioners', response: 'hold' }],
    ])
    expect(pick('combat-unit-joined', 93, 96)).toEqual([
      [
        95,
        {
          combat: 'charge-33',
          player: DRUCHII,
          unit: { unit: 'executioners', charged: true, facing: 'flank', moved: 7, firstRound: 3, charge: 95 },
        },
      ],
    ])
    const combat = play(96).game.combats['charge-33']!
    expect(combat.sides.map((side) => side.units.map((u) => u.unit))).toEqual([
      ['warriors', 'executioners'],
      ['spearmen'],
    ])
    // Chargers first (the Highborn at I7, then the Executioners), then the Warriors (I5), the Spearmen (I3) last.
    expect(pick('strike-order', 107, 124)).toEqual([
      [
        108,
        {
          combat: 'charge-33',
          round: 3,
          steps: [['character:highborn'], ['executioners'], ['warriors'], ['spearmen']],
        },
      ],
    ])
  })

  it('turn 3, Druchii: round 3 of charge-33, 10 to 2; the Spearmen rout, are run down, and lose their standard', () => {
    expect(pick('hits', 107, 124)).toEqual([
      [109, { attacks: 3, need: 3, hits: 2 }],
      [112, { attacks: 2, need: 3, hits: 2 }],
      [114, { attacks: 10, need: 3, hits: 7 }],
      [117, { attacks: 5, need: 4, hits: 2 }],
    ])
    expect(pick('wounds', 107, 124)).toEqual([
      [110, { hits: 2, need: 3, wounds: 2 }],
      [113, { hits: 2, need: 2, wounds: 2 }],
      [115, { hits: 7, need: 4, wounds: 4 }],
      [118, { hits: 2, need: 4, wounds: 1 }],
    ])
    expect(requestAt(110)).toMatchObject({ purpose: 'armour-save', count: 2, need: 6 })
    expect(pick('casualties', 107, 124)).toEqual([
      [111, { unit: 'spearmen', unsaved: 1, removed: 1, modelsLeft: 11, woundsOnNextModel: 0 }],
      [113, { unit: 'spearmen', unsaved: 2, removed: 2, modelsLeft: 9, woundsOnNextModel: 0 }],
      [116, { unit: 'spearmen', unsaved: 2, removed: 2, modelsLeft: 7, woundsOnNextModel: 0 }],
      [119, { unit: 'warriors', unsaved: 1, removed: 1, modelsLeft: 16, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-result', 107, 124)).toEqual([
      [119, { combat: 'charge-33', round: 3, scores: { druchii: 10, empire: 2 }, winner: 'druchii', difference: 8 }],
    ])
    const result = explained(119)
    expect(result).toContain('rank bonus: Warriors, 3 ranks of five as the round began (+2)')
    expect(result).toContain('flank attack (+1): 7 -> 8')
    // The Spearmen's two ranks of five count nothing: the Executioners (Unit Strength 11) fight in their flank.
    expect(result).toContain('Spearmen is fought in the flank or rear by Executioners (classic/variants §disruption)')
    expect(result).toContain('outnumbering: Unit Strength 27 against 7 (+1)')
    expect(pick('break-test', 107, 124)).toEqual([[121, { unit: 'spearmen', passed: false, roll: 7, leadership: 0 }]])
    expect(pick('fled', 107, 124)).toEqual([[122, { unit: 'spearmen', roll: 6 }]])
    expect(pick('standard-lost', 107, 124)).toEqual([[122, { unit: 'spearmen' }]])
    expect(pick('pursued', 107, 124)).toEqual([[124, { unit: 'warriors', roll: 7 }]])
    expect(pick('caught', 107, 124)).toEqual([[124, { unit: 'spearmen', by: 'warriors', modelsLost: 7 }]])
    expect(pick('standard-captured', 107, 124)).toEqual([[124, { standard: 'spearmen', by: 'warriors' }]])
    expect(pick('combat-ended', 107, 124)).toEqual([[124, { combat: 'charge-33', round: 3 }]])
  })

  it('turn 3, Empire: the Knights ride down the Sorceress in their charge, and overrun', () => {
    expect(pick('combat-joined', 125, 137).map(([seq, v]) => [seq, v.combat])).toEqual([[128, 'charge-127']])
    expect(pick('hits', 125, 135)).toEqual([[134, { attacks: 2, need: 4, hits: 2 }]])
    expect(pick('wounds', 125, 135)).toEqual([[135, { hits: 2, need: 2, wounds: 2 }]])
    expect(pick('casualties', 125, 135)).toEqual([
      [135, { unit: 'sorceress', unsaved: 2, removed: 1, modelsLeft: 0, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-ended', 125, 137)).toEqual([[135, { combat: 'charge-127', round: 1 }]])
    // Wiped out in the round the Knights charged: they may overrun, with their pursuit dice (3D6: M8).
    expect(requestAt(135)).toMatchObject({ kind: 'choice', purpose: 'overrun', chooser: EMPIRE })
    expect(requestAt(136)).toMatchObject({ kind: 'dice', purpose: 'overrun', count: 3, roller: EMPIRE })
    expect(pick('overran', 125, 137)).toEqual([[137, { unit: 'knights', roll: 6 }]])
  })

  it('turn 4: the Highborn leaves the Executioners; the Captain joins the Swordsmen; no Wizard, no magic', () => {
    expect(pick('character-left', 138, 146)).toEqual([[140, { unit: 'executioners', character: 'highborn' }]])
    const left = play(140).game
    expect(left.units.executioners?.characters).toEqual([])
    expect(left.units.highborn).toMatchObject({ models: 1, character: true, general: true, points: 140 })
    expect(pick('move-checked', 138, 146).map(([seq, v]) => [seq, v.unit, v.move])).toEqual([
      [141, 'highborn', 'normal'],
      [142, 'executioners', 'normal'],
      [143, 'warriors', 'reform'],
    ])
    expect(pick('character-joined', 147, 154)).toEqual([[151, { character: 'captain', unit: 'swordsmen' }]])
    // Power: 2 and no Wizard left to the Druchii; dispel: 2 with no Wizard.
    expect(pick('magic-dice', 138, 154).map(([seq, v]) => [seq, ...powerOf(v)])).toEqual([
      [144, 2, 3],
      [152, 4, 2],
    ])
  })

  it('turn 5: the Highborn slays the Wizard; the Knights wound him, and he destroys them and takes their standard', () => {
    expect(pick('casualties', 155, 166)).toEqual([
      [164, { unit: 'wizard', unsaved: 2, removed: 1, modelsLeft: 0, woundsOnNextModel: 0 }],
    ])
    expect(requestAt(165)).toMatchObject({ kind: 'dice', purpose: 'overrun', count: 2, roller: DRUCHII })
    expect(pick('overran', 155, 166)).toEqual([[166, { unit: 'highborn', roll: 6 }]])
    expect(pick('strike-order', 167, 182)).toEqual([
      [174, { combat: 'charge-169', round: 1, steps: [['knights', 'knights:mount'], ['highborn']] }],
    ])
    expect(pick('hits', 167, 182)).toEqual([
      [175, { attacks: 2, need: 4, hits: 1 }],
      [178, { attacks: 2, need: 4, hits: 1 }],
      [180, { attacks: 3, need: 3, hits: 3 }],
    ])
    expect(pick('wounds', 167, 182)).toEqual([
      [176, { hits: 1, need: 2, wounds: 1 }],
      [179, { hits: 1, need: 4, wounds: 0 }],
      [181, { hits: 3, need: 3, wounds: 2 }],
    ])
    expect(requestAt(176)).toMatchObject({ purpose: 'armour-save', count: 1, need: 6, roller: DRUCHII })
    expect(requestAt(181)).toMatchObject({ purpose: 'armour-save', count: 2, need: 4, roller: EMPIRE })
    expect(pick('casualties', 167, 182)).toEqual([
      [177, { unit: 'highborn', unsaved: 1, removed: 0, modelsLeft: 1, woundsOnNextModel: 1 }],
      [182, { unit: 'knights', unsaved: 2, removed: 2, modelsLeft: 0, woundsOnNextModel: 0 }],
    ])
    expect(pick('standard-captured', 167, 182)).toEqual([[182, { standard: 'knights', by: 'highborn' }]])
  })

  it('the end: GameEnded after the sixth turn each; 650 victory points to 325, a solid victory for the Druchii', () => {
    const end = game.steps[log.length - 1]!
    expect(log[log.length - 1]!.type).toBe('GameEnded')
    expect(game.game.result).toEqual({
      seq: 195,
      reason: 'last-turn',
      conceded: null,
      vp: { druchii: 650, empire: 325 },
      winner: DRUCHII,
      margin: 325,
      band: 'solid-victory',
    })
    // The running score the state carries: each unit that gives victory points, and to whom.
    expect(game.game.score).toEqual({
      vp: { druchii: 650, empire: 325 },
      units: {
        sorceress: { lost: 125, held: 0 },
        crossbowmen: { lost: 130, held: 0 },
        highborn: { lost: 70, held: 100 },
        warriors: { lost: 0, held: 100 },
        spearmen: { lost: 150, held: 0 },
        knights: { lost: 190, held: 0 },
        wizard: { lost: 110, held: 0 },
      },
    })
    const why = renderExplanationText(end.explanation!)
    expect(why).toContain('Highborn Malrith has 1 of 2 Wounds left, half strength or less: 50% of 140 points = 70')
    expect(why).toContain("Warriors holds Spearmen's standard: +100")
    expect(why).toContain("druchii leads by 325 victory points, 46% of the battle's 700 points: a solid victory")
    expect(why).toContain('size of the battle: 700 points, the largest army (druchii 700, empire 700)')
    // Nothing more is declared once the game has ended.
    const after = play()
    expect(() => after.apply(by(EMPIRE, 'GameEnded', { reason: 'last-turn' }))).toThrow(/a second GameEnded/)
  })

  it('the units at the end', () => {
    const units = Object.fromEntries(
      Object.values(game.game.units).map((u) => [u.id, [u.models, u.woundsOnNextModel, u.fleeing]]),
    )
    expect(units).toEqual({
      highborn: [1, 1, false],
      sorceress: [0, 0, false],
      warriors: [16, 0, false],
      crossbowmen: [0, 0, true],
      executioners: [10, 0, false],
      wizard: [0, 0, false],
      swordsmen: [20, 0, false],
      spearmen: [0, 0, true],
      knights: [0, 0, false],
    })
    expect(game.game.units.swordsmen?.characters.map((c) => c.id)).toEqual(['captain'])
    expect(game.game.units.warriors?.capturedStandards).toEqual(['spearmen'])
    expect(Object.keys(game.game.requests)).toEqual([])
  })

  it('replays the same way twice', () => {
    const second = play()
    expect(canonicalJson(second.steps)).toBe(canonicalJson(game.steps))
    expect(canonicalJson(second.game)).toBe(canonicalJson(game.game))
  })

  it('through the api: recorded, exported as JSON Lines, imported, and replayed twice byte for byte', async () => {
    const recorder = await openApi(tempDir())
    const recorded = await record(recorder)
    const file = await exportText(recorder, recorded)
    await recorder.close()

    const api = await openApi(tempDir())
    const { gameId, events: count } = await api.importGame(file)
    expect(count).toBe(events.length)
    const first = await replayAll(api, gameId)
    const second = await replayAll(api, gameId)
    expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
    expect(canonicalJson(second.final.state)).toBe(canonicalJson(first.final.state))
    // The api's game is the engine's: the same outcomes, seq by seq, and the same units at the end.
    expect(outcomeValues(first.steps.flatMap((s) => s.outcomes))).toEqual(
      outcomeValues(game.steps.flatMap((s) => s.outcomes)),
    )
    expect(canonicalJson(first.final.state.units)).toBe(canonicalJson(game.game.units))
    expect(first.final.openRequests).toEqual([])
    await api.close()
  })
})
