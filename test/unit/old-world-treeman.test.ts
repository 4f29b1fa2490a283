import { describe, expect, it } from 'vitest'
import { defineEntry, entryData } from '../../core/engine/catalogue.js'
import type { CombatMoment } from '../../core/engine/effects.js'
import type { Ruleset } from '../../core/engine/types.js'
import type { UnitDefinitionInput } from '../../core/events/index.js'
import { armourSaveNeed } from '../../core/rules/battle/charts.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { oldWorld } from '../../core/rules/old-world/index.js'
import { treemanTroops } from '../../core/rules/old-world/treeman-troops.js'
import { combatGame, type Draft, ev, RulesetGame, unitDef } from '../helpers/classic-game.js'
import { owEv, owUnit } from '../helpers/old-world-game.js'

/**
 * The Treeman's own rules (seed 001): Stomp Attacks, Thunderstomp, Flammable against Flaming Attacks, Regeneration
 * in an Old World combat, Tree Whack, Timber! and Lumbering.
 *
 * Two test-only entries stand in for what other parts of the Old World catalogue give: an armour value (so that AP
 * shows on a save) and a flat +2 Strength (so that Stomp Attacks' unmodified Strength shows).
 */
const testArmour = defineEntry({
  id: 'test-armour',
  name: 'Test armour',
  kind: 'armour',
  source: 'test',
  text: 'An armour value of X+.',
  params: { save: 5 },
  clauses: { armour: 'armour value X+' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'armour',
      label: 'test armour',
      kind: 'set',
      value: (_q, held) => Number(held.params.save),
    },
  ],
})
const testStrength = defineEntry({
  id: 'test-strength',
  name: 'Test Strength bonus',
  kind: 'special-rule',
  source: 'test',
  text: '+2 Strength.',
  clauses: { strength: '+2 S' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: 'test +2 S',
      kind: 'add',
      value: 2,
      when: (q) => (q.characteristic === 'S' ? true : null),
    },
  ],
})
const testRuleset: Ruleset = {
  ...oldWorld,
  catalogue: {
    ...oldWorld.catalogue,
    entries: [...oldWorld.catalogue.entries, entryData(testArmour), entryData(testStrength)],
  },
  definitions: [...oldWorld.definitions, testArmour, testStrength],
}

class TestGame extends RulesetGame {
  constructor(...given: Draft[]) {
    super(testRuleset, ...given)
  }
  /** Answers the open request, which must be for `purpose`: dice faces or a choice's option. */
  answer(purpose: string, answer: number[] | string) {
    const request = this.game.requests[this.openRequest()]
    expect(request?.purpose).toBe(purpose)
    return typeof answer === 'string' ? this.choose(answer) : this.roll(answer)
  }
  /** The open request (there must be one). */
  request() {
    return this.game.requests[this.openRequest()]
  }
  pick(kind: string) {
    return this.outcomes(kind).map((o) => o.values)
  }
  context() {
    return this.engine.contextFor(this.state) as ClassicContext
  }
}

function game(p1: UnitDefinitionInput[], p2: UnitDefinitionInput[]): TestGame {
  return new TestGame(
    owEv.created(),
    owEv.mustered('p1', ...p1),
    owEv.mustered('p2', ...p2),
    owEv.turn(1, 'p1'),
    owEv.phase('close-combat'),
  )
}

/** p1's `charger` charges p2's `defender`, with the models the players say are in base contact. */
function joined(
  charger: string,
  chargerModels: number,
  defender: string,
  defenderModels: number,
  combat = 'c1',
): Draft {
  return {
    type: 'CombatJoined',
    payload: {
      combat,
      sides: [
        { player: 'p1', units: [{ unit: charger, charged: true }] },
        { player: 'p2', units: [{ unit: defender }] },
      ],
      contact: [
        { unit: charger, models: chargerModels },
        { unit: defender, models: defenderModels },
      ],
    },
  }
}

const giant = (values: Parameters<typeof owUnit>[1] = {}) =>
  owUnit('giant', {
    troopType: 'behemoth',
    models: 1,
    profile: { WS: 3, S: 6, T: 6, W: 6, I: 2, A: 2 },
    rules: [{ id: 'stomp-attacks', params: { X: 'D6' } }],
    ...values,
  })
const dwarfs = (values: Parameters<typeof owUnit>[1] = {}) =>
  owUnit('dwarfs', { models: 10, formation: { files: 5 }, profile: { WS: 3, S: 3, T: 4, I: 1, A: 1 }, ...values })

