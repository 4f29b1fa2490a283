import { describe, expect, it } from 'vitest'
import { defineEntry, entryData } from '../../core/engine/catalogue.js'
import { type Explanation, renderExplanationText } from '../../core/explain/index.js'
import { characteristic, wardSaveNeed } from '../../core/rules/battle/charts.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { oldWorld } from '../../core/rules/old-world/index.js'
import { type Draft, profile, RulesetGame, type UnitInput } from '../helpers/classic-game.js'
import { cites, moment, owContext, owEv, owUnit, playOut } from '../helpers/old-world-combat.js'

/**
 * The Old World's core entries that the shared procedures cite (core-mechanics B.1, B.5): removing casualties,
 * champions, characters, dice and characteristics, ward saves. Every fight is worked out by hand in the comments.
 */

/** Every die of the requests whose text starts with `name` (and, when given, has `purpose`) rolls `face`; else 1s. */
const rolls =
  (name: string, face: number, purposes?: string[]) =>
  (purpose: string, count: number, _index: number, request: { readonly text: string }): number[] =>
    Array(count).fill(request.text.startsWith(name) && (!purposes || purposes.includes(purpose)) ? face : 1)

interface Contact {
  unit: string
  models: number
  champion?: boolean
  characters?: string[]
  directed?: { by?: string; at: string; attacks: number }[]
}
/** p1's unit and p2's unit join combat c1, nobody charging: Initiative order throughout. */
const joined = (p1: Contact, p2: Contact): Draft => ({
  type: 'CombatJoined',
  payload: {
    combat: 'c1',
    sides: [
      { player: 'p1', units: [{ unit: p1.unit }] },
      { player: 'p2', units: [{ unit: p2.unit }] },
    ],
    contact: [p1, p2],
  },
})

function fight(p1: ReturnType<typeof owUnit>, p2: ReturnType<typeof owUnit>, ruleset = oldWorld) {
  return new RulesetGame(
    ruleset,
    owEv.created(),
    owEv.mustered('p1', p1),
    owEv.mustered('p2', p2),
    owEv.turn(1, 'p1'),
    owEv.phase('close-combat'),
  )
}

const outcome = (game: RulesetGame, kind: string, index = 0) =>
  game.outcomes(kind)[index] as { values: Record<string, unknown>; text: string; explanation: Explanation } | undefined
const requests = (game: RulesetGame) => game.steps.flatMap((step) => step.requests)
const text = (game: RulesetGame, kind: string, index = 0) =>
  renderExplanationText(outcome(game, kind, index)!.explanation)

/** Elves (WS4 S5 I5 A1, unarmoured) in a line of `models`. */
const elves = (models: number, extra: UnitInput = {}) =>
  owUnit('elves', {
    name: 'Elves',
    models,
    profile: { WS: 4, S: 5, I: 5, A: 1 },
    formation: { files: models },
    ...extra,
  })
/** Ogres: monstrous infantry WS3 S4 T4 W3 I2 A3, unarmoured; the champion has A4. */
const ogres = (models: number, extra: UnitInput = {}) =>
  owUnit('ogres', {
    name: 'Ogres',
    troopType: 'monstrous-infantry',
    models,
    profile: { WS: 3, S: 4, T: 4, W: 3, I: 2, A: 3 },
    formation: { files: models },
    ...extra,
  })
const ogreChampion = { command: { champion: true }, championProfile: profile({ WS: 3, S: 4, T: 4, W: 3, I: 2, A: 4 }) }

