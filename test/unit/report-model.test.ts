import { describe, expect, it } from 'vitest'
import { createDemoGame, type LocalGameApi } from '../../core/api/index.js'
import { createEngine } from '../../core/engine/index.js'
import { buildReport } from '../../core/report/build.js'
import { keyMoments } from '../../core/report/moments.js'
import { replayForReport } from '../../core/report/replay.js'
import type { LuckReport, ReportModel, RollLuck } from '../../core/report/types.js'
import { classic } from '../../core/rules/classic/index.js'
import { openApi } from '../helpers/api-game.js'
import { combatGame, EngineGame, ev, unitDef } from '../helpers/classic-game.js'
import { foldedEventsOf, testLog } from '../helpers/report-game.js'
import { useTempDir } from '../helpers/temp.js'
import { play } from '../scenarios/classic/whole-battle-game.js'

const tempDir = useTempDir()

/** The report of a game the api has stored, from its events as the store hands them to a fold. */
function storedReport(api: LocalGameApi, gameId: string): ReportModel {
  const events = [...api.store.readEvents(gameId, { forFold: true })]
  return buildReport({ engine: createEngine(classic), events, log: testLog(events, gameId), lang: 'en' })
}

const story = (model: ReportModel) => model.turns.flatMap((turn) => turn.phases.flatMap((phase) => phase.story))
const texts = (model: ReportModel) => story(model).map((sentence) => sentence.text)

/**
 * The demo game (core/api/demo-game.ts): the Boyz charge the Warriors, draw the first round 6 to 6, lose the second
 * 6 to 5, break (9 against Ld 6), flee 5" and are caught by the Warriors' pursuit of 7 at seq 25.
 */
describe('the report of a game with a correction, a ruling and a claim', () => {
  it('folds the game as corrected: the pursuit roll replaced, the Boyz get away; the appendix lists the correction', async () => {
    const api = await openApi(tempDir())
    const gameId = await createDemoGame(api)
    const before = storedReport(api, gameId)
    expect(texts(before)).toContain(
      'Druchii raiders won the combat 6 to 5: the Orc Boyz broke (9 against Ld 6), fled 5" and lost their standard; the Dark ' +
        'Elf Warriors pursued 7", ran down the Orc Boyz and captured the Orc Boyz\'s standard.',
    )
    await api.append(gameId, {
      type: 'Correction',
      actor: 'druchii',
      payload: {
        replaces: [
          { seq: 25, type: 'DiceRolled', v: 1, payload: { requestId: '24.1', faces: [1, 1], source: 'physical' } },
        ],
        reason: 'typo',
        agreedBy: ['orcs'],
      },
    })
    const after = storedReport(api, gameId)
    expect(texts(after)).toContain(
      'Druchii raiders won the combat 6 to 5: the Orc Boyz broke (9 against Ld 6), fled 5" and lost their standard; the Dark ' +
        'Elf Warriors pursued 2"; the Orc Boyz got away; the Dark Elf Warriors captured the Orc Boyz\'s standard.',
    )
    expect(story(after).at(-1)).toEqual({
      text: 'The log was corrected (replaced seq 25 with DiceRolled): typo.',
      seqs: [25, 26],
    })
    expect(after.appendix.corrections).toHaveLength(1)
    expect(after.appendix.corrections[0]).toMatchObject({ seq: 26, changedGame: true })
    expect(after.appendix.rulings).toEqual([])
    expect(after.armies[1]?.units[0]).toMatchObject({
      name: 'Orc Boyz',
      modelsLeft: 20,
      fate: 'fleeing, with 20 of 25 models',
    })
    expect(before.armies[1]?.units[0]).toMatchObject({
      modelsLeft: 0,
      fate: 'destroyed, caught by the Dark Elf Warriors (seq 25)',
    })
    await api.close()
  })

  it('tells a ruling and lists it, and a claim the rules contradict; casualties follow the ruled models', async () => {
    const api = await openApi(tempDir())
    const gameId = await createDemoGame(api)
    await api.append(gameId, {
      type: 'Ruling',
      actor: 'orcs',
      payload: { about: 25, units: [{ unit: 'boyz', models: 20 }], why: 'not caught: the ford', agreedBy: ['druchii'] },
    })
    await api.append(gameId, { type: 'Claim', actor: 'orcs', payload: { about: 18, unit: 'boyz', modelsRemoved: 2 } })
    const model = storedReport(api, gameId)
    expect(texts(model)).toContain('The table ruled on seq 25 (agreed by Druchii raiders): not caught: the ford.')
    expect(model.appendix.rulings.map((entry) => [entry.seq, entry.changedGame])).toEqual([[26, true]])
    expect(model.appendix.claims.map((entry) => [entry.seq, entry.table])).toEqual([[27, 'boyz: 2 models removed']])
    // The Boyz: 25 mustered, 2 lost in the first round, 3 in the second, then 20 caught and 20 ruled back: 5 in all.
    const lost = model.turns.reduce((sum, turn) => sum + (turn.casualties.orcs?.value ?? 0), 0)
    expect(lost).toBe(5)
    expect(model.turns.at(-1)?.casualties.orcs).toEqual({ value: 3, seqs: [18, 25, 26] })
    // Caught, then ruled back: the Boyz were not destroyed.
    expect(model.keyMoments.filter((moment) => moment.kind === 'unit-destroyed')).toEqual([])
    expect(model.armies[1]?.units[0]).toMatchObject({ modelsLeft: 20, fate: 'fleeing, with 20 of 25 models' })
    await api.close()
  })
})

