import { describe, expect, it } from 'vitest'
import type { UnitState } from '../../core/engine/types.js'
import type { UnitDefinitionInput } from '../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { leadershipFor } from '../../core/rules/battle/leadership.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { classic } from '../../core/rules/classic/index.js'
import { ev, profile, RulesetGame } from '../helpers/classic-game.js'
import { moveEv, refusal } from '../helpers/classic-movement.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'

/**
 * The Old World's charge sequence and its psychology (issue #8): a Treeman (behemoth, M5 W6 Ld8,
 * Terror: Unit Strength 6) against blocks of regular infantry (US 1 a model). Distances are what the
 * players measured; the dice are given.
 */
const treeman = (extra: Parameters<typeof owUnit>[1] = {}) =>
  owUnit('treeman', {
    name: 'Treeman',
    troopType: 'behemoth',
    models: 1,
    profile: { M: 5, WS: 5, S: 6, T: 6, W: 6, I: 2, A: 5, Ld: 8 },
    rules: ['terror'],
    ...extra,
  })
/** A second Terror causer. */
const oak = () =>
  owUnit('oak', {
    name: 'Old Oak',
    troopType: 'behemoth',
    models: 1,
    profile: { M: 5, W: 6, Ld: 8 },
    rules: ['terror'],
  })
// Bows at their backs, so that Stand and Shoot is theirs to choose.
const spears = (extra: Parameters<typeof owUnit>[1] = {}) =>
  owUnit('spears', {
    name: 'Spearmen',
    models: 10,
    formation: { files: 5 },
    profile: { M: 4, Ld: 7 },
    gear: ['hand-weapon', 'bow'],
    ...extra,
  })

/** Two armies in the Movement phase of turn 1, p1 to play. */
function movementGame(p1: UnitDefinitionInput[], p2: UnitDefinitionInput[]) {
  return new OldWorldGame(
    owEv.created(),
    owEv.mustered('p1', ...p1),
    owEv.mustered('p2', ...p2),
    owEv.turn(1, 'p1'),
    owEv.phase('movement'),
  )
}

function combatGame(p1: UnitDefinitionInput[], p2: UnitDefinitionInput[]) {
  return new OldWorldGame(
    owEv.created(),
    owEv.mustered('p1', ...p1),
    owEv.mustered('p2', ...p2),
    owEv.turn(1, 'p1'),
    owEv.phase('close-combat'),
  )
}

const requestOf = (game: OldWorldGame) => game.game.requests[game.openRequest()]
const optionsOf = (game: OldWorldGame) => {
  const request = requestOf(game)
  return request?.kind === 'choice' ? request.options.map((o) => o.id) : null
}