describe('old-world/casualties', () => {
  it('§fill-up: wounds fill one multi-wound model before the next; the champion takes none of them', () => {
    const game = fight(elves(8), ogres(3, ogreChampion))
    game.apply(joined({ unit: 'elves', models: 8 }, { unit: 'ogres', models: 3, champion: true }))
    // 8 Elves hit (WS4 against WS3: 3+) and wound (S5 against T4: 3+) on 6s; no armour: 8 unsaved on the 2
    // rank-and-file Ogres of W3: both slain after 6, the 2 past them wasted; the champion stands.
    playOut(game, rolls('Elves', 6))
    expect(outcome(game, 'casualties')?.values).toEqual({
      unit: 'ogres',
      unsaved: 8,
      removed: 2,
      modelsLeft: 1,
      woundsOnNextModel: 0,
    })
    expect(game.game.units.ogres?.command.champion).toBe(true)
    expect(text(game, 'casualties')).toContain('8 unsaved x 1 Wound against W 3 (old-world/casualties §fill-up)')
    expect(game.cites('casualties', 'fill-up')).toBe(true)
    expect(game.cites('champion', 'attacked-separately')).toBe(true)
  })

  it('§fill-up: a wound short of a model stays on it, and the next blow finishes it', () => {
    const game = fight(elves(4), ogres(3))
    game.apply(joined({ unit: 'elves', models: 4 }, { unit: 'ogres', models: 3 }))
    playOut(game, rolls('Elves', 6))
    // 4 unsaved on W3: one Ogre slain, the next has lost 1 (not spread over two models).
    expect(outcome(game, 'casualties')?.values).toMatchObject({ unsaved: 4, removed: 1, woundsOnNextModel: 1 })
    expect(game.game.units.ogres).toMatchObject({ models: 2, woundsOnNextModel: 1 })
    expect(outcome(game, 'casualties')?.text).toContain('the next model has lost 1 of 3 Wounds')
    // Round 2: two more unsaved wounds finish that Ogre (1 + 2 = its 3 Wounds); the last Ogre is untouched.
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.phase('close-combat'))
    game.apply({
      type: 'CombatRoundDeclared',
      payload: {
        combat: 'c1',
        contact: [
          { unit: 'elves', models: 4 },
          { unit: 'ogres', models: 2 },
        ],
      },
    })
    playOut(game, (_purpose, count, _i, request) =>
      request.text.startsWith('Elves') ? [6, 6, ...Array(count - 2).fill(1)] : Array(count).fill(1),
    )
    expect(outcome(game, 'casualties', 1)?.values).toMatchObject({ unsaved: 2, removed: 1, woundsOnNextModel: 0 })
    expect(game.game.units.ogres).toMatchObject({ models: 1, woundsOnNextModel: 0 })
  })

  it('§slain-do-not-strike: a unit wiped out before its Initiative step does not strike', () => {
    const game = fight(elves(8), ogres(2))
    game.apply(joined({ unit: 'elves', models: 8 }, { unit: 'ogres', models: 2 }))
    // 8 unsaved at I5 on 2 Ogres of W3: both slain before their step at I2.
    playOut(game, rolls('Elves', 6))
    expect(game.game.units.ogres?.models).toBe(0)
    expect(requests(game).some((r) => r.purpose === 'to-hit' && r.text.startsWith('Ogres'))).toBe(false)
    expect(game.outcomes('attacks').map((o) => o.text)).toContain(
      'Ogres was slain before its Initiative step and does not strike',
    )
    expect(game.cites('casualties', 'slain-do-not-strike')).toBe(true)
  })
})

describe('old-world/champion', () => {
  it('§stat-line: the champion strikes with its own Attacks and in its own Initiative step', () => {
    const quick = { ...ogreChampion, championProfile: profile({ WS: 3, S: 4, T: 4, W: 3, I: 3, A: 4 }) }
    const game = fight(elves(8), ogres(3, quick))
    game.apply(joined({ unit: 'elves', models: 8 }, { unit: 'ogres', models: 3, champion: true }))
    playOut(game)
    // Every Elf misses. The champion (I3, A4) strikes before its unit (I2): its own 4 attacks, then the 2
    // rank-and-file Ogres in contact with A3 each.
    expect(outcome(game, 'strike-order')?.values.steps).toEqual([['elves'], ['champion:ogres'], ['ogres']])
    const strikes = requests(game).filter((r) => r.purpose === 'to-hit' && r.text.startsWith('Ogres'))
    expect(strikes.map((r) => [r.text.split(':')[0], r.kind === 'dice' ? r.count : 0])).toEqual([
      ['Ogres champion', 4],
      ['Ogres', 6],
    ])
    expect(game.cites('champion', 'stat-line')).toBe(true)
  })

  it('§attacked-separately: only attacks directed at it wound it; its excess wounds are wasted (§excess-wasted)', () => {
    const game = fight(elves(8), ogres(3, ogreChampion))
    game.apply(
      joined(
        { unit: 'elves', models: 8, directed: [{ at: 'champion', attacks: 4 }] },
        { unit: 'ogres', models: 3, champion: true },
      ),
    )
    // 4 Elf attacks at the W3 champion: 4 unsaved, it is slain and 1 is wasted; the other 4 go at the rank and
    // file: one Ogre slain, the next has lost 1. The champion slain at I5 never strikes at I2.
    playOut(game, rolls('Elves', 6))
    const atChampion = requests(game).find((r) => r.text.startsWith('Elves: roll 4 D6 to hit Ogres champion'))
    expect(atChampion).toMatchObject({ purpose: 'to-hit', count: 4 })
    expect(outcome(game, 'champion-wounded')?.values).toEqual({
      unit: 'ogres',
      unsaved: 4,
      woundsLost: 3,
      slain: true,
      modelsLeft: 2,
    })
    expect(text(game, 'champion-wounded')).toContain('1 wound beyond its Wounds is wasted, not passed to Ogres')
    expect(outcome(game, 'casualties')?.values).toMatchObject({ unsaved: 4, removed: 1, woundsOnNextModel: 1 })
    expect(game.game.units.ogres).toMatchObject({ models: 1, command: { champion: false } })
    expect(requests(game).some((r) => r.purpose === 'to-hit' && r.text.startsWith('Ogres champion'))).toBe(false)
    expect(game.cites('champion', 'attacked-separately')).toBe(true)
    expect(game.cites('champion', 'excess-wasted')).toBe(true)
    expect(game.cites('champion', 'wounds-recorded')).toBe(true)
  })
})

