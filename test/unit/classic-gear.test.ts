import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../core/engine/index.js'
import type { UnitDefinitionInput } from '../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { armourSaveNeed, characteristic } from '../../core/rules/battle/charts.js'
import { classic } from '../../core/rules/classic/index.js'
import { classicContext, EngineGame, ev, unitDef } from '../helpers/classic-game.js'

/**
 * Seed 000's close-combat gear, items, banners and weapon rules, each shown on an outcome of a
 * fought round with its citation; every limit (first round, charging, one use, end of turn) held.
 * Units are the helper's defaults unless said: 10 infantry, M5 WS3 S3 T3 W1 I3 A1 Ld7, hand weapon.
 */

type Contact = { unit: string; models: number; supporting?: number; target?: string; weapon?: string }

/** Everything the game explained so far: its outcomes and its requests. */
function explanations(game: EngineGame) {
  return game.steps.flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])
}
const cites = (game: EngineGame, id: string, clause: string) =>
  explanations(game)
    .flatMap(citedRules)
    .some((ref) => ref.ruleset === 'classic' && ref.id === id && ref.clause === clause)
const allText = (game: EngineGame) =>
  explanations(game)
    .map((tree) => renderExplanationText(tree))
    .join('\n')
const outcomes = (game: EngineGame, kind: Outcome['kind']) =>
  game.steps.flatMap((step) => step.outcomes).filter((o) => o.kind === kind)

/** Unit `a` (p1) against unit `b` (p2), in p1's close-combat phase of turn 1. */
function battle(a: UnitDefinitionInput, b: UnitDefinitionInput, variant = 'classic') {
  return new EngineGame(
    ev.created(variant),
    ev.mustered('p1', a),
    ev.mustered('p2', b),
    ev.turn(1, 'p1'),
    ev.phase('close-combat'),
  )
}

const contact5: Contact[] = [
  { unit: 'a', models: 5 },
  { unit: 'b', models: 5 },
]

function join(game: EngineGame, { charged = null as 'a' | 'b' | null, contact = contact5 } = {}) {
  return game.apply({
    type: 'CombatJoined',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'a', charged: charged === 'a' }] },
        { player: 'p2', units: [{ unit: 'b', charged: charged === 'b' }] },
      ],
      contact,
    },
  })
}

/** Both sides miss every attack: the round is a draw (no ranks, equal models) and nothing else is asked. */
function missEverything(game: EngineGame) {
  while (Object.values(game.game.requests)[0]?.purpose === 'to-hit') {
    const request = Object.values(game.game.requests)[0]!
    game.roll(Array(request.kind === 'dice' ? request.count : 0).fill(1))
  }
  expect(game.game.requests).toEqual({})
}

/** Round 2 of combat c1, in p2's close-combat phase of turn 1 (the players' turns alternate). */
function roundTwo(game: EngineGame, contact = contact5) {
  game.apply(ev.turn(1, 'p2'))
  game.apply(ev.phase('close-combat'))
  return game.apply({ type: 'CombatRoundDeclared', payload: { combat: 'c1', contact } })
}

const request = (game: EngineGame) => Object.values(game.game.requests)[0]
/** Equal Initiative in the first round (classic, 7th): a roll-off, which p1 wins (classic/variants §initiative-ties). */
const p1WinsRollOff = (game: EngineGame) => {
  game.roll([6])
  game.roll([1])
}
const requestText = (game: EngineGame) => renderExplanationText(request(game)!.explanation)

