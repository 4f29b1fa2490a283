import { describe, expect, it } from 'vitest'
import type { CombatMoment } from '../../core/engine/effects.js'
import { challengeScore } from '../../core/rules/battle/challenges.js'
import { armourSaveNeed, characteristic } from '../../core/rules/battle/charts.js'
import { oldWorld } from '../../core/rules/old-world/index.js'
import type { UnitInput } from '../helpers/classic-game.js'
import {
  cites,
  moment,
  OldWorldGame,
  owContext,
  owEv,
  owFight,
  owJoined,
  owUnit,
  playOut,
} from '../helpers/old-world-combat.js'

/** The armour save `b` takes against a wound struck by `a` (S 3 unless said), at `combat` (null: a shot). */
function save(attacker: UnitInput, target: UnitInput, combat: CombatMoment | null = null, strength = 3) {
  const { ctx, attacker: a, target: b } = owContext(attacker, target)
  return armourSaveNeed(ctx, b, a, combat, strength)
}

/** Faces for the requests of a round, in order; 1s for any request past the list. */
function queue(...faces: number[][]) {
  const left = [...faces]
  return (_purpose: string, count: number) => left.shift() ?? Array(count).fill(1)
}

const inCombat = (weapons: Record<string, string | null>, values: Partial<CombatMoment> = {}) =>
  moment({ weapons, ...values })

describe('armour values (old-world/armour-save)', () => {
  it('old-world/light-armour 6+, old-world/heavy-armour 5+, old-world/full-plate-armour 4+', () => {
    for (const [gear, need] of [
      ['light-armour', 6],
      ['heavy-armour', 5],
      ['full-plate-armour', 4],
    ] as const) {
      const resolved = save({}, { gear: ['hand-weapon', gear] })
      expect(resolved.value).toBe(need)
      expect(cites(resolved.explanation, gear, 'save')).toBe(true)
    }
    expect(save({}, {}).value).toBe(7)
  })

  it('old-world/shield improves it by 1, but not while a weapon that Requires Two Hands is used', () => {
    const shot = save({}, { gear: ['hand-weapon', 'light-armour', 'shield'] })
    expect(shot.value).toBe(5)
    expect(cites(shot.explanation, 'shield', 'improves')).toBe(true)
    const twoHanded = save(
      {},
      { gear: ['hand-weapon', 'great-weapon', 'light-armour', 'shield'] },
      inCombat({ a: 'hand-weapon', b: 'great-weapon' }),
    )
    expect(twoHanded.value).toBe(6)
    expect(JSON.stringify(twoHanded.explanation)).toContain('Requires Two Hands: no shield')
  })

  it('old-world/barding and old-world/armoured-hide (X) improve it, from 7+ when unarmoured', () => {
    const barded = save({}, { troopType: 'heavy-cavalry', gear: ['hand-weapon', 'heavy-armour', 'barding'] })
    expect(barded.value).toBe(4)
    expect(cites(barded.explanation, 'barding', 'improves')).toBe(true)
    const hide = save({}, { troopType: 'monstrous-creature', rules: [{ id: 'armoured-hide', params: { X: 2 } }] })
    expect(hide.value).toBe(5)
    expect(cites(hide.explanation, 'armoured-hide', 'improves')).toBe(true)
  })

  it('old-world/maximum-armour-value: infantry and cavalry 2+, monsters 3+, and only where it binds', () => {
    const knight = {
      troopType: 'heavy-cavalry' as const,
      gear: ['hand-weapon', 'full-plate-armour', 'shield', 'barding'],
      rules: [{ id: 'armoured-hide', params: { X: 1 } }],
    }
    const capped = save({}, knight)
    expect(capped.value).toBe(2)
    expect(cites(capped.explanation, 'maximum-armour-value', 'infantry-cavalry')).toBe(true)
    const monster = save({}, { troopType: 'monstrous-creature', rules: [{ id: 'armoured-hide', params: { X: 5 } }] })
    expect(monster.value).toBe(3)
    expect(cites(monster.explanation, 'maximum-armour-value', 'chariots-monsters')).toBe(true)
    const behemoth = save({}, { troopType: 'behemoth', rules: [{ id: 'armoured-hide', params: { X: 3 } }] })
    expect(behemoth.value).toBe(4)
    expect(cites(behemoth.explanation, 'maximum-armour-value')).toBe(false)
  })

  it('Armour Piercing worsens the capped armour value: a 2+ knight against a great weapon (AP -2) saves on 4+', () => {
    const resolved = save(
      { gear: ['hand-weapon', 'great-weapon'] },
      {
        troopType: 'heavy-cavalry',
        gear: ['hand-weapon', 'full-plate-armour', 'shield', 'barding'],
        rules: [{ id: 'armoured-hide', params: { X: 1 } }],
      },
      inCombat({ a: 'great-weapon', b: 'hand-weapon' }),
    )
    expect(resolved.value).toBe(4)
    expect(cites(resolved.explanation, 'great-weapon', 'armour-piercing')).toBe(true)
  })

  it('Strength does not modify an Old World save (old-world/armour-save §armour-piercing)', () => {
    const resolved = save({ profile: { S: 7 } }, { gear: ['hand-weapon', 'full-plate-armour'] }, inCombat({}), 7)
    expect(resolved.value).toBe(4)
  })
})

