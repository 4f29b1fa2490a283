import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../core/engine/index.js'
import type { OpenRequest, UnitState } from '../../core/engine/types.js'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import type { BattleContext } from '../../core/rules/battle/context.js'
import { leadershipFor } from '../../core/rules/battle/leadership.js'
import { type Draft, EngineGame, ev, type RulesetGame, type UnitInput, unitDef } from '../helpers/classic-game.js'
import { OldWorldGame, owEv } from '../helpers/old-world-game.js'
import { refused } from '../helpers/refused.js'

/**
 * Characters joining and leaving units during the game (classic/joining, old-world/joining). p1 has a Dreadlord on
 * his own (Ld 10, the General: the only character), Dark Elf Warriors (Ld 8) and Shades (skirmishers); p2 has Orc
 * Boyz (Ld 7). Every Leadership figure is worked out in the comments.
 */
const dreadlord = (values: UnitInput = {}) =>
  unitDef(values.id ?? 'lord', {
    name: 'Dreadlord',
    models: 1,
    character: true,
    profile: { WS: 7, S: 4, T: 4, W: 3, I: 8, A: 4, Ld: 10 },
    ...values,
  })
const warriors = unitDef('warriors', {
  name: 'Dark Elf Warriors',
  models: 10,
  formation: { files: 5 },
  profile: { WS: 4, I: 5, Ld: 8 },
})
const shades = unitDef('shades', { name: 'Shades', models: 5, rules: ['skirmish'], profile: { Ld: 8 } })
const boyz = unitDef('boyz', { name: 'Orc Boyz', models: 10, formation: { files: 5 }, profile: { T: 4, Ld: 7 } })

const joined = (character: string, unit: string): Draft => ({ type: 'CharacterJoined', payload: { character, unit } })
const left = (unit: string, character: string): Draft => ({ type: 'CharacterLeft', payload: { unit, character } })

function classicGame(p1: ReturnType<typeof unitDef>[] = [dreadlord(), warriors, shades], phase = 'movement') {
  return new EngineGame(
    ev.created(),
    ev.mustered('p1', ...p1),
    ev.mustered('p2', boyz),
    ev.turn(1, 'p1'),
    ev.phase(phase),
  )
}

/**
 * The Leadership `unit` tests on now, as every Ld test asks it (battle/leadership.ts); a question about the General's
 * Inspiring Presence is answered "no" (he is not within 12").
 */
function leadership(game: RulesetGame, unit: string) {
  const ctx = game.engine.contextFor(game.state) as BattleContext
  const steps = leadershipFor(ctx, ctx.unit(unit), 'panic')
  let asked = false
  let step = steps.next()
  while (!step.done) {
    asked = true
    step = steps.next({ kind: 'choice', option: 'no', seq: game.game.seq })
  }
  return { value: step.value.value, text: renderExplanationText(step.value.explanation), askedGeneral: asked }
}

/** Answers every open request: dice by `faces` (by roller), choices by purpose (else the first option). */
function play(game: RulesetGame, faces: (request: DiceRequest) => number, choices: Record<string, string> = {}) {
  for (let guard = 0; guard < 200; guard++) {
    const request = Object.values(game.game.requests)[0]
    if (!request) return
    if (request.kind === 'choice')
      game.apply(ev.choice(request.id, choices[request.purpose] ?? (request.options[0]?.id as string)))
    else game.apply(ev.dice(request.id, Array(request.count).fill(faces(request))))
  }
  throw new Error('too many requests')
}

const fight = (combat: string, p1: string, p2: string, models = 5): Draft => ({
  type: 'CombatJoined',
  payload: {
    combat,
    sides: [
      { player: 'p1', units: [{ unit: p1 }] },
      { player: 'p2', units: [{ unit: p2 }] },
    ],
    contact: [
      { unit: p1, models },
      { unit: p2, models },
    ],
  },
})

type DiceRequest = Extract<OpenRequest, { kind: 'dice' }>
/** Every outcome of one kind so far, typed. */
function outcomes<K extends Outcome['kind']>(game: RulesetGame, kind: K) {
  return game.steps.flatMap((step) => step.outcomes).filter((o): o is Extract<Outcome, { kind: K }> => o.kind === kind)
}