describe('old-world/terror: the charge test', () => {
  it('old-world/terror §charged: the target of a Terror causer tests at once; failed, it must Flee', () => {
    const game = movementGame([treeman()], [spears()])
    game.apply(moveEv.charge('treeman', 'spears', 8))
    // The test is taken straight away, by the target's player, before any reaction is offered.
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'terror-test', roller: 'p2', count: 2 })
    game.roll([5, 4]) // 9 > Ld 7
    expect(game.outcomes('terror-test')[0]?.values).toMatchObject({ unit: 'spears', passed: false, roll: 9 })
    expect(game.outcomes('charge-response')[0]?.values).toMatchObject({ unit: 'spears', response: 'flee' })
    expect(requestOf(game)).toMatchObject({ purpose: 'flee', roller: 'p2' })
    expect(game.cites('terror', 'charged')).toBe(true)
    expect(game.cites('terror', 'causer')).toBe(true)
  })

  it('old-world/terror §charged: passed, the target chooses its reaction as usual', () => {
    const game = movementGame([treeman()], [spears()])
    game.apply(moveEv.charge('treeman', 'spears', 8))
    game.roll([3, 4]) // 7 <= Ld 7
    expect(game.outcomes('terror-test')[0]?.values).toMatchObject({ passed: true, roll: 7, leadership: 7 })
    expect(requestOf(game)).toMatchObject({ kind: 'choice', purpose: 'charge-response', chooser: 'p2' })
    expect(optionsOf(game)).toEqual(['hold', 'stand-and-shoot', 'flee'])
    game.choose('hold')
    expect(game.outcomes('charge-response')[0]?.values).toMatchObject({ response: 'hold' })
  })

  it('old-world/leadership-test §double-1: a natural double 1 passes the Terror test whatever the Leadership', () => {
    const game = movementGame([treeman()], [spears({ profile: { M: 4, Ld: 1 } })])
    game.apply(moveEv.charge('treeman', 'spears', 8))
    game.roll([1, 1]) // 2 > Ld 1, but a natural double 1
    expect(game.outcomes('terror-test')[0]?.values).toMatchObject({ passed: true, roll: 2, leadership: 1 })
    expect(game.cites('leadership-test', 'double-1')).toBe(true)
    expect(requestOf(game)).toMatchObject({ purpose: 'charge-response' })
  })

  it('old-world/terror §charged: a target that cannot choose to Flee (Immune to Psychology) skips the test', () => {
    const game = movementGame([treeman()], [spears({ rules: ['immune-to-psychology'] })])
    game.apply(moveEv.charge('treeman', 'spears', 8))
    // No dice: the reaction is asked at once, and Flee is not among them.
    expect(requestOf(game)).toMatchObject({ kind: 'choice', purpose: 'charge-response' })
    expect(optionsOf(game)).toEqual(['hold', 'stand-and-shoot'])
    expect(game.outcomes('terror-test')).toHaveLength(0)
    expect(game.cites('terror', 'charged')).toBe(true)
    expect(game.cites('immune-to-psychology', 'no-flee')).toBe(true)
    expect(game.text()).toContain('cannot choose to flee')
    // Choosing Flee anyway is refused: it is not an option.
    expect(refusal(() => game.choose('flee')).message).toContain('flee')
  })

  it('old-world/terror §immune: a Terror causer charged by a Terror causer takes no test', () => {
    const game = movementGame([treeman()], [oak()])
    game.apply(moveEv.charge('treeman', 'oak', 8))
    expect(requestOf(game)).toMatchObject({ kind: 'choice', purpose: 'charge-response' })
    expect(game.outcomes('terror-test')).toHaveLength(0)
    expect(game.cites('terror', 'immune')).toBe(true)
  })

  it('old-world/terror §immune: a unit gains no immunity from a joined Terror character, and he makes it cause Terror', () => {
    const beastlord = {
      id: 'beast',
      name: 'Beastlord',
      gear: ['hand-weapon'],
      rules: ['terror'],
      profile: profile({ M: 5, Ld: 9 }),
    }
    // p1's Spearmen have a Terror character with them: charging with him, they cause Terror in their target ...
    const game = movementGame([spears({ characters: [beastlord] })], [owUnit('archers', { name: 'Archers' })])
    game.apply(moveEv.charge('spears', 'archers', 6))
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'terror-test', roller: 'p2' })
    expect(game.cites('terror', 'causer')).toBe(true)

    // ... but the Terror of another is still Terror to them: the psychology point gives them no immunity.
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const records = ctx.modifiers('psychology', {
      subject: ctx.unit('spears'),
      opponent: [ctx.unit('archers')],
      test: 'terror',
    })
    expect(records.filter((r) => r.value === 'immune')).toEqual([])
    const own = ctx.modifiers('psychology', {
      subject: ctx.unit('archers'),
      opponent: [ctx.unit('spears')],
      test: 'terror',
    })
    expect(own).toContainEqual(expect.objectContaining({ value: 'causes-terror', status: 'applied' }))
    // The Treeman's own models cause Terror: it is immune.
    const treemanGame = movementGame([treeman()], [oak()])
    const tctx = treemanGame.engine.contextFor(treemanGame.state) as ClassicContext
    const immune = tctx.modifiers('psychology', {
      subject: tctx.unit('oak'),
      opponent: [tctx.unit('treeman')],
      test: 'terror',
    })
    expect(immune).toContainEqual(expect.objectContaining({ value: 'immune', status: 'applied' }))
  })
})