describe('old-world/stomp-attacks', () => {
  it('stomps after the Initiative 1 attacks, hit automatically and wound at the profile Strength; they count', () => {
    // The Giant (I2) strikes first: 2 attacks, WS3 v WS3 4+: 4, 4 hit; S 6 + 2 = 8 v T5: 2+: 2 wounds, 1 fails.
    // The Dwarfs (I1): 3 in contact less the 1 slain: 2 attacks at 4+: 4, 4; S3 v T6: 6+: 6, 5 -> 1 wound.
    // Stomps: 1 model in contact, D6 = 5 automatic hits at S6 (not 8) v T5: 3+: 3, 3, 3, 2, 1 -> 3 wounds.
    // Combat result: p1 1 + 3 = 4, p2 1.
    const g = game(
      [giant({ rules: [{ id: 'stomp-attacks', params: { X: 'D6' } }, 'test-strength'] })],
      [dwarfs({ profile: { WS: 3, S: 3, T: 5, I: 1, A: 1 } })],
    )
    g.apply(joined('giant', 1, 'dwarfs', 3))
    g.answer('to-hit', [4, 4])
    expect(g.request()).toMatchObject({ purpose: 'to-wound', need: 2 })
    g.answer('to-wound', [2, 1])
    g.answer('to-hit', [4, 4])
    g.answer('to-wound', [6, 5])
    expect(g.request()).toMatchObject({ purpose: 'stomp-attacks', count: 1, sides: 6, roller: 'p1' })
    g.answer('stomp-attacks', [5])
    // No roll to hit: the stomps go straight to wound, at S6 against T5.
    expect(g.request()).toMatchObject({ purpose: 'to-wound', count: 5, need: 3 })
    g.answer('to-wound', [3, 3, 3, 2, 1])
    expect(g.pick('hits')).toEqual([
      { attacks: 2, need: 4, hits: 2 },
      { attacks: 2, need: 4, hits: 2 },
      { attacks: 5, need: null, hits: 5 },
    ])
    expect(g.pick('casualties').map((c) => (c as { modelsLeft: number }).modelsLeft)).toEqual([9, 1, 6])
    expect(g.pick('combat-result')).toEqual([
      { combat: 'c1', round: 1, scores: { p1: 4, p2: 1 }, winner: 'p1', difference: 3 },
    ])
    for (const clause of ['auto-hit', 'after-everything', 'unmodified-strength', 'in-contact', 'attacks'])
      expect(g.cites('stomp-attacks', clause)).toBe(true)
    expect(g.text()).toContain('giant S 6: its unmodified Strength')
  })

  it('X as a number makes that many hits a model in contact; no dice are asked', () => {
    const ogres = owUnit('ogres', {
      troopType: 'monstrous-infantry',
      models: 3,
      profile: { S: 4, A: 0 },
      rules: [{ id: 'stomp-attacks', params: { X: 1 } }],
    })
    const g = game([ogres], [dwarfs({ profile: { A: 0, T: 3 } })])
    g.apply(joined('ogres', 2, 'dwarfs', 2))
    // Neither side has Attacks: the stomps come at once, 2 models x 1 = 2 hits, S4 v T3 3+.
    expect(g.request()).toMatchObject({ purpose: 'to-wound', count: 2, need: 3 })
    expect(g.pick('hits')).toEqual([{ attacks: 2, need: null, hits: 2 }])
  })

  it('X as dice is rolled for each model still in base contact when the stomps come (D3)', () => {
    // The Dwarfs (I3) strike first: 3 attacks 4+: 4, 4, 1 -> 2 hits; S3 v T3 4+: 4, 1 -> 1 Ogre slain: 3 -> 2
    // in contact, so 2D3 for the stomps.
    const ogres = owUnit('ogres', {
      troopType: 'monstrous-infantry',
      models: 3,
      profile: { A: 0, I: 1 },
      rules: [{ id: 'stomp-attacks', params: { X: 'D3' } }],
    })
    const g = game([ogres], [dwarfs({ profile: { I: 3 } })])
    g.apply(joined('ogres', 3, 'dwarfs', 3))
    g.answer('to-hit', [4, 4, 1])
    g.answer('to-wound', [4, 1])
    expect(g.request()).toMatchObject({ purpose: 'stomp-attacks', count: 2, sides: 3 })
    g.answer('stomp-attacks', [3, 2])
    expect(g.request()).toMatchObject({ purpose: 'to-wound', count: 5 })
  })

  it('X as dice plus a number (D3+1): each model adds the number to its dice', () => {
    // 2 Ogres in contact: 2D3 = 2 + 3, plus 1 each: 7 hits.
    const ogres = owUnit('ogres', {
      troopType: 'monstrous-infantry',
      models: 2,
      profile: { A: 0 },
      rules: [{ id: 'stomp-attacks', params: { X: 'D3+1' } }],
    })
    const g = game([ogres], [dwarfs({ profile: { A: 0 } })])
    g.apply(joined('ogres', 2, 'dwarfs', 2))
    expect(g.request()).toMatchObject({ purpose: 'stomp-attacks', count: 2, sides: 3 })
    g.answer('stomp-attacks', [2, 3])
    expect(g.pick('hits')).toEqual([{ attacks: 7, need: null, hits: 7 }])
    expect(g.text()).toContain('dice 2 + 3 + 2 (+1 a model) = 7')
  })

  it('a Stomp Attacks (X) that is neither a number nor dice is refused at muster', () => {
    const g = new TestGame(owEv.created())
    expect(() =>
      g.apply(owEv.mustered('p1', giant({ rules: [{ id: 'stomp-attacks', params: { X: 'lots' } }] }))),
    ).toThrow(/Stomp Attacks needs X as a number or dice .*, not "lots"/)
    expect(g.game.units).toEqual({})
  })

  it('the classic ruleset asks the stomp point and gets nothing: its round is unchanged', () => {
    const g = combatGame(unitDef('a'), unitDef('b'))
    const ctx = g.engine.contextFor(g.state) as ClassicContext
    const moment: CombatMoment = { combat: 'c1', round: 1, charged: false, charging: false, facing: 'front' }
    expect(ctx.modifiers('stomp', { subject: ctx.unit('a'), opponent: ctx.unit('b'), combat: moment })).toEqual([])
    g.apply(ev.joined('a', 'b', 1))
    expect(g.game.requests[g.openRequest()]?.purpose).toBe('to-hit')
  })
})