/** Spearmen (WS3 S3 T3 I3 A1, no armour) joined by a Captain: WS5 S4 T4 W2 I5 A3, heavy armour and shield. */
const captain = (extra: { profile?: Parameters<typeof profile>[0] } = {}) => ({
  id: 'captain',
  name: 'Captain',
  gear: ['hand-weapon', 'heavy-armour', 'shield'],
  profile: profile({ WS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8, ...extra.profile }),
})
const spearmen = (models: number, extra: UnitInput = {}) =>
  owUnit('spearmen', {
    name: 'Spearmen',
    models,
    profile: { WS: 3, S: 3, T: 3, I: 3, A: 1 },
    formation: { files: 5 },
    characters: [captain()],
    ...extra,
  })
/** Orcs: WS3 S3 T4 I2 A1, no armour. */
const orcs = (models: number) =>
  owUnit('orcs', { name: 'Orcs', models, profile: { WS: 3, S: 3, T: 4, I: 2, A: 1 }, formation: { files: 5 } })

describe('old-world/characters', () => {
  it('§own-profile: a joined character strikes in its own Initiative step with its own Attacks', () => {
    const game = fight(spearmen(10), orcs(10))
    game.apply(joined({ unit: 'spearmen', models: 5, characters: ['captain'] }, { unit: 'orcs', models: 5 }))
    // I5 Captain, I3 Spearmen, I2 Orcs. The Captain's A3 at WS5 against WS3: 3+.
    expect(outcome(game, 'strike-order')?.values.steps).toEqual([['character:captain'], ['spearmen'], ['orcs']])
    expect(Object.values(game.game.requests)[0]).toMatchObject({ purpose: 'to-hit', count: 3, need: 3 })
    expect(Object.values(game.game.requests)[0]?.text).toContain('Captain')
    expect(game.cites('characters', 'own-profile')).toBe(true)
  })

  it('§directed-attacks, §own-save, §slain-alone, §no-spill: only attacks at it reach it; saved with its own armour', () => {
    const game = fight(spearmen(10), orcs(10))
    game.apply(
      joined(
        { unit: 'spearmen', models: 5, characters: ['captain'] },
        { unit: 'orcs', models: 5, directed: [{ at: 'captain', attacks: 3 }] },
      ),
    )
    // 3 of the Orcs' 5 attacks go at the Captain: all hit and wound (6s); its heavy armour and shield, with Parry
    // (hand weapon and shield, on foot): 3+ (the Spearmen have none); 1s fail: 3 unsaved on W2: slain, 1 wasted.
    // The other 2 attacks miss: the Spearmen lose nobody.
    const orcs6 = rolls('Orcs', 6, ['to-hit', 'to-wound'])
    playOut(game, (purpose, count, i, request) =>
      request.text.includes('Captain') ? orcs6(purpose, count, i, request) : Array(count).fill(1),
    )
    const save = requests(game).find((r) => r.purpose === 'armour-save')
    expect(save).toMatchObject({ count: 3, need: 3 })
    expect(renderExplanationText(save!.explanation)).toContain('old-world/parry')
    expect(save?.text).toContain('Captain')
    const atCaptain = requests(game).find((r) => r.purpose === 'to-hit' && r.text.includes('to hit Captain'))
    expect(atCaptain).toMatchObject({ count: 3 })
    expect(renderExplanationText(atCaptain!.explanation)).toContain(
      '3 of 5 attacks at Captain (old-world/characters §directed-attacks)',
    )
    expect(outcome(game, 'character-wounded')?.values).toEqual({
      unit: 'spearmen',
      character: 'captain',
      unsaved: 3,
      woundsLost: 2,
      slain: true,
    })
    expect(game.game.units.spearmen?.models).toBe(10)
    expect(game.game.units.spearmen?.characters[0]?.slain).toBe(true)
    for (const clause of ['directed-attacks', 'own-save', 'slain-alone', 'no-spill'])
      expect(game.cites('characters', clause)).toBe(true)
  })

  it('§slain-do-not-strike: a character slain before its Initiative step does not strike', () => {
    const game = fight(spearmen(10), elves(5, { profile: { WS: 4, S: 5, I: 6, A: 1 } }))
    game.apply(
      joined(
        { unit: 'spearmen', models: 5, characters: ['captain'] },
        { unit: 'elves', models: 5, directed: [{ at: 'captain', attacks: 5 }] },
      ),
    )
    // The Elves (I6) strike before the Captain (I5): all 5 attacks at him hit and wound on 6s, his 3+ save fails
    // on 1s: 5 unsaved on W2, slain before his own step.
    playOut(game, rolls('Elves', 6, ['to-hit', 'to-wound']))
    expect(game.game.units.spearmen?.characters[0]?.slain).toBe(true)
    expect(requests(game).some((r) => r.purpose === 'to-hit' && r.text.startsWith('Captain'))).toBe(false)
    expect(game.outcomes('attacks').map((o) => o.text)).toContain(
      'Captain was slain before its Initiative step and does not strike',
    )
    expect(game.cites('characters', 'slain-do-not-strike')).toBe(true)
  })

  it('§no-spill: wounds on the unit never reach the character', () => {
    const game = fight(spearmen(2, { formation: { files: 2 } }), orcs(10))
    game.apply(joined({ unit: 'spearmen', models: 2, characters: ['captain'] }, { unit: 'orcs', models: 5 }))
    // The Captain and the Spearmen miss; 5 Orcs hit and wound on 6s: 5 unsaved on 2 Spearmen.
    playOut(game, rolls('Orcs', 6))
    expect(outcome(game, 'casualties')?.values).toMatchObject({ unit: 'spearmen', unsaved: 5, removed: 2 })
    expect(game.game.units.spearmen?.characters[0]).toMatchObject({ woundsLost: 0, slain: false })
    expect(game.outcomes('character-wounded')).toHaveLength(0)
  })
})

