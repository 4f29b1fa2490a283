import { describe, expect, it } from 'vitest'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { characteristic, wardSaveNeed } from '../../core/rules/battle/charts.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { EngineGame, ev, profile, unitDef } from '../helpers/classic-game.js'
import { refused } from '../helpers/refused.js'

/**
 * The magic phase (issue #7, part 4): the Winds of Magic, casting and dispelling, Magic
 * Resistance, and the seed's five spells with their effects and durations.
 */

type Draft = Parameters<EngineGame['apply']>[0]

interface CastInput {
  caster: string
  spell: string
  target: string
  powerDice: number
  distance?: number
  inArc?: boolean
  lineOfSight?: boolean
  modelsUnderTemplate?: number
}
const cast = (input: CastInput): Draft => ({
  type: 'SpellCast',
  payload: { distance: 10, inArc: true, lineOfSight: true, ...input },
  actor: 'p1',
})

/**
 * p1: Warriors with a joined level-2 Sorceress (W 2), and a lone level-4 Lord (W 3).
 * p2: Spears (20, light armour), a lone level-1 Mage, Guard joined by a Captain with the Crown
 * of Black Iron, and a lone Hero wearing the Crown.
 */
function magicGame(variant = 'classic', lordWounds = 3): EngineGame {
  return new EngineGame(
    ev.created(variant),
    ev.mustered(
      'p1',
      unitDef('warriors', {
        models: 10,
        characters: [{ id: 'sorceress', name: 'Sorceress', profile: profile({ W: 2 }), wizardLevel: 2 }],
      }),
      unitDef('lord', { name: 'Lord', character: true, models: 1, wizardLevel: 4, profile: { W: lordWounds } }),
    ),
    ev.mustered(
      'p2',
      unitDef('spears', { models: 20, gear: ['hand-weapon', 'light-armour'] }),
      unitDef('mage', { name: 'Mage', character: true, models: 1, wizardLevel: 1 }),
      unitDef('guard', {
        models: 10,
        characters: [{ id: 'captain', name: 'Captain', profile: profile(), gear: ['crown-of-black-iron'] }],
      }),
      unitDef('hero', { name: 'Hero', character: true, models: 1, profile: { W: 2 }, gear: ['crown-of-black-iron'] }),
    ),
    ev.turn(1, 'p1'),
    ev.phase('magic'),
  )
}

/** Every explanation the game has given so far (outcomes and requests). */
function explanations(game: EngineGame) {
  return game.steps.flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])
}
const cites = (game: EngineGame, id: string, clause: string) =>
  explanations(game)
    .flatMap(citedRules)
    .some((ref) => ref.id === id && ref.clause === clause)
const text = (game: EngineGame) =>
  explanations(game)
    .map((e) => renderExplanationText(e))
    .join('\n')

const ctxOf = (game: EngineGame) => game.engine.contextFor(game.state) as ClassicContext
const outcomesOf = (game: EngineGame, kind: string) =>
  game.steps.flatMap((s) => s.outcomes).filter((o) => o.kind === kind)
const request = (game: EngineGame) => game.game.requests[game.openRequest()]
const optionsOf = (game: EngineGame) => {
  const open = request(game)
  return open?.kind === 'choice' ? open.options : []
}