describe('old-world/thunderstomp: a behemoth stomps with AP -2, except on monstrous creatures and behemoths', () => {
  const armoured = (id: string, troopType: UnitDefinitionInput['troopType']) =>
    owUnit(id, {
      troopType,
      models: 1,
      profile: { W: 6 },
      gear: ['hand-weapon', { id: 'test-armour', options: { save: 4 } }],
    })
  const g = game(
    [
      giant(),
      owUnit('beast', {
        troopType: 'monstrous-creature',
        models: 1,
        rules: [{ id: 'stomp-attacks', params: { X: 1 } }],
      }),
    ],
    [armoured('foot', 'infantry'), armoured('ogre', 'monstrous-creature'), armoured('mammoth', 'behemoth')],
  )
  const ctx = g.context()
  const stomp: CombatMoment = {
    combat: 'c1',
    round: 1,
    charged: true,
    charging: true,
    facing: 'front',
    special: 'stomp',
  }
  const save = (target: string, attacker: string, moment: CombatMoment = stomp) =>
    armourSaveNeed(ctx, ctx.unit(target), ctx.unit(attacker), moment, 6)

  it('old-world/thunderstomp against infantry: the save worsens by 2 (4+ -> 6+)', () => {
    const need = save('foot', 'giant')
    expect(need.value).toBe(6)
    expect(need.records.find((r) => r.source.id === 'thunderstomp')).toMatchObject({ status: 'applied', value: 2 })
  })

  it('against a monstrous creature and against a behemoth: no bonus, and the breakdown says why', () => {
    for (const target of ['ogre', 'mammoth']) {
      const need = save(target, 'giant')
      expect(need.value).toBe(4)
      const record = need.records.find((r) => r.source.id === 'thunderstomp')
      expect(record).toMatchObject({ status: 'ignored' })
      expect(record?.reason).toContain('too huge to trample')
    }
  })

  it("a monstrous creature's stomps and a behemoth's other attacks have no such AP", () => {
    expect(save('foot', 'beast').value).toBe(4)
    expect(save('foot', 'giant', { ...stomp, special: undefined }).value).toBe(4)
  })

  it('in a fight: the stomps on armoured infantry are saved on 6+, citing old-world/thunderstomp', () => {
    const fight = game(
      [giant({ profile: { WS: 3, S: 6, T: 6, W: 6, I: 2, A: 0 } })],
      [dwarfs({ profile: { A: 0 }, gear: ['hand-weapon', { id: 'test-armour', options: { save: 4 } }] })],
    )
    fight.apply(joined('giant', 1, 'dwarfs', 3))
    fight.answer('stomp-attacks', [2])
    fight.answer('to-wound', [4, 4])
    expect(fight.request()).toMatchObject({ purpose: 'armour-save', count: 2, need: 6 })
    expect(fight.cites('thunderstomp', 'armour-piercing')).toBe(true)
  })
})

