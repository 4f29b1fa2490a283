import { describe, expect, it } from 'vitest'
import { defineEntry, entryData } from '../../core/engine/catalogue.js'
import type { Ruleset } from '../../core/engine/types.js'
import { renderExplanationText } from '../../core/explain/index.js'
import { oldWorld } from '../../core/rules/old-world/index.js'
import { type Draft, EngineGame, ev, profile, RulesetGame, unitDef } from '../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'
import { refused } from '../helpers/refused.js'

/**
 * The Old World's casting and dispelling (core-mechanics B.3; old-world/magic), and Magical Attacks (seed 001
 * lines 19-21; old-world/magical-attacks).
 */

interface SpellInput {
  caster: string
  target: string
  spell?: string
  spellName?: string
  spellType?: string
  castingValue?: number
  hits?: number | string
  strength?: number
  powerDice?: number
  lineOfSight?: boolean
}
/** Fireball, a magic missile as the players enter it: casting value 8+, D6 hits at Strength 4. */
const spellCast = (input: SpellInput): Draft => ({
  type: 'SpellCast',
  payload: {
    spell: 'fireball',
    spellName: 'Fireball',
    spellType: 'magic-missile',
    castingValue: 8,
    hits: 'D6',
    strength: 4,
    distance: 12,
    inArc: true,
    lineOfSight: true,
    ...input,
  },
})

/**
 * p1: a lone Level 2 Wizard, a lone Level 1 Apprentice, and Knights joined by a Level 4 Archmage.
 * p2: Spearmen (20, T3), a lone Level 1 Hedge Wizard.
 */
function magicGame(phase = 'shooting', ruleset: Ruleset = oldWorld, extra: ReturnType<typeof owUnit>[] = []) {
  return new RulesetGame(
    ruleset,
    owEv.created(),
    owEv.mustered(
      'p1',
      owUnit('wizard', { name: 'Wizard', character: true, models: 1, wizardLevel: 2, profile: { W: 2 } }),
      owUnit('apprentice', { name: 'Apprentice', character: true, models: 1, wizardLevel: 1 }),
      owUnit('knights', {
        models: 5,
        characters: [{ id: 'archmage', name: 'Archmage', profile: profile({ W: 3 }), wizardLevel: 4 }],
      }),
    ),
    owEv.mustered(
      'p2',
      owUnit('spears', { name: 'Spearmen', models: 20, formation: { files: 5 } }),
      owUnit('hedge', { name: 'Hedge Wizard', character: true, models: 1, wizardLevel: 1 }),
      ...extra,
    ),
    owEv.turn(1, 'p1'),
    owEv.phase(phase),
  )
}

const request = (game: RulesetGame) => game.game.requests[game.openRequest()]
const options = (game: RulesetGame) => {
  const open = request(game)
  return open?.kind === 'choice' ? open.options.map((o) => o.id) : []
}
const last = (game: RulesetGame, kind: string) => game.outcomes(kind).at(-1)

