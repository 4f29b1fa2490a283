import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../core/engine/index.js'
import type { OpenRequest } from '../../core/engine/types.js'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { type Draft, EngineGame, ev, type RulesetGame, type UnitInput, unitDef } from '../helpers/classic-game.js'
import { OldWorldGame, owEv } from '../helpers/old-world-game.js'

/**
 * Riders and mounts (classic/mounts, old-world/mounts): each strikes with its own profile, weapons and Initiative
 * step; blows at the model strike the rider; a slain rider takes its mount with it; a classic ridden monster is
 * wounded apart when attacks are directed at it. Every number is worked by hand beside its test.
 */
const coldOne = { name: 'Cold One', profile: { M: 7, WS: 3, BS: 0, S: 4, T: 4, W: 1, I: 1, A: 1, Ld: 3 } }
/** Cold One Knights: rider WS5 S4 T3 I6 A1 with lance, heavy armour and shield, on a Cold One (WS3 S4 I1 A1). */
const knights = (extra: UnitInput = {}) =>
  unitDef('knights', {
    name: 'Cold One Knights',
    troopType: 'cavalry',
    models: 5,
    profile: { WS: 5, S: 4, T: 3, I: 6, A: 1, Ld: 9 },
    gear: ['lance', 'heavy-armour', 'shield'],
    formation: { files: 5 },
    mount: coldOne,
    ...extra,
  })
/** Orc Boyz: WS3 S3 T4 I2 A1, light armour. */
const boyz = (extra: UnitInput = {}) =>
  unitDef('boyz', {
    name: 'Orc Boyz',
    models: 10,
    profile: { WS: 3, S: 3, T: 4, I: 2, A: 1, Ld: 7 },
    gear: ['hand-weapon', 'light-armour'],
    formation: { files: 5 },
    ...extra,
  })

function classicBattle(variant: string, p1: ReturnType<typeof unitDef>, p2: ReturnType<typeof unitDef>) {
  return new EngineGame(
    ev.created(variant),
    ev.mustered('p1', p1),
    ev.mustered('p2', p2),
    ev.turn(1, 'p1'),
    ev.phase('close-combat'),
  )
}

type Contact = { unit: string; models: number; directed?: { by?: string; at: string; attacks: number }[] }
const joined = (charger: string, defender: string, contact: Contact[]): Draft => ({
  type: 'CombatJoined',
  payload: {
    combat: 'c1',
    sides: [
      { player: 'p1', units: [{ unit: charger, charged: true }] },
      { player: 'p2', units: [{ unit: defender }] },
    ],
    contact,
  },
})

/** Answers every open request: dice by `pick` (1s when it gives none), choices by their first option. */
function play(game: RulesetGame, pick: (request: OpenRequest) => number[] | undefined) {
  for (let guard = 0; guard < 100; guard++) {
    const request = Object.values(game.game.requests)[0]
    if (!request) return
    if (request.kind === 'choice') game.apply(ev.choice(request.id, request.options[0]?.id as string))
    else game.apply(ev.dice(request.id, pick(request) ?? Array(request.count).fill(1)))
  }
  throw new Error('too many requests')
}

const allRequests = (game: RulesetGame) => game.steps.flatMap((step) => step.requests)
type DiceRequest = Extract<OpenRequest, { kind: 'dice' }>
const request = (game: RulesetGame, start: string) =>
  allRequests(game).find((r): r is DiceRequest => r.kind === 'dice' && r.text.startsWith(start))
function outcomes<K extends Outcome['kind']>(game: RulesetGame, kind: K) {
  return game.steps.flatMap((step) => step.outcomes).filter((o): o is Extract<Outcome, { kind: K }> => o.kind === kind)
}
const cites = (game: RulesetGame, ruleset: string, id: string, clause: string) =>
  game.steps
    .flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])
    .flatMap(citedRules)
    .some((ref) => ref.ruleset === ruleset && ref.id === id && ref.clause === clause)