describe('close-combat weapons: which one a unit fights with (classic/variants §close-combat-weapon)', () => {
  it('a unit carrying a special weapon fights with it; the hand weapon may not be named instead', () => {
    const gw = unitDef('a', { gear: ['hand-weapon', 'great-weapon'] })
    const game = battle(gw, unitDef('b'))
    join(game)
    // b (I3) and a (I3, great weapon: strikes last) -> b first; let b miss, then a hits with S5.
    expect(outcomes(game, 'strike-order')[0]?.values).toMatchObject({ steps: [['b'], ['a']] })
    game.roll([1, 1, 1, 1, 1])
    game.roll([6, 6, 6, 6, 6])
    // S3 + 2 = 5 against T3: 2+ to wound.
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 2 })

    const named = battle(gw, unitDef('b'))
    expect(() => join(named, { contact: [{ unit: 'a', models: 5, weapon: 'hand-weapon' }, contact5[1]!] })).toThrow(
      /a carries a great-weapon and must fight with it, not its hand weapon \(classic\/variants §close-combat-weapon\)/,
    )
    expect(named.game.combats).toEqual({})
  })

  it('a unit with two special weapons is told which by its contact entry', () => {
    const both = unitDef('a', { gear: ['spear', 'halberd'], profile: { I: 5 } })
    const unnamed = battle(both, unitDef('b'))
    expect(() => join(unnamed)).toThrow(/carries spear and halberd: name the one it fights with/)
    expect(unnamed.game.combats).toEqual({})

    const game = battle(both, unitDef('b'))
    join(game, { contact: [{ unit: 'a', models: 5, weapon: 'halberd' }, contact5[1]!] })
    game.roll([6, 6, 6, 6, 6])
    // The halberd: S3 + 1 = 4 against T3, 3+; the spear says nothing.
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 3 })
  })

  it('a moment that made no choice for a model (a character beside its unit) uses its own special weapon', () => {
    const { ctx, attacker, target } = classicContext({ gear: ['hand-weapon', 'great-weapon'] }, {})
    const moment = { combat: 'c', round: 1, charged: false, charging: false, facing: 'front' as const }
    expect(characteristic(ctx, attacker, 'S', target, moment).value).toBe(5)
    expect(characteristic(ctx, attacker, 'S', target, { ...moment, weapons: { a: 'hand-weapon' } }).value).toBe(3)
    expect(characteristic(ctx, attacker, 'S', target, null).value).toBe(3)
  })

  it('a weapon the unit does not carry, or that is no close-combat weapon, is refused with the reason', () => {
    const game = battle(unitDef('a', { gear: ['hand-weapon', 'spear'] }), unitDef('b'))
    expect(() => join(game, { contact: [{ unit: 'a', models: 5, weapon: 'lance' }, contact5[1]!] })).toThrow(
      /a does not carry a lance/,
    )
    expect(() => join(game, { contact: [{ unit: 'a', models: 5, weapon: 'shield' }, contact5[1]!] })).toThrow(
      /"shield" is not a close-combat weapon/,
    )
    expect(game.game.combats).toEqual({})
  })
})