describe('old-world/parry', () => {
  const swordsman = { gear: ['hand-weapon', 'light-armour', 'shield'] }

  it('regular infantry with hand weapon and shield in combat: +1', () => {
    const parried = save({}, swordsman, inCombat({ a: 'hand-weapon', b: 'hand-weapon' }))
    expect(parried.value).toBe(4)
    expect(cites(parried.explanation, 'parry', 'improves')).toBe(true)
    expect(save({}, { ...swordsman, troopType: 'heavy-infantry' }, inCombat({ b: 'hand-weapon' })).value).toBe(4)
  })

  it('not against a shot, not for cavalry, not with another weapon', () => {
    expect(save({}, swordsman).value).toBe(5)
    expect(save({}, { ...swordsman, troopType: 'heavy-cavalry' }, inCombat({ b: 'hand-weapon' })).value).toBe(5)
    const spear = save({}, { gear: [...swordsman.gear, 'spear'] }, inCombat({ b: 'spear' }))
    expect(spear.value).toBe(5)
    expect(JSON.stringify(spear.explanation)).toContain('not a hand weapon')
  })

  it('to 3+ at most, before Armour Piercing: full plate and shield stay 3+, a halberd makes it 4+', () => {
    const plate = { gear: ['hand-weapon', 'full-plate-armour', 'shield'] }
    const resolved = save({}, plate, inCombat({ b: 'hand-weapon' }))
    expect(resolved.value).toBe(3)
    expect(JSON.stringify(resolved.explanation)).toContain('Parry improves it to 3+ at most')
    const halberd = save({ gear: ['hand-weapon', 'halberd'] }, plate, inCombat({ a: 'halberd', b: 'hand-weapon' }))
    expect(halberd.value).toBe(4)
    const heavy = save(
      { gear: ['hand-weapon', 'halberd'] },
      { gear: ['hand-weapon', 'heavy-armour', 'shield'] },
      inCombat({ a: 'halberd', b: 'hand-weapon' }),
    )
    expect(heavy.value).toBe(4)
  })
})