describe('riders and mounts (classic/mounts)', () => {
  it('cavalry charging: the rider strikes at I6 with the lance (S6), the Cold One at I1 with its own S4', () => {
    // classic-8th: no strike-first for chargers, so Initiative alone: riders I6, Boyz I2, Cold Ones I1.
    const game = classicBattle('classic-8th', knights(), boyz())
    game.apply(ev.joined('knights', 'boyz', 5))
    expect(outcomes(game, 'strike-order')[0]?.values.steps).toEqual([['knights'], ['boyz'], ['knights:mount']])
    play(game, (r) => {
      // Riders: 5 attacks, WS5 against WS3: 3+; S4 + 2 (lance, charging) = 6 against T4: 2+.
      if (r.text.startsWith('Cold One Knights: roll 5 D6 to hit')) return [3, 3, 3, 1, 1]
      if (r.text.startsWith('Cold One Knights: roll 3 D6 to wound')) return [2, 2, 1]
      // Boyz: 5 in contact, 2 slain by the riders: 3 attacks, WS3 against WS5: 4+; S3 against the rider's T3: 4+.
      if (r.text.startsWith('Orc Boyz: roll 3 D6 to hit')) return [4, 4, 1]
      if (r.text.startsWith('Orc Boyz: roll 2 D6 to wound')) return [4, 4]
      // Heavy armour 5+, shield +1, mounted +1: 3+; both fail.
      if (r.text.startsWith('Cold One Knights: roll 2 D6 armour saves')) return [1, 2]
      // Cold Ones: 5 in contact, 2 riders slain with them: 3 attacks, WS3 against WS3: 4+; S4 against T4: 4+.
      if (r.text.startsWith("Cold One Knights's Cold One: roll 3 D6 to hit")) return [4, 4, 4]
      if (r.text.startsWith("Cold One Knights's Cold One: roll 3 D6 to wound")) return [4, 4, 1]
      return undefined
    })
    expect(request(game, 'Cold One Knights: roll 5 D6 to hit')?.need).toBe(3)
    expect(request(game, 'Cold One Knights: roll 3 D6 to wound')?.need).toBe(2)
    // Light armour 6+ against S6 (-3): no save is possible, so none is asked for the riders' or the Cold Ones' wounds.
    expect(request(game, 'Cold One Knights: roll 2 D6 armour saves')?.need).toBe(3)
    expect(request(game, "Cold One Knights's Cold One: roll 3 D6 to hit")?.need).toBe(4)
    // The lance is the rider's: the Cold One wounds with its own S4 against T4, 4+ (S6 would need 2+).
    const mountWound = request(game, "Cold One Knights's Cold One: roll 3 D6 to wound")
    expect(mountWound?.need).toBe(4)
    expect(renderExplanationText(mountWound!.explanation)).not.toContain('lance')
    expect(renderExplanationText(request(game, 'Cold One Knights: roll 3 D6 to wound')!.explanation)).toContain(
      'lance on the charge',
    )
    // Boyz lose 2 to the riders and 2 to the Cold Ones; the Knights lose 2 (mount and rider together).
    expect(game.game.units.boyz?.models).toBe(6)
    expect(game.game.units.knights?.models).toBe(3)
    expect(cites(game, 'classic', 'mounts', 'split-profile')).toBe(true)
    expect(cites(game, 'classic', 'armour-save', 'mounted')).toBe(true)
    // The Cold Ones' attacks: 3 fighting, the 2 whose riders fell before their step do not strike.
    const coldOneHit = request(game, "Cold One Knights's Cold One: roll 3 D6 to hit")
    expect(renderExplanationText(coldOneHit!.explanation)).toContain('5 in contact, 2 slain before this step: 3 fight')
  })

  it('7th-style classic: chargers strike first, rider and mount each in their own step of the charge', () => {
    const game = classicBattle('classic', knights(), boyz())
    game.apply(ev.joined('knights', 'boyz', 5))
    // Both charged (tier above Initiative), riders I6 before Cold Ones I1; the Boyz after them.
    expect(outcomes(game, 'strike-order')[0]?.values.steps).toEqual([['knights'], ['knights:mount'], ['boyz']])
  })

  it('a slain character takes its horse with it: the horse does not strike', () => {
    const horse = { name: 'Dark Steed', profile: { M: 9, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 5 } }
    const rider = {
      id: 'noble',
      name: 'Noble',
      profile: { M: 5, WS: 6, BS: 6, S: 4, T: 3, W: 1, I: 1, A: 3, Ld: 9 },
      gear: ['hand-weapon'],
      mount: horse,
    }
    const game = classicBattle(
      'classic-8th',
      knights({ mount: undefined, troopType: 'infantry', gear: ['hand-weapon'], characters: [rider] }),
      boyz(),
    )
    game.apply(
      joined('knights', 'boyz', [
        { unit: 'knights', models: 4, characters: ['noble'] } as Contact,
        { unit: 'boyz', models: 5, directed: [{ at: 'noble', attacks: 2 }] },
      ]),
    )
    // Order: the unit I6, the horse I4, the Boyz I2, the Noble I1 — the horse strikes before its rider.
    expect(outcomes(game, 'strike-order')[0]?.values.steps).toEqual([
      ['knights'],
      ['character:noble:mount'],
      ['boyz'],
      ['character:noble'],
    ])
  })

  it('a slain rider removes its mount: a character slain before its steed strikes', () => {
    const horse = { name: 'Dark Steed', profile: { M: 9, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 1, A: 1, Ld: 5 } }
    const rider = {
      id: 'noble',
      name: 'Noble',
      profile: { M: 5, WS: 6, BS: 6, S: 4, T: 3, W: 1, I: 7, A: 3, Ld: 9 },
      gear: ['hand-weapon'],
      mount: horse,
    }
    const game = classicBattle(
      'classic-8th',
      knights({ mount: undefined, troopType: 'infantry', gear: ['hand-weapon'], characters: [rider] }),
      boyz(),
    )
    game.apply(
      joined('knights', 'boyz', [
        { unit: 'knights', models: 4, characters: ['noble'] } as Contact,
        { unit: 'boyz', models: 5, directed: [{ at: 'noble', attacks: 2 }] },
      ]),
    )
    // Noble I7, unit I6, Boyz I2, the steed I1. Boyz: 2 attacks at the Noble, WS3 against WS6: 4+ ; S3 against T3:
    // 4+; no armour (7+ with nothing to improve it) so no save; 1 Wound: slain. The steed then does not strike.
    play(game, (r) => {
      if (r.text.startsWith('Orc Boyz: roll 2 D6 to hit Noble')) return [6, 6]
      if (r.text.startsWith('Orc Boyz: roll 2 D6 to wound Noble')) return [6, 6]
      return undefined
    })
    expect(outcomes(game, 'character-wounded')[0]?.values).toMatchObject({ character: 'noble', slain: true })
    const idle = outcomes(game, 'attacks').find((o) => o.text.startsWith("Noble's Dark Steed was slain"))
    expect(idle?.values).toEqual({ attacks: 0 })
    expect(citedRules(idle!.explanation)).toContainEqual(
      expect.objectContaining({ ruleset: 'classic', id: 'mounts', clause: 'rider-slain' }),
    )
    expect(request(game, "Noble's Dark Steed: roll")).toBeUndefined()
  })

  it('a ridden monster (classic): attacks directed at the monster wound it apart; slain, it strikes no more', () => {
    // Dreadlord WS7 S4 T3 W3 I8 A4 on a Manticore (WS5 S5 T5 W2 I4 A4 here: two Wounds, to fall in one step).
    const lord = unitDef('lord', {
      name: 'Dreadlord',
      troopType: 'monster',
      character: true,
      models: 1,
      profile: { WS: 7, S: 4, T: 3, W: 3, I: 8, A: 4, Ld: 10 },
      mount: { name: 'Manticore', profile: { M: 6, WS: 5, BS: 0, S: 5, T: 5, W: 2, I: 4, A: 4, Ld: 5 } },
    })
    // Swordmasters: WS6 S3 T3 I6 A1.
    const swords = unitDef('swords', {
      name: 'Swordmasters',
      models: 10,
      profile: { WS: 6, S: 3, T: 3, I: 6, A: 1, Ld: 8 },
      formation: { files: 5 },
    })
    const game = new EngineGame(
      ev.created('classic-8th'),
      ev.mustered('p1', lord),
      ev.mustered('p2', swords),
      ev.turn(1, 'p1'),
      ev.phase('close-combat'),
    )
    game.apply(
      joined('lord', 'swords', [
        { unit: 'lord', models: 1 },
        { unit: 'swords', models: 5, directed: [{ at: 'mount', attacks: 4 }] },
      ]),
    )
    // Order: Dreadlord I8, Swordmasters I6, Manticore I4.
    expect(outcomes(game, 'strike-order')[0]?.values.steps).toEqual([['lord'], ['swords'], ['lord:mount']])
    play(game, (r) => {
      // 4 at the Manticore: WS6 against WS5: 3+; S3 against T5: 6+ (8th: T - S = 2 still wounds on 6s); no armour.
      if (r.text.startsWith("Swordmasters: roll 4 D6 to hit Dreadlord's Manticore")) return [3, 3, 3, 3]
      if (r.text.startsWith("Swordmasters: roll 4 D6 to wound Dreadlord's Manticore")) return [6, 6, 1, 1]
      return undefined
    })
    expect(request(game, "Swordmasters: roll 4 D6 to hit Dreadlord's Manticore")?.need).toBe(3)
    expect(request(game, "Swordmasters: roll 4 D6 to wound Dreadlord's Manticore")?.need).toBe(6)
    // The fifth attack is at the rider: WS6 against WS7: 4+ (missed with a 1).
    expect(request(game, 'Swordmasters: roll 1 D6 to hit Dreadlord,')?.need).toBe(4)
    expect(outcomes(game, 'mount-wounded')[0]?.values).toEqual({ unit: 'lord', unsaved: 2, woundsLost: 2, slain: true })
    expect(game.game.units.lord?.mount?.woundsLost).toBe(2)
    // The monster fell before its step: no attacks; the Dreadlord stands, on foot.
    expect(outcomes(game, 'attacks').some((o) => o.text.startsWith("Dreadlord's Manticore was slain"))).toBe(true)
    expect(game.game.units.lord?.models).toBe(1)
    expect(cites(game, 'classic', 'mounts', 'ridden-monster')).toBe(true)
    // Wounds on the monster count for the combat result: 2 to the Swordmasters, 0 to the Dreadlord.
    const result = outcomes(game, 'combat-result')[0]?.values.scores as Record<string, number>
    expect(result.p2).toBeGreaterThanOrEqual(2)
  })
})

