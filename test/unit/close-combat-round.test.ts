import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../core/engine/index.js'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { EngineGame, ev, type UnitInput, unitDef } from '../helpers/classic-game.js'

/**
 * A whole round of close combat (issue: rules as data), computed by hand in the comments.
 * Profiles: Dark Elf Warriors WS4 S3 T3 I5 A1 Ld8, light armour + shield (5+);
 * Orc Boyz WS3 S3 T4 I2 A1 Ld7, light armour (6+). Both 20 models, five wide.
 */
const warriors = (extra: UnitInput = {}) =>
  unitDef('warriors', {
    name: 'Dark Elf Warriors',
    models: 20,
    profile: { M: 5, WS: 4, S: 3, T: 3, I: 5, A: 1, Ld: 8 },
    gear: ['hand-weapon', 'light-armour', 'shield'],
    formation: { files: 5 },
    ...extra,
  })
const boyz = (extra: UnitInput = {}) =>
  unitDef('boyz', {
    name: 'Orc Boyz',
    models: 20,
    profile: { M: 4, WS: 3, S: 3, T: 4, I: 2, A: 1, Ld: 7 },
    gear: ['hand-weapon', 'light-armour'],
    formation: { files: 5 },
    ...extra,
  })

function battle(p1: ReturnType<typeof unitDef>, p2: ReturnType<typeof unitDef>, variant = 'classic') {
  return new EngineGame(
    ev.created(variant),
    ev.mustered('p1', p1),
    ev.mustered('p2', p2),
    ev.turn(1, 'p2'),
    ev.phase('close-combat'),
  )
}

type Side = { unit: string; charged?: boolean; facing?: 'front' | 'flank' | 'rear' }
const joined = (a: Side[], b: Side[], contact: { unit: string; models: number; supporting?: number }[]) => ({
  type: 'CombatJoined',
  actor: 'p2',
  payload: {
    combat: 'c1',
    sides: [
      { player: 'p1', units: a },
      { player: 'p2', units: b },
    ],
    contact,
  },
})
const contact5 = [
  { unit: 'warriors', models: 5 },
  { unit: 'boyz', models: 5 },
]

function outcomes(game: EngineGame, kind: Outcome['kind']) {
  return game.steps.flatMap((step) => step.outcomes).filter((o) => o.kind === kind)
}