describe('the Winds of Magic', () => {
  it('classic: power = 2 + Wizard levels, dispel = 2 + 1 per level 1-2 and 2 per level 3-4 (classic/magic, variants §magic-dice)', () => {
    const game = magicGame()
    expect(game.game.magic).toMatchObject({ turn: 1, player: 'p1', power: 8, dispel: { p2: 3 } })
    const winds = outcomesOf(game, 'magic-dice')[0]!
    const rendered = renderExplanationText(winds.explanation)
    expect(rendered).toContain('p1: 8 power dice = 2 + Wizard levels (Sorceress level 2, Lord level 4)')
    expect(rendered).toContain('p2: 3 dispel dice = 2 + 1 per level 1-2 and 2 per level 3-4 Wizard (Mage level 1)')
    expect(cites(game, 'magic', 'power-dice')).toBe(true)
    expect(cites(game, 'magic', 'dispel-dice')).toBe(true)
    expect(cites(game, 'variants', 'magic-dice')).toBe(true)
  })

  it("classic: the other side's level 3-4 Wizard gives 2 dispel dice", () => {
    const game = magicGame()
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('magic'))
    // p2's pools: 2 + Mage 1 = 3 power; p1 dispel = 2 + Sorceress 1 + Lord 2 = 5.
    expect(game.game.magic).toMatchObject({ player: 'p2', power: 3, dispel: { p1: 5 } })
  })

  it('a Wizard level belongs to a character: a unit that is not a lone character cannot have one', () => {
    const game = new EngineGame(ev.created())
    refused(
      game,
      ev.mustered('p1', unitDef('warriors', { wizardLevel: 2 })),
      'rules/bad-formation',
      /only a lone character has a Wizard level/,
    )
  })

  it('classic-8th: 2D6 for the Winds (power = total, dispel = higher die), then each Wizard channels on a 6', () => {
    const game = magicGame('classic-8th')
    expect(request(game)).toMatchObject({ purpose: 'winds-of-magic', count: 2, roller: 'p1' })
    game.roll([5, 3])
    expect(request(game)).toMatchObject({ purpose: 'channel', count: 2, roller: 'p1' })
    game.roll([6, 2])
    expect(request(game)).toMatchObject({ purpose: 'channel', count: 1, roller: 'p2' })
    game.roll([6])
    expect(game.game.magic).toMatchObject({ power: 9, dispel: { p2: 6 } })
    expect(cites(game, 'magic', 'winds')).toBe(true)
    expect(cites(game, 'magic', 'channel')).toBe(true)
  })
})