describe('weapons: Strength, Attacks and Armour Piercing', () => {
  const plate = { gear: ['hand-weapon', 'full-plate-armour'] }
  const piercedBy = (weapon: string, values: Partial<CombatMoment> = {}, attacker: UnitInput = {}) =>
    save({ gear: ['hand-weapon', weapon], ...attacker }, plate, inCombat({ a: weapon, b: 'hand-weapon' }, values))

  it('old-world/hand-weapon has no AP; old-world/spear and old-world/additional-hand-weapon neither', () => {
    expect(piercedBy('hand-weapon').value).toBe(4)
    expect(piercedBy('spear').value).toBe(4)
    expect(piercedBy('additional-hand-weapon').value).toBe(4)
  })

  it('old-world/great-weapon: S+2, AP -2', () => {
    const resolved = piercedBy('great-weapon')
    expect(resolved.value).toBe(6)
    expect(cites(resolved.explanation, 'great-weapon', 'armour-piercing')).toBe(true)
    const { ctx, attacker, target } = owContext({ gear: ['hand-weapon', 'great-weapon'] }, {})
    const strength = characteristic(ctx, attacker, 'S', target, inCombat({ a: 'great-weapon' }))
    expect(strength.value).toBe(5)
    expect(cites(strength.explanation, 'great-weapon', 'strength')).toBe(true)
    // The unit may choose its hand weapon instead (old-world/variants §close-combat-weapon).
    expect(characteristic(ctx, attacker, 'S', target, inCombat({ a: 'hand-weapon' })).value).toBe(3)
  })

  it('old-world/halberd: S+1, AP -1, AP -2 against the enemy it charged', () => {
    expect(piercedBy('halberd').value).toBe(5)
    const charging = piercedBy('halberd', { charged: true, charging: true })
    expect(charging.value).toBe(6)
    expect(cites(charging.explanation, 'halberd', 'charged')).toBe(true)
    const { ctx, attacker, target } = owContext({ gear: ['hand-weapon', 'halberd'] }, {})
    expect(characteristic(ctx, attacker, 'S', target, inCombat({ a: 'halberd' })).value).toBe(4)
  })

  it('old-world/lance: S+2, AP -2, cavalry and monsters, in the turn it charged only', () => {
    const knight = { troopType: 'heavy-cavalry' as const }
    const charging = piercedBy('lance', { charged: true, charging: true }, knight)
    expect(charging.value).toBe(6)
    expect(cites(charging.explanation, 'lance', 'armour-piercing')).toBe(true)
    const later = piercedBy('lance', { charged: true, charging: false, round: 2 }, knight)
    expect(later.value).toBe(4)
    expect(JSON.stringify(later.explanation)).toContain('only in the turn the wielder charged')
    expect(piercedBy('lance', { charged: true, charging: true }).value).toBe(4)
    const { ctx, attacker, target } = owContext({ ...knight, gear: ['hand-weapon', 'lance'] }, {})
    expect(characteristic(ctx, attacker, 'S', target, inCombat({ a: 'lance' }, { charging: true })).value).toBe(5)
    expect(characteristic(ctx, attacker, 'S', target, inCombat({ a: 'lance' })).value).toBe(3)
  })

  it('old-world/additional-hand-weapon: +1 Attack, and no shield with it', () => {
    const { ctx, attacker, target } = owContext({ gear: ['hand-weapon', 'additional-hand-weapon'] }, {})
    const attacks = characteristic(ctx, attacker, 'A', target, inCombat({ a: 'additional-hand-weapon' }))
    expect(attacks.value).toBe(2)
    expect(cites(attacks.explanation, 'additional-hand-weapon', 'attacks')).toBe(true)
    const shielded = save(
      {},
      { gear: ['hand-weapon', 'additional-hand-weapon', 'light-armour', 'shield'] },
      inCombat({ b: 'additional-hand-weapon' }),
    )
    expect(shielded.value).toBe(6)
  })

  it('old-world/spear: one supporting attack a model behind, never on its charge turn or to a flank', () => {
    const { ctx, attacker, target } = owContext({ gear: ['hand-weapon', 'spear'] }, {})
    const ask = (values: Partial<CombatMoment>) =>
      ctx.modifiers('attacks', {
        subject: attacker,
        opponent: target,
        combat: inCombat({ a: 'spear' }, values),
        fighting: 5,
        supporting: 5,
        attacksPerModel: 1,
      })[0]
    expect(ask({})).toMatchObject({ status: 'applied', value: 5, source: { id: 'spear', clause: 'extra-rank' } })
    expect(ask({ charged: true, charging: true })?.status).toBe('ignored')
    expect(ask({ facing: 'flank' })?.status).toBe('ignored')
  })

  it('old-world/spear: +1 Initiative against the unit that charged it in its front arc', () => {
    const { ctx, attacker: spearmen, target: charger } = owContext({ gear: ['hand-weapon', 'spear'] }, {})
    const front = characteristic(ctx, spearmen, 'I', charger, inCombat({ a: 'spear' }, { chargers: { b: 'front' } }))
    expect(front.value).toBe(4)
    expect(cites(front.explanation, 'spear', 'front-chargers')).toBe(true)
    expect(
      characteristic(ctx, spearmen, 'I', charger, inCombat({ a: 'spear' }, { chargers: { b: 'flank' } })).value,
    ).toBe(3)
  })
})