describe('seed weapons', () => {
  it('additional hand weapon: +1 Attack to each model fighting with it (classic/additional-hand-weapon §attacks)', () => {
    const game = battle(unitDef('a', { gear: ['hand-weapon', 'additional-hand-weapon'] }), unitDef('b'))
    join(game)
    p1WinsRollOff(game)
    // 5 models x (A1 + 1) = 10 attacks.
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 10, roller: 'p1' })
    expect(cites(game, 'additional-hand-weapon', 'attacks')).toBe(true)
  })

  it('two-handed: a shield gives nothing in a round fought with a two-handed weapon (classic/two-handed §no-shield)', () => {
    const defender = (weapons: string[]) => {
      const game = battle(
        unitDef('a', { profile: { I: 5 } }),
        unitDef('b', { gear: [...weapons, 'light-armour', 'shield'] }),
      )
      join(game)
      game.roll([6, 6, 6, 6, 6])
      game.roll([6, 6, 6, 6, 6])
      return game
    }
    // Fighting with the additional hand weapon: light armour 6+, the shield's +1 taken back -> 6+.
    const twoHanded = defender(['hand-weapon', 'additional-hand-weapon'])
    expect(request(twoHanded)).toMatchObject({ purpose: 'armour-save', need: 6, roller: 'p2' })
    expect(cites(twoHanded, 'two-handed', 'no-shield')).toBe(true)
    expect(requestText(twoHanded)).toContain(
      'b fights with its additional-hand-weapon, two-handed: no shield in close combat',
    )
    // Hand weapon and shield: light armour and shield, 5+.
    expect(request(defender(['hand-weapon']))).toMatchObject({ purpose: 'armour-save', need: 5 })
  })

  it('two-handed: against a ranged attack (no combat) the shield still counts (classic/variants §two-handed-shield)', () => {
    const { ctx, attacker, target } = classicContext({}, { gear: ['great-weapon', 'light-armour', 'shield'] })
    expect(armourSaveNeed(ctx, target, attacker, null, 3).value).toBe(5)
    const moment = { combat: 'c', round: 1, charged: false, charging: false, facing: 'front' as const }
    expect(armourSaveNeed(ctx, target, attacker, { ...moment, weapons: { b: 'great-weapon' } }, 3).value).toBe(6)
    expect(classic.catalogue.decisions.find((d) => d.id === 'two-handed-shield')?.values.classic).toBe(
      'no-shield-in-close-combat',
    )
  })

  it('draich: +2 Strength in close combat (classic/draich §strength)', () => {
    const game = battle(unitDef('a', { gear: ['draich'], profile: { I: 5 } }), unitDef('b', { profile: { T: 4 } }))
    join(game)
    game.roll([6, 6, 6, 6, 6])
    // S3 + 2 = 5 against T4: 3+.
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 3 })
    expect(requestText(game)).toContain('draich (+2): 3 -> 5 (classic/draich §strength)')
  })

  it('spear on foot: the second rank fights with its full Attacks in classic (classic/spear §two-ranks)', () => {
    const spearmen = unitDef('a', { gear: ['hand-weapon', 'spear'], profile: { I: 5, A: 2 } })
    const game = battle(spearmen, unitDef('b'))
    join(game, { contact: [{ unit: 'a', models: 5, supporting: 5 }, contact5[1]!] })
    // 5 x A2 in contact + 5 x A2 in the second rank = 20.
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 20 })
    expect(requestText(game)).toContain('spear: the second rank fights, 5 models x A 2 (+10): 10 -> 20')
    expect(cites(game, 'spear', 'two-ranks')).toBe(true)

    // Without the spear: only the models in contact (no supporting attacks in classic).
    const sword = battle(unitDef('a', { profile: { I: 5, A: 2 } }), unitDef('b'))
    join(sword, { contact: [{ unit: 'a', models: 5, supporting: 5 }, contact5[1]!] })
    expect(request(sword)).toMatchObject({ purpose: 'to-hit', count: 10 })

    // classic-8th: the second rank supports with 1 attack each; the spear adds nothing the players did not enter.
    const strict = battle(spearmen, unitDef('b'), 'classic-8th')
    join(strict, { contact: [{ unit: 'a', models: 5, supporting: 5 }, contact5[1]!] })
    expect(request(strict)).toMatchObject({ purpose: 'to-hit', count: 15 })
    expect(requestText(strict)).toContain('classic/variants §spear-ranks')
  })

  it('spear on foot: not in the turn the unit charged, only its front rank fights (classic/spear §two-ranks)', () => {
    const spearmen = unitDef('a', { gear: ['hand-weapon', 'spear'], profile: { I: 5, A: 2 } })
    const game = battle(spearmen, unitDef('b'))
    join(game, { charged: 'a', contact: [{ unit: 'a', models: 5, supporting: 5 }, contact5[1]!] })
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 10 })
    expect(requestText(game)).toContain(
      '[ignored] spear: the second rank fights, 5 models x A 2: not in the turn it charged',
    )
  })

  it('spear mounted: +1 Strength in the first round of a charge only (classic/spear §mounted-charge)', () => {
    const riders = unitDef('a', { troopType: 'cavalry', gear: ['hand-weapon', 'spear'], profile: { I: 5 } })
    const charging = battle(riders, unitDef('b'))
    join(charging, { charged: 'a' })
    charging.roll([6, 6, 6, 6, 6])
    // S3 + 1 = 4 against T3: 3+.
    expect(request(charging)).toMatchObject({ purpose: 'to-wound', need: 3 })
    expect(cites(charging, 'spear', 'mounted-charge')).toBe(true)

    const charged = battle(riders, unitDef('b'))
    join(charged)
    charged.roll([6, 6, 6, 6, 6])
    expect(request(charged)).toMatchObject({ purpose: 'to-wound', need: 4 })
    expect(requestText(charged)).toContain('[ignored] mounted spear on the charge: only in the first round')

    // Round 2 after the charge: no bonus. Five riders (Unit Strength 10, as b's ten): the misses make a draw.
    const later = battle({ ...riders, models: 5 }, unitDef('b'))
    join(later, { charged: 'a' })
    missEverything(later)
    roundTwo(later)
    later.roll([6, 6, 6, 6, 6])
    expect(request(later)).toMatchObject({ purpose: 'to-wound', need: 4 })
  })

  it('lance: +2 Strength when charging, in the first round only (classic/lance §charge)', () => {
    // Five riders (Unit Strength 10, as b's ten): a round of misses is a draw.
    const knights = unitDef('a', { troopType: 'cavalry', models: 5, gear: ['hand-weapon', 'lance'], profile: { I: 5 } })
    const game = battle(knights, unitDef('b', { profile: { T: 4 } }))
    join(game, { charged: 'a' })
    game.roll([6, 6, 6, 6, 6])
    // S3 + 2 = 5 against T4: 3+.
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 3 })
    expect(requestText(game)).toContain('lance on the charge (+2): 3 -> 5 (classic/lance §charge)')

    // Round 2 of the same combat: no bonus.
    const later = battle(knights, unitDef('b', { profile: { T: 4 } }))
    join(later, { charged: 'a' })
    missEverything(later)
    roundTwo(later)
    later.roll([6, 6, 6, 6, 6])
    expect(request(later)).toMatchObject({ purpose: 'to-wound', need: 5 })
    expect(requestText(later)).toContain('[ignored] lance on the charge: only in the first round of the charge')

    // Charged, not charging: no bonus.
    const held = battle(knights, unitDef('b', { profile: { T: 4 } }))
    join(held)
    held.roll([6, 6, 6, 6, 6])
    expect(request(held)).toMatchObject({ purpose: 'to-wound', need: 5 })
  })

  it('impale: +1 Strength when charging, not in later rounds (classic/impale §charging)', () => {
    const game = battle(unitDef('a', { rules: ['impale'], profile: { I: 5 } }), unitDef('b'))
    join(game, { charged: 'a' })
    game.roll([6, 6, 6, 6, 6])
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 3 })
    expect(requestText(game)).toContain('Impale: charging (+1): 3 -> 4 (classic/impale §charging)')

    const later = battle(unitDef('a', { rules: ['impale'], profile: { I: 5 } }), unitDef('b'))
    join(later, { charged: 'a' })
    missEverything(later)
    roundTwo(later)
    later.roll([6, 6, 6, 6, 6])
    expect(request(later)).toMatchObject({ purpose: 'to-wound', need: 4 })
    expect(requestText(later)).toContain('[ignored] Impale: charging: only when charging: this is round 2')
  })
})