describe("old-world/terror §break: -1 Ld for the losers' Break test", () => {
  /** The Leadership a unit would test a Break test on, asked through the shared leadership point. */
  function breakLeadership(game: OldWorldGame, loser: string, winners: string[], test: 'break' | 'panic' = 'break') {
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const steps = leadershipFor(ctx, ctx.unit(loser), test, winners.map((id) => ctx.unit(id)) as UnitState[])
    const done = steps.next()
    if (!done.done) throw new Error('the Leadership asked the table something')
    return done.value
  }

  it('old-world/terror §break: a losing unit has -1 Ld against a winning side with a Terror causer, once', () => {
    const game = combatGame([treeman(), oak()], [spears()])
    const ld = breakLeadership(game, 'spears', ['treeman', 'oak'])
    // Two Terror causers among the winners: still a single -1.
    expect(ld.value).toBe(6)
    expect(citedRules(ld.explanation)).toContainEqual({ ruleset: 'old-world', id: 'terror', clause: 'break' })
    expect(renderExplanationText(ld.explanation)).toContain('-1 Ld for the Break test')
  })

  it('old-world/terror §break: no penalty without a Terror causer among the winners, nor for other tests', () => {
    const game = combatGame([treeman(), owUnit('swords', { name: 'Swordsmen' })], [spears()])
    expect(breakLeadership(game, 'spears', ['swords']).value).toBe(7)
    expect(breakLeadership(game, 'spears', ['treeman'], 'panic').value).toBe(7)
  })

  it('old-world/immune-to-psychology §other-tests: an Immune to Psychology loser still loses 1 Ld for its Break test', () => {
    const game = combatGame([treeman()], [spears({ rules: ['immune-to-psychology'] })])
    expect(breakLeadership(game, 'spears', ['treeman']).value).toBe(6)
  })
})