describe('old-world/flammable and old-world/flaming-attacks', () => {
  const treeman = (rules: UnitDefinitionInput['rules']) =>
    owUnit('treeman', { troopType: 'behemoth', models: 1, profile: { WS: 5, S: 6, T: 4, W: 6, I: 2, A: 0 }, rules })
  const spears = (rules: UnitDefinitionInput['rules'] = []) =>
    owUnit('spears', { models: 10, formation: { files: 5 }, profile: { S: 4, A: 1 }, rules })

  // Spears: 2 attacks, WS3 v WS5 4+: 4, 4; S4 v T4 4+: 4, 4 -> 2 wounds on the Treeman.
  function woundTreeman(treemanRules: UnitDefinitionInput['rules'], spearRules: UnitDefinitionInput['rules']) {
    const g = game([treeman(treemanRules)], [spears(spearRules)])
    g.apply(joined('treeman', 1, 'spears', 2))
    g.answer('to-hit', [4, 4])
    g.answer('to-wound', [4, 4])
    return g
  }

  it('a Flammable model wounded by a Flaming attack has no Regeneration save', () => {
    const g = woundTreeman([{ id: 'regeneration', params: { save: 5 } }, 'flammable'], ['flaming-attacks'])
    expect(g.pick('regenerated')).toEqual([
      { unit: 'treeman', rolled: 0, regenerated: 0, modelsLeft: 1, woundsOnNextModel: 2 },
    ])
    expect(g.cites('flammable', 'no-regeneration')).toBe(true)
    expect(g.cites('flaming-attacks', 'flaming')).toBe(true)
    // No regeneration roll was asked: the round went on to its combat result, the 2 wounds counting. p2 also has
    // its rank bonus (10 Spears five wide: 2 ranks of 5, +1) and Massed Infantry (Unit Strength 10 against the
    // Treeman's 6, its starting Wounds: +1): 2 + 1 + 1 = 4 (old-world/combat-result).
    expect(g.pick('combat-result')).toEqual([
      { combat: 'c1', round: 1, scores: { p1: 0, p2: 4 }, winner: 'p2', difference: 4 },
    ])
  })

  it('a Flammable model keeps its Regeneration against attacks that are not Flaming', () => {
    const g = woundTreeman([{ id: 'regeneration', params: { save: 5 } }, 'flammable'], [])
    expect(g.request()).toMatchObject({ purpose: 'regeneration', count: 2, need: 5 })
  })

  it('Flaming attacks do not take Regeneration from a model that is not Flammable', () => {
    const g = woundTreeman([{ id: 'regeneration', params: { save: 5 } }], ['flaming-attacks'])
    expect(g.request()).toMatchObject({ purpose: 'regeneration', count: 2, need: 5 })
    expect(g.cites('flammable', 'no-regeneration')).toBe(false)
  })
})

describe('old-world/regeneration in an Old World combat', () => {
  it('a regenerated wound comes back but still counts toward the combat result', () => {
    // Spears wound the Treeman twice (as above); Regeneration 5+: 5 saves one, 1 does not: 2 lost -> 1 lost.
    // The combat result still counts both for p2: 2, + 1 rank bonus (10 Spears five wide: 2 ranks of 5) + 1 Massed
    // Infantry (Unit Strength 10 against the Treeman's 6) = 4 (old-world/combat-result).
    const g = game(
      [
        owUnit('treeman', {
          troopType: 'behemoth',
          models: 1,
          profile: { WS: 5, T: 4, W: 6, A: 0 },
          rules: [{ id: 'regeneration', params: { save: 5 } }],
        }),
      ],
      [owUnit('spears', { models: 10, formation: { files: 5 }, profile: { S: 4 } })],
    )
    g.apply(joined('treeman', 1, 'spears', 2))
    g.answer('to-hit', [4, 4])
    g.answer('to-wound', [4, 4])
    g.answer('regeneration', [5, 1])
    expect(g.pick('regenerated')).toEqual([
      { unit: 'treeman', rolled: 2, regenerated: 1, modelsLeft: 1, woundsOnNextModel: 1 },
    ])
    expect(g.pick('combat-result')).toEqual([
      { combat: 'c1', round: 1, scores: { p1: 0, p2: 4 }, winner: 'p2', difference: 4 },
    ])
    expect(g.cites('regeneration', 'combat-result')).toBe(true)
  })

  it('AP does not touch the Regeneration value: a behemoth stomps AP -2 on the armour, Regeneration stays 4+', () => {
    // Trolls: test armour 4+, Regeneration 4+. 2 stomps (X 2), S6 v T4 2+: 3, 3. Armour 4+ + 2 (Thunderstomp) = 6+:
    // 1, 1 -> 2 unsaved. Regeneration: still 4+.
    const g = game(
      [giant({ profile: { A: 0, S: 6, W: 6, T: 6 }, rules: [{ id: 'stomp-attacks', params: { X: 2 } }] })],
      [
        owUnit('trolls', {
          troopType: 'monstrous-infantry',
          models: 3,
          profile: { T: 4, W: 3, A: 0 },
          gear: ['hand-weapon', { id: 'test-armour', options: { save: 4 } }],
          rules: [{ id: 'regeneration', params: { save: 4 } }],
        }),
      ],
    )
    g.apply(joined('giant', 1, 'trolls', 1))
    g.answer('to-wound', [3, 3])
    expect(g.request()).toMatchObject({ purpose: 'armour-save', need: 6 })
    g.answer('armour-save', [1, 1])
    expect(g.request()).toMatchObject({ purpose: 'regeneration', need: 4 })
    expect(g.cites('regeneration', 'roll')).toBe(true)
  })
})