describe('a ridden monster whose rider falls (classic/mounts §ridden-monster)', () => {
  it('the monster fights on as the unit, with its own profile, in its own step of the same round', () => {
    // A Noble WS6 S4 T3 W1 I7 A3 on a Manticore WS5 S5 T5 W4 I4 A4; Swordmasters WS6 S3 T3 I6 A1 (5 in contact).
    const noble = unitDef('noble', {
      name: 'Noble',
      troopType: 'monster',
      character: true,
      models: 1,
      profile: { WS: 6, S: 4, T: 3, W: 1, I: 7, A: 3, Ld: 9 },
      mount: { name: 'Manticore', profile: { M: 6, WS: 5, BS: 0, S: 5, T: 5, W: 4, I: 4, A: 4, Ld: 5 } },
    })
    const swords = unitDef('swords', {
      name: 'Swordmasters',
      models: 10,
      profile: { WS: 6, S: 3, T: 3, I: 6, A: 1, Ld: 8 },
      formation: { files: 5 },
    })
    const game = new EngineGame(
      ev.created('classic-8th'),
      ev.mustered('p1', noble),
      ev.mustered('p2', swords),
      ev.turn(1, 'p1'),
      ev.phase('close-combat'),
    )
    game.apply(ev.joined('noble', 'swords', 1))
    play(game, (r) => {
      // The Noble (I7) misses with 1s. 1 Swordmaster at the Noble: WS6 against WS6: 4+; S3 against T3: 4+; no armour.
      if (r.text.startsWith('Swordmasters: roll 1 D6 to hit Noble')) return [4]
      if (r.text.startsWith('Swordmasters: roll 1 D6 to wound Noble')) return [4]
      // The Manticore fights on at I4: 4 attacks, WS5 against WS6: 4+; S5 against T3: 2+ (S - T = 2).
      if (r.text.startsWith("Noble's Manticore: roll 4 D6 to hit Swordmasters")) return [4, 4, 4, 1]
      if (r.text.startsWith("Noble's Manticore: roll 3 D6 to wound Swordmasters")) return [2, 2, 1]
      return undefined
    })
    expect(outcomes(game, 'rider-slain')[0]?.values).toEqual({ unit: 'noble', monster: 'Manticore' })
    const unit = game.game.units.noble
    expect(unit).toMatchObject({ name: "Noble's Manticore", models: 1, character: false, riderSlain: true })
    expect(unit?.profile).toEqual({ M: 6, WS: 5, BS: 0, S: 5, T: 5, W: 4, I: 4, A: 4, Ld: 5 })
    expect(unit?.mount).toBeUndefined()
    expect(request(game, "Noble's Manticore: roll 4 D6 to hit Swordmasters")?.need).toBe(4)
    expect(request(game, "Noble's Manticore: roll 3 D6 to wound Swordmasters")?.need).toBe(2)
    // 2 Swordmasters slain (no armour), and the fight goes on: the unit is not destroyed.
    expect(game.game.units.swords?.models).toBe(8)
    const slain = outcomes(game, 'rider-slain')[0]
    expect(renderExplanationText(slain!.explanation)).toContain('Monster Reaction test on its own Ld 5')
    expect(cites(game, 'classic', 'mounts', 'ridden-monster')).toBe(true)
  })
})