describe('generic weapons from core mechanics A.5 (not the seed)', () => {
  it('halberd: +1 Strength; the entry names core mechanics as its source (classic/halberd §strength)', () => {
    const game = battle(unitDef('a', { gear: ['halberd'], profile: { I: 5 } }), unitDef('b'))
    join(game)
    game.roll([6, 6, 6, 6, 6])
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 3 })
    expect(cites(game, 'halberd', 'strength')).toBe(true)
    const entry = classic.catalogue.entries.find((e) => e.id === 'halberd')
    expect(entry?.source).toBe('rules/core-mechanics.md A.5')
    expect(classic.catalogue.entries.find((e) => e.id === 'great-weapon')?.source).toBe('rules/core-mechanics.md A.5')
  })

  it('great weapon: +2 Strength, and strikes last even when it charged (classic/great-weapon §strikes-last)', () => {
    const game = battle(
      unitDef('a', { gear: ['great-weapon'], profile: { I: 6 } }),
      unitDef('b', { profile: { I: 1 } }),
    )
    join(game, { charged: 'a' })
    const order = outcomes(game, 'strike-order')[0]!
    expect(order.values).toMatchObject({ steps: [['b'], ['a']] })
    expect(renderExplanationText(order.explanation)).toContain('a: strikes last (great weapon)')
    expect(cites(game, 'great-weapon', 'strikes-last')).toBe(true)
    game.roll([1, 1, 1, 1, 1])
    game.roll([6, 6, 6, 6, 6])
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 2 })
    expect(cites(game, 'great-weapon', 'strength')).toBe(true)
  })

  it('great weapon with Always Strikes First: the two cancel, Initiative order (classic/variants §strikes-last)', () => {
    const game = battle(
      unitDef('a', { gear: ['great-weapon'], rules: ['always-strikes-first'], profile: { I: 2 } }),
      unitDef('b', { profile: { I: 4 } }),
    )
    join(game)
    const order = outcomes(game, 'strike-order')[0]!
    expect(order.values).toMatchObject({ steps: [['b'], ['a']] })
    expect(renderExplanationText(order.explanation)).toContain(
      'great weapon and Always Strikes First cancel: Initiative order',
    )
  })
})

describe('Killing Blow', () => {
  it('killing blow: a natural 6 to wound ignores armour (classic/killing-blow §natural-6)', () => {
    const game = battle(
      unitDef('a', { rules: ['killing-blow'], profile: { I: 5 } }),
      unitDef('b', { gear: ['hand-weapon', 'heavy-armour'] }),
    )
    join(game)
    game.roll([6, 6, 1, 1, 1])
    // 2 hits, S3 vs T3 4+: a 6 and a 4 wound; only the 4 may be saved.
    const wounded = game.roll([6, 4])
    expect(wounded.requests[0]).toMatchObject({ purpose: 'armour-save', count: 1, need: 5 })
    expect(cites(game, 'killing-blow', 'natural-6')).toBe(true)
    // The 4 is saved: one model lost, to the Killing Blow.
    const saved = game.roll([5])
    expect(saved.outcomes[0]).toMatchObject({ kind: 'casualties', values: { unit: 'b', unsaved: 1, removed: 1 } })
  })

  it('killing blow: no effect on a to-wound roll that needed 7+ (classic/killing-blow §seven-plus)', () => {
    const { ctx, attacker, target } = classicContext({ rules: ['killing-blow'] }, {})
    const records = (need: number) =>
      ctx.modifiers('natural-6', { subject: attacker, opponent: target, combat: null, roll: 'to-wound', need })
    expect(records(6)[0]).toMatchObject({ status: 'applied', value: 'ignores-armour' })
    const seven = records(7)[0]!
    expect(seven).toMatchObject({ status: 'ignored', source: { id: 'killing-blow', clause: 'natural-6' } })
    expect(seven.reason).toContain('no effect on to-wound rolls of 7+')
    expect(classic.catalogue.decisions.some((d) => d.id === 'killing-blow-seven-plus')).toBe(true)
  })
})