describe('the report of a game still going on', () => {
  // The classic whole battle (test/scenarios/classic/whole-battle-game.ts) up to seq 100, in its turn 3 magic phase.
  const game = play(100)
  const events = foldedEventsOf(game)
  const model = buildReport({ engine: createEngine(classic), events, log: testLog(events), lang: 'en' })

  it('says the result so far', () => {
    expect(model.result).toMatchObject({ ended: false, reason: null, winner: null, band: null, margin: 0 })
    // The Crossbowmen (130 points) were destroyed at seq 92; nothing of the Empire's yet.
    expect(model.result.vp).toEqual({ druchii: { value: 0, seqs: [] }, empire: { value: 130, seqs: [2, 92] } })
    expect(model.result.summary).toEqual({ text: 'So far (turn 3 of 6): Empire lead, 130 VP to 0', seqs: [2, 92] })
    expect(model.turnsPlayed).toBe(3)
  })

  it('tells the turns so far, the last one up to the head', () => {
    expect(model.turns.map((turn) => [turn.turn, turn.player, turn.fromSeq, turn.toSeq])).toEqual([
      [1, 'druchii', 4, 21],
      [1, 'empire', 22, 30],
      [2, 'druchii', 31, 56],
      [2, 'empire', 57, 92],
      [3, 'druchii', 93, 100],
    ])
    expect(texts(model).at(-1)).toBe('Sorceress Ylva cast Doombolt at the Knights (11 against 7+).')
    expect(model.armies[0]?.units.map((unit) => unit.fate)).toEqual([
      'fighting on unscathed, with the Executioners',
      'fighting on unscathed',
      'fighting on with 17 of 20 models',
      'destroyed, caught by the Knights (seq 92)',
      'fighting on unscathed',
    ])
  })
})

describe('the report of a game not yet begun', () => {
  it('has its armies and no turns, and says the players are level', () => {
    const game = new EngineGame(ev.created(), ev.mustered('p1', unitDef('a')), ev.mustered('p2', unitDef('b')))
    const events = foldedEventsOf(game)
    const model = buildReport({ engine: createEngine(classic), events, log: testLog(events), lang: 'en' })
    expect(model.turns).toEqual([])
    expect(model.result.summary).toEqual({
      text: 'So far (before the first turn): the players are level, 0 VP each',
      seqs: [],
    })
    expect(model.armies.map((army) => [army.player, army.units.map((unit) => unit.fate), army.unpriced])).toEqual([
      ['p1', ['fighting on unscathed'], ['a']],
      ['p2', ['fighting on unscathed'], ['b']],
    ])
    expect(model.title).toBe('One v Two')
  })
})

describe('attacks declared one unit at a time', () => {
  it('tells who attacked whom, and what came of it', () => {
    const game = combatGame(
      unitDef('corsairs', { name: 'Corsairs', models: 10 }),
      unitDef('spearmen', { name: 'Spearmen', models: 10 }),
    )
    game.apply(ev.attack('corsairs', 'spearmen', 5)) // seq 6: 5 attacks, WS 3 against WS 3: 4+
    game.roll([4, 5, 6, 1, 2]) // 7: 3 hits; S 3 against T 3: 4+
    game.roll([4, 4, 1]) // 8: 2 wounds, and no armour to save them
    const events = foldedEventsOf(game)
    const model = buildReport({ engine: createEngine(classic), events, log: testLog(events), lang: 'en' })
    expect(story(model)).toEqual([
      {
        text: 'The Corsairs attacked the Spearmen: 5 attacks, 3 hits, 2 wounds, none saved; the Spearmen lost 2 models.',
        seqs: [6, 7, 8],
      },
    ])
    expect(model.turns[0]?.phases.map((phase) => phase.phase)).toEqual(['Close combat'])
  })
})