describe('old-world/magic: the casting roll', () => {
  it('is 2D6 + half the Level rounded up (old-world/variants §casting-bonus): Level 4 rolls 3+3 = 8, cast at 8+', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    expect(request(game)).toMatchObject({ purpose: 'casting', count: 2, sides: 6, roller: 'p1' })
    game.roll([3, 3])
    expect(last(game, 'casting-roll')?.values).toMatchObject({ total: 8, need: 8, result: 'cast' })
    expect(game.cites('variants', 'casting-bonus')).toBe(true)
    expect(game.cites('magic', 'casting-value')).toBe(true)
    expect(renderExplanationText(last(game, 'casting-roll')!.explanation)).toContain("+ 2: half of Archmage's Level 4")
    // The enemy is offered its dispels.
    expect(request(game)).toMatchObject({ kind: 'choice', purpose: 'dispel', chooser: 'p2' })
  })

  it('a Level 2 Wizard adds 1: 3+3 = 7 fails against 8+, and nothing more is asked', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'wizard', target: 'spears' }))
    game.roll([3, 3])
    expect(last(game, 'casting-roll')?.values).toMatchObject({ total: 7, result: 'failed' })
    expect(Object.keys(game.game.requests)).toHaveLength(0)
  })

  it('old-world/magic §miscast: a natural double 1 is not cast; the Miscast table is rolled and its line recorded', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears', castingValue: 3 }))
    game.roll([1, 1])
    expect(last(game, 'casting-roll')?.values).toMatchObject({ total: 4, result: 'miscast' })
    expect(request(game)).toMatchObject({ purpose: 'miscast', count: 2 })
    game.roll([3, 4])
    expect(last(game, 'miscast')?.text).toContain('Archmage takes one Strength 4 hit, AP -1')
    expect(game.cites('magic', 'miscast-table')).toBe(true)
    // Not cast: no dispel is offered and the spell's hits are never rolled; only the Miscast's own hit on the
    // Archmage is (S4 against T3: 3+), and its one wound is the Archmage's own (W3), never the Knights'.
    expect(request(game)).toMatchObject({ purpose: 'to-wound', count: 1, need: 3, roller: 'p1' })
    game.roll([3])
    expect(game.outcomes('hits').map((o) => o.text)).toEqual(['Miscast 7: one Strength 4 hit on Archmage'])
    expect(last(game, 'character-wounded')?.values).toMatchObject({ character: 'archmage', woundsLost: 1 })
    expect(game.game.units.knights?.models).toBe(5)
    expect(Object.keys(game.game.requests)).toHaveLength(0)
  })

  it('Miscast 7: the hit is AP -1 (§miscast-table): an Armoured Hide 5+ Wizard saves on 6+', () => {
    const hide = { id: 'armoured-hide', params: { X: 2 } }
    const beast = owUnit('beast', { name: 'Beast Shaman', character: true, models: 1, wizardLevel: 1, rules: [hide] })
    const game = magicGame('shooting', oldWorld, [beast])
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.phase('shooting'))
    game.apply(spellCast({ caster: 'beast', target: 'knights', castingValue: 3 }))
    game.roll([1, 1])
    game.roll([4, 3])
    game.roll([5])
    // Armoured Hide (2) on a 7+ base: 5+; the Miscast's AP -1 makes it 6+.
    const save = request(game)
    expect(save).toMatchObject({ purpose: 'armour-save', count: 1, need: 6, roller: 'p2' })
    expect(renderExplanationText(save!.explanation)).toContain('Miscast 7: AP -1')
    expect(game.cites('magic', 'miscast-table')).toBe(true)
    game.roll([5])
    expect(last(game, 'casualties')?.values).toMatchObject({ unit: 'beast', unsaved: 1, removed: 1 })
  })

  it('Miscast 8-9: the spell is cast at its casting value (dispellable), and the Wizard casts no more this turn', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    game.roll([1, 1])
    game.roll([5, 4])
    expect(last(game, 'miscast')?.text).toContain('cast at its casting value')
    expect(game.game.magic?.done).toContain('archmage')
    // The dispel must beat the casting value, 8.
    expect(request(game)).toMatchObject({ purpose: 'dispel' })
    expect(request(game)?.text).toContain('must beat 8')
    game.choose('none')
    game.roll([2])
    expect(last(game, 'hits')?.values).toMatchObject({ hits: 2 })
    for (let i = 0; i < 5 && Object.keys(game.game.requests).length > 0; i++) {
      const open = request(game)
      game.roll(Array.from({ length: open?.kind === 'dice' ? open.count : 0 }, () => 1))
    }
    refused(
      game,
      spellCast({ caster: 'archmage', target: 'spears', spell: 'bolt', spellName: 'Bolt' }),
      'rules/cannot-cast',
      /casts no more this turn/,
    )
  })

  it('old-world/magic §perfect-invocation: a natural double 6 is cast whatever the value, and cannot be dispelled', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'apprentice', target: 'spears', castingValue: 15 }))
    game.roll([6, 6])
    expect(last(game, 'casting-roll')?.values).toMatchObject({ total: 13, need: 15, result: 'perfect-invocation' })
    expect(last(game, 'dispel-roll')?.values).toMatchObject({ dispelled: false })
    expect(last(game, 'dispel-roll')?.text).toContain('cannot be dispelled')
    // Straight on to the hits: p2 was asked nothing.
    expect(request(game)).toMatchObject({ purpose: 'spell-hits', roller: 'p1' })
    expect(game.cites('magic', 'perfect-invocation')).toBe(true)
  })
})