describe('old-world/fear', () => {
  const ghouls = (extra: Parameters<typeof owUnit>[1] = {}) =>
    owUnit('ghouls', {
      name: 'Ghouls',
      models: 12,
      formation: { files: 4 },
      profile: { M: 4, Ld: 6 },
      rules: ['fear'],
      ...extra,
    })

  it('old-world/fear §charging: a unit of lower Unit Strength tests to charge a Fear causer; failed, it stays in place', () => {
    // Spearmen US 5 against the Treeman's 6 (Terror causers cause Fear too).
    const game = movementGame([spears({ models: 5 })], [treeman()])
    game.apply(moveEv.charge('spears', 'treeman', 5))
    expect(requestOf(game)).toMatchObject({ kind: 'dice', purpose: 'fear-test', roller: 'p1' })
    game.roll([6, 2]) // 8 > Ld 7
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ unit: 'spears', test: 'fear', passed: false })
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: false, moved: 0 })
    expect(game.outcomes('charge-response')).toHaveLength(0)
    expect(game.cites('fear', 'charging')).toBe(true)
    expect(game.cites('fear', 'higher-us')).toBe(true)
  })

  it('old-world/fear §charging: passed, the charge goes on to the reaction', () => {
    const game = movementGame([spears({ models: 5 })], [treeman()])
    game.apply(moveEv.charge('spears', 'treeman', 5))
    game.roll([3, 3])
    expect(requestOf(game)).toMatchObject({ purpose: 'charge-response', chooser: 'p2' })
  })

  it('old-world/fear §higher-us: no test against a Fear causer whose Unit Strength is not higher', () => {
    // Spearmen US 10 against the Treeman's 6: no Fear test, straight to the Treeman's reaction.
    const game = movementGame([spears()], [treeman()])
    game.apply(moveEv.charge('spears', 'treeman', 5))
    expect(requestOf(game)).toMatchObject({ kind: 'choice', purpose: 'charge-response' })
    expect(game.outcomes('psychology-test')).toHaveLength(0)
    // Six Spearmen against six: equal is not higher either.
    const even = movementGame([spears({ models: 6 })], [treeman()])
    even.apply(moveEv.charge('spears', 'treeman', 5))
    expect(requestOf(even)).toMatchObject({ purpose: 'charge-response' })
  })

  it('old-world/fear §close-combat: a failed test gives -1 to hit against the Fear causer, when the combat is fought', () => {
    // Ghouls US 12 against 10 Spearmen: the Spearmen test as the combat is joined.
    const game = combatGame([ghouls()], [spears()])
    game.apply(owEv.joined('ghouls', 'spears', 4))
    expect(requestOf(game)).toMatchObject({ purpose: 'fear-test', roller: 'p2' })
    game.roll([6, 5]) // 11 > Ld 7
    const [effect] = game.outcomes('effect-started')
    expect(effect?.values).toMatchObject({ effect: { entry: 'fear', params: { failedTest: true, causers: 'ghouls' } } })
    // Ghouls (I 3) and Spearmen (I 3) strike together; find the Spearmen's to-hit roll: WS 3 vs 3 is 4+, -1: 5+.
    for (let i = 0; i < 6; i++) {
      const request = requestOf(game)
      if (request?.kind === 'dice' && request.purpose === 'to-hit' && request.roller === 'p2') break
      if (request?.kind === 'dice') game.roll(Array.from({ length: request.count }, () => 1))
      else if (request?.kind === 'choice') game.choose(request.options[0]?.id ?? '')
    }
    const toHit = requestOf(game)
    expect(toHit).toMatchObject({ purpose: 'to-hit', roller: 'p2' })
    expect(toHit?.text).toContain('5+')
    expect(game.cites('fear', 'close-combat')).toBe(true)

    // The penalty counts against the causer only: against another enemy the record is ignored.
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const records = ctx.modifiers('to-hit', {
      subject: ctx.unit('spears'),
      opponent: { ...ctx.unit('ghouls'), id: 'someone-else', name: 'Someone else' },
      combat: { combat: 'c1', round: 1, charged: false, charging: false, facing: 'front' },
    })
    const fear = records.find((r) => r.source.id === 'fear')
    expect(fear).toMatchObject({ status: 'ignored', reason: 'Someone else did not cause the failed Fear test' })
  })

  it('old-world/fear §close-combat: one test a turn; the next round in a later turn tests again', () => {
    const game = combatGame([ghouls()], [spears()])
    game.apply(owEv.joined('ghouls', 'spears', 4))
    game.roll([1, 2]) // passed
    expect(game.outcomes('psychology-test')).toHaveLength(1)
    // Round 2, in p2's Combat phase of turn 1: a new turn's test as that combat is fought.
    while (Object.keys(game.game.requests).length > 0) {
      const request = requestOf(game)
      if (request?.kind === 'dice') game.roll(Array.from({ length: request.count }, () => 1))
      else if (request?.kind === 'choice') game.choose(request.options[0]?.id ?? '')
    }
    game.apply(owEv.turn(1, 'p2'))
    game.apply(owEv.phase('close-combat'))
    game.apply({
      type: 'CombatRoundDeclared',
      payload: {
        combat: 'c1',
        contact: [
          { unit: 'ghouls', models: 4 },
          { unit: 'spears', models: 4 },
        ],
      },
    })
    expect(requestOf(game)).toMatchObject({ purpose: 'fear-test', roller: 'p2' })
    game.roll([1, 2])
    expect(game.outcomes('psychology-test')).toHaveLength(2)
  })

  it('old-world/fear §immunities: a Fear causer is immune to Fear, but not to the Fear of a Terror causer', () => {
    const small = { ...ghouls({ models: 5 }), id: 'small', name: 'Small Ghouls' }
    const game = combatGame([{ ...ghouls(), id: 'big', name: 'Big Ghouls' }], [small])
    game.apply(owEv.joined('big', 'small', 4))
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ unit: 'small', auto: 'immune', passed: true })
    expect(game.cites('fear', 'immunities')).toBe(true)

    const terrified = movementGame([small], [treeman()])
    terrified.apply(moveEv.charge('small', 'treeman', 5))
    expect(requestOf(terrified)).toMatchObject({ purpose: 'fear-test', roller: 'p1' })
  })
})