describe('classic close-combat round: strike order', () => {
  it('a charging unit against a faster defender: chargers first in classic (classic/strike-order §chargers-first)', () => {
    const game = battle(warriors(), boyz())
    const step = game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true }], contact5))
    const order = step.outcomes.find((o) => o.kind === 'strike-order')
    expect(order?.values).toMatchObject({ steps: [['boyz'], ['warriors']] })
    expect(citedRules(order!.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'strike-order',
      clause: 'chargers-first',
    })
    expect(step.requests[0]).toMatchObject({ purpose: 'to-hit', roller: 'p2', count: 5 })
  })

  it('a charging unit against a faster defender: Initiative first in classic-8th, the charge ignored with its reason', () => {
    const game = battle(warriors(), boyz(), 'classic-8th')
    const step = game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true }], contact5))
    const order = step.outcomes.find((o) => o.kind === 'strike-order')
    expect(order?.values).toMatchObject({ steps: [['warriors'], ['boyz']] })
    const text = renderExplanationText(order!.explanation)
    expect(text).toContain('[ignored] charged this turn: charging gives +1 combat result instead')
    expect(text).toContain('classic/variants §charge-bonus')
  })

  it('Always Strikes First against a charger: the ASF unit strikes first (classic/always-strikes-first §first)', () => {
    const game = battle(warriors({ rules: ['always-strikes-first'], profile: { I: 1 } }), boyz())
    const step = game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true }], contact5))
    const order = step.outcomes.find((o) => o.kind === 'strike-order')
    expect(order?.values).toMatchObject({ steps: [['warriors'], ['boyz']] })
    expect(citedRules(order!.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'always-strikes-first',
      clause: 'first',
    })
  })

  it('classic-8th: equal Initiative strikes at the same time, no roll-off (classic/variants §initiative-ties)', () => {
    const game = battle(warriors({ profile: { I: 3 } }), boyz({ profile: { I: 3 } }), 'classic-8th')
    const step = game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    expect(step.outcomes.find((o) => o.kind === 'strike-order')?.values).toMatchObject({
      steps: [['warriors', 'boyz']],
    })
    expect(step.requests[0]).toMatchObject({ purpose: 'to-hit', roller: 'p1' })
  })

  it('classic (7th): equal Initiative and no round won yet: a roll-off, its winner strikes first', () => {
    // Core mechanics A.10 (7th): "ties -> last round's winner, else roll".
    const game = battle(warriors({ profile: { I: 3 } }), boyz({ profile: { I: 3 } }))
    const step = game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    expect(step.requests[0]).toMatchObject({ purpose: 'roll-off', roller: 'p1', count: 1 })
    expect(step.requests[0]?.text).toContain('roll a D6 to strike first at equal Initiative')
    game.roll([2])
    const decided = game.roll([5]) // p2 wins: the Boyz strike first
    const order = decided.outcomes.find((o) => o.kind === 'strike-order')
    expect(order?.values).toMatchObject({ steps: [['boyz'], ['warriors']] })
    expect(renderExplanationText(order!.explanation)).toContain(
      'equal Initiative (Dark Elf Warriors, Orc Boyz), no round has been won yet: p2 wins the roll-off (p1 2; p2 5)',
    )
    expect(decided.requests[0]).toMatchObject({ purpose: 'to-hit', count: 5, roller: 'p2' })
    // Boyz: 5 hits at 4+; S3 vs T3 4+: 5 wounds; Warriors' 5+ save all fail: 5 slain, none left in contact to strike.
    game.roll([6, 6, 6, 6, 6])
    game.roll([6, 6, 6, 6, 6])
    game.roll([1, 1, 1, 1, 1])
    expect(game.game.units.warriors?.models).toBe(15)
    expect(Object.values(game.game.requests)[0]?.purpose).not.toBe('to-hit')
  })

  it("classic (7th): in a later round the last round's winner strikes first at equal Initiative, no roll", () => {
    const game = battle(warriors({ profile: { I: 3 } }), boyz({ profile: { I: 3 } }))
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    game.roll([6])
    game.roll([1]) // p1 wins the roll-off: the Warriors first
    // Warriors 5 at 3+: two hits, S3 vs T4 5+: both wound, Boyz 6+: both fail -> 2 Boyz slain; 3 Boyz miss.
    game.roll([6, 6, 1, 1, 1])
    game.roll([5, 5])
    game.roll([1, 1])
    game.roll([1, 1, 1])
    // Warriors 2 wounds + 3 ranks + 1 outnumbering (20 against 18) = 6, Boyz 3 ranks = 3: p1 wins; the Boyz hold on a
    // double 1 (answered below).
    const result = outcomes(game, 'combat-result').at(-1)
    expect(result?.values).toMatchObject({ winner: 'p1' })
    for (let i = 0; i < 10 && Object.keys(game.game.requests).length > 0; i++) {
      const open = Object.values(game.game.requests)[0]!
      if (open.kind === 'dice') game.roll(Array(open.count).fill(1))
      else game.choose(open.options[0]!.id)
    }
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('close-combat'))
    const next = game.apply({ type: 'CombatRoundDeclared', actor: 'p1', payload: { combat: 'c1', contact: contact5 } })
    const order = next.outcomes.find((o) => o.kind === 'strike-order')
    expect(order?.values).toMatchObject({ steps: [['warriors'], ['boyz']] })
    expect(renderExplanationText(order!.explanation)).toContain('p1 won the last round and strikes first')
    expect(next.requests[0]).toMatchObject({ purpose: 'to-hit', roller: 'p1' })
  })

  it('casualties from a higher step reduce the attacks of a lower step (classic/casualties §slain-do-not-strike)', () => {
    const game = battle(warriors(), boyz())
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    // Warriors (I5) first: 5 hits, 3 wounds, no saves -> 3 Boyz slain.
    game.roll([6, 6, 6, 6, 6])
    game.roll([5, 5, 5, 1, 1])
    const saves = game.roll([1, 1, 1])
    expect(saves.outcomes[0]).toMatchObject({ kind: 'casualties', values: { unit: 'boyz', removed: 3 } })
    const boyzStrike = Object.values(game.game.requests)[0]
    expect(boyzStrike).toMatchObject({ purpose: 'to-hit', count: 2, roller: 'p2' })
    expect(renderExplanationText(boyzStrike!.explanation)).toContain('5 in contact, 3 slain before this step: 2 fight')
  })
})