const unitsOf = (game: RulesetGame) => Object.keys(game.game.units).sort()

describe('characters join and leave units (classic/joining)', () => {
  it('joining: a lone character joins a unit in the movement phase; the unit tests on its Ld, and moves no further', () => {
    const game = classicGame()
    // Before: the Warriors test on their own Ld 8 (the General, Ld 10, is elsewhere: the table is asked about him).
    expect(leadership(game, 'warriors')).toMatchObject({ value: 8, askedGeneral: true })
    const step = game.apply(joined('lord', 'warriors'))
    expect(step.outcomes.map((o) => o.kind)).toEqual(['character-joined', 'effect-started'])
    // The Dreadlord is now one of the Warriors' models, under the same id; his unit of one is gone from the table.
    expect(unitsOf(game)).toEqual(['boyz', 'shades', 'warriors'])
    expect(game.game.units.warriors?.characters.map((c) => [c.id, c.profile.Ld, c.woundsLost])).toEqual([
      ['lord', 10, 0],
    ])
    // After: Ld 10, the Dreadlord's, the best in the unit; no question about Inspiring Presence.
    const after = leadership(game, 'warriors')
    expect(after).toMatchObject({ value: 10, askedGeneral: false })
    expect(after.text).toContain("Dreadlord's Ld, the best in the unit")
    expect(game.cites('joining', 'when')).toBe(true)
    expect(game.cites('joining', 'shared')).toBe(true)
    // The unit joined moves no further this turn (classic/joining §unit-stops).
    expect(game.cites('joining', 'unit-stops')).toBe(true)
    refused(
      game,
      { type: 'MoveDeclared', payload: { unit: 'warriors', kind: 'normal', distance: 3 } },
      'rules/cannot-move',
      /already made its move this turn \(joined/,
    )
  })

  it('joining: the joined character shares the break test of its unit in close combat', () => {
    const game = classicGame()
    game.apply(joined('lord', 'warriors'))
    game.apply(ev.phase('close-combat'))
    game.apply(fight('c1', 'warriors', 'boyz'))
    // Nobody charged; the Warriors (I5) strike first and miss with 1s; the Boyz hit and wound with 6s: 5 slain.
    // The Warriors lose and test on 10, the joined Dreadlord's Ld, less the difference (no question of the General).
    play(game, (request) => (request.roller === 'p2' ? 6 : 1))
    const breakTest = outcomes(game, 'break-test')[0]
    expect(breakTest?.values).toMatchObject({ unit: 'warriors' })
    const text = renderExplanationText(breakTest!.explanation)
    expect(text).toContain("Dreadlord's Ld, the best in the unit")
    expect(game.steps.flatMap((s) => s.requests).some((r) => r.purpose === 'inspiring-presence')).toBe(false)
  })

  it('joining: shot at as its unit: its hits fall on the rank and file, and it cannot be picked out', () => {
    const crossbows = unitDef('crossbows', {
      name: 'Orc Arrer Boyz',
      models: 10,
      // One rank of ten: the front rank fires (classic/shooting §firing-ranks).
      formation: { files: 10 },
      gear: ['hand-weapon', 'repeater-crossbow'],
    })
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', dreadlord(), warriors),
      ev.mustered('p2', crossbows),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    game.apply(joined('lord', 'warriors'))
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('shooting'))
    const shot = (payload: Record<string, unknown>): Draft => ({
      type: 'ShotDeclared',
      payload: { shooter: 'crossbows', weapon: 'repeater-crossbow', distance: 10, ...payload },
    })
    // The Dreadlord is no target of his own now: he is one of the Warriors' models.
    refused(game, shot({ target: 'lord' }), 'engine/unknown-unit', /no unit "lord"/)
    // Ten rank and file protect him (classic/characters §ranged-protection): the shot cannot pick him out.
    refused(
      game,
      shot({ target: 'warriors', at: 'lord' }),
      'rules/bad-target',
      /classic\/characters §ranged-protection/,
    )
    // Shot at the unit, in the unit's cover: BS3 needs 7 - 3 = 4+ at 10" (short range for 24"), soft cover: 5+.
    const step = game.apply(shot({ target: 'warriors', cover: 'soft' }))
    expect(step.requests[0]).toMatchObject({ purpose: 'to-hit', count: 10, need: 5 })
    expect(renderExplanationText(step.requests[0]!.explanation)).toContain('soft cover (needs +1): 4+ -> 5+')
  })

  it('leaving: not in the turn it joined; in a later movement phase it leaves and is a unit of one again', () => {
    const game = classicGame()
    game.apply(joined('lord', 'warriors'))
    refused(
      game,
      left('warriors', 'lord'),
      'rules/cannot-join',
      /joined Dark Elf Warriors this turn.*classic\/joining §not-same-turn/,
    )
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('movement'))
    const step = game.apply(left('warriors', 'lord'))
    expect(step.outcomes.map((o) => o.kind)).toEqual(['character-left'])
    const lone = game.game.units.lord as UnitState
    expect(lone).toMatchObject({
      id: 'lord',
      character: true,
      models: 1,
      player: 'p1',
      troopType: 'infantry',
    })
    expect(game.game.units.warriors?.characters).toEqual([])
    // The Warriors test on their own Ld 8 again (the General, Ld 10, is elsewhere); the Dreadlord on his own 10.
    expect(leadership(game, 'warriors')).toMatchObject({ value: 8, askedGeneral: true })
    expect(leadership(game, 'lord')).toMatchObject({ value: 10 })
    // He moves on his own now, as a unit of one.
    expect(() =>
      game.apply({ type: 'MoveDeclared', payload: { unit: 'lord', kind: 'normal', distance: 4 } }),
    ).not.toThrow()
  })

  it('leaving: not after its unit has moved, and never from a unit in combat', () => {
    const game = classicGame([dreadlord(), warriors])
    game.apply(joined('lord', 'warriors'))
    game.apply(ev.phase('close-combat'))
    game.apply(fight('c1', 'warriors', 'boyz'))
    // Every die a 1: nobody is hit, the round is a draw and the combat goes on.
    play(game, () => 1)
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('movement'))
    refused(game, left('warriors', 'lord'), 'rules/already-engaged', /in combat "c1".*classic\/joining §not-engaged/)
  })

  it('leaving: a character leaves before its unit moves (classic/joining §leave)', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered(
        'p1',
        unitDef('warriors', {
          ...warriors,
          characters: [
            { id: 'master', name: 'Master', profile: { M: 5, WS: 6, BS: 6, S: 4, T: 3, W: 2, I: 7, A: 3, Ld: 9 } },
          ],
        } as UnitInput),
      ),
      ev.mustered('p2', boyz),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    game.apply({ type: 'MoveDeclared', payload: { unit: 'warriors', kind: 'normal', distance: 4 } })
    refused(game, left('warriors', 'master'), 'rules/cannot-move', /before its unit moves \(classic\/joining §leave\)/)
  })

  it('refusals name the rule and write nothing', () => {
    const game = classicGame(
      [
        dreadlord(),
        warriors,
        shades,
        dreadlord({ id: 'rider', name: 'Dreadlord on Cold One', troopType: 'cavalry' }),
        dreadlord({ id: 'dragon', name: 'Dreadlord on Black Dragon', troopType: 'monster' }),
        dreadlord({ id: 'sorceress', name: 'Sorceress', profile: { Ld: 8 } }),
        unitDef('bolts', { name: 'Reaper Bolt Thrower', models: 1, troopType: 'war-machine' }),
      ],
      'movement',
    )
    // Into an enemy unit, or by a unit that is no character.
    refused(game, joined('lord', 'boyz'), 'rules/wrong-side', /p2's: a character joins a unit of its own side/)
    refused(game, joined('warriors', 'shades'), 'rules/bad-model', /no character on its own/)
    // Into another character on its own (classic/variants §character-joining).
    refused(game, joined('lord', 'sorceress'), 'rules/cannot-join', /classic\/joining §into-troops/)
    // Skirmishers take infantry characters only: seed Skirmish, "character models with Type (Inf) may join the unit".
    refused(
      game,
      joined('rider', 'shades'),
      'rules/cannot-join',
      /only characters with Type \(Inf\).*classic\/skirmish §characters/,
    )
    // A character riding a monster joins no unit; a war machine is joined by none.
    refused(game, joined('dragon', 'warriors'), 'rules/cannot-join', /monster.*classic\/joining §barred-types/)
    refused(game, joined('lord', 'bolts'), 'rules/cannot-join', /war-machine unit.*classic\/joining §barred-types/)
    // A unit that is fleeing is joined by none (the table ruled the Warriors fled).
    game.apply({
      type: 'Ruling',
      payload: { about: 4, units: [{ unit: 'warriors', fleeing: true }], why: 'they fled', agreedBy: ['p2'] },
    })
    refused(game, joined('lord', 'warriors'), 'rules/unit-fleeing', /fleeing: no character can join it/)
    // The Shades join fine with the infantry Dreadlord.
    expect(game.apply(joined('lord', 'shades')).outcomes[0]?.kind).toBe('character-joined')
    expect(game.cites('joining', 'who-joins')).toBe(true)
    // Outside the movement phase (phases go forward: the shooting phase comes after it).
    game.apply(ev.phase('shooting'))
    refused(game, joined('sorceress', 'shades'), 'rules/wrong-phase', /not shooting \(classic\/joining §when\)/)
  })

  it('joining: not by a character of the other side in this movement phase', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', warriors),
      ev.mustered('p2', boyz, dreadlord({ id: 'boss', name: 'Orc Boss' })),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    refused(game, joined('boss', 'boyz'), 'rules/wrong-side', /p1's movement phase \(classic\/joining §when\)/)
  })
})