describe('casting', () => {
  it('a cast that falls short of the casting value fails, and says why (classic/magic §cast, classic/doombolt §casting-value)', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 2 }))
    expect(game.game.magic?.power).toBe(6)
    const step = game.roll([3, 2])
    const roll = step.outcomes.find((o) => o.kind === 'casting-roll')!
    expect(roll.values).toMatchObject({ total: 5, need: 7, result: 'failed' })
    const rendered = renderExplanationText(roll.explanation)
    expect(rendered).toContain('Doombolt fails: 5 against 7+')
    expect(rendered).toContain('Doombolt: casting value 7+')
    expect(cites(game, 'doombolt', 'casting-value')).toBe(true)
    expect(Object.keys(game.game.requests)).toEqual([])
  })

  it('a cast that reaches the casting value is cast; the opponent is asked for dispel dice (classic/magic §dispel)', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 3 }))
    const step = game.roll([4, 3, 2])
    expect(step.outcomes.find((o) => o.kind === 'casting-roll')?.values).toMatchObject({ total: 9, result: 'cast' })
    expect(renderExplanationText(step.outcomes.find((o) => o.kind === 'casting-roll')!.explanation)).toContain(
      'Doombolt is cast: 9 against 7+',
    )
    expect(request(game)).toMatchObject({ kind: 'choice', purpose: 'dispel-dice', chooser: 'p2' })
    expect(optionsOf(game).map((o) => o.id)).toEqual(['0', '1', '2', '3'])
  })

  it('classic: a Wizard casts with at most its level + 1 dice, and never more than the pool (classic/magic §max-dice)', () => {
    const game = magicGame()
    refused(
      game,
      cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 4 }),
      'rules/too-many-dice',
      /at most 3 dice \(level 2 \+ 1\)/,
    )
    game.apply(cast({ caster: 'lord', spell: 'dominion', target: 'spears', powerDice: 5 }))
    game.roll([1, 2, 2, 2, 2])
    game.apply(cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 2 }))
    game.roll([2, 3])
    refused(
      game,
      cast({ caster: 'sorceress', spell: 'chill-wind', target: 'spears', powerDice: 2 }),
      'rules/too-many-dice',
      /2 power dice, but 1 are left in the pool/,
    )
  })

  it('classic-8th: up to 6 dice whatever the level, and the level is added to the casting total', () => {
    const game = magicGame('classic-8th')
    game.roll([6, 6])
    game.roll([1, 1])
    game.roll([1])
    game.apply(cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 4 }))
    const step = game.roll([1, 2, 1, 2])
    // 6 on the dice + level 2 = 8 >= 7.
    expect(step.outcomes.find((o) => o.kind === 'casting-roll')?.values).toMatchObject({ total: 8, result: 'cast' })
  })

  it("classic-8th: a failed cast ends the Wizard's casting; a dispel adds the best Wizard level (variants §magic-dice)", () => {
    const game = magicGame('classic-8th')
    game.roll([6, 6])
    game.roll([1, 1])
    game.roll([1])
    game.apply(cast({ caster: 'sorceress', spell: 'dominion', target: 'spears', powerDice: 2 }))
    game.roll([3, 2]) // 5 + level 2 = 7 < 10
    expect(game.game.magic?.done).toEqual(['sorceress'])
    refused(game, cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 1 }), 'rules/cannot-cast')
    game.apply(cast({ caster: 'lord', spell: 'doombolt', target: 'spears', powerDice: 2 }))
    game.roll([4, 3]) // 7 + level 4 = 11
    game.apply(ev.choice(game.openRequest(), '2'))
    const dispel = game.roll([5, 5]) // 10 + the Mage's level 1 = 11 >= 11
    const rolled = dispel.outcomes.find((o) => o.kind === 'dispel-roll')!
    expect(rolled.values).toMatchObject({ total: 11, need: 11, dispelled: true })
    expect(renderExplanationText(rolled.explanation)).toContain("+ Mage's level 1 = 11")
  })

  it('Irresistible Force: two 6s cast the spell and it cannot be dispelled (classic/magic §irresistible)', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 3 }))
    const step = game.roll([6, 6, 3])
    expect(step.outcomes.find((o) => o.kind === 'casting-roll')?.values).toMatchObject({ result: 'irresistible' })
    // No dispel: straight to the spell's hits.
    expect(request(game)).toMatchObject({ purpose: 'spell-hits' })
    expect(cites(game, 'magic', 'irresistible')).toBe(true)
  })

  it('classic miscast: two 1s fail the spell, a 2D6 miscast roll is recorded, the Wizard casts no more (variants §miscast)', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'doombolt', target: 'spears', powerDice: 3 }))
    const step = game.roll([1, 1, 6])
    expect(step.outcomes.find((o) => o.kind === 'casting-roll')?.values).toMatchObject({ total: 8, result: 'miscast' })
    expect(request(game)).toMatchObject({ purpose: 'miscast', count: 2, roller: 'p1' })
    const miscast = game.roll([3, 4])
    expect(miscast.outcomes[0]).toMatchObject({ kind: 'miscast', values: { caster: 'lord', roll: 7 } })
    expect(cites(game, 'variants', 'miscast')).toBe(true)
    expect(game.game.magic?.done).toEqual(['lord'])
    refused(game, cast({ caster: 'lord', spell: 'chill-wind', target: 'spears', powerDice: 1 }), 'rules/cannot-cast')
  })

  it('classic-8th miscast: Irresistible Force brings a miscast after the spell resolves', () => {
    const game = magicGame('classic-8th')
    game.roll([6, 6])
    game.roll([1, 1])
    game.roll([1])
    game.apply(cast({ caster: 'lord', spell: 'doombolt', target: 'spears', powerDice: 2 }))
    game.roll([6, 6])
    expect(request(game)).toMatchObject({ purpose: 'spell-hits' })
    game.roll([1])
    game.roll([1]) // to wound: fails
    expect(request(game)).toMatchObject({ purpose: 'miscast' })
  })

  it('a Wizard attempts each spell once per phase (classic/magic §once-per-spell)', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 1 }))
    game.roll([2])
    refused(
      game,
      cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 1 }),
      'rules/cannot-cast',
      /already attempted Doombolt/,
    )
  })

  it('a spell waits for the last one: no cast while its dispel is still owed', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 3 }))
    game.roll([4, 3, 2])
    refused(game, cast({ caster: 'lord', spell: 'doombolt', target: 'spears', powerDice: 1 }), 'engine/requests-open')
  })

  it('the declaration is checked: range, arc, line of sight, friend or foe, phase, Wizard', () => {
    const game = magicGame()
    refused(
      game,
      cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 1, distance: 19 }),
      'rules/out-of-range',
      /range is 18"/,
    )
    refused(
      game,
      cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 1, inArc: false }),
      'rules/bad-target',
    )
    refused(
      game,
      cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 1, lineOfSight: false }),
      'rules/cannot-cast',
    )
    refused(
      game,
      cast({ caster: 'sorceress', spell: 'dominion', target: 'warriors', powerDice: 1 }),
      'rules/friendly-target',
    )
    refused(
      game,
      cast({ caster: 'sorceress', spell: 'shroud-of-darkness', target: 'spears', powerDice: 1 }),
      'rules/bad-target',
    )
    refused(game, cast({ caster: 'mage', spell: 'doombolt', target: 'warriors', powerDice: 1 }), 'rules/wrong-side')
    refused(game, cast({ caster: 'warriors', spell: 'doombolt', target: 'spears', powerDice: 1 }), 'rules/not-a-wizard')
    refused(
      game,
      cast({ caster: 'sorceress', spell: 'light-armour', target: 'spears', powerDice: 1 }),
      'rules/not-a-spell',
    )
    game.apply(ev.phase('shooting'))
    refused(game, cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 1 }), 'rules/wrong-phase')
  })
})