describe('old-world/tree-whack', () => {
  const treeman = (values: Parameters<typeof owUnit>[1] = {}) =>
    owUnit('treeman', {
      troopType: 'behemoth',
      models: 1,
      profile: { WS: 5, S: 6, T: 6, W: 6, I: 2, A: 5 },
      rules: ['tree-whack'],
      ...values,
    })
  const spears = (values: Parameters<typeof owUnit>[1] = {}) =>
    owUnit('spears', {
      models: 10,
      formation: { files: 5 },
      profile: { WS: 3, T: 3, I: 3, A: 0 },
      gear: ['hand-weapon', { id: 'test-armour', options: { save: 5 } }],
      ...values,
    })

  it('spends one Attack; the target fails its Initiative test and takes D3 hits with no armour save; they count', () => {
    // Tree Whack at the Spears: Initiative test 4 > I3, failed. D3 = 2 hits, S6 v T3 2+: 3, 3 -> 2 wounds, and
    // no armour save is asked (the 5+ armour is not rolled). Then 5 - 1 = 4 attacks, 3+: all miss.
    // Combat result: p1 2. p2 0 wounds; 8 Spears five wide are one rank of 5 (the 3 behind are too few): no rank
    // bonus; Massed Infantry, Unit Strength 8 against the Treeman's 6: +1. p1 wins by 1 (old-world/combat-result).
    const g = game([treeman()], [spears()])
    g.apply(joined('treeman', 1, 'spears', 3))
    expect(g.request()).toMatchObject({ options: [{ id: 'spears' }, { id: 'no-tree-whack' }] })
    g.answer('tree-whack', 'spears')
    expect(g.request()).toMatchObject({ purpose: 'initiative-test', roller: 'p2', count: 1 })
    g.answer('initiative-test', [4])
    g.answer('tree-whack-hits', [2])
    g.answer('to-wound', [3, 3])
    expect(g.request()).toMatchObject({ purpose: 'to-hit', count: 4 })
    g.answer('to-hit', [1, 1, 1, 1])
    expect(g.pick('characteristic-test')).toEqual([
      { unit: 'spears', characteristic: 'I', value: 3, roll: 4, passed: false },
    ])
    expect(g.pick('combat-result')).toEqual([
      { combat: 'c1', round: 1, scores: { p1: 2, p2: 1 }, winner: 'p1', difference: 1 },
    ])
    for (const clause of ['spend-attack', 'initiative-test', 'hits', 'no-armour', 'once-per-turn'])
      expect(g.cites('tree-whack', clause)).toBe(true)
    expect(g.text()).toContain('Tree Whack: one Attack spent on it (-1): 5 -> 4')
  })

  it('seed "Select: 1x model of an enemy unit": a champion or a character may be singled out', () => {
    // The Spears' champion (I 2) and a Captain (I 5, W 2) joined them; the Treeman whacks the Captain: 6 > I5,
    // failed; D3 = 3 hits, S6 v T4 2+: 2, 2, 1 -> 2 wounds, no armour save: the Captain (W 2) is slain. The rank
    // and file lose nothing.
    const captain = {
      id: 'captain',
      name: 'Captain',
      profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 0, Ld: 8 },
    }
    const g = game([treeman()], [spears({ command: { champion: true }, characters: [captain] })])
    g.apply(joined('treeman', 1, 'spears', 3))
    expect(g.request()).toMatchObject({
      options: [{ id: 'spears' }, { id: 'champion:spears' }, { id: 'character:captain' }, { id: 'no-tree-whack' }],
    })
    g.answer('tree-whack', 'character:captain')
    expect(g.request()).toMatchObject({ purpose: 'initiative-test', roller: 'p2', count: 1 })
    expect(g.request()?.text).toBe(
      'Captain: roll a D6 Initiative test against Tree Whack, passes on 5 or less (a natural 6 always fails, a natural ' +
        '1 always passes)',
    )
    g.answer('initiative-test', [6])
    g.answer('tree-whack-hits', [3])
    g.answer('to-wound', [2, 2, 1])
    expect(g.pick('characteristic-test')).toEqual([
      { unit: 'spears', characteristic: 'I', value: 5, roll: 6, passed: false },
    ])
    expect(g.pick('character-wounded')).toMatchObject([{ unit: 'spears', character: 'captain', slain: true }])
    expect(g.game.units.spears?.models).toBe(10)
    expect(g.cites('tree-whack', 'select')).toBe(true)
  })

  it('a passed Initiative test: nothing happens, the Attack is spent all the same', () => {
    const g = game([treeman()], [spears()])
    g.apply(joined('treeman', 1, 'spears', 3))
    g.answer('tree-whack', 'spears')
    g.answer('initiative-test', [3])
    expect(g.request()).toMatchObject({ purpose: 'to-hit', count: 4 })
    expect(g.pick('characteristic-test')).toEqual([
      { unit: 'spears', characteristic: 'I', value: 3, roll: 3, passed: true },
    ])
    expect(g.cites('tree-whack', 'passed')).toBe(true)
  })

  it('a natural 6 fails the Initiative test even against Initiative 7', () => {
    const g = game([treeman()], [spears({ profile: { WS: 3, T: 3, I: 7, A: 0 } })])
    g.apply(joined('treeman', 1, 'spears', 3))
    g.answer('tree-whack', 'spears')
    g.answer('initiative-test', [6])
    expect(g.pick('characteristic-test')).toEqual([
      { unit: 'spears', characteristic: 'I', value: 7, roll: 6, passed: false },
    ])
    expect(g.request()?.purpose).toBe('tree-whack-hits')
  })

  it('declined: every Attack is struck', () => {
    const g = game([treeman()], [spears()])
    g.apply(joined('treeman', 1, 'spears', 3))
    g.answer('tree-whack', 'no-tree-whack')
    expect(g.request()).toMatchObject({ purpose: 'to-hit', count: 5 })
    expect(g.outcomes('effect-started')).toEqual([])
  })

  it('once per turn: not offered again in the same turn, offered in the next', () => {
    // c1: the Whack (test 5 > 3 failed, D3 = 2, wounds 3, 3) slays both Spearmen; the 4 Attacks left find nobody.
    // c2: 5 Archers (Unit Strength 5, not higher than the Treeman's 6: no Massed Infantry) and no wounds: a draw.
    const g = game(
      [treeman()],
      [spears({ models: 2, formation: { files: 2 } }), owUnit('archers', { models: 5, profile: { A: 0 } })],
    )
    g.apply(joined('treeman', 1, 'spears', 2))
    g.answer('tree-whack', 'spears')
    g.answer('initiative-test', [5])
    g.answer('tree-whack-hits', [2])
    g.answer('to-wound', [3, 3])
    expect(g.outcomes('combat-ended')).toHaveLength(1)
    // The Treeman wiped out the Spearmen in the round it charged: it may overrun (flee-and-pursuit §overrun); it stays,
    // which is an attempt to restrain and reform (variants §reform-after-combat): a Restraint test, double 1 passes.
    g.answer('overrun', 'stay')
    g.answer('restraint', [1, 1])
    // c2, the same turn: the Treeman strikes with all 5 Attacks, with no Tree Whack offered.
    g.apply(joined('treeman', 1, 'archers', 1, 'c2'))
    expect(g.request()).toMatchObject({ purpose: 'to-hit', count: 5 })
    g.answer('to-hit', [1, 1, 1, 1, 1])
    expect(g.pick('combat-result').at(-1)).toMatchObject({ combat: 'c2', winner: null })
    // p2's turn: a new turn, and a new Tree Whack.
    g.apply(owEv.turn(1, 'p2'))
    g.apply(owEv.phase('close-combat'))
    g.apply({
      type: 'CombatRoundDeclared',
      payload: {
        combat: 'c2',
        contact: [
          { unit: 'treeman', models: 1 },
          { unit: 'archers', models: 1 },
        ],
      },
    })
    expect(g.request()?.purpose).toBe('tree-whack')
  })
})