describe('the report of a game a player conceded', () => {
  it('says who conceded, and who won what', () => {
    // The classic whole battle up to seq 137, the end of the Empire's turn 3: the Empire concedes.
    const game = play(137)
    game.apply({ type: 'GameEnded', payload: { reason: 'concession' }, actor: 'empire' })
    const events = foldedEventsOf(game)
    const model = buildReport({ engine: createEngine(classic), events, log: testLog(events), lang: 'en' })
    expect(model.result).toMatchObject({
      ended: true,
      reason: 'concession',
      conceded: 'empire',
      winner: 'druchii',
      band: 'massacre',
    })
    // Druchii: the Spearmen destroyed 150, their standard held 100, the Knights at 2 of 5 (half or less) 95. Empire:
    // the Crossbowmen 130 and the Sorceress 125. A concession is a massacre for the opponent (classic/variants).
    expect(model.result.summary).toEqual({
      text: 'Empire conceded in turn 3: Druchii win a massacre, 345 VP to 255',
      seqs: [138],
    })
    expect(model.result.vp.druchii?.value).toBe(345)
    expect(model.turns.at(-1)?.phases.at(-1)?.story.at(-1)?.text).toBe(
      'Empire conceded in turn 3: Druchii win a massacre, 345 VP to 255.',
    )
  })
})

describe('the rolls the luck is counted over', () => {
  const rollsOf = (game: EngineGame) => replayForReport(game.engine, foldedEventsOf(game), () => '').rolls

  it('a re-roll belongs to the roll it re-rolls, and is not a roll of its own', () => {
    const game = combatGame(
      unitDef('haters', { models: 10, rules: [{ id: 'hatred', params: { enemies: 'all' } }] }),
      unitDef('foes', { models: 10 }),
    )
    game.apply(ev.joined('haters', 'foes', 5)) // seq 6
    game.roll([1, 1, 6, 6, 6]) // 7: two failed, re-rolled for Hatred
    game.roll([4, 2]) // 8: the re-roll
    game.roll([4, 4, 4, 4]) // 9: to wound
    const rolls = rollsOf(game)
    expect(rolls.map((roll) => [roll.request.purpose, roll.seq, roll.faces, roll.followUps])).toEqual([
      ['to-hit', 7, [1, 1, 6, 6, 6], [{ purpose: 're-roll-to-hit', seq: 8, faces: [4, 2] }]],
      ['to-wound', 9, [4, 4, 4, 4], []],
    ])
    expect(rolls[0]).toMatchObject({
      turn: 1,
      activePlayer: 'p1',
      request: { reroll: 'failed', need: 4, roller: 'p1' },
    })
  })

  it("a 7+'s second die belongs to the roll of 6s it follows", () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered(
        'p1',
        unitDef('corsairs', { models: 4, formation: { files: 4 }, profile: { BS: 1 }, gear: ['repeater-crossbow'] }),
      ),
      ev.mustered('p2', unitDef('boyz', { models: 20 })),
      ev.turn(1, 'p1'),
      ev.phase('shooting'),
    )
    game.apply({
      type: 'ShotDeclared',
      payload: { shooter: 'corsairs', target: 'boyz', weapon: 'repeater-crossbow', range: 'long' },
    }) // seq 6: 7+ to hit
    game.roll([6, 6, 5, 1]) // 7: two 6s
    game.roll([4, 3]) // 8: the second dice, 4+: one hit
    const rolls = rollsOf(game)
    expect(rolls.map((roll) => [roll.request.purpose, roll.seq, roll.followUps])).toEqual([
      ['to-hit', 7, [{ purpose: 'to-hit-7-plus', seq: 8, faces: [4, 3] }]],
    ])
  })
})

describe('the luckiest and unluckiest rolls as key moments', () => {
  it('names the roll, its player and turn, and carries its chance', () => {
    const game = play()
    const replay = replayForReport(game.engine, foldedEventsOf(game), () => '')
    const roll = (seq: number, actual: number, exact: string, value: number): RollLuck => ({
      seq,
      requestId: `${seq - 1}.1`,
      roller: 'druchii',
      kind: 'to-hit',
      turn: 2,
      text: '10 dice to hit, 3+',
      tally: {
        trials: 10,
        expected: 20 / 3,
        actual,
        direction: actual > 6 ? 'luckier' : 'unluckier',
        chance: { exact, value },
      },
      seqs: [seq],
    })
    const luck: LuckReport = {
      players: [],
      luckiest: roll(71, 9, '1/10', 0.1),
      unluckiest: roll(114, 3, '1/50', 0.02),
      uncounted: 0,
    }
    const moments = keyMoments(replay, luck).filter((m) => m.kind === 'luckiest-roll' || m.kind === 'unluckiest-roll')
    expect(moments).toEqual([
      {
        kind: 'luckiest-roll',
        turn: 2,
        sentence: {
          text: "The luckiest roll: Druchii's 10 dice to hit, 3+ (turn 2), 9 where 6.67 were expected.",
          seqs: [71],
        },
        chance: { exact: '1/10', value: 0.1 },
      },
      {
        kind: 'unluckiest-roll',
        turn: 2,
        sentence: {
          text: "The unluckiest roll: Druchii's 10 dice to hit, 3+ (turn 2), 3 where 6.67 were expected.",
          seqs: [114],
        },
        chance: { exact: '1/50', value: 0.02 },
      },
    ])
  })
})