describe('riders and mounts (old-world/mounts)', () => {
  const warhorse = { name: 'Warhorse', profile: { M: 8, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 5 } }
  /** Knights: rider WS4 S3 T3 I4 A1, lance, heavy armour, shield; warhorses WS3 S3 I3 A1; barding on the rider. */
  const owKnights = (extra: UnitInput = {}) =>
    unitDef('knights', {
      name: 'Knights',
      troopType: 'heavy-cavalry',
      models: 5,
      profile: { WS: 4, S: 3, T: 3, I: 4, A: 1, Ld: 8 },
      gear: ['lance', 'heavy-armour', 'shield', 'barding'],
      formation: { files: 5 },
      mount: warhorse,
      ...extra,
    })
  /** Men-at-arms: WS3 S3 T3 I3 A1, no armour; a Hatred-less target for the Knights. */
  const menAtArms = unitDef('men', {
    name: 'Men-at-arms',
    models: 10,
    profile: { WS: 3, S: 3, T: 3, I: 2, A: 1, Ld: 6 },
    formation: { files: 5 },
  })
  const owBattle = (p1: ReturnType<typeof unitDef>, p2: ReturnType<typeof unitDef>) =>
    new OldWorldGame(owEv.created(), owEv.mustered('p1', p1), owEv.mustered('p2', p2), owEv.turn(1, 'p1'))

  it("rider and warhorse strike apart; the lance (S5) is the rider's; the warhorse shares the rider's Hatred", () => {
    const game = owBattle(owKnights({ rules: ['hatred'] }), menAtArms)
    game.apply(owEv.phase('close-combat'))
    game.apply(ev.joined('knights', 'men', 5))
    // Moved 0" (not said): no charge bonus to I. Riders I4, warhorses I3, Men-at-arms I2.
    expect(outcomes(game, 'strike-order')[0]?.values.steps).toEqual([['knights'], ['knights:mount'], ['men']])
    play(game, () => undefined)
    // Riders: WS4 against WS3: 3+; lance S3 + 2 = 5 against T3: 2+ (only once a hit lands: all 1s miss here).
    const riderHit = request(game, 'Knights: roll 5 D6 to hit')
    expect(riderHit?.need).toBe(3)
    // Warhorses: WS3 against WS3: 4+, re-rolling failures: the rider's Hatred is theirs too (§shared-rules).
    const horseHit = request(game, "Knights's Warhorse: roll 5 D6 to hit")
    expect(horseHit).toMatchObject({ need: 4, reroll: 'failed' })
    expect(renderExplanationText(horseHit!.explanation)).toContain('old-world/mounts §split-profile')
  })

  it('the warhorse wounds with its own S3, and the rider saves on heavy armour, shield and barding: 3+', () => {
    const game = owBattle(owKnights(), menAtArms)
    game.apply(owEv.phase('close-combat'))
    game.apply(ev.joined('knights', 'men', 5))
    play(game, (r) => {
      if (r.text.startsWith('Knights: roll 5 D6 to hit')) return [3, 3, 1, 1, 1]
      if (r.text.startsWith('Knights: roll 2 D6 to wound')) return [1, 1]
      if (r.text.startsWith("Knights's Warhorse: roll 5 D6 to hit")) return [4, 4, 1, 1, 1]
      if (r.text.startsWith('Men-at-arms: roll 5 D6 to hit')) return [4, 4, 4, 1, 1]
      if (r.text.startsWith('Men-at-arms: roll 3 D6 to wound')) return [4, 4, 4]
      return undefined
    })
    expect(request(game, 'Knights: roll 2 D6 to wound')?.need).toBe(2)
    // S3 against T3: 4+ (the lance's +2 would have made it 2+).
    expect(request(game, "Knights's Warhorse: roll 2 D6 to wound")?.need).toBe(4)
    // Men-at-arms hit the rider's WS4 (WS3: 4+) and wound the rider's T3 (S3: 4+); heavy armour 5+, shield and
    // barding +1 each: 3+.
    expect(request(game, 'Men-at-arms: roll 5 D6 to hit')?.need).toBe(4)
    expect(request(game, 'Knights: roll 3 D6 armour saves')?.need).toBe(3)
  })

  it('a ridden monster: every blow falls on the character; directing attacks at the monster is refused', () => {
    const lord = unitDef('lord', {
      name: 'Dread Lord',
      troopType: 'behemoth',
      character: true,
      models: 1,
      profile: { WS: 7, S: 4, T: 3, W: 3, I: 8, A: 4, Ld: 10 },
      gear: ['hand-weapon', 'light-armour'],
      mount: {
        name: 'Manticore',
        profile: { M: 6, WS: 5, BS: 0, S: 5, T: 5, W: 5, I: 4, A: 4, Ld: 5 },
        rules: [{ id: 'armoured-hide', params: { X: 3 } }],
      },
    })
    const game = owBattle(lord, menAtArms)
    game.apply(owEv.phase('close-combat'))
    const before = game.game.seq
    expect(() =>
      game.apply(
        joined('lord', 'men', [
          { unit: 'lord', models: 1 },
          { unit: 'men', models: 5, directed: [{ at: 'mount', attacks: 2 }] },
        ]),
      ),
    ).toThrow(/Dread Lord rides no monster whose wounds are its own.*old-world\/mounts §rider-wounded/)
    expect(game.game.seq).toBe(before)
    game.apply(
      joined('lord', 'men', [
        { unit: 'lord', models: 1 },
        { unit: 'men', models: 5 },
      ]),
    )
    // Dread Lord I8, Manticore I4, Men-at-arms I2: the Men's 5 attacks hit the Lord's WS7 (WS3: 5+) and his T3.
    expect(outcomes(game, 'strike-order')[0]?.values.steps).toEqual([['lord'], ['lord:mount'], ['men']])
    play(game, (r) => {
      if (r.text.startsWith('Men-at-arms: roll 5 D6 to hit')) return [5, 5, 1, 1, 1]
      if (r.text.startsWith('Men-at-arms: roll 2 D6 to wound')) return [4, 4]
      return undefined
    })
    expect(request(game, 'Men-at-arms: roll 5 D6 to hit Dread Lord,')?.need).toBe(5)
    // S3 against the Lord's T3: 4+. His light armour is 6+; the Manticore's Armoured Hide (3) makes 7 - 3 = 4+:
    // the better of the two, 4+ (AP none).
    expect(request(game, 'Men-at-arms: roll 2 D6 to wound Dread Lord')?.need).toBe(4)
    const save = request(game, 'Dread Lord: roll 2 D6 armour saves')
    expect(save?.need).toBe(4)
    expect(renderExplanationText(save!.explanation)).toContain('better armour value of rider and Manticore: 4+')
    // Both saves fail (1s): 2 Wounds on the Lord's own W3.
    expect(game.game.units.lord?.woundsOnNextModel).toBe(2)
  })
})