describe('old-world/timber', () => {
  const treeman = (values: Parameters<typeof owUnit>[1] = {}) =>
    owUnit('treeman', {
      troopType: 'behemoth',
      models: 1,
      profile: { WS: 5, S: 5, T: 3, W: 1, I: 2, A: 0 },
      rules: ['timber'],
      ...values,
    })
  const dryads = owUnit('dryads', { models: 5, profile: { A: 0 } })
  const spears = owUnit('spears', {
    models: 10,
    formation: { files: 5 },
    profile: { A: 1 },
    gear: ['hand-weapon', { id: 'test-armour', options: { save: 5 } }],
  })
  const fight: Draft = {
    type: 'CombatJoined',
    payload: {
      combat: 'c1',
      sides: [
        {
          player: 'p1',
          units: [
            { unit: 'treeman', charged: true },
            { unit: 'dryads', charged: true },
          ],
        },
        { player: 'p2', units: [{ unit: 'spears' }] },
      ],
      contact: [
        { unit: 'treeman', models: 1, target: 'spears' },
        { unit: 'dryads', models: 2, target: 'spears' },
        { unit: 'spears', models: 2, target: 'treeman' },
      ],
    },
  }

  it('falls: a roll-off (ties re-rolled) picks the arc; the units there take D6 hits, AP -1, at its Strength', () => {
    // Spears: 2 attacks 4+: 4, 4; S3 v T3 4+: 4, 1 -> the Treeman's one Wound is lost: Timber!
    // Roll-off 3 v 3: again, 5 v 2: p1 chooses the front. Dryads: not in it; Spears: in it.
    // D6 = 4 hits at S5 v T3 2+: 2, 2, 2, 1 -> 3 wounds; armour 5+, AP -1: 6+: 6, 5, 1 -> 2 slain, 10 -> 8.
    // Combat result: p1 2 (Timber!'s wounds); the Dryads (5, no files given) claim no rank bonus, and Unit Strength
    // 5 (the toppled Treeman is gone) is not higher than the Spears' 8: no Massed Infantry. p2 1 wound, 8 Spears
    // five wide are one rank of 5 (no rank bonus), Massed Infantry 8 against 5: +1 -> 2. A draw, 2 all.
    const g = game([treeman(), dryads], [spears])
    g.apply(fight)
    g.answer('to-hit', [4, 4])
    g.answer('to-wound', [4, 1])
    expect(g.request()).toMatchObject({ purpose: 'roll-off', roller: 'p1' })
    g.answer('roll-off', [3])
    expect(g.request()).toMatchObject({ purpose: 'roll-off', roller: 'p2' })
    g.answer('roll-off', [3])
    g.answer('roll-off', [5])
    g.answer('roll-off', [2])
    expect(g.request()).toMatchObject({ purpose: 'timber-arc', chooser: 'p1' })
    g.answer('timber-arc', 'front')
    g.answer('timber-in-arc', 'clear')
    g.answer('timber-in-arc', 'in-arc')
    g.answer('timber-hits', [4])
    expect(g.request()).toMatchObject({ purpose: 'to-wound', count: 4, need: 2 })
    g.answer('to-wound', [2, 2, 2, 1])
    expect(g.request()).toMatchObject({ purpose: 'armour-save', count: 3, need: 6 })
    g.answer('armour-save', [6, 5, 1])
    expect(g.pick('roll-off')).toEqual([{ purpose: 'timber', rolls: { p1: [3, 5], p2: [3, 2] }, winner: 'p1' }])
    expect(g.pick('toppled')).toEqual([{ unit: 'treeman', arc: 'front', winner: 'p1', units: ['spears'] }])
    expect(g.game.units.spears?.models).toBe(8)
    expect(g.pick('combat-result')).toEqual([
      { combat: 'c1', round: 1, scores: { p1: 2, p2: 2 }, winner: null, difference: 0 },
    ])
    for (const clause of ['falls', 'roll-off', 'arc', 'in-arc', 'hits', 'armour-piercing', 'removed'])
      expect(g.cites('timber', clause)).toBe(true)
    for (const clause of ['timber-roll-off', 'timber-in-arc', 'timber-combat-result'])
      expect(g.cites('variants', clause)).toBe(true)
  })

  it('a model whose Regeneration brings its last Wound back does not topple', () => {
    const g = game([treeman({ rules: ['timber', { id: 'regeneration', params: { save: 4 } }] }), dryads], [spears])
    g.apply(fight)
    g.answer('to-hit', [4, 4])
    g.answer('to-wound', [4, 1])
    g.answer('regeneration', [4])
    expect(g.game.units.treeman?.models).toBe(1)
    expect(g.outcomes('roll-off')).toEqual([])
    // p2: the regenerated wound 1, rank bonus +1 (10 Spears five wide: 2 ranks of 5), Massed Infantry +1 (Unit
    // Strength 10 against the Treeman's 1, its starting Wounds, and the 5 Dryads'): 3 (old-world/combat-result).
    expect(g.pick('combat-result')).toEqual([
      { combat: 'c1', round: 1, scores: { p1: 0, p2: 3 }, winner: 'p2', difference: 3 },
    ])
  })
})