describe('old-world/armour-bane: a natural 6 to wound pierces that wound further', () => {
  // Great weapons (S5, AP -2, Armour Bane (1)) against heavy armour, shield and Parry (3+): 5+, and 6+ on a 6.
  const fight = () =>
    owFight(
      owUnit('gw', { models: 10, formation: { files: 5 }, gear: ['hand-weapon', 'great-weapon'], profile: { WS: 4 } }),
      owUnit('sw', { models: 10, formation: { files: 5 }, gear: ['hand-weapon', 'heavy-armour', 'shield'] }),
    )

  it('the natural 6s save as their own group at the worse score; the other wounds at the usual one', () => {
    const game = fight()
    game.apply(owJoined('gw', 'sw'))
    // sw (I 3) strikes before gw (great weapon: Strike Last, I 1) and misses; gw hits 4 times, wounds 6, 6, 3, 2.
    const asked = playOut(game, queue([1, 1, 1, 1, 1], [6, 6, 6, 6, 1], [6, 6, 3, 2], [1, 1], [1, 1]))
    const saves = asked.filter((text) => text.includes('armour saves'))
    expect(saves).toEqual(['sw: roll 2 D6 armour saves, 5+', 'sw: roll 2 D6 armour saves, 6+'])
    expect(game.cites('armour-bane', 'natural-6')).toBe(true)
  })

  it('without a natural 6 every wound saves at the usual score', () => {
    const game = fight()
    game.apply(owJoined('gw', 'sw'))
    const asked = playOut(game, queue([1, 1, 1, 1, 1], [6, 6, 6, 6, 1], [5, 4, 3, 2], [1, 1, 1, 1]))
    expect(asked.filter((text) => text.includes('armour saves'))).toEqual(['sw: roll 4 D6 armour saves, 5+'])
  })

  it("a model's own Armour Bane (X) with a hand weapon: X worse on a 6", () => {
    const game = owFight(
      owUnit('ab', { gear: ['hand-weapon'], rules: [{ id: 'armour-bane', params: { X: 2 } }], profile: { I: 5 } }),
      owUnit('sw', { gear: ['hand-weapon', 'heavy-armour', 'shield'] }),
    )
    game.apply(owJoined('ab', 'sw', { models: 2 }))
    const asked = playOut(game, queue([4, 4], [6, 4], [1], [1]))
    expect(asked.filter((text) => text.includes('armour saves'))).toEqual([
      'sw: roll 1 D6 armour saves, 3+',
      'sw: roll 1 D6 armour saves, 5+',
    ])
  })
})

describe('armour effects leave the Regeneration value alone (old-world/regeneration §armour-piercing)', () => {
  it('a great weapon (AP -2) with a natural 6 (Armour Bane) against Regeneration (4+): no armour save, still 4+', () => {
    const game = owFight(
      owUnit('gw', { gear: ['hand-weapon', 'great-weapon'], profile: { WS: 4 } }),
      owUnit('rg', { gear: ['hand-weapon', 'light-armour'], rules: [{ id: 'regeneration', params: { save: 4 } }] }),
    )
    game.apply(owJoined('gw', 'rg', { models: 2 }))
    const asked = playOut(game, queue([1, 1], [6, 6], [6, 2]))
    expect(asked.some((text) => text.includes('armour saves'))).toBe(false)
    expect(asked).toContain('rg: roll 2 D6 to regenerate, 4+')
  })
})