describe('old-world/immune-to-psychology', () => {
  it('old-world/immune-to-psychology §auto-pass: passes Fear tests automatically, to charge and in combat', () => {
    const game = movementGame([spears({ models: 5, rules: ['immune-to-psychology'] })], [treeman()])
    game.apply(moveEv.charge('spears', 'treeman', 5))
    expect(requestOf(game)).toMatchObject({ purpose: 'charge-response' })
    expect(game.outcomes('psychology-test')[0]?.values).toMatchObject({ test: 'fear', passed: true, auto: 'immune' })
    expect(game.cites('immune-to-psychology', 'auto-pass')).toBe(true)
  })

  it('old-world/immune-to-psychology §auto-pass: Panic and Terror pass automatically; other tests are asked nothing', () => {
    const game = movementGame([treeman()], [spears({ rules: ['immune-to-psychology'] })])
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const subject = ctx.unit('spears')
    for (const test of ['panic', 'terror', 'fear'] as const) {
      const records = ctx.modifiers('psychology', { subject, opponent: [ctx.unit('treeman')], test })
      expect(records).toContainEqual(
        expect.objectContaining({
          value: 'auto-pass',
          status: 'applied',
          source: expect.objectContaining({ id: 'immune-to-psychology' }),
        }),
      )
    }
    expect(ctx.modifiers('psychology', { subject, opponent: [], test: 'stupidity' })).toEqual([])
    expect(ctx.modifiers('permission', { subject, opponent: null, action: 'charge' })).toEqual([])
  })

  it('old-world/immune-to-psychology §majority: one immune character in a unit of ten is not a majority', () => {
    const hero = {
      id: 'hero',
      name: 'Hero',
      gear: ['hand-weapon'],
      rules: ['immune-to-psychology'],
      profile: profile({ Ld: 7 }),
    }
    const game = movementGame([treeman()], [spears({ characters: [hero] })])
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const flee = ctx.modifiers('permission', { subject: ctx.unit('spears'), opponent: null, action: 'flee-reaction' })
    expect(flee).toEqual([
      expect.objectContaining({
        status: 'ignored',
        reason: "only 1 of Spearmen's 11 models are Immune to Psychology: not a majority",
      }),
    ])
    // A lone model with two immune characters: a majority; no Flee, and no Terror test.
    const few = movementGame(
      [treeman()],
      [spears({ models: 1, formation: { files: 1 }, characters: [hero, { ...hero, id: 'hero2', name: 'Hero 2' }] })],
    )
    few.apply(moveEv.charge('treeman', 'spears', 8))
    expect(optionsOf(few)).toEqual(['hold', 'stand-and-shoot'])
    expect(few.outcomes('terror-test')).toHaveLength(0)
  })
})