describe('old-world/lumbering', () => {
  const leader = {
    id: 'lord',
    name: 'Lord',
    profile: { M: 5, WS: 5, BS: 3, S: 4, T: 4, W: 3, I: 5, A: 3, Ld: 9 },
  }

  it('no character may join a Lumbering model (old-world/lumbering)', () => {
    const g = new TestGame(owEv.created())
    expect(() =>
      g.apply(
        owEv.mustered(
          'p1',
          owUnit('treeman', { troopType: 'behemoth', models: 1, rules: ['lumbering'], characters: [leader] }),
        ),
      ),
    ).toThrow(/Lumbering: no character may join it \(old-world\/lumbering §no-joining\)/)
    expect(g.game.units).toEqual({})
  })

  it('a Lumbering character may not join a unit (old-world/lumbering)', () => {
    const g = new TestGame(owEv.created())
    expect(() =>
      g.apply(owEv.mustered('p1', owUnit('dryads', { models: 10, characters: [{ ...leader, rules: ['lumbering'] }] }))),
    ).toThrow(/Lord cannot join dryads: Lumbering: it may not join any unit \(old-world\/lumbering §no-joining\)/)
  })

  it('a lone Lumbering model is a Close Order formation in Combat Order: +1 combat result at Unit Strength 5+', () => {
    // Lumbering grants Close Order (seed line 89). The Treeman alone is one rank of one, square: in Combat Order;
    // Unit Strength 6 (its starting Wounds) >= 5: +1 (old-world/close-order §combat-order). Nobody strikes (A 0):
    // p1 0 + 1 = 1 against 3 Dwarfs' 0 (Unit Strength 3, not higher: no Massed Infantry; no files: no rank bonus).
    // Without Lumbering it has no Close Order: 0 all, a draw.
    const fight = (rules: UnitDefinitionInput['rules']) => {
      const g = game(
        [owUnit('treeman', { troopType: 'behemoth', models: 1, profile: { W: 6, A: 0 }, rules })],
        [dwarfs({ models: 3, formation: undefined, profile: { A: 0 } })],
      )
      g.apply(joined('treeman', 1, 'dwarfs', 3))
      return g
    }
    const lumbering = fight(['lumbering'])
    expect(lumbering.pick('combat-result')).toEqual([
      { combat: 'c1', round: 1, scores: { p1: 1, p2: 0 }, winner: 'p1', difference: 1 },
    ])
    expect(lumbering.cites('close-order', 'combat-order')).toBe(true)
    expect(lumbering.text()).toContain('Close Order in Combat Order: treeman (Unit Strength 6)')
    expect(fight([]).pick('combat-result')).toEqual([
      { combat: 'c1', round: 1, scores: { p1: 0, p2: 0 }, winner: null, difference: 0 },
    ])
  })

  it('a Lumbering model of Unit Strength 4 is in Close Order but claims no Combat Order bonus', () => {
    const g = game(
      [owUnit('beast', { troopType: 'monstrous-creature', models: 1, profile: { W: 4, A: 0 }, rules: ['lumbering'] })],
      [dwarfs({ models: 3, formation: undefined, profile: { A: 0 } })],
    )
    g.apply(joined('beast', 1, 'dwarfs', 3))
    expect(g.pick('combat-result')).toEqual([
      { combat: 'c1', round: 1, scores: { p1: 0, p2: 0 }, winner: null, difference: 0 },
    ])
    expect(g.text()).toContain('beast has Unit Strength 4, under 5')
  })

  it('a Lumbering model alone musters', () => {
    const g = new TestGame(owEv.created())
    g.apply(owEv.mustered('p1', owUnit('treeman', { troopType: 'behemoth', models: 1, rules: ['lumbering'] })))
    expect(g.game.units.treeman?.models).toBe(1)
  })
})