describe('classic close-combat round: a whole round, by hand', () => {
  it('charge, strikes, combat result with ranks and standard, break test failed, flee and a pursuit that catches', () => {
    const game = battle(warriors({ command: { standard: true, musician: true } }), boyz())
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true }], contact5))
    // Boyz charged: they strike first. 5 attacks WS3 vs WS4: 4+ -> 4,5,6 hit (3 hits).
    game.roll([4, 5, 6, 1, 2])
    // S3 vs T3: 4+ -> 2 wounds.
    game.roll([4, 5, 1])
    // Warriors light armour + shield: 5+ -> one saved, one not: 20 -> 19.
    game.roll([5, 2])
    expect(game.game.units.warriors?.models).toBe(19)
    // Warriors: 5 in contact, 1 slain -> 4 attacks at 3+ -> 3 hits.
    game.roll([3, 4, 5, 2])
    // S3 vs T4: 5+ -> 2 wounds.
    game.roll([5, 6, 2])
    // Boyz light armour 6+: one saved -> 20 -> 19.
    const afterSaves = game.roll([6, 1])
    // Combat result. Warriors (p1): 1 wound + 3 ranks (4 ranks of five at the round's start) + standard 1 = 5.
    // Boyz (p2): 1 wound + 3 ranks = 4; no outnumbering at 19 against 19. Warriors win by 1.
    const result = afterSaves.outcomes.find((o) => o.kind === 'combat-result')
    expect(result?.values).toMatchObject({ scores: { p1: 5, p2: 4 }, winner: 'p1', difference: 1 })
    const text = renderExplanationText(result!.explanation)
    expect(text).toContain(
      'rank bonus: Dark Elf Warriors, 4 ranks of five as the round began (+3): 1 -> 4 (classic/combat-result §ranks)',
    )
    expect(text).toContain('standard of Dark Elf Warriors (+1): 4 -> 5 (classic/standard §combat-result)')
    expect(text).toContain('[ignored] outnumbering: Unit Strength 19 against 19')
    // Break test: Ld 7 - 1 = 6; rolled 3 + 4 = 7: the Boyz break.
    expect(afterSaves.requests[0]).toMatchObject({ purpose: 'break-test', count: 2, roller: 'p2' })
    const broke = game.roll([3, 4])
    expect(broke.outcomes[0]).toMatchObject({
      kind: 'break-test',
      values: { unit: 'boyz', passed: false, roll: 7, leadership: 6 },
    })
    // They flee 2D6 (M4): 6.
    const fled = game.roll([3, 3])
    expect(fled.outcomes[0]).toMatchObject({ kind: 'fled', values: { unit: 'boyz', roll: 6 } })
    expect(fled.requests[0]).toMatchObject({ kind: 'choice', purpose: 'pursuit', chooser: 'p1' })
    game.apply(ev.choice(game.openRequest(), 'pursue'))
    // Pursuit 2D6 (M5): 4 + 3 = 7 >= 6: caught and destroyed.
    const caught = game.roll([4, 3])
    expect(caught.outcomes.map((o) => o.kind)).toEqual(['pursued', 'caught', 'round-ended', 'combat-ended'])
    expect(game.game.units.boyz).toMatchObject({ models: 0, fleeing: true })
    expect(game.game.combats.c1).toMatchObject({ round: 1, ended: true })
    expect(game.game.requests).toEqual({})
  })

  it('a pursuit that falls short: the broken unit escapes', () => {
    const game = battle(warriors({ command: { standard: true } }), boyz())
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true }], contact5))
    game.roll([4, 5, 6, 1, 2])
    game.roll([4, 5, 1])
    game.roll([5, 2])
    game.roll([3, 4, 5, 2])
    game.roll([5, 6, 2])
    game.roll([6, 1])
    game.roll([6, 6]) // break test: 12 > 6
    game.roll([6, 5]) // flee 11
    game.apply(ev.choice(game.openRequest(), 'pursue'))
    const short = game.roll([2, 3]) // pursuit 5 < 11
    expect(short.outcomes.map((o) => o.kind)).toEqual(['pursued', 'escaped', 'round-ended', 'combat-ended'])
    expect(game.game.units.boyz).toMatchObject({ models: 19, fleeing: true })
  })

  it('a draw is won by the side with a musician (classic/musician §draw)', () => {
    const game = battle(warriors({ command: { musician: true } }), boyz())
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    game.roll([1, 1, 1, 1, 1]) // Warriors: no hits
    const last = game.roll([1, 1, 1, 1, 1]) // Boyz: no hits
    // Each side: 0 wounds + 3 ranks = 3, a draw; the Warriors' musician wins it by 1.
    const result = last.outcomes.find((o) => o.kind === 'combat-result')
    expect(result?.values).toMatchObject({ scores: { p1: 4, p2: 3 }, winner: 'p1', difference: 1 })
    expect(renderExplanationText(result!.explanation)).toContain(
      'musician of Dark Elf Warriors (+1): 3 -> 4 (classic/musician §draw)',
    )
    expect(last.requests[0]).toMatchObject({ purpose: 'break-test', roller: 'p2' })
  })

  it('both sides with a musician: the combat stays a draw (classic/musician §both-sides)', () => {
    const game = battle(warriors({ command: { musician: true } }), boyz({ command: { musician: true } }))
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    game.roll([1, 1, 1, 1, 1])
    const last = game.roll([1, 1, 1, 1, 1])
    const result = last.outcomes.find((o) => o.kind === 'combat-result')
    expect(result?.values).toMatchObject({ scores: { p1: 3, p2: 3 }, winner: null, difference: 0 })
    expect(renderExplanationText(result!.explanation)).toContain(
      '[ignored] musician of Dark Elf Warriors: Orc Boyz has a musician too',
    )
    expect(last.requests).toEqual([])
    expect(game.game.combats.c1).toMatchObject({ round: 1, ended: false })
  })
})