describe('dispelling and Magic Resistance', () => {
  it('a dispel total at least the casting total dispels; the dice are spent (classic/magic §dispel)', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 3 }))
    game.roll([4, 3, 2])
    game.apply(ev.choice(game.openRequest(), '2'))
    expect(game.game.magic?.dispel).toEqual({ p2: 1 })
    expect(request(game)).toMatchObject({ purpose: 'dispel', count: 2, roller: 'p2' })
    const step = game.roll([5, 4])
    expect(step.outcomes.find((o) => o.kind === 'dispel-roll')?.values).toMatchObject({
      total: 9,
      need: 9,
      dispelled: true,
    })
    expect(Object.keys(game.game.requests)).toEqual([])
  })

  it('Crown of Black Iron: MR 1, a dispel die more against spells on its unit (classic/crown-of-black-iron §magic-resistance)', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'doombolt', target: 'guard', powerDice: 3 }))
    game.roll([5, 4, 3])
    const options = optionsOf(game)
    expect(options[1]).toEqual({ id: '1', text: '1 dispel die + 1 Magic Resistance' })
    game.apply(ev.choice(game.openRequest(), '2'))
    expect(request(game)).toMatchObject({ purpose: 'dispel', count: 3 })
    const step = game.roll([6, 5, 1])
    expect(step.outcomes.find((o) => o.kind === 'dispel-roll')?.values).toMatchObject({ total: 12, dispelled: true })
    expect(game.game.magic?.dispel).toEqual({ p2: 1 })
    expect(cites(game, 'crown-of-black-iron', 'magic-resistance')).toBe(true)
    expect(cites(game, 'variants', 'magic-resistance')).toBe(true)
  })

  it('Crown of Black Iron: no MR dice against a spell on another unit', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'doombolt', target: 'spears', powerDice: 3 }))
    game.roll([5, 4, 3])
    game.apply(ev.choice(game.openRequest(), '2'))
    expect(request(game)).toMatchObject({ purpose: 'dispel', count: 2 })
  })

  it('Crown of Black Iron, classic-8th: "MR 1" is a dispel die more there too (variants §magic-resistance)', () => {
    // Seed 000 Crown of Black Iron: "5+ Ward Save, MR 1". The seed's words win in every variant.
    const game = magicGame('classic-8th')
    game.roll([6, 6])
    game.roll([1, 1])
    game.roll([1])
    game.apply(cast({ caster: 'lord', spell: 'doombolt', target: 'guard', powerDice: 3 }))
    game.roll([5, 4, 3])
    expect(optionsOf(game)[1]).toEqual({ id: '1', text: '1 dispel die + 1 Magic Resistance' })
    game.apply(ev.choice(game.openRequest(), '2'))
    expect(request(game)).toMatchObject({ purpose: 'dispel', count: 3 })
    expect(cites(game, 'crown-of-black-iron', 'magic-resistance')).toBe(true)
    expect(cites(game, 'variants', 'magic-resistance')).toBe(true)
  })

  it("Crown of Black Iron: its bearer's 5+ ward save (classic/crown-of-black-iron §ward)", () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'doombolt', target: 'hero', powerDice: 3 }))
    game.roll([5, 4, 3])
    game.apply(ev.choice(game.openRequest(), '0'))
    game.roll([1])
    game.roll([6])
    expect(request(game)).toMatchObject({ purpose: 'ward-save', need: 5 })
    expect(cites(game, 'crown-of-black-iron', 'ward')).toBe(true)
  })
})