describe('strike order: old-world/strike-order §charging, old-world/strike-first, old-world/strike-last', () => {
  it('a charger gains +1 I per full inch moved, at most +3 to the front, +4 to a flank, I at most 10', () => {
    const { ctx, attacker, target } = owContext({ profile: { I: 3 } }, {})
    const charge = (moved: number, facing: 'front' | 'flank' | 'rear') =>
      characteristic(ctx, attacker, 'I', target, inCombat({}, { charged: true, charging: true, moved, facing }))
    expect(charge(2, 'front').value).toBe(5)
    expect(cites(charge(2, 'front').explanation, 'strike-order', 'charging')).toBe(true)
    expect(charge(6, 'front').value).toBe(6)
    expect(charge(6, 'flank').value).toBe(7)
    expect(charge(6, 'rear').value).toBe(7)
    const fast = owContext({ profile: { I: 8 } }, {})
    const capped = characteristic(
      fast.ctx,
      fast.attacker,
      'I',
      fast.target,
      inCombat({}, { charged: true, charging: true, moved: 4, facing: 'flank' }),
    )
    expect(capped.value).toBe(10)
    // Round 2: no bonus.
    expect(characteristic(ctx, attacker, 'I', target, inCombat({}, { charged: true, round: 2, moved: 6 })).value).toBe(
      3,
    )
  })

  it('no strike first for a charger: it strikes in its Initiative step, with the inches it moved', () => {
    const slow = owFight(owUnit('c', { profile: { I: 2 } }), owUnit('d', { profile: { I: 4 } }))
    slow.apply(owJoined('c', 'd', { moved: 1 }))
    expect(slow.outcomes('strike-order')[0]?.values).toMatchObject({ steps: [['d'], ['c']] })
    const fast = owFight(owUnit('c', { profile: { I: 2 } }), owUnit('d', { profile: { I: 4 } }))
    fast.apply(owJoined('c', 'd', { moved: 3 }))
    expect(fast.outcomes('strike-order')[0]?.values).toMatchObject({ steps: [['c'], ['d']] })
    expect(fast.cites('strike-order', 'charging')).toBe(true)
  })

  it('inches moved are refused for a unit that did not charge', () => {
    const game = owFight(owUnit('c'), owUnit('d'))
    const draft = owJoined('c', 'd')
    const payload = draft.payload as { sides: { units: Record<string, unknown>[] }[] }
    ;(payload.sides[1]?.units[0] as Record<string, unknown>).moved = 4
    expect(() => game.apply(draft)).toThrow(/did not charge/)
  })

  it('Strike Last (a great weapon) sets I 1 before other modifiers; Strike First sets I 10; the two cancel', () => {
    const { ctx, attacker, target } = owContext({ gear: ['hand-weapon', 'great-weapon'], profile: { I: 4 } }, {})
    const last = characteristic(ctx, attacker, 'I', target, inCombat({ a: 'great-weapon' }))
    expect(last.value).toBe(1)
    expect(cites(last.explanation, 'strike-last', 'initiative')).toBe(true)
    const charging = inCombat({ a: 'great-weapon' }, { charged: true, charging: true, moved: 2 })
    expect(characteristic(ctx, attacker, 'I', target, charging).value).toBe(3)
    const first = owContext({ rules: ['strike-first'], profile: { I: 4 } }, {})
    const ten = characteristic(first.ctx, first.attacker, 'I', first.target, inCombat({ a: 'hand-weapon' }))
    expect(ten.value).toBe(10)
    expect(cites(ten.explanation, 'strike-first', 'initiative')).toBe(true)
    const both = owContext({ rules: ['strike-first'], gear: ['hand-weapon', 'great-weapon'], profile: { I: 4 } }, {})
    const cancel = characteristic(both.ctx, both.attacker, 'I', both.target, inCombat({ a: 'great-weapon' }))
    expect(cancel.value).toBe(4)
    expect(cites(cancel.explanation, 'strike-first', 'initiative')).toBe(true)
    expect(cites(cancel.explanation, 'strike-last', 'initiative')).toBe(true)
    // Outside combat nothing changes (an Initiative test).
    expect(characteristic(ctx, attacker, 'I', null, null).value).toBe(4)
  })

  it('a great weapon strikes after a lower Initiative in a round', () => {
    const game = owFight(
      owUnit('gw', { gear: ['hand-weapon', 'great-weapon'], profile: { I: 4 } }),
      owUnit('sw', { profile: { I: 2 } }),
    )
    game.apply(owJoined('gw', 'sw', { moved: 0 }))
    expect(game.outcomes('strike-order')[0]?.values).toMatchObject({ steps: [['sw'], ['gw']] })
  })
})