describe('old-world/magic: dispelling', () => {
  it('§dispel-exceed: a Fated dispel equal to the casting result fails; the spell takes effect', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    game.roll([3, 3]) // 8
    expect(options(game)).toEqual(['none', 'wizardly:hedge', 'fated'])
    game.choose('fated')
    expect(request(game)).toMatchObject({ purpose: 'dispel', count: 2, roller: 'p2' })
    game.roll([5, 3]) // 8: equal
    expect(last(game, 'dispel-roll')?.values).toMatchObject({ total: 8, dispelled: false })
    expect(renderExplanationText(last(game, 'dispel-roll')!.explanation)).toContain('equal is not enough')
    expect(game.cites('magic', 'dispel-exceed')).toBe(true)
    expect(request(game)).toMatchObject({ purpose: 'spell-hits' })
  })

  it('a Wizardly dispel adds half its Level: 4+4+1 = 9 beats 8 and the spell is dispelled', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    game.roll([3, 3])
    game.choose('wizardly:hedge')
    game.roll([4, 4])
    expect(last(game, 'dispel-roll')?.values).toMatchObject({ total: 9, dispelled: true })
    expect(game.cites('magic', 'wizardly-dispel')).toBe(true)
    expect(Object.keys(game.game.requests)).toHaveLength(0)
    expect(game.outcomes('hits')).toHaveLength(0)
  })

  it('§unbinding: a natural double 6 dispels even a casting result of 13', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    game.roll([5, 6]) // 11 + 2 = 13
    game.choose('fated')
    game.roll([6, 6]) // 12 < 13, but an Unbinding
    expect(last(game, 'dispel-roll')?.values).toMatchObject({ total: 12, dispelled: true })
    expect(game.cites('magic', 'unbinding')).toBe(true)
  })

  it('§dispel-miscast: a natural double 1 on a Wizardly dispel fails and the dispelling Wizard miscasts', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    game.roll([3, 3])
    game.choose('wizardly:hedge')
    game.roll([1, 1])
    expect(last(game, 'dispel-roll')?.values).toMatchObject({ dispelled: false })
    expect(request(game)).toMatchObject({ purpose: 'miscast', roller: 'p2' })
    game.roll([5, 5])
    expect(last(game, 'miscast')?.values).toMatchObject({ caster: 'hedge', roll: 10 })
    expect(game.cites('variants', 'dispel-miscast')).toBe(true)
    // The spell stands: its hits are rolled.
    expect(request(game)).toMatchObject({ purpose: 'spell-hits' })
  })

  it('§fated-dispel: once a turn; the second spell is offered no Fated dispel', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    game.roll([3, 3])
    game.choose('fated')
    game.roll([5, 5]) // 10 beats 8: dispelled
    expect(game.game.magic?.fated).toEqual(['p2'])
    game.apply(spellCast({ caster: 'wizard', target: 'spears', castingValue: 5 }))
    game.roll([3, 3])
    expect(options(game)).toEqual(['none', 'wizardly:hedge'])
    expect(renderExplanationText(request(game)!.explanation)).toContain('p2 has made its Fated dispel this turn')
  })

  it('the next turn of the same side starts a new record: the Fated dispel is back', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    game.roll([3, 3])
    game.choose('fated')
    game.roll([5, 5])
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.turn(2, 'p1'))
    game.apply(owEv.phase('shooting'))
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    game.roll([3, 3])
    expect(options(game)).toContain('fated')
  })
})