describe('old-world/dice', () => {
  it('§characteristic-range: a modified characteristic stays at 10 at most', () => {
    const { ctx, attacker, target } = owContext({ profile: { S: 9 }, gear: ['hand-weapon', 'great-weapon'] }, {})
    const strength = characteristic(ctx, attacker, 'S', target, moment({ weapons: { a: 'great-weapon' } }))
    // S9 + 2 for the great weapon: 11, held to 10.
    expect(strength.value).toBe(10)
    expect(cites(strength.explanation, 'dice', 'characteristic-range')).toBe(true)
    expect(cites(strength.explanation, 'great-weapon', 'strength')).toBe(true)
    expect(characteristic(ctx, attacker, 'S', target, moment({ weapons: { a: 'hand-weapon' } })).value).toBe(9)
  })

  it('§re-roll-once: a die re-rolled for Hatred is never re-rolled again; the second result stands', () => {
    const game = fight(owUnit('haters', { name: 'Haters', models: 5, rules: ['hatred'], profile: { I: 5 } }), orcs(5))
    game.apply(joined({ unit: 'haters', models: 5 }, { unit: 'orcs', models: 5 }))
    // WS3 against WS3: 4+. Two 1s fail and are re-rolled for Hatred; the re-rolls are 1s again and stand: 3 hits.
    expect(Object.values(game.game.requests)[0]).toMatchObject({ purpose: 'to-hit', count: 5, need: 4 })
    game.roll([1, 1, 4, 4, 4])
    const reroll = Object.values(game.game.requests)[0]
    expect(reroll).toMatchObject({ kind: 'dice', count: 2 })
    expect(reroll?.text).toContain('re-roll 2 D6')
    game.roll([1, 1])
    expect(outcome(game, 'hits')?.values).toMatchObject({ attacks: 5, hits: 3 })
    // Next is the roll to wound the 3 hits, not a third roll of the failed dice.
    expect(Object.values(game.game.requests)[0]).toMatchObject({ purpose: 'to-wound', count: 3 })
    expect(game.cites('hatred', 're-roll')).toBe(true)
    expect(game.cites('dice', 're-roll-once')).toBe(true)
  })
})