describe('characters mustered in a unit they could not join (classic/joining, at muster)', () => {
  const master = (extra: Record<string, unknown>) => ({
    id: 'master',
    name: 'Master',
    profile: { M: 5, WS: 6, BS: 6, S: 4, T: 3, W: 2, I: 7, A: 3, Ld: 9 },
    ...extra,
  })
  const created = () => new EngineGame(ev.created(), ev.mustered('p2', boyz))
  const musterWith = (unit: ReturnType<typeof unitDef>, character: Record<string, unknown>) =>
    ev.mustered('p1', unitDef(unit.id, { ...unit, characters: [master(character)] } as UnitInput))
  const steed = { name: 'Cold One', profile: { M: 7, WS: 3, BS: 0, S: 4, T: 4, W: 1, I: 3, A: 1, Ld: 3 } }

  it('muster: a cavalry character in Skirmishers is refused by Skirmish, and nothing is written', () => {
    refused(
      created(),
      musterWith(shades, { troopType: 'cavalry', mount: steed }),
      'rules/not-permitted',
      /Master cannot join Shades: Skirmish: only characters with Type \(Inf\).*classic\/skirmish §characters/,
    )
  })

  it('muster: a character riding a monster joins no unit, and nothing is written', () => {
    refused(
      created(),
      musterWith(warriors, { troopType: 'monster' }),
      'rules/not-permitted',
      /Master cannot join Dark Elf Warriors: Master is a monster: a character so mounted joins no unit \(classic\/joining §barred-types\)/,
    )
  })

  it('muster: a troop type the ruleset lacks is refused by name; an infantry character joins Skirmishers', () => {
    refused(
      created(),
      musterWith(shades, { troopType: 'heavy-cavalry' }),
      'rules/unknown-troop-type',
      /Master: heavy-cavalry/,
    )
    const game = created()
    game.apply(musterWith(shades, { troopType: 'infantry' }))
    expect(game.game.units.shades?.characters.map((c) => c.id)).toEqual(['master'])
  })

  it('muster: a cavalry character in Warriors leaves them as cavalry, its own troop type', () => {
    const game = created()
    game.apply(musterWith(warriors, { troopType: 'cavalry', mount: steed }))
    game.apply(ev.turn(1, 'p1'))
    game.apply(ev.phase('movement'))
    game.apply(left('warriors', 'master'))
    expect(game.game.units.master).toMatchObject({ troopType: 'cavalry', character: true })
  })
})