describe("the seed's spells", () => {
  it('Doombolt: D6 Strength 5 hits that hit automatically (classic/doombolt §hits)', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'sorceress', spell: 'doombolt', target: 'spears', powerDice: 3 }))
    game.roll([4, 3, 2])
    game.apply(ev.choice(game.openRequest(), '0'))
    const hits = game.roll([4])
    expect(hits.outcomes[0]).toMatchObject({ kind: 'hits', values: { hits: 4 } })
    expect(request(game)).toMatchObject({ purpose: 'to-wound', count: 4, need: 2 })
    game.roll([2, 2, 1, 6])
    // Light armour 6+ worsened by S5 (-2): no save; 3 casualties.
    const casualties = outcomesOf(game, 'casualties')[0]
    expect(casualties?.values).toMatchObject({ unit: 'spears', removed: 3, modelsLeft: 17 })
    expect(cites(game, 'doombolt', 'hits')).toBe(true)
    expect(cites(game, 'magic', 'magic-missile')).toBe(true)
  })

  it("Chill Wind: D6 S4 hits and -1 BS until the caster's next magic phase (classic/chill-wind §ballistic-skill)", () => {
    const game = magicGame()
    game.apply(cast({ caster: 'sorceress', spell: 'chill-wind', target: 'spears', powerDice: 2, distance: 24 }))
    game.roll([4, 3])
    game.apply(ev.choice(game.openRequest(), '0'))
    game.roll([2])
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 3 })
    game.roll([3, 1])
    const bs = () => characteristic(ctxOf(game), game.game.units.spears!, 'BS', null, null)
    expect(bs().value).toBe(2)
    expect(renderExplanationText(bs().explanation)).toContain('(classic/chill-wind §ballistic-skill)')
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('magic'))
    game.apply(ev.phase('shooting'))
    expect(bs().value).toBe(2)
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('movement'))
    expect(bs().value).toBe(2)
    const magic = game.apply(ev.phase('magic'))
    expect(magic.outcomes.find((o) => o.kind === 'effect-ended')?.values).toMatchObject({
      entry: 'chill-wind',
      unit: 'spears',
    })
    expect(bs().value).toBe(3)
  })

  it("Dominion A: no charge and no move but a reform, through the target's next movement phase (classic/dominion §no-move)", () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'dominion', target: 'spears', powerDice: 5, distance: 18 }))
    game.roll([5, 5, 4, 3, 2])
    game.apply(ev.choice(game.openRequest(), '0'))
    expect(request(game)).toMatchObject({ purpose: 'dominion-effect', chooser: 'p1' })
    game.apply(ev.choice(game.openRequest(), 'A'))
    const may = (action: 'charge' | 'move' | 'march' | 'shoot' | 'cast') =>
      ctxOf(game)
        .modifiers('permission', { subject: game.game.units.spears!, opponent: null, action })
        .find((r) => r.status === 'applied' && r.value === 'forbidden')
    expect(may('charge')?.source).toEqual({ ruleset: 'classic', id: 'dominion', clause: 'no-move' })
    expect(may('move')).toBeDefined()
    expect(may('shoot')).toBeUndefined()
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('movement'))
    expect(may('charge')).toBeDefined()
    const next = game.apply(ev.phase('magic'))
    expect(next.outcomes.find((o) => o.kind === 'effect-ended')?.text).toContain("p2's movement phase is over")
    expect(may('charge')).toBeUndefined()
  })

  it("Dominion B: the target's Wizards cannot cast in its next magic phase, and may after it (classic/dominion §no-spells)", () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'dominion', target: 'mage', powerDice: 5, distance: 18 }))
    game.roll([5, 5, 4, 3, 2])
    game.apply(ev.choice(game.openRequest(), '0'))
    game.apply(ev.choice(game.openRequest(), 'B'))
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('movement'))
    game.apply(ev.phase('magic'))
    refused(
      game,
      { ...cast({ caster: 'mage', spell: 'doombolt', target: 'warriors', powerDice: 1 }), actor: 'p2' },
      'rules/cannot-cast',
      /Dominion \(B\): no spells \(classic\/dominion §no-spells\)/,
    )
    game.apply(ev.phase('shooting'))
    expect(game.game.effects).toEqual([])
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.turn(2, 'p2'))
    game.apply(ev.phase('magic'))
    game.apply({ ...cast({ caster: 'mage', spell: 'doombolt', target: 'warriors', powerDice: 1 }), actor: 'p2' })
    expect(request(game)).toMatchObject({ purpose: 'casting' })
  })

  it("Dominion C: no ranged attacks until the target's shooting phase, or its turn, is over (classic/dominion §no-shooting)", () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'dominion', target: 'spears', powerDice: 5, distance: 18 }))
    game.roll([5, 5, 4, 3, 2])
    game.apply(ev.choice(game.openRequest(), '0'))
    game.apply(ev.choice(game.openRequest(), 'C'))
    const shoot = () =>
      ctxOf(game)
        .modifiers('permission', { subject: game.game.units.spears!, opponent: null, action: 'shoot' })
        .some((r) => r.status === 'applied' && r.value === 'forbidden')
    expect(shoot()).toBe(true)
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('movement'))
    expect(shoot()).toBe(true)
    // p2 skips its shooting phase: the bar ends with its turn all the same.
    const next = game.apply(ev.turn(2, 'p1'))
    expect(next.outcomes.find((o) => o.kind === 'effect-ended')?.values).toMatchObject({ entry: 'dominion' })
    expect(shoot()).toBe(false)
  })

  it('Shroud of Darkness: cast on 3, a 5+ ward against ranged attacks and spells only (classic/shroud-of-darkness §ward)', () => {
    const game = magicGame()
    game.apply(
      cast({ caster: 'sorceress', spell: 'shroud-of-darkness', target: 'warriors', powerDice: 1, distance: 0 }),
    )
    const step = game.roll([3])
    expect(step.outcomes.find((o) => o.kind === 'casting-roll')?.values).toMatchObject({ need: 3, result: 'cast' })
    expect(cites(game, 'variants', 'shroud-casting-value')).toBe(true)
    game.apply(ev.choice(game.openRequest(), '0'))
    const ctx = ctxOf(game)
    const warriors = game.game.units.warriors!
    const spears = game.game.units.spears!
    expect(wardSaveNeed(ctx, warriors, spears, null, 'shooting').value).toBe(5)
    expect(wardSaveNeed(ctx, warriors, spears, null, 'spell').value).toBe(5)
    const melee = wardSaveNeed(ctx, warriors, spears, null, 'close-combat')
    expect(melee.value).toBeNull()
    expect(renderExplanationText(melee.explanation)).toContain('only against ranged attacks and spells')
    // Against a real spell: p2's Mage doombolts the shrouded Warriors.
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('magic'))
    game.apply({ ...cast({ caster: 'mage', spell: 'doombolt', target: 'warriors', powerDice: 2 }), actor: 'p2' })
    game.roll([4, 4])
    game.apply(ev.choice(game.openRequest(), '0'))
    game.roll([1])
    game.roll([6])
    expect(request(game)).toMatchObject({ purpose: 'ward-save', need: 5 })
    expect(cites(game, 'shroud-of-darkness', 'ward')).toBe(true)
  })

  it("Shroud of Darkness: not on characters, and gone at the caster's next magic phase (classic/shroud-of-darkness §characters)", () => {
    const game = magicGame()
    game.apply(cast({ caster: 'sorceress', spell: 'shroud-of-darkness', target: 'lord', powerDice: 1 }))
    game.roll([4])
    game.apply(ev.choice(game.openRequest(), '0'))
    const lord = wardSaveNeed(ctxOf(game), game.game.units.lord!, game.game.units.spears!, null, 'shooting')
    expect(lord.value).toBeNull()
    expect(renderExplanationText(lord.explanation)).toContain('no effect on character models')
    expect(game.game.effects).toHaveLength(1)
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('magic'))
    expect(game.game.effects).toEqual([])
  })

  it('Soul Stealer: S3 hits on the models under the template, no armour save; the caster gains a Wound (classic/soul-stealer)', () => {
    const game = magicGame()
    game.apply(
      cast({
        caster: 'lord',
        spell: 'soul-stealer',
        target: 'spears',
        powerDice: 3,
        distance: 12,
        modelsUnderTemplate: 5,
      }),
    )
    game.roll([5, 4, 2])
    game.apply(ev.choice(game.openRequest(), '0'))
    expect(request(game)).toMatchObject({ purpose: 'to-wound', count: 5, need: 4 })
    game.roll([4, 4, 1, 2, 6])
    // Light armour would save on 6+ at S3: "no AS", so no save is asked for.
    expect(Object.keys(game.game.requests)).toEqual([])
    expect(outcomesOf(game, 'casualties')[0]?.values).toMatchObject({ removed: 3 })
    expect(cites(game, 'soul-stealer', 'no-armour')).toBe(true)
    const gained = outcomesOf(game, 'wounds-gained')[0]!
    expect(gained.values).toEqual({ unit: 'lord', character: null, gained: 1, wounds: 4 })
    expect(renderExplanationText(gained.explanation)).toContain(
      'Lord gains 1 Wound: 3 -> 4 (at most 6, double its W 3)',
    )
    expect(game.game.units.lord?.woundsOnNextModel).toBe(-1)
  })

  it('Soul Stealer: a joined caster gains the Wound on its own record', () => {
    const game = magicGame()
    game.apply(
      cast({ caster: 'sorceress', spell: 'soul-stealer', target: 'spears', powerDice: 3, modelsUnderTemplate: 1 }),
    )
    game.roll([5, 4, 2])
    game.apply(ev.choice(game.openRequest(), '0'))
    game.roll([5])
    expect(game.game.units.warriors?.characters[0]?.woundsLost).toBe(-1)
  })

  it('Soul Stealer: never above double the original W (classic/soul-stealer §wound-gain)', () => {
    const game = magicGame('classic', 1)
    const soulStealer = () => {
      game.apply(
        cast({ caster: 'lord', spell: 'soul-stealer', target: 'spears', powerDice: 3, modelsUnderTemplate: 1 }),
      )
      game.roll([5, 4, 2])
      game.apply(ev.choice(game.openRequest(), '0'))
      game.roll([6])
    }
    soulStealer()
    expect(outcomesOf(game, 'wounds-gained')[0]?.values).toMatchObject({ gained: 1, wounds: 2 })
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('magic'))
    soulStealer()
    const second = outcomesOf(game, 'wounds-gained')[1]!
    expect(second.values).toMatchObject({ gained: 0, wounds: 2 })
    expect(second.text).toContain('already has 2, double its W 1')
    expect(game.game.units.lord?.woundsOnNextModel).toBe(-1)
  })

  it('Soul Stealer: wounds saved by a ward save do not count: no gain', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'soul-stealer', target: 'hero', powerDice: 3, modelsUnderTemplate: 1 }))
    game.roll([5, 4, 2])
    game.apply(ev.choice(game.openRequest(), '0'))
    game.roll([6])
    expect(request(game)).toMatchObject({ purpose: 'ward-save', need: 5 })
    game.roll([5])
    const gained = outcomesOf(game, 'wounds-gained')[0]!
    expect(gained.values).toMatchObject({ gained: 0, wounds: 3 })
    expect(gained.text).toContain('every wound Soul Stealer caused was saved by a ward save')
  })

  it('Soul Stealer: a target point beyond 12" has no effect, though the spell is cast', () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'soul-stealer', target: 'spears', powerDice: 3, distance: 13 }))
    game.roll([5, 4, 2])
    const step = game.apply(ev.choice(game.openRequest(), '0'))
    expect(step.outcomes[0]).toMatchObject({ kind: 'hits', values: { hits: 0 } })
    expect(text(game)).toContain('beyond 12": no effect')
    expect(Object.keys(game.game.requests)).toEqual([])
  })
  it('Soul Stealer within range: its entry asks the models under the template, no more than the unit has', () => {
    const game = magicGame()
    const soulStealer = { caster: 'lord', spell: 'soul-stealer', target: 'spears', powerDice: 3, distance: 12 }
    refused(game, cast(soulStealer), 'rules/bad-target', /under the template \(modelsUnderTemplate\)/)
    refused(game, cast({ ...soulStealer, modelsUnderTemplate: 99 }), 'rules/too-many-models', /99 models/)
  })

  it("Shroud of Darkness's casting value cites the ruling its entry gives as it is declared", () => {
    const game = magicGame()
    game.apply(cast({ caster: 'lord', spell: 'shroud-of-darkness', target: 'lord', powerDice: 1 }))
    game.roll([3])
    expect(cites(game, 'variants', 'shroud-casting-value')).toBe(true)
  })
})