describe('old-world/magic: what a Wizard may cast', () => {
  it('§spells-per-turn: a Level 1 Wizard attempts one spell a turn; §once-per-spell: each spell once', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'apprentice', target: 'spears' }))
    game.roll([2, 3]) // fails
    refused(
      game,
      spellCast({ caster: 'apprentice', target: 'spears', spell: 'bolt', spellName: 'Bolt' }),
      'rules/cannot-cast',
      /Level 1 and has attempted 1 spell this turn/,
    )
    game.apply(spellCast({ caster: 'wizard', target: 'spears' }))
    game.roll([2, 3])
    refused(game, spellCast({ caster: 'wizard', target: 'spears' }), 'rules/cannot-cast', /already attempted Fireball/)
    game.apply(spellCast({ caster: 'wizard', target: 'spears', spell: 'bolt', spellName: 'Bolt' }))
    game.roll([2, 3])
    refused(
      game,
      spellCast({ caster: 'wizard', target: 'spears', spell: 'flash', spellName: 'Flash' }),
      'rules/cannot-cast',
      /Level 2 and has attempted 2 spells/,
    )
  })

  it("§phases: a spell is cast in its type's phase: a Hex in the Strategy phase, not the Shooting phase", () => {
    const game = magicGame()
    const hex = { caster: 'wizard', target: 'spears', spellType: 'hex', hits: undefined, strength: undefined }
    refused(game, spellCast(hex), 'rules/wrong-phase', /a hex is cast in the strategy phase/)
    const strategy = magicGame('strategy')
    strategy.apply(spellCast(hex))
    strategy.roll([4, 4])
    expect(last(strategy, 'casting-roll')?.values).toMatchObject({ result: 'cast' })
  })

  it('refuses power dice, a spell entered without its type or casting value, and a missile without its hits', () => {
    const game = magicGame()
    refused(game, spellCast({ caster: 'wizard', target: 'spears', powerDice: 2 }), 'rules/too-many-dice', /no power/)
    refused(game, spellCast({ caster: 'wizard', target: 'spears', castingValue: undefined }), 'rules/not-a-spell')
    refused(game, spellCast({ caster: 'wizard', target: 'spears', hits: undefined }), 'rules/not-a-spell', /hits/)
    refused(game, spellCast({ caster: 'wizard', target: 'spears', lineOfSight: false }), 'rules/bad-target', /line/)
    refused(game, spellCast({ caster: 'wizard', target: 'knights' }), 'rules/friendly-target')
  })
})

describe('old-world/magic §engaged and §assailment', () => {
  /** Answers every open request: 1s for dice, the first option for choices. */
  function drain(game: RulesetGame) {
    for (let i = 0; i < 40 && Object.keys(game.game.requests).length > 0; i++) {
      const open = request(game)
      if (open?.kind === 'dice') game.roll(Array.from({ length: open.count }, () => 1))
      else game.choose(open?.kind === 'choice' ? (open.options[0]?.id ?? '') : '')
    }
  }

  it('an engaged Wizard casts only Assailments, at the enemy it is engaged with; they hit automatically', () => {
    const game = magicGame('close-combat')
    game.apply(owEv.joined('knights', 'spears', 5))
    drain(game)
    expect(game.game.combats.c1?.ended).toBe(false)
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.turn(2, 'p1'))
    game.apply(owEv.phase('shooting'))
    refused(game, spellCast({ caster: 'archmage', target: 'spears' }), 'rules/engaged', /only Assailment/)
    game.apply(owEv.phase('close-combat'))
    const assail = { caster: 'archmage', spellType: 'assailment', spell: 'flame', spellName: 'Flame', hits: 3 }
    refused(game, spellCast({ ...assail, target: 'hedge' }), 'rules/bad-target', /engaged with/)
    game.apply(spellCast({ ...assail, target: 'spears' }))
    game.roll([4, 4])
    game.choose('none')
    expect(last(game, 'hits')?.values).toMatchObject({ hits: 3 })
    expect(game.cites('magic', 'assailment')).toBe(true)
    expect(request(game)).toMatchObject({ purpose: 'to-wound', count: 3 })
  })
})

