import { describe, expect, it } from 'vitest'
import type { OpenRequest } from '../../core/engine/types.js'
import { renderExplanationText } from '../../core/explain/index.js'
import { armourSaveNeed, characteristic } from '../../core/rules/battle/charts.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { classicContext, EngineGame, ev, type UnitInput, unitDef } from '../helpers/classic-game.js'

/**
 * Issue 16, part D: the ranks that shoot in the classic ruleset (classic/shooting §firing-ranks, classic/variants
 * §firing-ranks, classic/large-target §all-models), and the seed's words in every clause (seed 000), each test quoting
 * the seed line it rests on.
 */

const corsairs = (extra: UnitInput = {}) =>
  unitDef('corsairs', {
    name: 'Corsairs',
    models: 20,
    formation: { files: 5 },
    profile: { BS: 4 },
    gear: ['hand-weapon', 'repeater-crossbow'],
    ...extra,
  })
const boyz = (extra: UnitInput = {}) =>
  unitDef('boyz', {
    name: 'Orc Boyz',
    models: 20,
    formation: { files: 5 },
    profile: { M: 4, WS: 3, S: 3, T: 4, I: 2, A: 1, Ld: 7 },
    gear: ['hand-weapon', 'light-armour'],
    ...extra,
  })
const warriors = (extra: UnitInput = {}) =>
  unitDef('warriors', {
    name: 'Dark Elf Warriors',
    models: 20,
    formation: { files: 5 },
    profile: { M: 5, WS: 4, S: 3, T: 3, I: 5, A: 1, Ld: 8 },
    gear: ['hand-weapon', 'light-armour', 'shield'],
    ...extra,
  })

function shooting(p1 = corsairs(), p2 = boyz(), variant = 'classic') {
  return new EngineGame(
    ev.created(variant),
    ev.mustered('p1', p1),
    ev.mustered('p2', p2),
    ev.turn(1, 'p1'),
    ev.phase('shooting'),
  )
}
const shot = (payload: Record<string, unknown> = {}) => ({
  type: 'ShotDeclared',
  payload: { shooter: 'corsairs', target: 'boyz', weapon: 'repeater-crossbow', range: 'short', ...payload },
})
const text = (game: EngineGame) => game.text()

describe('the ranks that fire (classic/shooting §firing-ranks, classic/variants §firing-ranks)', () => {
  it('classic: only the front rank fires: 20 Corsairs five wide shoot 5 times', () => {
    const game = shooting()
    // 5 wide x 1 rank = 5 models; repeater crossbows, one shot each.
    expect(game.apply(shot()).requests[0]).toMatchObject({ purpose: 'to-hit', count: 5, need: 3 })
    expect(text(game)).toContain('at most 5 models fire: 5 wide x 1 rank')
    expect(game.cites('shooting', 'firing-ranks')).toBe(true)
    expect(game.cites('variants', 'firing-ranks')).toBe(true)
  })

  it('classic: more models than the front rank holds are refused, and nothing is written', () => {
    const game = shooting()
    expect(() => game.apply(shot({ models: 6 }))).toThrow(/6 models cannot fire: Corsairs is 5 wide and 1 rank fire/)
    expect(game.game.seq).toBe(5)
  })

  it('classic: a unit on a hill fires with one more rank (7th: missile fire from hills): 10 shots', () => {
    const game = shooting()
    expect(game.apply(shot({ hill: true })).requests[0]).toMatchObject({ count: 10 })
    expect(text(game)).toContain('on a hill: one more rank fires')
    expect(game.cites('shooting', 'hill')).toBe(true)
  })

  it('classic-8th fires in two ranks (8th: fire in two ranks); a hill adds none there', () => {
    const game = shooting(corsairs(), boyz(), 'classic-8th')
    expect(game.apply(shot()).requests[0]).toMatchObject({ count: 10 })
    expect(text(game)).toContain('the first two ranks fire')
    const hill = shooting(corsairs(), boyz(), 'classic-8th')
    expect(hill.apply(shot({ hill: true })).requests[0]).toMatchObject({ count: 10 })
    expect(text(hill)).toContain(
      '[ignored] on a hill: one more rank fires: classic-8th fires in two ranks, a hill adds',
    )
  })

  it('large target: every rank fires at it, in both variants (classic/large-target §all-models)', () => {
    // Seed 000 Large Target: "This allows all models in a unit to shoot at Large Targets if they are in range and have
    // LOS."
    const dragon = boyz({ models: 1, troopType: 'monster', formation: { files: 1 }, profile: { W: 6, T: 6 } })
    for (const variant of ['classic', 'classic-8th']) {
      const game = shooting(corsairs(), { ...dragon, rules: [{ id: 'large-target' }] }, variant)
      // 20 models, 4 ranks of five: every rank fires, 20 shots; BS 4 3+, Large Target +1: 2+.
      expect(game.apply(shot()).requests[0], variant).toMatchObject({ count: 20, need: 2 })
      expect(text(game)).toContain('every rank of Corsairs fires')
      expect(game.cites('large-target', 'all-models')).toBe(true)
    }
    // On a hill as well: still no more ranks than the unit has.
    const hill = shooting(corsairs(), { ...dragon, rules: [{ id: 'large-target' }] })
    expect(hill.apply(shot({ hill: true })).requests[0]).toMatchObject({ count: 20 })
    expect(text(hill)).toContain('Corsairs is 4 ranks deep: 6 -> 4')
  })

  it('a unit with no frontage: the players say how many fire; a Large Target lets every model fire', () => {
    const loose = corsairs({ formation: undefined })
    const refused = shooting(loose)
    expect(() => refused.apply(shot())).toThrow(/the list gives no frontage for Corsairs: say how many models fire/)
    const said = shooting(loose)
    expect(said.apply(shot({ models: 7 })).requests[0]).toMatchObject({ count: 7 })
    const dragon = boyz({ models: 1, troopType: 'monster', formation: undefined, rules: ['large-target'] })
    expect(shooting(loose, dragon).apply(shot()).requests[0]).toMatchObject({ count: 20 })
  })
})