describe('a mount in the muster', () => {
  it('is optional: its gear and rules must be in the catalogue, named by the rider and mount', () => {
    const game = new EngineGame(ev.created('classic'))
    const before = game.game.seq
    expect(() =>
      game.apply(ev.mustered('p1', knights({ mount: { ...coldOne, gear: ['spiked-saddle'] } as never }))),
    ).toThrow(/Cold One Knights's Cold One: .*no gear "spiked-saddle"/)
    expect(game.game.seq).toBe(before)
    game.apply(ev.mustered('p1', knights({ mount: { ...coldOne, rules: ['fear'] } as never })))
    expect(game.game.units.knights?.mount).toEqual({ ...coldOne, gear: [], rules: [{ id: 'fear', params: {} }] })
  })

  it('a game with mounts replays to the same outcomes, byte for byte', () => {
    const fight = () => {
      const game = classicBattle('classic-8th', knights(), boyz())
      game.apply(ev.joined('knights', 'boyz', 5))
      play(game, (r) => Array(r.kind === 'dice' ? r.count : 0).fill(4))
      return game
    }
    const first = fight()
    const again = new EngineGame(...first.drafts)
    expect(JSON.stringify(again.steps.map((s) => s.outcomes))).toBe(JSON.stringify(first.steps.map((s) => s.outcomes)))
    expect(JSON.stringify(again.game)).toBe(JSON.stringify(first.game))
  })
})