/** Both sides miss every attack, so the combat result is the bonuses alone. */
function missAll(game: EngineGame) {
  let last = game.steps.at(-1)!
  for (let request = Object.values(game.game.requests)[0]; request?.purpose === 'to-hit'; ) {
    last = game.roll(Array.from({ length: request.kind === 'dice' ? request.count : 0 }, () => 1))
    request = Object.values(game.game.requests)[0]
  }
  return last
}
function resultOf(game: EngineGame) {
  const result = outcomes(game, 'combat-result').at(-1)
  if (!result) throw new Error('no combat result yet')
  return { values: result.values, text: renderExplanationText(result.explanation) }
}

describe('classic combat result, part by part (classic/combat-result)', () => {
  it('flank: +1, and a flank enemy of Unit Strength 5 or more cancels the rank bonus (§flank, §disruption)', () => {
    const game = battle(warriors(), boyz())
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true, facing: 'flank' }], contact5))
    missAll(game)
    // Warriors: 0 + ranks cancelled. Boyz: 0 + 3 ranks + 1 flank = 4.
    const { values, text } = resultOf(game)
    expect(values).toMatchObject({ scores: { p1: 0, p2: 4 }, winner: 'p2', difference: 4 })
    expect(text).toContain('flank attack (+1)')
    expect(text).toContain(
      '[ignored] rank bonus: Dark Elf Warriors, 4 ranks of five as the round began: Dark Elf Warriors ' +
        'is fought in the flank or rear by Orc Boyz',
    )
  })

  it('rear: +2 (§rear)', () => {
    const game = battle(warriors(), boyz())
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true, facing: 'rear' }], contact5))
    missAll(game)
    expect(resultOf(game).values).toMatchObject({ scores: { p1: 0, p2: 5 } })
    expect(resultOf(game).text).toContain('rear attack (+2): 3 -> 5 (classic/combat-result §rear)')
  })

  it('outnumbering: +1 in classic, ignored with its reason in classic-8th (§outnumber, variants §outnumber)', () => {
    const classic = battle(warriors({ models: 25 }), boyz({ models: 15 }))
    classic.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    missAll(classic)
    // Warriors: 5 ranks -> +3 (at most), outnumbering 25 against 15 +1 = 4. Boyz: 3 ranks -> +2.
    expect(resultOf(classic).values).toMatchObject({ scores: { p1: 4, p2: 2 }, winner: 'p1', difference: 2 })
    expect(resultOf(classic).text).toContain('outnumbering: Unit Strength 25 against 15 (+1): 3 -> 4')

    const strict = battle(warriors({ models: 25 }), boyz({ models: 15 }), 'classic-8th')
    strict.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    missAll(strict)
    expect(resultOf(strict).values).toMatchObject({ scores: { p1: 3, p2: 2 } })
    expect(resultOf(strict).text).toContain(
      '[ignored] outnumbering: Unit Strength 25 against 15: 8th gives no bonus for it',
    )
  })

  it('ranks need a unit five or more wide: a unit with no formation or four wide has no rank bonus (§ranks)', () => {
    const game = battle(warriors({ formation: { files: 4 } }), boyz({ formation: undefined }))
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    missAll(game)
    const { values, text } = resultOf(game)
    expect(values).toMatchObject({ scores: { p1: 0, p2: 0 }, winner: null })
    expect(text).toContain('[ignored] rank bonus: no unit is five or more wide with a second rank of five')
  })

  it('charging: +1 combat result in classic-8th only (variants §charge-bonus)', () => {
    const game = battle(warriors(), boyz(), 'classic-8th')
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true }], contact5))
    missAll(game)
    expect(resultOf(game).values).toMatchObject({ scores: { p1: 3, p2: 4 }, winner: 'p2' })
    const classic = battle(warriors(), boyz())
    classic.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true }], contact5))
    missAll(classic)
    expect(resultOf(classic).values).toMatchObject({ scores: { p1: 3, p2: 3 }, winner: null })
    expect(resultOf(classic).text).toContain('[ignored] charged this turn: the chargers struck first instead')
  })
})