describe("seed 000's words in every variant", () => {
  it('sea dragon cloak: +2 armour against a shot, nothing against a spell (classic/sea-dragon-cloak §ranged)', () => {
    // Seed 000 Sea Dragon Cloak: "The model gets +1AS vs CC attacks and +2AS vs ranged attacks." The seed keeps the two
    // apart: Shroud of Darkness gives a ward "vs ranged attacks and spells"; a Champion is "treated like characters for
    // ranged attacks" but "do not count as characters for spells".
    const { ctx, attacker, target } = classicContext(
      { name: 'Sorceress' },
      { name: 'Corsairs', gear: ['hand-weapon', 'light-armour', 'sea-dragon-cloak'] },
    )
    // Light armour 6+; S3 modifies nothing.
    const shotSave = armourSaveNeed(ctx, target, attacker, null, 3, [], 'shooting')
    expect(shotSave.value).toBe(4)
    const spellSave = armourSaveNeed(ctx, target, attacker, null, 3, [], 'spell')
    expect(spellSave.value).toBe(6)
    expect(renderExplanationText(spellSave.explanation)).toContain(
      '[ignored] Sea Dragon Cloak: ranged attack: a spell is no ranged attack',
    )
  })

  it('hydra banner: a unit that broke and lost its standard has lost the banner too (§lost-with-standard)', () => {
    // Seed 000 Standard: "Standards are lost if the unit with the standard bearer breaks form combat. Replace the
    // standard bearer with a rank & file model." Hydra Banner: "In each first combat round all Dark Elves gain +1A."
    const elves = boyz({ race: 'dark-elves', gear: ['hand-weapon', 'hydra-banner'], command: { standard: true } })
    const game = routed(elves)
    const lost = game.outcomes('standard-lost')[0]
    expect(lost?.text).toBe(
      'Orc Boyz breaks and loses its standard and its Hydra Banner; the bearer fights on as rank and file',
    )
    expect(game.cites('hydra-banner', 'lost-with-standard')).toBe(true)
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const first = { combat: 'c2', round: 1, charged: false, charging: false, facing: 'front' as const }
    const attacks = characteristic(ctx, ctx.unit('boyz'), 'A', ctx.unit('warriors'), first)
    expect(attacks.value).toBe(1)
    expect(renderExplanationText(attacks.explanation)).toContain(
      '[ignored] Hydra Banner: first round: the unit lost its standard, which bore the banner, when it broke',
    )
  })

  it('war banner: lost with the standard even where the list gives no standard bearer (variants §magic-banner-lost)', () => {
    // Seed 000 War Banner: "+1CR"; Standard: "Standards are lost if the unit with the standard bearer breaks form combat."
    const game = routed(boyz({ gear: ['hand-weapon', 'war-banner'] }))
    expect(game.outcomes('standard-lost')[0]?.text).toContain('loses its standard and its War Banner')
    expect(game.game.units.boyz?.standardLostAt).toBeGreaterThan(0)
  })

  it('stubborn: a Stubborn loser tests on its unmodified Leadership (classic/stubborn)', () => {
    // Seed 000 Fear names "Stubborn units"; core-mechanics A: "Stubborn tests on plain Ld" (7th edition).
    const game = rearCharge(warriors(), boyz({ rules: ['stubborn'] }))
    const test = breakTestRequest(game)
    expect(test.text).toContain('Orc Boyz: roll 2D6 break test, passes on 7 or less')
    expect(renderExplanationText(test.explanation)).toContain(
      'Orc Boyz is Stubborn: it tests on its unmodified Leadership',
    )
    expect(game.cites('stubborn', 'unmodified-leadership')).toBe(true)
  })

  it('fear: a Stubborn loser outnumbered by Fear causers suffers a Ld penalty equal to the basic modifier (§stubborn)', () => {
    // Seed 000 Fear §2: "Stubborn units that are defeated and outnumbered by fear causing enemies, instead suffer a Ld
    // penalty equal to the basic break test modifier (i.e. -2 Ld in the example above)."
    const game = rearCharge(warriors({ rules: ['fear'] }), boyz({ models: 15, rules: ['stubborn'] }))
    const difference = differenceOf(game)
    const test = breakTestRequest(game)
    // Stubborn sets the modifier to 0; Fear adds the basic modifier back: Ld 7 - difference, not 7 - 2 x difference.
    expect(test.text).toContain(`passes on ${7 - difference} or less`)
    expect(renderExplanationText(test.explanation)).toContain(
      `Orc Boyz is Stubborn, it suffers a Ld penalty equal to the basic break-test modifier instead (-${difference})`,
    )
    expect(game.cites('fear', 'stubborn')).toBe(true)
  })

  it('fear under steadfast (classic-8th): a Steadfast loser is treated as Stubborn by Fear (variants §fear-steadfast)', () => {
    // Seed 000 Fear §2: "...the break test modifier is doubled if the combined US of all fear causing models ... is
    // higher than the US of the defeated unit ... Stubborn units ... instead suffer a Ld penalty equal to the basic
    // break test modifier."
    const knights = warriors({ troopType: 'cavalry', rules: ['fear'], models: 20 })
    const game = rearCharge(knights, boyz({ models: 30 }), 'classic-8th')
    const difference = differenceOf(game)
    const test = breakTestRequest(game)
    const why = renderExplanationText(test.explanation)
    expect(why).toContain('steadfast: 6 ranks of five against 4')
    expect(why).toContain('Orc Boyz is Steadfast, which Fear treats as Stubborn')
    expect(test.text).toContain(`passes on ${7 - difference} or less`)
    expect(game.cites('variants', 'fear-steadfast')).toBe(true)
  })
})