describe('the challenge refuser (classic/challenge)', () => {
  it("refuser: its Leadership may not be used by its unit that turn (seed Champion: 'deny challenges like characters')", () => {
    // The seed, Champion: "Champions may declare, accept and deny challenges like characters." A refusal costs the
    // refuser its part this round and its Leadership that turn (classic/variants §challenge-refusal).
    const boss = { id: 'boss', name: 'Orc Boss', profile: { M: 4, WS: 5, BS: 3, S: 4, T: 5, W: 2, I: 3, A: 3, Ld: 9 } }
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', dreadlord({ id: 'lord' }), warriors),
      ev.mustered('p2', unitDef('boyz', { ...boyz, characters: [boss] } as UnitInput)),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    game.apply(joined('lord', 'warriors'))
    game.apply(ev.phase('close-combat'))
    // Before the refusal the Boyz would test on the Boss's Ld 9, the best in the unit.
    expect(leadership(game, 'boyz').value).toBe(9)
    game.apply({ type: 'ChallengeIssued', payload: { combat: 'c1', unit: 'warriors', character: 'lord' } })
    game.apply(fight('c1', 'warriors', 'boyz'))
    // The Boss refuses. The Warriors (WS4 against WS3: 3+; S3 against T4: 5+) hit and wound with 6s, no armour: 5 Boyz
    // slain. The Boyz strike back with 1s. The result is 7 to 1 (5 wounds, +1 for a second rank, +1 outnumbering; the
    // Boyz 1): the Boyz test on their own Ld 7 - 6 = 1, not the Boss's 9 - 6; their double 1 holds (insane courage).
    play(game, (request) => (request.roller === 'p1' ? 6 : 1), { 'challenge-response': 'refuse' })
    const refusal = outcomes(game, 'effect-started').find((o) => o.text.includes('refused a challenge'))
    expect(refusal?.values).toMatchObject({
      effect: { entry: 'challenge', unit: 'boss', duration: { kind: 'end-of-turn' } },
    })
    const breakTest = outcomes(game, 'break-test')[0]!
    expect(breakTest.values.unit).toBe('boyz')
    const text = renderExplanationText(breakTest.explanation)
    expect(text).toContain('Orc Boyz tests on 1: Ld 7 - 6')
    expect(text).toContain("Orc Boss's Ld 9 is not used: refused a challenge: its Leadership may not be used this turn")
    expect(citedRules(breakTest.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'challenge',
      clause: 'refuser-leadership',
    })
    expect(leadership(game, 'boyz').value).toBe(7)
    // The penalty lasts the turn: in p2's turn the Boss lends his Ld 9 again.
    game.apply(ev.turn(1, 'p2'))
    expect(leadership(game, 'boyz').value).toBe(9)
  })
})