describe('classic break test (classic/break-test)', () => {
  it('Leadership minus the difference; a double 1 always passes (§modifier, §insane-courage)', () => {
    const game = battle(warriors(), boyz())
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true, facing: 'rear' }], contact5))
    const lost = missAll(game)
    // Warriors lose 0 to 5: Ld 8 - 5 = 3.
    expect(lost.requests[0]).toMatchObject({ purpose: 'break-test', roller: 'p1' })
    expect(lost.requests[0]?.text).toContain('passes on 3 or less')
    const held = game.roll([1, 1])
    expect(held.outcomes[0]).toMatchObject({ kind: 'break-test', values: { passed: true, roll: 2, leadership: 3 } })
    expect(citedRules(held.outcomes[0]!.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'break-test',
      clause: 'insane-courage',
    })
  })

  it('steadfast in classic-8th: more ranks test on unmodified Leadership; not a classic rule (variants §steadfast)', () => {
    const flanked = (variant: string) => {
      const game = battle(warriors(), boyz({ models: 30 }), variant)
      game.apply(joined([{ unit: 'warriors', charged: true, facing: 'flank' }], [{ unit: 'boyz' }], contact5))
      return missAll(game)
    }
    // classic-8th: Warriors 0 + 3 ranks + 1 flank + 1 charge = 5; the Boyz' ranks are disrupted (the Warriors
    // have 4 ranks of five): 0. The Boyz lose by 5 but have 6 ranks to 4: steadfast, Ld 7.
    const strict = flanked('classic-8th')
    expect(strict.requests[0]?.text).toContain('Orc Boyz: roll 2D6 break test, passes on 7 or less')
    expect(renderExplanationText(strict.requests[0]!.explanation)).toContain('steadfast: 6 ranks of five against 4: 0')
    // classic: Warriors 0 + 3 + 1 (no charge bonus) = 4; Boyz 0 + 1 for outnumbering (30 against 20) = 1.
    // Ld 7 - 3 = 4, steadfast ignored with its reason.
    const classic = flanked('classic')
    expect(classic.requests[0]?.text).toContain('passes on 4 or less')
    expect(renderExplanationText(classic.requests[0]!.explanation)).toContain(
      '[ignored] steadfast: 6 ranks of five against 4: Steadfast is not a classic rule',
    )
  })
})