describe('weapon choice and chargers in a round', () => {
  it('a unit may choose its hand weapon over its great weapon (old-world/variants §close-combat-weapon)', () => {
    const game = owFight(
      owUnit('gw', { gear: ['hand-weapon', 'great-weapon'], profile: { I: 4 } }),
      owUnit('sw', { profile: { I: 2 } }),
    )
    game.apply(owJoined('gw', 'sw', { chargerWeapon: 'hand-weapon' }))
    expect(game.outcomes('strike-order')[0]?.values).toMatchObject({ steps: [['gw'], ['sw']] })
  })

  it('old-world/spear: spearmen charged in the front strike first at equal Initiative', () => {
    const game = owFight(owUnit('c', { profile: { I: 3 } }), owUnit('s', { gear: ['hand-weapon', 'spear'] }))
    game.apply(owJoined('c', 's', { moved: 0 }))
    expect(game.outcomes('strike-order')[0]?.values).toMatchObject({ steps: [['s'], ['c']] })
    expect(game.cites('spear', 'front-chargers')).toBe(true)
  })
})

describe('old-world/hatred', () => {
  it('re-rolls failed to-hit rolls in the first round of combat', () => {
    const game = owFight(owUnit('h', { rules: ['hatred'], profile: { I: 5 } }), owUnit('t'))
    game.apply(owJoined('h', 't'))
    const asked = playOut(game, queue([1, 1, 4, 4, 4]))
    expect(asked[0]).toContain('failed ones are re-rolled for Hatred')
    expect(asked[1]).toContain('re-roll 2 D6')
    expect(game.cites('hatred', 're-roll')).toBe(true)
  })

  it('not in a later round, and only against the hated foes', () => {
    const { ctx, attacker, target } = owContext(
      { rules: [{ id: 'hatred', params: { enemies: 'dwarfs' } }] },
      {
        race: 'dwarfs',
      },
    )
    const ask = (round: number) =>
      ctx.modifiers('re-roll', { subject: attacker, opponent: target, combat: moment({ round }), roll: 'to-hit' })[0]
    expect(ask(1)?.status).toBe('applied')
    expect(ask(2)).toMatchObject({ status: 'ignored', reason: 'only in the first round of a combat: this is round 2' })
    const elves = owContext({ rules: [{ id: 'hatred', params: { enemies: 'dwarfs' } }] }, { race: 'elves' })
    const elf = elves.ctx.modifiers('re-roll', {
      subject: elves.attacker,
      opponent: elves.target,
      combat: moment(),
      roll: 'to-hit',
    })[0]
    expect(elf?.status).toBe('ignored')
  })
})