describe('Hatred and Eternal Hatred', () => {
  const haters = (rules: UnitDefinitionInput['rules'], extra = {}) =>
    unitDef('a', { race: 'dark-elves', rules, profile: { I: 5, WS: 4, S: 4 }, models: 5, ...extra })

  it('hatred: failed to-hit rolls are re-rolled in the first round against hated enemies (classic/hatred §re-roll)', () => {
    const game = battle(
      haters([{ id: 'hatred', params: { enemies: 'high-elves' } }]),
      unitDef('b', { race: 'high-elves' }),
    )
    join(game)
    const first = game.roll([1, 2, 6, 6, 6])
    expect(first.requests[0]).toMatchObject({ purpose: 're-roll-to-hit', count: 2 })
    expect(cites(game, 'hatred', 're-roll')).toBe(true)

    // Not a hated race: no re-roll, with the reason.
    const orcs = battle(haters([{ id: 'hatred', params: { enemies: 'high-elves' } }]), unitDef('b', { race: 'orcs' }))
    join(orcs)
    const plain = orcs.roll([1, 2, 6, 6, 6])
    expect(plain.requests[0]).toMatchObject({ purpose: 'to-wound', count: 3 })
    expect(renderExplanationText(plain.outcomes[0]!.explanation)).toContain('is not a hated enemy (high-elves)')
  })

  it('hatred: only the first round of each combat; round 2 re-rolls nothing (classic/hatred §re-roll)', () => {
    const game = battle(haters(['hatred']), unitDef('b', { models: 5 }))
    join(game)
    // Round 1: all miss, re-rolls miss too, b misses: a draw.
    game.roll([1, 1, 1, 1, 1])
    game.roll([1, 1, 1, 1, 1])
    game.roll([1, 1, 1, 1, 1])
    expect(game.game.requests).toEqual({})
    roundTwo(game)
    const second = game.roll([1, 1, 6, 6, 6])
    expect(second.requests[0]).toMatchObject({ purpose: 'to-wound', count: 3 })
    expect(renderExplanationText(second.outcomes[0]!.explanation)).toContain(
      'only in the first round of a combat: this is round 2',
    )
  })

  /** a (5 models, I5, S4) kills 5 of b's 10 in contact before b strikes; b loses by 5 and breaks. */
  function winAndBreak(rules: UnitDefinitionInput['rules']) {
    const game = battle(haters(rules), unitDef('b', { race: 'orcs' }))
    join(game)
    game.roll([6, 6, 6, 6, 6])
    game.roll([6, 6, 6, 6, 6])
    // b: no models left in contact strike; a wins 5 to 0; b tests on Ld 7 - 5 = 2 and rolls 12.
    game.roll([6, 6])
    return game
  }

  it('hatred: must pursue a hated enemy fleeing from combat, no restraint test (classic/hatred §pursue)', () => {
    const game = winAndBreak(['hatred'])
    const fled = game.roll([1, 2])
    expect(fled.outcomes.map((o) => o.kind)).toEqual(['fled', 'pursuit-forced'])
    // No choice: the pursuit dice are asked at once.
    expect(fled.requests[0]).toMatchObject({ kind: 'dice', purpose: 'pursue', roller: 'p1' })
    expect(cites(game, 'hatred', 'pursue')).toBe(true)
    expect(allText(game)).toContain('overruns on the table')
    const caught = game.roll([2, 2])
    expect(caught.outcomes.map((o) => o.kind)).toContain('caught')

    // Without Hatred the winner chooses.
    const calm = winAndBreak([])
    expect(calm.roll([1, 2]).requests[0]).toMatchObject({ kind: 'choice', purpose: 'pursuit' })
  })

  it('hatred: an enemy of a race not hated may be let go (classic/hatred §pursue)', () => {
    const game = winAndBreak([{ id: 'hatred', params: { enemies: 'high-elves' } }])
    expect(game.roll([1, 2]).requests[0]).toMatchObject({ kind: 'choice', purpose: 'pursuit' })
  })

  it('eternal hatred: re-rolls failed to-hit rolls in every round, and must pursue (classic/eternal-hatred)', () => {
    const game = battle(haters(['eternal-hatred']), unitDef('b', { models: 5 }))
    join(game)
    game.roll([1, 1, 1, 1, 1])
    game.roll([1, 1, 1, 1, 1])
    game.roll([1, 1, 1, 1, 1])
    roundTwo(game)
    const second = game.roll([1, 1, 6, 6, 6])
    expect(second.requests[0]).toMatchObject({ purpose: 're-roll-to-hit', count: 2 })
    expect(cites(game, 'eternal-hatred', 'every-round')).toBe(true)

    const pursuit = winAndBreak(['eternal-hatred'])
    expect(pursuit.roll([1, 2]).outcomes.map((o) => o.kind)).toEqual(['fled', 'pursuit-forced'])
    expect(cites(pursuit, 'eternal-hatred', 'hates')).toBe(true)
  })
})