describe('old-world/charge: the charge sequence', () => {
  it('old-world/variants §charge-range: charge range is M + the higher of 2D6', () => {
    const game = movementGame(
      [owUnit('swords', { name: 'Swordsmen', models: 10, formation: { files: 5 }, profile: { M: 4, Ld: 7 } })],
      [spears()],
    )
    game.apply(moveEv.charge('swords', 'spears', 9))
    game.choose('hold')
    expect(requestOf(game)).toMatchObject({ purpose: 'charge-range', count: 2, roller: 'p1' })
    // The request says what the engine computes (issue 16: it said "M + 2D6").
    expect(requestOf(game)?.text).toBe('Swordsmen: roll 2D6 for the charge range (M 4 + the higher of 2D6 against 9")')
    game.roll([5, 2]) // M 4 + 5 = 9: reaches (the sum, 11, is not the range)
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: true, range: 9, distance: 9 })
    expect(game.cites('variants', 'charge-range')).toBe(true)
    expect(game.text()).toContain('M 4 + the higher of 5 and 2 = 9"')
  })

  it('old-world/variants §failed-charge: a charge that falls short moves the higher die', () => {
    const game = movementGame(
      [owUnit('swords', { name: 'Swordsmen', models: 10, formation: { files: 5 }, profile: { M: 4, Ld: 7 } })],
      [spears()],
    )
    game.apply(moveEv.charge('swords', 'spears', 9))
    game.choose('hold')
    game.roll([4, 3]) // M 4 + 4 = 8 < 9
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: false, range: 8, moved: 4 })
    expect(game.cites('charge', 'failed')).toBe(true)
    expect(game.cites('variants', 'failed-charge')).toBe(true)
  })

  it('old-world/charge §max-range: a target beyond M + 6 cannot be charged, and nothing is recorded', () => {
    const game = movementGame(
      [owUnit('swords', { name: 'Swordsmen', models: 10, formation: { files: 5 }, profile: { M: 4, Ld: 7 } })],
      [spears()],
    )
    const seq = game.game.seq
    const error = refusal(() => game.apply(moveEv.charge('swords', 'spears', 10.5)))
    expect(error.code).toBe('rules/too-far')
    expect(error.message).toContain('old-world/charge §max-range')
    expect(error.message).toContain('M 4 + 6 = 10"')
    expect(game.game.seq).toBe(seq)
    // Exactly M + 6 may be declared; the declaration explains the limit.
    game.apply(moveEv.charge('swords', 'spears', 10))
    expect(game.cites('charge', 'max-range')).toBe(true)
  })
})