describe('rank width by troop type (classic/variants §rank-width)', () => {
  // Core mechanics A.8: "Rank = 5 models (monstrous infantry & beasts: 3)" in 8th; 7th ranks every type in fives.
  const ogres = () =>
    unitDef('ogres', {
      name: 'Ogres',
      troopType: 'monstrous-infantry',
      models: 9,
      profile: { M: 6, WS: 3, S: 4, T: 4, W: 3, I: 2, A: 3, Ld: 7 },
      gear: ['hand-weapon'],
      formation: { files: 3 },
    })
  const contact = [
    { unit: 'warriors', models: 3 },
    { unit: 'ogres', models: 3 },
  ]
  const charged = (variant: string, facing: 'front' | 'flank') => {
    const game = battle(warriors({ models: 10 }), ogres(), variant)
    game.apply(joined([{ unit: 'warriors', charged: true, facing }], [{ unit: 'ogres' }], contact))
    return game
  }

  it('classic-8th: nine Ogres three wide have three ranks of three, +2 (the Warriors, two ranks of five, +1)', () => {
    const game = charged('classic-8th', 'front')
    missAll(game)
    // Warriors 0 + 1 rank + 1 charge = 2; Ogres 0 + 2 ranks = 2: a draw.
    const { values, text } = resultOf(game)
    expect(values).toMatchObject({ scores: { p1: 2, p2: 2 }, winner: null })
    expect(text).toContain('rank bonus: Ogres, 3 ranks of three (+2): 0 -> 2 (classic/combat-result §ranks)')
    expect(text).toContain(
      'variant decision rank-width: three-for-monstrous-infantry-and-beasts (classic/variants §rank-width)',
    )
  })

  it('classic-8th: the Ogres keep Steadfast with three ranks of three against two ranks of five', () => {
    const flanked = charged('classic-8th', 'flank')
    const last = missAll(flanked)
    // Warriors 0 + 1 rank + 1 charge + 1 flank = 3; the Ogres are disrupted (two ranks of five in their flank): 0.
    // Lost by 3, but 3 ranks to 2: steadfast, unmodified Ld 7.
    expect(last.requests[0]?.text).toContain('Ogres: roll 2D6 break test, passes on 7 or less')
    expect(renderExplanationText(last.requests[0]!.explanation)).toContain('steadfast: 3 ranks of three against 2: 0')
  })

  it('classic (7th): three wide is no rank at all; the Ogres test on Ld 7 - 1', () => {
    const flanked = charged('classic', 'flank')
    const last = missAll(flanked)
    // Warriors 0 + 1 rank + 1 flank = 2 (no charge bonus in 7th); Ogres 0 ranks + 1 outnumbering (27 against 10) = 1.
    expect(resultOf(flanked).values).toMatchObject({ scores: { p1: 2, p2: 1 }, winner: 'p1' })
    expect(last.requests[0]?.text).toContain('Ogres: roll 2D6 break test, passes on 6 or less')
  })
})