describe('banners', () => {
  const elves = (extra = {}) =>
    unitDef('a', {
      race: 'dark-elves',
      gear: ['hand-weapon', 'hydra-banner'],
      command: { standard: true },
      profile: { I: 5 },
      ...extra,
    })

  it('hydra banner: +1 Attack to the Dark Elves in the first round (classic/hydra-banner §first-round)', () => {
    const game = battle(elves(), unitDef('b'))
    join(game)
    // 5 x (A1 + 1) = 10.
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 10 })
    expect(cites(game, 'hydra-banner', 'first-round')).toBe(true)

    const notElves = battle(elves({ race: 'orcs' }), unitDef('b'))
    join(notElves)
    expect(request(notElves)).toMatchObject({ purpose: 'to-hit', count: 5 })
    expect(requestText(notElves)).toContain('[ignored] Hydra Banner: first round: a are not Dark Elves')
  })

  it('hydra banner: no bonus in the second round (classic/hydra-banner §first-round)', () => {
    // b bears a standard too, so a round of misses is a draw.
    const game = battle(elves(), unitDef('b', { command: { standard: true } }))
    join(game)
    missEverything(game)
    roundTwo(game)
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 5 })
    expect(requestText(game)).toContain('only in the first round of a combat: this is round 2')
  })

  it('war banner: +1 combat result, beside the standard that bears it (classic/war-banner §combat-result)', () => {
    const game = battle(
      unitDef('a', { gear: ['hand-weapon', 'war-banner'], command: { standard: true } }),
      unitDef('b'),
    )
    join(game)
    p1WinsRollOff(game)
    game.roll([1, 1, 1, 1, 1])
    const last = game.roll([1, 1, 1, 1, 1])
    const result = last.outcomes.find((o) => o.kind === 'combat-result')!
    // No wounds; the standard +1 and the War Banner +1.
    expect(result.values).toMatchObject({ scores: { p1: 2, p2: 0 }, winner: 'p1', difference: 2 })
    expect(renderExplanationText(result.explanation)).toContain(
      'War Banner of a (+1): 1 -> 2 (classic/war-banner §combat-result)',
    )
  })

  it('war banner: +1 on its own, without a standard (classic/variants §magic-banner-bearer)', () => {
    const game = battle(unitDef('a', { gear: ['hand-weapon', 'war-banner'] }), unitDef('b'))
    join(game)
    p1WinsRollOff(game)
    game.roll([1, 1, 1, 1, 1])
    const last = game.roll([1, 1, 1, 1, 1])
    const result = last.outcomes.find((o) => o.kind === 'combat-result')!
    expect(result.values).toMatchObject({ scores: { p1: 1, p2: 0 }, winner: 'p1', difference: 1 })
  })
})

describe('Potion of Strength (ItemUsed)', () => {
  const drinker = () => unitDef('a', { gear: ['hand-weapon', 'potion-of-strength'], profile: { I: 5 } })
  const drink = (game: EngineGame) =>
    game.apply({ type: 'ItemUsed', actor: 'p1', payload: { unit: 'a', item: 'potion-of-strength' } })

  it('potion of strength: +3 Strength once drunk at the phase start; carrying it: nothing (classic/potion-of-strength §strength)', () => {
    const sober = battle(drinker(), unitDef('b', { profile: { T: 5 } }))
    join(sober)
    sober.roll([6, 6, 6, 6, 6])
    // S3 against T5: 6+.
    expect(request(sober)).toMatchObject({ purpose: 'to-wound', need: 6 })

    const game = battle(drinker(), unitDef('b', { profile: { T: 5 } }))
    const used = drink(game)
    expect(used.outcomes.map((o) => o.kind)).toEqual(['item-used', 'effect-started'])
    join(game)
    game.roll([6, 6, 6, 6, 6])
    // S3 + 3 = 6 against T5: 3+.
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 3 })
    expect(requestText(game)).toContain('Potion of Strength (+3): 3 -> 6 (classic/potion-of-strength §strength)')
    expect(cites(game, 'potion-of-strength', 'use')).toBe(true)
  })

  it('potion of strength: the Strength lasts until the end of the turn (classic/potion-of-strength §strength)', () => {
    const game = battle(drinker(), unitDef('b', { profile: { T: 5 } }))
    drink(game)
    join(game, { charged: 'a' })
    missEverything(game)
    const next = game.apply(ev.turn(1, 'p2'))
    expect(next.outcomes[0]).toMatchObject({ kind: 'effect-ended', values: { entry: 'potion-of-strength' } })
    game.apply(ev.phase('close-combat'))
    game.apply({ type: 'CombatRoundDeclared', payload: { combat: 'c1', contact: contact5 } })
    game.roll([6, 6, 6, 6, 6])
    expect(request(game)).toMatchObject({ purpose: 'to-wound', need: 6, roller: 'p1' })
  })

  it('potion of strength: one use only; a second use is refused, and nothing changes (classic/potion-of-strength §one-use)', () => {
    const game = battle(drinker(), unitDef('b'))
    drink(game)
    join(game, { charged: 'a' })
    missEverything(game)
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('close-combat'))
    const before = JSON.stringify(game.game)
    expect(() => drink(game)).toThrow(/already used its potion-of-strength .*one use only/)
    expect(JSON.stringify(game.game)).toBe(before)
  })

  it('potion of strength: used only at the start of a close-combat phase, before any combat (classic/potion-of-strength §use)', () => {
    const game = battle(drinker(), unitDef('b'))
    join(game)
    missEverything(game)
    expect(() => drink(game)).toThrow(/combat "c1" has already been fought this phase/)

    const early = new EngineGame(
      ev.created(),
      ev.mustered('p1', drinker()),
      ev.mustered('p2', unitDef('b')),
      ev.turn(1, 'p1'),
    )
    early.apply(ev.phase('shooting'))
    expect(() => drink(early)).toThrow(/used at the start of the close-combat phase, not in the shooting/)

    const without = battle(unitDef('a'), unitDef('b'))
    expect(() => drink(without)).toThrow(/a does not carry a potion-of-strength/)
  })
})