/**
 * Test-only ward saves: the Old World catalogue has no item or rule that gives a ward save yet (magic items are
 * not in it), so these stand-ins, defined here and added to a copy of the ruleset, give one.
 */
const testWard = (save: number) =>
  defineEntry({
    id: `test-ward-${save}`,
    name: `Test ward ${save}+`,
    kind: 'item',
    source: 'test',
    text: `A test stand-in: a ${save}+ ward save.`,
    clauses: { ward: `a ${save}+ ward save` },
    enforcement: 'enforced',
    effects: [{ at: 'ward-save', clause: 'ward', label: `ward ${save}+`, kind: 'set', value: save }],
  })
const testWards = [testWard(1), testWard(4), testWard(5)]
const withWards = {
  ...oldWorld,
  definitions: [...oldWorld.definitions, ...testWards],
  catalogue: { ...oldWorld.catalogue, entries: [...oldWorld.catalogue.entries, ...testWards.map(entryData)] },
}

describe('old-world/ward-save', () => {
  const wardOf = (target: UnitInput, attacker: UnitInput = {}) => {
    const game = fight(owUnit('a', attacker), owUnit('b', target), withWards)
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    return wardSaveNeed(ctx, ctx.unit('b'), ctx.unit('a'), moment({ weapons: { a: 'great-weapon' } }))
  }

  it('§best-single: of a 4+ and a 5+ ward only the 4+ is taken, never both; Armour Piercing leaves it alone', () => {
    const ward = wardOf(
      { gear: ['hand-weapon', 'test-ward-5', 'test-ward-4'] },
      { gear: ['hand-weapon', 'great-weapon'] },
    )
    expect(ward.value).toBe(4)
    expect(renderExplanationText(ward.explanation)).toContain('ward save 4+')
    expect(cites(ward.explanation, 'ward-save', 'after-armour')).toBe(true)
    expect(cites(ward.explanation, 'great-weapon')).toBe(false)
    const none = wardOf({})
    expect(none.value).toBe(null)
    expect(cites(none.explanation, 'ward-save', 'best-single')).toBe(true)
  })

  it('§after-armour: rolled for each wound the armour save did not stop; §natural-1: a 1+ ward fails on a 1', () => {
    const game = fight(
      elves(4),
      owUnit('guard', {
        name: 'Guard',
        models: 10,
        gear: ['hand-weapon', 'light-armour', 'test-ward-5', 'test-ward-4'],
      }),
      withWards,
    )
    game.apply(joined({ unit: 'elves', models: 4 }, { unit: 'guard', models: 4 }))
    // 4 hits (WS4 against WS3: 3+), 4 wounds (S5 against T3: 2+); light armour 6+: one 6 saves, three fail.
    game.roll([6, 6, 6, 6])
    game.roll([6, 6, 6, 6])
    expect(Object.values(game.game.requests)[0]).toMatchObject({ purpose: 'armour-save', count: 4, need: 6 })
    game.roll([6, 1, 2, 3])
    // The 3 wounds the armour did not stop go to the best ward, 4+: the 4 saves, the 1 and the 3 fail.
    expect(Object.values(game.game.requests)[0]).toMatchObject({ purpose: 'ward-save', count: 3, need: 4 })
    game.roll([4, 1, 3])
    expect(outcome(game, 'casualties')?.values).toMatchObject({ unit: 'guard', unsaved: 2, removed: 2 })
    expect(game.cites('ward-save', 'after-armour')).toBe(true)

    const blessed = wardOf({ gear: ['hand-weapon', 'test-ward-1'] })
    expect(renderExplanationText(blessed.explanation)).toContain('ward save 1+')
    const natural = fight(elves(2), owUnit('blessed', { name: 'Blessed', models: 5, gear: ['test-ward-1'] }), withWards)
    natural.apply(joined({ unit: 'elves', models: 2 }, { unit: 'blessed', models: 2 }))
    natural.roll([6, 6])
    natural.roll([6, 6])
    // No armour: straight to the ward, 1+ rolled as 2+: a natural 1 still fails.
    expect(Object.values(natural.game.requests)[0]).toMatchObject({ purpose: 'ward-save', count: 2, need: 2 })
    natural.roll([1, 2])
    expect(outcome(natural, 'casualties')?.values).toMatchObject({ unsaved: 1, removed: 1 })
    expect(natural.cites('ward-save', 'natural-1')).toBe(true)
  })
})