/** Fights one round where nobody hits (every die a 1) and returns the combat result's scores. */
function scores(attacker: UnitInput, target: UnitInput, join: Parameters<typeof owJoined>[2] = {}) {
  const game = owFight(owUnit('a', attacker), owUnit('b', target))
  game.apply(owJoined('a', 'b', join))
  playOut(game)
  const result = game.outcomes('combat-result')[0]
  if (!result) throw new Error('no combat result')
  return { scores: (result.values as { scores: Record<string, number> }).scores, game }
}

/** Heavy chariots to fight the ranks against: no rank bonus, Unit Strength 40, never Massed Infantry. */
const giant: UnitInput = { troopType: 'heavy-chariot', models: 8 }

describe('old-world/combat-result: the bonuses', () => {
  it.each([
    ['infantry', 5, 15, 2],
    ['infantry', 5, 12, 1],
    ['infantry', 4, 16, 0],
    ['infantry', 5, 30, 0],
    ['heavy-infantry', 4, 12, 2],
    ['monstrous-infantry', 3, 9, 2],
    ['light-cavalry', 5, 10, 1],
    ['heavy-cavalry', 4, 12, 1],
    ['war-beast', 5, 15, 1],
  ] as const)('old-world/combat-result §ranks: %s %i wide, %i models: +%i', (troopType, files, models, bonus) => {
    const { scores: result, game } = scores({ troopType, models, formation: { files } }, giant, { defenderModels: 1 })
    expect(result.p1).toBe(bonus)
    expect(game.cites('combat-result', 'ranks')).toBe(true)
  })

  it('old-world/combat-result §disrupted: a flank attacker of Unit Strength 5+ (10+ against heavy infantry)', () => {
    const ranked = { models: 15, formation: { files: 5 } }
    const flanked = scores({ models: 10, formation: { files: 5 } }, ranked, { facing: 'flank' })
    // p1: rank +1, flank +1; p2: no rank bonus (Disrupted), Massed Infantry +1.
    expect(flanked.scores).toEqual({ p1: 2, p2: 1 })
    expect(flanked.game.text()).toContain('is Disrupted')
    const heavy = { troopType: 'heavy-infantry' as const, models: 12, formation: { files: 4 } }
    expect(scores({ models: 8, formation: { files: 4 } }, heavy, { facing: 'flank' }).scores).toEqual({ p1: 1, p2: 3 })
    expect(scores({ models: 10, formation: { files: 5 } }, heavy, { facing: 'flank' }).scores).toEqual({ p1: 2, p2: 1 })
  })

  it('old-world/combat-result §flank +1 and §rear +2; no bonus for charging', () => {
    expect(scores({ models: 4 }, { models: 4 }, { models: 4, facing: 'flank' }).scores).toEqual({ p1: 1, p2: 0 })
    const rear = scores({ models: 4 }, { models: 4 }, { models: 4, facing: 'rear' })
    expect(rear.scores).toEqual({ p1: 2, p2: 0 })
    expect(rear.game.cites('combat-result', 'rear')).toBe(true)
    const front = scores({ models: 4 }, { models: 4 }, { models: 4 })
    expect(front.scores).toEqual({ p1: 0, p2: 0 })
  })

  it('old-world/standard +1 and old-world/combat-result §high-ground +1', () => {
    const standard = scores({ models: 5, command: { standard: true } }, { models: 5 })
    expect(standard.scores).toEqual({ p1: 1, p2: 0 })
    expect(standard.game.cites('standard', 'combat-result')).toBe(true)
    const hill = scores({ models: 5 }, { models: 5 }, { highGround: 'p2' })
    expect(hill.scores).toEqual({ p1: 0, p2: 1 })
    expect(hill.game.cites('combat-result', 'high-ground')).toBe(true)
  })

  it('old-world/combat-result §massed-infantry: +1 to the side of higher Unit Strength with infantry', () => {
    const massed = scores({ models: 10, formation: { files: 5 } }, { models: 5, formation: { files: 5 } })
    expect(massed.scores).toEqual({ p1: 2, p2: 0 })
    expect(massed.game.cites('combat-result', 'massed-infantry')).toBe(true)
  })

  it('old-world/close-order: in Combat Order with Unit Strength 5+, +1 (old-world/variants §combat-order-bonus)', () => {
    const line = { models: 10, formation: { files: 5 } }
    const close = scores(line, { ...line, rules: ['close-order'] })
    expect(close.scores).toEqual({ p1: 1, p2: 2 })
    expect(close.game.cites('close-order', 'combat-order')).toBe(true)
    const small = scores(
      { models: 4, formation: { files: 4 } },
      { models: 4, formation: { files: 4 }, rules: ['close-order'] },
      { models: 4 },
    )
    expect(small.scores).toEqual({ p1: 0, p2: 0 })
    const column = scores(
      { ...giant },
      { models: 30, formation: { files: 5 }, rules: ['close-order'] },
      { models: 1, defenderModels: 5 },
    )
    expect(column.scores.p2).toBe(0)
  })

  it('two units against one: one standard, the best rank bonus, each Close Order unit (old-world/combat-result)', () => {
    const line = (models: number) => ({
      models,
      formation: { files: 5 },
      command: { standard: true },
      rules: ['close-order'],
    })
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('a', line(15)), owUnit('f', line(10))),
      owEv.mustered('p2', owUnit('b', { models: 20, formation: { files: 5 } })),
      owEv.turn(1, 'p1'),
      owEv.phase('close-combat'),
    )
    game.apply({
      type: 'CombatJoined',
      payload: {
        combat: 'c1',
        sides: [
          {
            player: 'p1',
            units: [
              { unit: 'a', charged: true },
              { unit: 'f', charged: true, facing: 'flank' },
            ],
          },
          { player: 'p2', units: [{ unit: 'b' }] },
        ],
        contact: [
          { unit: 'a', models: 5 },
          { unit: 'f', models: 5 },
          { unit: 'b', models: 5, target: 'a' },
        ],
      },
    })
    playOut(game)
    // p1: standard +1 (one a side), rank bonus +2 (a's, the best), flank +1, Massed Infantry +1 (25 against 20),
    // Close Order in Combat Order +2 (a and f); p2: b is Disrupted by f (Unit Strength 10) in its flank.
    expect(game.outcomes('combat-result')[0]?.values).toMatchObject({ scores: { p1: 7, p2: 0 } })
    expect(game.cites('close-order', 'combat-order')).toBe(true)
  })

  it('old-world/musician breaks a tie, unless both sides have one', () => {
    const tie = scores({ models: 5, command: { musician: true } }, { models: 5 })
    expect(tie.scores).toEqual({ p1: 1, p2: 0 })
    expect(tie.game.cites('musician', 'tie')).toBe(true)
    const both = scores({ models: 5, command: { musician: true } }, { models: 5, command: { musician: true } })
    expect(both.scores).toEqual({ p1: 0, p2: 0 })
  })

  it('old-world/challenge §overkill-cap: overkill counts in a challenge, at most +5', () => {
    const { ctx, attacker, target } = owContext({}, {})
    const score = challengeScore(ctx, attacker, target, moment(), 9, 2, true)
    expect(score.value).toBe(7)
    expect(cites(score.explanation, 'challenge', 'overkill-cap')).toBe(true)
    expect(challengeScore(ctx, attacker, target, moment(), 4, 2, true).value).toBe(4)
  })
})

describe('generic troops', () => {
  it('State Troops: regular infantry with hand weapons, shields and light armour, full command; Parry 4+', () => {
    const template = oldWorld.troops?.find((troop) => troop.id === 'state-troops')
    expect(template?.unit).toMatchObject({ troopType: 'infantry', command: { champion: true, standard: true } })
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', owUnit('x')),
      owEv.mustered('p2', template?.unit as never),
    )
    const ctx = game.engine.contextFor(game.state) as Parameters<typeof armourSaveNeed>[0]
    const need = armourSaveNeed(ctx, ctx.unit('state-troops'), ctx.unit('x'), inCombat({}), 3)
    expect(need.value).toBe(4)
  })
})