describe('saves', () => {
  /** b is hit and wounded once by an S3 attack; returns the game at b's first save. */
  function woundOnce(b: UnitDefinitionInput, attacker = unitDef('a', { profile: { I: 5 } })) {
    const game = battle(attacker, b)
    join(game, { contact: [{ unit: 'a', models: 1 }, contact5[1]!] })
    game.roll([6])
    game.roll([6])
    return game
  }

  it('dance of doom: a 5+ ward save (classic/dance-of-doom §ward)', () => {
    const game = woundOnce(unitDef('b', { gear: ['hand-weapon', 'dance-of-doom'] }))
    // No armour: straight to the ward.
    expect(request(game)).toMatchObject({ purpose: 'ward-save', need: 5, count: 1 })
    expect(cites(game, 'dance-of-doom', 'ward')).toBe(true)
    const saved = game.roll([5])
    expect(saved.outcomes[0]).toMatchObject({ kind: 'casualties', values: { unit: 'b', removed: 0 } })
  })

  it('sea dragon cloak: +1 in close combat, +2 against ranged attacks (classic/sea-dragon-cloak)', () => {
    const game = woundOnce(unitDef('b', { gear: ['hand-weapon', 'light-armour', 'sea-dragon-cloak'] }))
    expect(request(game)).toMatchObject({ purpose: 'armour-save', need: 5 })
    expect(cites(game, 'sea-dragon-cloak', 'close-combat')).toBe(true)
    const { ctx, attacker, target } = classicContext({}, { gear: ['light-armour', 'sea-dragon-cloak'] })
    const ranged = armourSaveNeed(ctx, target, attacker, null, 3)
    expect(ranged.value).toBe(4)
    expect(citedRules(ranged.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'sea-dragon-cloak',
      clause: 'ranged',
    })
  })

  it('scaly skin: X+ on its own, the modifier it is worth with armour (classic/scaly-skin)', () => {
    const alone = woundOnce(unitDef('b', { rules: [{ id: 'scaly-skin', params: { save: 5 } }] }))
    expect(request(alone)).toMatchObject({ purpose: 'armour-save', need: 5 })
    expect(cites(alone, 'scaly-skin', 'save')).toBe(true)
    // Heavy armour 5+ with Scaly Skin 5+ (worth +2): 3+.
    const armoured = woundOnce(
      unitDef('b', { gear: ['hand-weapon', 'heavy-armour'], rules: [{ id: 'scaly-skin', params: { save: 5 } }] }),
    )
    expect(request(armoured)).toMatchObject({ purpose: 'armour-save', need: 3 })
    expect(requestText(armoured)).toContain('Scaly Skin 5+ with armour, worth +2')
    expect(cites(armoured, 'scaly-skin', 'combined')).toBe(true)
  })

  it('thick-skinned: the mount gives +2 instead of +1 (classic/thick-skinned §mount)', () => {
    const game = woundOnce(
      unitDef('b', { troopType: 'cavalry', gear: ['hand-weapon', 'light-armour'], rules: ['thick-skinned'] }),
    )
    // Light armour 6+, mounted +1, thick-skinned one more: 4+.
    expect(request(game)).toMatchObject({ purpose: 'armour-save', need: 4 })
    expect(cites(game, 'thick-skinned', 'mount')).toBe(true)
    expect(cites(game, 'armour-save', 'mounted')).toBe(true)
    const onFoot = woundOnce(unitDef('b', { gear: ['hand-weapon', 'light-armour'], rules: ['thick-skinned'] }))
    expect(request(onFoot)).toMatchObject({ purpose: 'armour-save', need: 6 })
  })
})