describe('characters join and leave units (old-world/joining)', () => {
  const owLord = (values: UnitInput = {}) =>
    unitDef(values.id ?? 'lord', {
      name: 'Glade Lord',
      models: 1,
      character: true,
      profile: { WS: 7, S: 4, T: 3, W: 3, I: 8, A: 4, Ld: 10 },
      ...values,
    })
  const guard = unitDef('guard', { name: 'Eternal Guard', models: 10, formation: { files: 5 }, profile: { Ld: 8 } })
  const dryads = unitDef('dryads', { name: 'Dryads', models: 8, rules: ['tree-spirit'], profile: { Ld: 8 } })
  const owGame = (...p1: ReturnType<typeof unitDef>[]) =>
    new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', ...p1),
      owEv.mustered('p2', boyz),
      owEv.turn(1, 'p1'),
      owEv.phase('movement'),
    )

  it('joining: the unit tests on the joined character Ld; after leaving in a later turn, on its own again', () => {
    const game = owGame(owLord(), guard)
    expect(leadership(game, 'guard')).toMatchObject({ value: 8, askedGeneral: true })
    game.apply(joined('lord', 'guard'))
    expect(leadership(game, 'guard')).toMatchObject({ value: 10, askedGeneral: false })
    expect(game.cites('joining', 'when')).toBe(true)
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.turn(2, 'p1'))
    game.apply(owEv.phase('movement'))
    game.apply(left('guard', 'lord'))
    expect(leadership(game, 'guard')).toMatchObject({ value: 8, askedGeneral: true })
    expect(game.game.units.lord).toMatchObject({ character: true, models: 1 })
  })

  it('refusals: Tree Spirit, a Lumbering troop type, outside the Movement phase; each names its rule', () => {
    const game = owGame(
      owLord(),
      guard,
      dryads,
      owLord({ id: 'monster', name: 'Lord on Forest Dragon', troopType: 'behemoth' }),
    )
    // Seed 001, Tree Spirit: "Such a unit may be neither joined by ... a character that lacks Tree Spirit".
    refused(
      game,
      joined('lord', 'dryads'),
      'rules/cannot-join',
      /Tree Spirit: may not be joined.*old-world\/tree-spirit §not-joined/,
    )
    refused(
      game,
      joined('monster', 'guard'),
      'rules/cannot-join',
      /behemoth, Lumbering.*old-world\/joining §barred-types/,
    )
    game.apply(owEv.phase('shooting'))
    refused(game, joined('lord', 'guard'), 'rules/wrong-phase', /not shooting \(old-world\/joining §when\)/)
  })
})