describe('the Treeman and its foes as ready units', () => {
  it('every template musters in an Old World game, and the Treeman holds its rules', () => {
    const byId = new Map(treemanTroops.map((t) => [t.id, t.unit]))
    const g = new TestGame(
      owEv.created(),
      owEv.mustered('p1', byId.get('treeman') as UnitDefinitionInput, byId.get('giant') as UnitDefinitionInput),
      owEv.mustered('p2', byId.get('torch-bearers') as UnitDefinitionInput, byId.get('monster') as UnitDefinitionInput),
    )
    const ctx = g.context()
    const treeman = ctx.unit('treeman')
    const rules = ['terror', 'fear', 'large-target', 'tree-spirit', 'immune-to-psychology', 'move-through-cover']
    rules.push('armoured-hide', 'stomp-attacks', 'regeneration', 'flammable', 'timber', 'tree-whack', 'lumbering')
    // Lumbering's Close Order (seed line 89), held through `grants`; Terror's Fear likewise.
    rules.push('close-order')
    for (const id of rules) expect(ctx.holds(treeman, id), id).toBe(true)
    // Armoured Hide (3): an unarmoured 7+ improved to 4+, the default the players edit.
    const moment: CombatMoment = { combat: 'c1', round: 1, charged: false, charging: false, facing: 'front' }
    expect(armourSaveNeed(ctx, treeman, ctx.unit('torch-bearers'), moment, 3).value).toBe(4)
    expect(treeman.troopType).toBe('behemoth')
    expect(ctx.holds(ctx.unit('torch-bearers'), 'flaming-attacks')).toBe(true)
    // The Treeman's templates come first; the generic Old World troops follow (troops.ts).
    expect(oldWorld.troops?.slice(0, treemanTroops.length)).toEqual(treemanTroops)
  })
})