/** p1's `attacker` in the rear of p2's `defender`; every blow misses; the Fear test (if any) passes. */
function rearCharge(attacker: ReturnType<typeof unitDef>, defender: ReturnType<typeof unitDef>, variant = 'classic') {
  const game = new EngineGame(
    ev.created(variant),
    ev.mustered('p1', attacker),
    ev.mustered('p2', defender),
    ev.turn(1, 'p2'),
    ev.phase('close-combat'),
  )
  game.apply({
    type: 'CombatJoined',
    actor: 'p2',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: attacker.id, facing: 'rear' }] },
        { player: 'p2', units: [{ unit: defender.id }] },
      ],
      contact: [
        { unit: attacker.id, models: 5 },
        { unit: defender.id, models: 5 },
      ],
    },
  })
  for (let request = open(game); request && request.purpose !== 'break-test'; request = open(game)) {
    if (request.kind === 'dice') game.roll(Array.from({ length: request.count }, () => 1))
    else game.choose(request.options[0]?.id as string)
  }
  return game
}

/** The margin the last combat result was won by. */
function differenceOf(game: EngineGame): number {
  const result = game.outcomes('combat-result').at(-1)
  if (!result) throw new Error('no combat result yet')
  return (result.values as { difference: number }).difference
}

function open(game: EngineGame): OpenRequest | undefined {
  return Object.values(game.game.requests)[0]
}

function breakTestRequest(game: EngineGame): OpenRequest {
  const request = open(game)
  if (request?.purpose !== 'break-test') throw new Error('no break test open')
  return request
}

/** The Warriors in the rear of `boyz`: the Boyz break (12), flee 4 and nobody pursues (the Warriors hold). */
function routed(defender: ReturnType<typeof unitDef>) {
  const game = rearCharge(warriors(), defender)
  game.roll([6, 6])
  game.roll([2, 2])
  game.choose('hold')
  game.roll([1, 2])
  return game
}