describe('the challenge refuser (old-world/challenge)', () => {
  it('refuser: it does not fight this round and its Leadership may not be used that turn', () => {
    const chieftain = {
      id: 'chief',
      name: 'Orc Chieftain',
      profile: { M: 4, WS: 5, BS: 3, S: 4, T: 4, W: 3, I: 2, A: 3, Ld: 9 },
    }
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered(
        'p1',
        unitDef('guard', {
          name: 'Eternal Guard',
          models: 10,
          formation: { files: 5 },
          profile: { Ld: 8 },
          characters: [
            {
              id: 'warden',
              name: 'Eternal Warden',
              profile: { M: 5, WS: 6, BS: 4, S: 4, T: 3, W: 2, I: 6, A: 3, Ld: 9 },
            },
          ],
        } as UnitInput),
      ),
      owEv.mustered('p2', unitDef('boyz', { ...boyz, characters: [chieftain] } as UnitInput)),
      owEv.turn(1, 'p1'),
      owEv.phase('close-combat'),
    )
    // The Boyz test on the Chieftain's Ld 9 until he refuses; then on their own 7 for the rest of the turn.
    expect(leadership(game, 'boyz').value).toBe(9)
    game.apply({ type: 'ChallengeIssued', payload: { combat: 'c1', unit: 'guard', character: 'warden' } })
    game.apply(fight('c1', 'guard', 'boyz'))
    play(game, () => 1, { 'challenge-response': 'refuse' })
    expect(outcomes(game, 'strike-order')[0]?.values.steps.flat()).not.toContain('character:chief')
    const after = leadership(game, 'boyz')
    expect(after.value).toBe(7)
    expect(after.text).toContain(
      "Orc Chieftain's Ld 9 is not used: refused a challenge: its Leadership may not be used this turn " +
        '(old-world/challenge §refuser-leadership)',
    )
    game.apply(owEv.turn(1, 'p2'))
    expect(leadership(game, 'boyz').value).toBe(9)
  })
})