describe('classic flee and pursuit (classic/flee-and-pursuit)', () => {
  it('flee dice: 3D6 for a unit with M above 6 in both variants, as Heavy Cavalry implies (variants §flee-dice)', () => {
    // Seed 000 Heavy Cavalry: "For fleeing and pursuit/overrun moves this unit counts as having M6 or less" (only
    // meaningful where M above 6 flees on 3D6).
    const run = (variant: string) => {
      const game = battle(warriors(), boyz({ profile: { M: 7 } }), variant)
      game.apply(joined([{ unit: 'warriors', facing: 'rear' }], [{ unit: 'boyz' }], contact5))
      missAll(game)
      return game.roll([6, 6])
    }
    expect(run('classic').requests[0]).toMatchObject({ purpose: 'flee', count: 3 })
    expect(run('classic-8th').requests[0]).toMatchObject({ purpose: 'flee', count: 3 })
  })

  it('heavy cavalry, classic-8th: counts as M6 or less for fleeing, so 2D6 where M7 flees on 3D6 (§flee-pursuit)', () => {
    // Seed 000 Heavy Cavalry: "For fleeing and pursuit/overrun moves this unit counts as having M6 or less."
    const game = battle(warriors(), boyz({ profile: { M: 7 }, rules: ['heavy-cavalry'] }), 'classic-8th')
    game.apply(joined([{ unit: 'warriors', facing: 'rear' }], [{ unit: 'boyz' }], contact5))
    missAll(game)
    const flee = game.roll([6, 6])
    expect(flee.requests[0]).toMatchObject({ purpose: 'flee', count: 2 })
    expect(renderExplanationText(flee.requests[0]!.explanation)).toContain('Heavy Cavalry counts as M6 or less')
  })

  it('holding back takes a Leadership test; a winner that fails it pursues (§restraint)', () => {
    const game = battle(warriors(), boyz())
    game.apply(joined([{ unit: 'warriors', facing: 'rear' }], [{ unit: 'boyz' }], contact5))
    missAll(game)
    game.roll([6, 6]) // Boyz break: 12 > 7 - 5
    game.roll([2, 2]) // flee 4
    game.apply(ev.choice(game.openRequest(), 'hold'))
    const failed = game.roll([6, 5]) // 11 > Ld 8: must pursue
    expect(failed.outcomes[0]).toMatchObject({ kind: 'restraint-test', values: { passed: false, roll: 11 } })
    expect(failed.requests[0]).toMatchObject({ purpose: 'pursue' })
    const caught = game.roll([2, 2]) // 4 >= 4: caught
    expect(caught.outcomes.map((o) => o.kind)).toContain('caught')
  })
})

describe('a combat over several rounds', () => {
  it('knows its round number: round 2 has no chargers striking first (CombatRoundDeclared)', () => {
    const game = battle(warriors(), boyz())
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz', charged: true }], contact5))
    missAll(game) // a draw, 3 all
    expect(game.game.combats.c1).toMatchObject({ round: 1, ended: false })
    game.apply(ev.turn(1, 'p1'))
    game.apply(ev.phase('close-combat'))
    const second = game.apply({
      type: 'CombatRoundDeclared',
      actor: 'p1',
      payload: { combat: 'c1', contact: contact5 },
    })
    const order = second.outcomes.find((o) => o.kind === 'strike-order')
    expect(order?.values).toMatchObject({ round: 2, steps: [['warriors'], ['boyz']] })
    expect(renderExplanationText(order!.explanation)).toContain(
      '[ignored] charged this turn: the charge was in round 1; this is round 2',
    )
  })

  it('refuses a round for a combat that does not exist or is over, and units that are not in it', () => {
    const game = battle(warriors(), boyz())
    expect(() =>
      game.apply({ type: 'CombatRoundDeclared', actor: 'p1', payload: { combat: 'nope', contact: contact5 } }),
    ).toThrow(/no combat "nope"/)
    expect(() =>
      game.apply(
        joined(
          [{ unit: 'warriors' }],
          [{ unit: 'boyz' }],
          [
            { unit: 'warriors', models: 25 },
            { unit: 'boyz', models: 5 },
          ],
        ),
      ),
    ).toThrow(/has 20 models, not 25 in contact/)
    expect(() => game.apply(joined([{ unit: 'boyz' }], [{ unit: 'warriors' }], contact5))).toThrow(
      /belongs to p2, not p1/,
    )
    expect(game.game.combats).toEqual({})
  })
})