describe('SpellCast in a classic game keeps its power dice and its catalogue spells', () => {
  it('refuses a spell entered as The Old World enters it, and a cast without power dice', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', unitDef('lord', { name: 'Lord', character: true, models: 1, wizardLevel: 2 })),
      ev.mustered('p2', unitDef('spears', { models: 10 })),
      ev.turn(1, 'p1'),
      ev.phase('magic'),
    )
    const classicCast = { caster: 'lord', spell: 'doombolt', target: 'spears', distance: 10, inArc: true }
    refused(game, { type: 'SpellCast', payload: { ...classicCast, spellType: 'hex' } }, 'rules/not-a-spell')
    refused(game, { type: 'SpellCast', payload: classicCast }, 'rules/too-many-dice', /powerDice/)
  })
})

/** A stand-in ward save that works against Magical attacks only, to show the saves are told. */
const standInMagicWard = defineEntry({
  id: 'stand-in-magic-ward',
  name: 'Stand-in ward against magic',
  kind: 'item',
  source: 'test',
  text: 'A 2+ ward save against Magical attacks.',
  clauses: { ward: 'a 2+ ward save against Magical attacks' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'ward-save',
      clause: 'ward',
      label: 'ward against magic',
      kind: 'set',
      when: (q) => (q.magical ? true : 'only against Magical attacks'),
      value: 2,
    },
  ],
})
const withStandIns: Ruleset = {
  ...oldWorld,
  definitions: [...oldWorld.definitions, standInMagicWard],
  catalogue: {
    ...oldWorld.catalogue,
    entries: [...oldWorld.catalogue.entries, entryData(standInMagicWard)],
  },
}

describe('old-world/magic §armour: Wizards in armour neither cast nor dispel (the permission point)', () => {
  it('an armoured Wizard is refused its spell; an armoured enemy Wizard is not offered a dispel', () => {
    const armoured = [
      owUnit('iron', { name: 'Iron Wizard', character: true, models: 1, wizardLevel: 2, gear: ['heavy-armour'] }),
      owUnit('shielded', { name: 'Shield Wizard', character: true, models: 1, wizardLevel: 1, gear: ['shield'] }),
      // The unit's armour is its own: the Seer who joined it wears none and dispels.
      owUnit('guardians', {
        models: 10,
        gear: ['hand-weapon', 'full-plate-armour', 'shield'],
        characters: [{ id: 'seer', name: 'Seer', profile: profile(), wizardLevel: 2 }],
      }),
      // And the other way round: the Warlock's own light armour bars it, in a unit that wears none.
      owUnit('militia', {
        models: 10,
        characters: [
          { id: 'warlock', name: 'Warlock', profile: profile(), wizardLevel: 1, gear: ['hand-weapon', 'light-armour'] },
        ],
      }),
    ]
    const game = magicGame('shooting', oldWorld, armoured)
    game.apply(spellCast({ caster: 'archmage', target: 'spears' }))
    game.roll([3, 3])
    expect(options(game)).toEqual(['none', 'wizardly:hedge', 'wizardly:seer', 'fated'])
    const why = renderExplanationText(request(game)!.explanation)
    expect(why).toContain('Iron Wizard cannot dispel: wears armour (old-world/heavy-armour §wizards)')
    expect(why).toContain('Shield Wizard cannot dispel: carries a shield (old-world/shield §wizards)')
    expect(why).toContain('Warlock cannot dispel: wears armour (old-world/light-armour §wizards)')
    game.choose('none')
    game.roll([1])
    for (let i = 0; i < 5 && Object.keys(game.game.requests).length > 0; i++) {
      const open = request(game)
      game.roll(Array.from({ length: open?.kind === 'dice' ? open.count : 0 }, () => 1))
    }
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.phase('shooting'))
    refused(
      game,
      spellCast({ caster: 'iron', target: 'knights' }),
      'rules/cannot-cast',
      /heavy-armour §wizards.*§armour/,
    )
    refused(game, spellCast({ caster: 'shielded', target: 'knights' }), 'rules/cannot-cast', /shield §wizards.*§armour/)
  })

  it('old-world/light-armour and old-world/full-plate-armour bar casting too; barding and armoured hide do not', () => {
    const wizardIn = (id: string, gear: string[], rules: { id: string; params: { X: number } }[] = []) =>
      owUnit(id, { name: id, character: true, models: 1, wizardLevel: 1, gear, rules })
    const p2Shooting = (...wizards: ReturnType<typeof owUnit>[]) => {
      const game = magicGame('shooting', oldWorld, wizards)
      game.apply(owEv.turn(1, 'p2'))
      game.apply(owEv.phase('shooting'))
      return game
    }
    const game = p2Shooting(wizardIn('light', ['light-armour']), wizardIn('plate', ['full-plate-armour']))
    refused(game, spellCast({ caster: 'light', target: 'knights' }), 'rules/cannot-cast', /light-armour §wizards/)
    refused(game, spellCast({ caster: 'plate', target: 'knights' }), 'rules/cannot-cast', /full-plate-armour §wizards/)
    for (const free of [
      wizardIn('free', ['barding']),
      wizardIn('free', [], [{ id: 'armoured-hide', params: { X: 1 } }]),
    ]) {
      const unbarred = p2Shooting(free)
      unbarred.apply(spellCast({ caster: 'free', target: 'knights' }))
      expect(request(unbarred)).toMatchObject({ purpose: 'casting', roller: 'p2' })
    }
  })
})