describe('challenges to the death (old-world/challenge)', () => {
  it('challenge: accepted, fought on in the next round, ended when one is slain', () => {
    const warden = {
      id: 'warden',
      name: 'Eternal Warden',
      profile: { M: 5, WS: 6, BS: 4, S: 4, T: 3, W: 2, I: 6, A: 3, Ld: 9 },
    }
    const chieftain = {
      id: 'chief',
      name: 'Orc Chieftain',
      profile: { M: 4, WS: 5, BS: 3, S: 4, T: 4, W: 3, I: 2, A: 3, Ld: 8 },
    }
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered(
        'p1',
        unitDef('guard', {
          name: 'Eternal Guard',
          models: 10,
          formation: { files: 5 },
          profile: { Ld: 8 },
          characters: [warden],
        } as UnitInput),
      ),
      owEv.mustered('p2', unitDef('boyz', { ...boyz, characters: [chieftain] } as UnitInput)),
      owEv.turn(1, 'p1'),
      owEv.phase('close-combat'),
    )
    game.apply({ type: 'ChallengeIssued', payload: { combat: 'c1', unit: 'guard', character: 'warden' } })
    game.apply(fight('c1', 'guard', 'boyz'))
    // Round 1: every die a 1: nobody is hit; the Chieftain accepted, and the challenge goes on.
    play(game, () => 1, { 'challenge-response': 'character:chief' })
    expect(outcomes(game, 'challenge-accepted')[0]?.values).toMatchObject({ by: { character: 'chief' } })
    expect(game.game.challenges?.c1?.status).toBe('accepted')
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.phase('close-combat'))
    game.apply({
      type: 'CombatRoundDeclared',
      payload: {
        combat: 'c1',
        contact: [
          { unit: 'guard', models: 5 },
          { unit: 'boyz', models: 5 },
        ],
      },
    })
    // Round 2 (p2's turn): the Warden (A3, WS6 against WS5: 3+ to hit; S4 against T4: 4+ to wound) hits and wounds
    // with 6s; the Chieftain has no armour: 3 unsaved on W3, slain with none past it. Every other die is a 1.
    play(game, (request) => (request.text.startsWith('Eternal Warden') ? 6 : 1))
    const ended = outcomes(game, 'challenge-ended')
    expect(ended.at(-1)?.values.why).toBe('Orc Chieftain is out of the fight')
    expect(game.game.challenges?.c1).toBeUndefined()
    const result = renderExplanationText(outcomes(game, 'combat-result').at(-1)!.explanation)
    expect(result).toContain('Eternal Warden in the challenge: 3 for combat result')
  })

  it('challenge: wounds past the slain model count as overkill, at most +5 (old-world/challenge §overkill-cap)', () => {
    const warden = {
      id: 'warden',
      name: 'Eternal Warden',
      profile: { M: 5, WS: 6, BS: 4, S: 7, T: 3, W: 2, I: 6, A: 8, Ld: 9 },
    }
    const chieftain = {
      id: 'chief',
      name: 'Orc Chieftain',
      profile: { M: 4, WS: 5, BS: 3, S: 4, T: 4, W: 1, I: 2, A: 3, Ld: 8 },
    }
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered(
        'p1',
        unitDef('guard', {
          name: 'Eternal Guard',
          models: 10,
          formation: { files: 5 },
          profile: { Ld: 8 },
          characters: [warden],
        } as UnitInput),
      ),
      owEv.mustered('p2', unitDef('boyz', { ...boyz, characters: [chieftain] } as UnitInput)),
      owEv.turn(1, 'p1'),
      owEv.phase('close-combat'),
    )
    game.apply({ type: 'ChallengeIssued', payload: { combat: 'c1', unit: 'guard', character: 'warden' } })
    game.apply(fight('c1', 'guard', 'boyz'))
    // A8 S7 against the W1 Chieftain, all 6s: 8 unsaved; 1 slays him, 7 past it count +5 at most: 6.
    play(game, (request) => (request.text.startsWith('Eternal Warden') ? 6 : 1), {
      'challenge-response': 'character:chief',
    })
    const result = renderExplanationText(outcomes(game, 'combat-result').at(-1)!.explanation)
    expect(result).toContain('Eternal Warden in the challenge: 6 for combat result')
    expect(result).toContain('(old-world/challenge §overkill-cap)')
    expect(outcomes(game, 'challenge-ended').at(-1)?.values.why).toBe('Orc Chieftain is out of the fight')
  })
})