describe('Regeneration', () => {
  /**
   * Elves (5, WS4 S4 I5) against 3 trolls (W3 T4 I1 A3, Regeneration 4+), all in contact.
   * Elves: 5 hits, 4 wounds at 4+, no armour: a troll slain and the next has lost 1 (3 -> 2 models).
   * Trolls: the 2 left strike, 6 attacks at 4+, all miss. Then 4 regeneration dice.
   */
  function trollFight(regenerationFaces: number[]) {
    const game = battle(
      unitDef('a', { models: 5, profile: { WS: 4, S: 4, I: 5 } }),
      unitDef('b', {
        name: 'Trolls',
        models: 3,
        profile: { WS: 3, T: 4, W: 3, I: 1, A: 3, S: 5 },
        rules: [{ id: 'regeneration', params: { save: 4 } }],
      }),
    )
    join(game, { contact: [contact5[0]!, { unit: 'b', models: 3 }] })
    game.roll([6, 6, 6, 6, 6])
    const wounds = game.roll([6, 6, 6, 6, 1])
    expect(wounds.outcomes.at(-1)).toMatchObject({ kind: 'casualties', values: { removed: 1, modelsLeft: 2 } })
    // The slain troll does not strike: 2 trolls x A3.
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 6, roller: 'p2' })
    const missed = game.roll([1, 1, 1, 1, 1, 1])
    expect(missed.requests[0]).toMatchObject({ purpose: 'regeneration', count: 4, need: 4, roller: 'p2' })
    return { game, regenerated: game.roll(regenerationFaces) }
  }

  it('regeneration: rolled at the end of the round; regenerated wounds score nothing (classic/regeneration §combat-result)', () => {
    const { game, regenerated } = trollFight([4, 5, 1, 2])
    const outcome = regenerated.outcomes[0]!
    // 2 of 4 wounds undone: 9 - 4 + 2 = 7 Wounds left -> 3 trolls, the next having lost 2.
    expect(outcome).toMatchObject({
      kind: 'regenerated',
      values: { unit: 'b', rolled: 4, regenerated: 2, modelsLeft: 3, woundsOnNextModel: 2 },
    })
    expect(game.game.units.b).toMatchObject({ models: 3, woundsOnNextModel: 2 })
    // Combat result: elves 4 wounds - 2 regenerated = 2, + 1 outnumbering (US 5 against 3) = 3; trolls 0.
    const result = regenerated.outcomes.find((o) => o.kind === 'combat-result')!
    expect(result.values).toMatchObject({ scores: { p1: 3, p2: 0 }, winner: 'p1', difference: 3 })
    expect(renderExplanationText(result.explanation)).toContain(
      'less 2 regenerated (classic/regeneration §combat-result)',
    )
    for (const clause of ['roll', 'close-combat', 'combat-result', 'restored', 'no-strike'])
      expect(cites(game, 'regeneration', clause)).toBe(true)
  })

  it('regeneration: nothing regenerated, nothing restored; every wound still scores', () => {
    const { regenerated } = trollFight([1, 2, 3, 3])
    expect(regenerated.outcomes[0]).toMatchObject({ kind: 'regenerated', values: { regenerated: 0, modelsLeft: 2 } })
    const result = regenerated.outcomes.find((o) => o.kind === 'combat-result')!
    expect(result.values).toMatchObject({ scores: { p1: 5, p2: 0 } })
  })

  it('regeneration: the list gives X+, else 4+ (classic/variants §regeneration-default)', () => {
    const { ctx, attacker, target } = classicContext({}, { rules: ['regeneration'] })
    const [record] = ctx.modifiers('regeneration', { subject: target, opponent: attacker, combat: null })
    expect(record).toMatchObject({ kind: 'set', value: 4, source: { id: 'regeneration', clause: 'roll' } })
    const five = classicContext({}, { rules: [{ id: 'regeneration', params: { save: 5 } }] })
    expect(five.ctx.modifiers('regeneration', { subject: five.target, opponent: null, combat: null })[0]).toMatchObject(
      {
        value: 5,
      },
    )
  })

  it('regeneration outside combat: rolled right after the saves (classic/regeneration §outside-combat)', async () => {
    const { regenerate } = await import('../../core/rules/battle/regeneration.js')
    const { ctx, attacker, target, game } = classicContext({}, { models: 5, rules: ['regeneration'] })
    // As a shooting procedure would: 2 models were removed by 2 unsaved wounds.
    game.game.units.b!.models = 3
    const emitted: Parameters<typeof ctx.emit>[0][] = []
    const recording = {
      ...ctx,
      emit: (outcome: Parameters<typeof ctx.emit>[0]) => {
        emitted.push(outcome)
        ctx.emit(outcome)
      },
    }
    const run = regenerate(recording, {
      unit: target,
      opponent: attacker,
      combat: null,
      wounds: 2,
      before: { models: 5, woundsOnNextModel: 0 },
      from: [3],
    })
    const asked = run.next()
    expect(asked.value).toMatchObject({ kind: 'dice', purpose: 'regeneration', count: 2, need: 4 })
    const done = run.next({ kind: 'dice', faces: [6, 2], source: 'physical', seq: 4 })
    expect(done).toMatchObject({ done: true, value: 1 })
    expect(game.game.units.b?.models).toBe(4)
    expect(emitted[0]).toMatchObject({ kind: 'regenerated', values: { regenerated: 1, modelsLeft: 4 } })
    expect(citedRules(emitted[0]!.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'regeneration',
      clause: 'outside-combat',
    })
  })
})