describe('old-world/move-through-cover: the terrain rule', () => {
  const move = (unit: string, kind: string, distance: number, terrain?: 'difficult' | 'dangerous') => ({
    type: 'MoveDeclared',
    payload: terrain ? { unit, kind, distance, terrain } : { unit, kind, distance },
  })

  it('old-world/terrain §difficult: difficult terrain costs 1" of M; Move Through Cover takes no such modifier', () => {
    const game = movementGame([spears()], [treeman()])
    const error = refusal(() => game.apply(move('spears', 'normal', 4, 'difficult')))
    expect(error.code).toBe('rules/too-far')
    expect(error.message).toContain('may move up to 3"')
    game.apply(move('spears', 'normal', 3, 'difficult'))
    expect(game.outcomes('move-checked')[0]?.values).toMatchObject({ limit: 3, legal: true })
    expect(game.cites('terrain', 'difficult')).toBe(true)

    const woodsmen = movementGame([spears({ rules: ['move-through-cover'] })], [treeman()])
    woodsmen.apply(move('spears', 'march', 8, 'difficult'))
    expect(woodsmen.outcomes('move-checked')[0]?.values).toMatchObject({ limit: 8, legal: true })
    expect(woodsmen.cites('move-through-cover', 'movement')).toBe(true)
    // No Fly rule in this catalogue yet: a flying move is refused, not guessed.
    expect(refusal(() => woodsmen.apply(move('spears', 'fly', 5))).code).toBe('rules/cannot-move')
  })

  it('old-world/terrain §dangerous-test: each model rolls a D6 and a 1 costs a Wound', () => {
    const game = movementGame([spears()], [treeman()])
    game.apply(move('spears', 'normal', 2, 'dangerous'))
    expect(requestOf(game)).toMatchObject({ purpose: 'dangerous-terrain', count: 10, roller: 'p1' })
    game.roll([1, 2, 3, 4, 5, 6, 1, 2, 3, 4])
    expect(game.outcomes('casualties')[0]?.values).toMatchObject({ unit: 'spears', unsaved: 2, removed: 2 })
    expect(game.game.units.spears?.models).toBe(8)
    expect(game.cites('terrain', 'dangerous-test')).toBe(true)
  })

  it('old-world/move-through-cover §dangerous-terrain: the bearer re-rolls each 1 of its Dangerous Terrain tests', () => {
    const game = movementGame([treeman({ rules: ['terror', 'move-through-cover'] })], [spears()])
    // M 5 through dangerous terrain, no modifier: a 5" move is allowed.
    game.apply(move('treeman', 'normal', 5, 'dangerous'))
    game.roll([1])
    expect(requestOf(game)).toMatchObject({ purpose: 're-roll-dangerous-terrain', count: 1 })
    game.roll([1])
    // The second 1 stands: a re-rolled die is never re-rolled again.
    expect(game.outcomes('casualties')[0]?.values).toMatchObject({ unsaved: 1, removed: 0, woundsOnNextModel: 1 })
    expect(game.cites('move-through-cover', 'dangerous-terrain')).toBe(true)

    const lucky = movementGame([treeman({ rules: ['terror', 'move-through-cover'] })], [spears()])
    lucky.apply(move('treeman', 'normal', 5, 'dangerous'))
    lucky.roll([1])
    lucky.roll([4])
    expect(lucky.outcomes('casualties')[0]?.values).toMatchObject({ unsaved: 0 })
  })

  it('old-world/terrain §charge: through difficult terrain -1 M and the lower die; Move Through Cover lifts the -1 only', () => {
    const charge = (distance: number, terrain: 'difficult' | 'dangerous') => ({
      type: 'ChargeDeclared',
      payload: { unit: 'spears', target: 'archers', distance, terrain },
    })
    const archers = owUnit('archers', { name: 'Archers', models: 10, formation: { files: 5 } })
    const game = movementGame([spears()], [archers])
    // The maximum possible charge range is M 3 + 6 through the terrain.
    expect(refusal(() => game.apply(charge(9.5, 'difficult'))).message).toContain('M 3 + 6 = 9"')
    game.apply(charge(6, 'difficult'))
    game.choose('hold')
    game.roll([5, 2]) // M 3 + the lower die 2 = 5 < 6: fails, and moves the Charge roll, 2"
    expect(game.outcomes('charge-result')[0]?.values).toMatchObject({ reached: false, range: 5, moved: 2 })
    expect(game.cites('terrain', 'charge')).toBe(true)
    expect(game.cites('terrain', 'difficult')).toBe(true)

    const woodsmen = movementGame([spears({ rules: ['move-through-cover'] })], [archers])
    woodsmen.apply(charge(6, 'difficult'))
    woodsmen.choose('hold')
    woodsmen.roll([5, 2]) // M 4 (no modifier) + the lower die 2 = 6: reaches
    expect(woodsmen.outcomes('charge-result')[0]?.values).toMatchObject({ reached: true, range: 6 })
    expect(woodsmen.cites('move-through-cover', 'movement')).toBe(true)

    // Through dangerous terrain the charger tests once it has moved.
    const risky = movementGame([spears()], [archers])
    risky.apply(charge(4, 'dangerous'))
    risky.choose('hold')
    risky.roll([3, 4])
    expect(requestOf(risky)).toMatchObject({ purpose: 'dangerous-terrain', count: 10 })
  })

  it('terrain: the classic ruleset has no terrain rules and refuses a move that names terrain', () => {
    const game = new RulesetGame(
      classic,
      ev.created(),
      ev.mustered('p1', spears({ gear: ['hand-weapon'] })),
      ev.mustered('p2', owUnit('orcs', { name: 'Orcs' })),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    expect(refusal(() => game.apply(move('spears', 'normal', 3, 'difficult'))).code).toBe('rules/not-permitted')
    game.apply(move('spears', 'normal', 4))
    expect(game.outcomes('move-checked')[0]?.values).toMatchObject({ limit: 4 })
  })
})