describe('who fights (classic/attacks)', () => {
  it('supporting attacks: one each from the second rank in classic-8th, none in classic (variants §supporting-attacks)', () => {
    const contact = [
      { unit: 'warriors', models: 5, supporting: 5 },
      { unit: 'boyz', models: 5 },
    ]
    const strict = battle(warriors(), boyz(), 'classic-8th')
    const opened = strict.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact))
    expect(opened.requests[0]).toMatchObject({ purpose: 'to-hit', count: 10 })
    expect(renderExplanationText(opened.requests[0]!.explanation)).toContain(
      'supporting attacks: 5 models x 1 (+5): 5 -> 10 (classic/attacks §supporting)',
    )
    const seed = battle(warriors(), boyz())
    const plain = seed.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact))
    expect(plain.requests[0]).toMatchObject({ purpose: 'to-hit', count: 5 })
    expect(renderExplanationText(plain.requests[0]!.explanation)).toContain(
      '[ignored] supporting attacks: 5 models x 1: only models in base contact fight',
    )
  })
})

describe('a combat fights one round a close-combat phase (classic/turn-sequence §close-combat)', () => {
  it('a second round in the same phase is refused; the next phase may fight it', () => {
    const game = battle(warriors(), boyz())
    game.apply(joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5))
    missAll(game) // a draw, 3 all: the combat goes on
    const again = { type: 'CombatRoundDeclared', actor: 'p2', payload: { combat: 'c1', contact: contact5 } }
    expect(() => game.apply(again)).toThrow(/has fought its round in this close-combat phase/)
    game.apply(ev.turn(1, 'p1'))
    game.apply(ev.phase('close-combat'))
    expect(game.apply(again).outcomes.find((o) => o.kind === 'round-started')?.values).toMatchObject({ round: 2 })
  })
})

describe('higher ground (classic/combat-result §high-ground)', () => {
  it('+1 in classic for the side the players say fights from higher ground; none in classic-8th (variants §high-ground)', () => {
    const fight = (variant: string) => {
      const game = battle(warriors(), boyz(), variant)
      const declared = joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5)
      game.apply({ ...declared, payload: { ...declared.payload, highGround: 'p1' } })
      missAll(game)
      return resultOf(game)
    }
    const classic = fight('classic')
    expect(classic.values).toMatchObject({ scores: { p1: 4, p2: 3 }, winner: 'p1' })
    expect(classic.text).toContain('higher ground (+1): 3 -> 4 (classic/combat-result §high-ground)')
    const strict = fight('classic-8th')
    expect(strict.values).toMatchObject({ scores: { p1: 3, p2: 3 }, winner: null })
    expect(strict.text).toContain('[ignored] higher ground: 8th gives no bonus for it')
  })

  it('must name a player in the combat', () => {
    const game = battle(warriors(), boyz())
    const declared = joined([{ unit: 'warriors' }], [{ unit: 'boyz' }], contact5)
    expect(() => game.apply({ ...declared, payload: { ...declared.payload, highGround: 'p3' } })).toThrow(
      /high ground names "p3", who has no side in this combat/,
    )
  })
})