describe('old-world/magic §magic-missile: hits as dice', () => {
  it('a spell of 2D3+1 hits rolls two D3 and adds 1 (the dice count any rule writes)', () => {
    const game = magicGame()
    game.apply(spellCast({ caster: 'archmage', target: 'spears', hits: '2D3+1' }))
    game.roll([3, 3])
    game.choose('none')
    expect(request(game)).toMatchObject({ purpose: 'spell-hits', count: 2, sides: 3 })
    game.roll([2, 3])
    expect(last(game, 'hits')?.values).toMatchObject({ hits: 6 })
    expect(last(game, 'hits')?.text).toBe('Fireball hits Spearmen 6 times')
  })
})

describe('old-world/magical-attacks', () => {
  it("a spell's hits are Magical attacks (§spells), and a ward against Magical attacks is taken against them", () => {
    const warded = [owUnit('guard', { name: 'Guard', models: 10, gear: ['hand-weapon', 'stand-in-magic-ward'] })]
    const game = magicGame('shooting', withStandIns, warded)
    game.apply(spellCast({ caster: 'archmage', target: 'guard', hits: 2 }))
    game.roll([4, 4])
    game.choose('none')
    expect(request(game)).toMatchObject({ purpose: 'to-wound', count: 2 })
    game.roll([4, 4])
    const wounds = last(game, 'wounds')!
    expect(renderExplanationText(wounds.explanation)).toContain("Archmage's Fireball's hits are Magical attacks")
    expect(game.cites('magical-attacks', 'spells')).toBe(true)
    // No armour: straight to the 2+ ward against magic.
    expect(request(game)).toMatchObject({ purpose: 'ward-save', need: 2 })
  })

  it('a unit with Magical Attacks strikes Magical attacks in combat (§attacks); a unit without it does not', () => {
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('wraiths', { models: 5, rules: ['magical-attacks'], profile: { WS: 4 } })),
      owEv.mustered('p2', owUnit('spears', { models: 10, formation: { files: 5 } })),
      owEv.turn(1, 'p1'),
      owEv.phase('close-combat'),
    )
    game.apply(owEv.joined('wraiths', 'spears', 5))
    for (let i = 0; i < 30 && Object.keys(game.game.requests).length > 0; i++) {
      const open = game.game.requests[game.openRequest()]
      if (open?.kind === 'dice') game.roll(Array.from({ length: open.count }, () => 5))
      else game.choose(open?.kind === 'choice' ? (open.options[0]?.id ?? '') : '')
    }
    const by = (name: string) =>
      game
        .outcomes('wounds')
        .filter((o) => o.text.startsWith(name))
        .map((o) => renderExplanationText(o.explanation))
    expect(by('wraiths').some((t) => t.includes("wraiths's hits are Magical attacks"))).toBe(true)
    expect(by('spears').length).toBeGreaterThan(0)
    expect(by('spears').some((t) => t.includes('Magical'))).toBe(false)
    expect(game.cites('magical-attacks', 'attacks')).toBe(true)
  })
})
