import { describe, expect, it } from 'vitest'
import type { OpenRequest, StepResult } from '../../core/engine/types.js'
import type { UnitDefinitionInput } from '../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { generalOf } from '../../core/rules/battle/leadership.js'
import { immunity } from '../../core/rules/battle/psychology-records.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { EngineGame, ev, profile, unitDef } from '../helpers/classic-game.js'

/**
 * Psychology and Leadership in the classic ruleset (issue #7): Fear, Stupidity, Panic, the rally,
 * the General and Inspiring Presence, No Leader. Each test drives the engine and checks what it
 * decided and the rule it cites.
 */

type Answer = number[] | string | undefined

/** Answers the open requests until none is left or `stop` says so; dice default to 1s, choices to the first option. */
function settle(
  game: EngineGame,
  answer: (request: OpenRequest) => Answer = () => undefined,
  stop?: (r: OpenRequest) => boolean,
) {
  for (let guard = 0; guard < 200; guard += 1) {
    const request = Object.values(game.game.requests)[0]
    if (!request || stop?.(request)) return request
    // Equal Initiative in classic (7th) is a roll-off: p1 wins it unless the test answers it (§initiative-ties).
    const rollOff = request.kind === 'dice' && request.purpose === 'roll-off'
    const given = answer(request) ?? (rollOff ? [request.roller === 'p1' ? 6 : 1] : undefined)
    if (request.kind === 'dice')
      game.apply(ev.dice(request.id, Array.isArray(given) ? given : Array(request.count).fill(1)))
    else game.apply(ev.choice(request.id, typeof given === 'string' ? given : (request.options[0]?.id as string)))
  }
  throw new Error('the requests never ended')
}

const cites = (game: EngineGame, id: string, clause: string) =>
  game.steps
    .flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])
    .flatMap(citedRules)
    .some((ref) => ref.id === id && ref.clause === clause)

const outcomes = (game: EngineGame, kind: string) =>
  game.steps.flatMap((s: StepResult) => s.outcomes).filter((o) => o.kind === kind)

type Side = { unit: string; charged?: boolean }[]
const joined = (p1: Side, p2: Side, contact: { unit: string; models: number; target?: string }[], combat = 'c1') => ({
  type: 'CombatJoined',
  payload: {
    combat,
    sides: [
      { player: 'p1', units: p1 },
      { player: 'p2', units: p2 },
    ],
    contact,
  },
})
const round = (contact: { unit: string; models: number; target?: string }[], combat = 'c1') => ({
  type: 'CombatRoundDeclared',
  payload: { combat, contact },
})
const panicDeclared = (unit: string, cause: string, friend: string) => ({
  type: 'PanicTestDeclared',
  payload: { unit, cause, friend },
})

function game(p1: UnitDefinitionInput[], p2: UnitDefinitionInput[], variant = 'classic') {
  return new EngineGame(ev.created(variant), ev.mustered('p1', ...p1), ev.mustered('p2', ...p2))
}

/** Strikes of the named attackers hit and wound with 6s; everyone else rolls 1s. */
const lethal =
  (...attackers: string[]) =>
  (r: OpenRequest): Answer => {
    if (r.kind !== 'dice') return undefined
    const striker = attackers.some((name) => r.text.startsWith(`${name}:`))
    if ((r.purpose === 'to-hit' || r.purpose === 'to-wound') && striker) return Array(r.count).fill(6)
    return undefined
  }

const openRequest = (g: EngineGame) => Object.values(g.game.requests)[0] as OpenRequest

describe('Fear (classic/fear)', () => {
  it('fear: a unit in contact with a Fear causer tests Ld as the combat starts; failed, -1 to hit to the end of the phase', () => {
    const g = game([unitDef('a')], [unitDef('b', { rules: ['fear'] })])
    g.apply(ev.turn(1, 'p1'))
    g.apply(ev.phase('close-combat'))
    const join = g.apply(
      joined(
        [{ unit: 'a', charged: true }],
        [{ unit: 'b' }],
        [
          { unit: 'a', models: 5 },
          { unit: 'b', models: 5 },
        ],
      ),
    )
    expect(join.requests[0]).toMatchObject({ purpose: 'fear-test', roller: 'p1', count: 2 })
    const failed = g.roll([6, 5])
    expect(failed.outcomes[0]).toMatchObject({
      kind: 'psychology-test',
      values: { unit: 'a', test: 'fear', passed: false, roll: 11, leadership: 7 },
    })
    expect(failed.outcomes[1]).toMatchObject({
      kind: 'effect-started',
      values: { effect: { entry: 'fear', unit: 'a' } },
    })
    // WS 3 against WS 3 hits on 4+; the failed Fear test makes it 5+.
    const toHit = failed.requests[0]
    expect(toHit).toMatchObject({ purpose: 'to-hit', need: 5, roller: 'p1' })
    expect(renderExplanationText(toHit!.explanation)).toContain(
      'failed Fear test: -1 to hit (needs +1): 4+ -> 5+ (classic/fear §close-combat)',
    )
    expect(cites(g, 'fear', 'close-combat')).toBe(true)
    settle(g)
    // The phase is over when the next turn starts: the penalty ends.
    const next = g.apply(ev.turn(1, 'p2'))
    expect(next.outcomes.find((o) => o.kind === 'effect-ended')?.values).toMatchObject({ entry: 'fear', unit: 'a' })
    expect(g.game.effects).toEqual([])
  })

  it('fear: the test is taken again at the start of the next close-combat phase, once a phase', () => {
    const g = game([unitDef('a')], [unitDef('b', { rules: ['fear'] })])
    g.apply(ev.turn(1, 'p1'))
    g.apply(ev.phase('close-combat'))
    g.apply(
      joined(
        [{ unit: 'a', charged: true }],
        [{ unit: 'b' }],
        [
          { unit: 'a', models: 5 },
          { unit: 'b', models: 5 },
        ],
      ),
    )
    g.roll([1, 1])
    settle(g)
    g.apply(ev.turn(1, 'p2'))
    const phase = g.apply(ev.phase('close-combat'))
    expect(phase.requests[0]).toMatchObject({ purpose: 'fear-test', roller: 'p1' })
    const passed = g.roll([3, 4])
    expect(passed.outcomes.find((o) => o.kind === 'psychology-test')?.values).toMatchObject({ passed: true, roll: 7 })
    expect(g.game.effects).toEqual([])
    // The round of this phase asks no second Fear test: its first request is a to-hit roll at the plain 4+.
    const next = g.apply(
      round([
        { unit: 'a', models: 5 },
        { unit: 'b', models: 5 },
      ]),
    )
    // Equal Initiative after a drawn round: a roll-off first (classic/variants §initiative-ties), then the blows.
    expect(next.requests[0]).toMatchObject({ purpose: 'roll-off' })
    g.roll([6])
    expect(g.roll([1]).requests[0]).toMatchObject({ purpose: 'to-hit', need: 4 })
  })

  it('fear: the table says which Fear causer a unit touches when a side has several units', () => {
    const g = game([unitDef('a')], [unitDef('b', { rules: ['fear'] }), unitDef('c')])
    g.apply(ev.turn(1, 'p1'))
    g.apply(ev.phase('close-combat'))
    const join = g.apply(
      joined(
        [{ unit: 'a' }],
        [{ unit: 'b' }, { unit: 'c' }],
        [
          { unit: 'a', models: 5, target: 'c' },
          { unit: 'b', models: 0 },
          { unit: 'c', models: 5 },
        ],
      ),
    )
    expect(join.requests[0]).toMatchObject({ kind: 'choice', purpose: 'base-contact', chooser: 'p1' })
    const answered = g.apply(ev.choice(g.openRequest(), 'no'))
    // Not touching the Fear causer: no test, the round goes on (a roll-off at equal Initiative, §initiative-ties).
    expect(answered.requests[0]).toMatchObject({ purpose: 'roll-off' })
    expect(outcomes(g, 'psychology-test')).toEqual([])
  })

  it('fear: Fear causers are not affected by Fear (classic/fear §immunities)', () => {
    const g = game([unitDef('a', { rules: ['fear'] })], [unitDef('b', { rules: ['fear'] })])
    g.apply(ev.turn(1, 'p1'))
    g.apply(ev.phase('close-combat'))
    const join = g.apply(
      joined(
        [{ unit: 'a', charged: true }],
        [{ unit: 'b' }],
        [
          { unit: 'a', models: 5 },
          { unit: 'b', models: 5 },
        ],
      ),
    )
    const tests = join.outcomes.filter((o) => o.kind === 'psychology-test')
    expect(tests.map((o) => o.values)).toEqual([
      expect.objectContaining({ unit: 'a', test: 'fear', passed: true, roll: null, auto: 'immune' }),
      expect.objectContaining({ unit: 'b', test: 'fear', passed: true, roll: null, auto: 'immune' }),
    ])
    expect(join.requests[0]).toMatchObject({ purpose: 'to-hit', need: 4 })
    expect(cites(g, 'fear', 'immunities')).toBe(true)
  })

  it('fear: a Fear causer is affected by an enemy that causes Terror (the immunity lifts)', () => {
    const source = { ruleset: 'classic', id: 'fear', clause: 'immunities' }
    const unlessTerror = {
      source,
      label: 'Fear causer',
      kind: 'set' as const,
      value: 'immune-unless-terror',
      status: 'applied' as const,
    }
    const terror = { ...unlessTerror, source: { ...source, id: 'terror', clause: '3' }, value: 'causes-terror' }
    expect(immunity([unlessTerror])).toBe(unlessTerror)
    expect(immunity([unlessTerror, terror])).toBeNull()
  })

  /** One p1 unit of 15 against two Fear-causing p2 units; b's one model strikes, the rest miss. */
  function fearBreakTest(loser: UnitDefinitionInput, enemyModels: number, lethalOnes: string[]) {
    const g = game(
      [loser],
      [unitDef('b', { rules: ['fear'], models: enemyModels }), unitDef('c', { rules: ['fear'], models: enemyModels })],
    )
    g.apply(ev.turn(1, 'p1'))
    g.apply(ev.phase('close-combat'))
    g.apply(
      joined(
        [{ unit: 'a' }],
        [{ unit: 'b' }, { unit: 'c' }],
        [
          { unit: 'a', models: 1, target: 'b' },
          { unit: 'b', models: 1 },
          { unit: 'c', models: 1 },
        ],
      ),
    )
    const request = settle(
      g,
      (r) => (r.purpose === 'base-contact' ? 'yes' : lethal(...lethalOnes)(r)),
      (r) => r.purpose === 'break-test',
    )
    const result = outcomes(g, 'combat-result')[0]
    return { g, request: request as OpenRequest, result }
  }

  it("fear: the seed's example: US 15 losing by 2 to Fear causers of US 10 each (20 in all) tests at -4", () => {
    // Classic: b's wound (1) + outnumbering (US 20 against 15: +1) = 2 against 0.
    const { g, request, result } = fearBreakTest(unitDef('a', { models: 15 }), 10, ['b'])
    expect(result?.values).toMatchObject({ winner: 'p2', difference: 2 })
    expect(request.text).toContain('passes on 3 or less')
    const text = renderExplanationText(request.explanation)
    expect(text).toContain(
      'Fear: b and c (US 20) against a (US 14): the modifier is doubled (-2): -2 -> -4 (classic/fear §losing-combat)',
    )
    expect(cites(g, 'fear', 'losing-combat')).toBe(true)
  })

  it("fear: not doubled when the Fear causers' combined US (10) is not higher than the loser's (classic/variants §fear-outnumber)", () => {
    // b and c both wound: 2; a: outnumbering (US 15 against 10) +1. a loses by 1 and tests on 7 - 1.
    const { request, result } = fearBreakTest(unitDef('a', { models: 15 }), 5, ['b', 'c'])
    expect(result?.values).toMatchObject({ winner: 'p2', difference: 1 })
    expect(request.text).toContain('passes on 6 or less')
    expect(renderExplanationText(request.explanation)).toContain("the Fear causers' US 10 is not higher than a's US 13")
  })

  it('fear: a loser that causes Fear itself does not double its modifier', () => {
    const { request, result } = fearBreakTest(unitDef('a', { models: 15, rules: ['fear'] }), 10, ['b'])
    expect(result?.values).toMatchObject({ difference: 2 })
    expect(request.text).toContain('passes on 5 or less')
    expect(renderExplanationText(request.explanation)).toContain('a is not affected by Fear')
  })
})

describe('Stupidity (classic/stupidity)', () => {
  const trolls = () =>
    unitDef('trolls', { rules: ['stupidity'], profile: { M: 6 }, troopType: 'monstrous-infantry', models: 3 })

  it('stupidity: a failed test at the start of the turn forbids charging, shooting and casting until its next turn', () => {
    const g = game([trolls()], [unitDef('b')])
    const turn = g.apply(ev.turn(1, 'p1'))
    expect(turn.requests[0]).toMatchObject({ purpose: 'stupidity-test', roller: 'p1' })
    const failed = g.roll([5, 6])
    const test = failed.outcomes.find((o) => o.kind === 'psychology-test')
    expect(test?.values).toMatchObject({ unit: 'trolls', test: 'stupidity', passed: false, roll: 11 })
    expect(test?.text).toContain('move it 3" (half its M 6) straight ahead')
    const permission = (action: 'charge' | 'shoot' | 'cast' | 'move') => {
      const ctx = g.engine.contextFor(g.state) as ClassicContext
      return ctx.modifiers('permission', { subject: ctx.unit('trolls'), opponent: null, action })
    }
    for (const action of ['charge', 'shoot', 'cast'] as const)
      expect(permission(action)).toEqual([
        expect.objectContaining({
          value: 'forbidden',
          status: 'applied',
          source: { ruleset: 'classic', id: 'stupidity', clause: 'failed' },
        }),
      ])
    expect(permission('move')).toEqual([])
    // Immune to Psychology meanwhile.
    const ctx = g.engine.contextFor(g.state) as ClassicContext
    const psych = ctx.modifiers('psychology', { subject: ctx.unit('trolls'), opponent: [], test: 'panic' })
    expect(psych).toContainEqual(expect.objectContaining({ value: 'immune', status: 'applied' }))
    // Still stupid in the opponent's turn; over when its own next turn starts (which tests again).
    g.apply(ev.turn(1, 'p2'))
    expect(permission('charge')).toHaveLength(1)
    const next = g.apply(ev.turn(2, 'p1'))
    expect(next.outcomes.find((o) => o.kind === 'effect-ended')?.values).toMatchObject({ entry: 'stupidity' })
    expect(next.requests[0]).toMatchObject({ purpose: 'stupidity-test' })
    expect(permission('charge')).toEqual([])
    expect(cites(g, 'stupidity', 'duration')).toBe(true)
  })

  it('stupidity: the effects end as soon as the unit is engaged; an engaged unit takes no test', () => {
    const g = game([trolls()], [unitDef('b')])
    g.apply(ev.turn(1, 'p1'))
    g.roll([6, 6])
    g.apply(ev.phase('close-combat'))
    const join = g.apply(
      joined(
        [{ unit: 'trolls' }],
        [{ unit: 'b' }],
        [
          { unit: 'trolls', models: 3 },
          { unit: 'b', models: 5 },
        ],
      ),
    )
    expect(join.outcomes.find((o) => o.kind === 'effect-ended')?.values).toMatchObject({
      entry: 'stupidity',
      why: 'the unit is engaged in combat',
    })
    settle(g)
    g.apply(ev.turn(1, 'p2'))
    const own = g.apply(ev.turn(2, 'p1'))
    expect(own.requests).toEqual([])
  })

  it('stupidity: a passed test changes nothing', () => {
    const g = game([trolls()], [unitDef('b')])
    g.apply(ev.turn(1, 'p1'))
    const passed = g.roll([3, 4])
    expect(passed.outcomes.map((o) => o.kind)).toEqual(['psychology-test'])
    expect(g.game.effects).toEqual([])
  })
})

/** A p1 unit `f` of one model wiped out by p2's `e` in turn `turn`'s close-combat phase of `player`. */
function friendDestroyed(g: EngineGame, turn: number, player: string) {
  g.apply(ev.turn(turn, player))
  settle(g)
  g.apply(ev.phase('close-combat'))
  settle(g)
  g.apply(
    joined(
      [{ unit: 'f' }],
      [{ unit: 'e', charged: true }],
      [
        { unit: 'f', models: 1 },
        { unit: 'e', models: 1 },
      ],
    ),
  )
  settle(g, lethal('e'))
  expect(g.game.units.f?.models).toBe(0)
}

describe('the General and Inspiring Presence (classic/general)', () => {
  const lord = (values: Record<string, unknown> = {}) =>
    ({ id: 'lord', name: 'Lord', profile: profile({ Ld: 9 }), gear: [], rules: [], ...values }) as never

  it('general: the character with the highest Ld; the player designates among equals; No Leader is never the general', () => {
    const g = game(
      [
        unitDef('guard', {
          characters: [lord({ id: 'hero', name: 'Hero', general: true, profile: profile({ Ld: 8 }) })],
        }),
        unitDef('assassin', { character: true, models: 1, profile: { Ld: 10 }, rules: ['no-leader'] }),
        unitDef('lord', { character: true, models: 1, profile: { Ld: 9 } }),
        unitDef('spears', { characters: [lord({ id: 'noble', name: 'Noble', general: true })] }),
      ],
      [unitDef('b')],
    )
    const ctx = g.engine.contextFor(g.state) as ClassicContext
    const general = generalOf(ctx, 'p1')
    expect(general?.model.name).toBe('Noble')
    expect(general?.unit.id).toBe('spears')
    const text = renderExplanationText(general!.why)
    expect(text).toContain('2 characters have Ld 9; the player designated Noble')
    expect(text).toContain('Hero was designated, but has Ld 8, not the highest')
    // Nobody designated among equals: the first mustered (classic/variants §general-undesignated).
    const undesignated = game(
      [
        unitDef('lord', { character: true, models: 1, profile: { Ld: 9 } }),
        unitDef('spears', { characters: [lord({ id: 'noble', name: 'Noble' })] }),
      ],
      [unitDef('b')],
    )
    const first = generalOf(undesignated.engine.contextFor(undesignated.state) as ClassicContext, 'p1')
    expect(first?.model.id).toBe('lord')
    expect(citedRules(first!.why)).toContainEqual({
      ruleset: 'classic',
      id: 'variants',
      clause: 'general-undesignated',
    })
    expect(text).toContain('assassin: No Leader: never the general (classic/no-leader §general)')
  })

  it('general: his unit may pass its first Panic test of the game automatically, once a game', () => {
    const g = game(
      [unitDef('guard', { characters: [lord({ general: true })] }), unitDef('f', { models: 1 })],
      [unitDef('e', { profile: { A: 2 } })],
    )
    friendDestroyed(g, 1, 'p1')
    const declared = g.apply(panicDeclared('guard', 'friend-destroyed', 'f'))
    expect(declared.requests[0]).toMatchObject({ kind: 'choice', purpose: 'general-auto-pass', chooser: 'p1' })
    const passed = g.apply(ev.choice(g.openRequest(), 'auto-pass'))
    expect(passed.outcomes[0]).toMatchObject({
      kind: 'psychology-test',
      values: { unit: 'guard', test: 'panic', passed: true, roll: null, auto: 'general' },
    })
    expect(citedRules(passed.outcomes[0]!.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'general',
      clause: 'auto-pass',
    })
    // One Panic test a phase.
    expect(() => g.apply(panicDeclared('guard', 'friend-destroyed', 'f'))).toThrow(/taken its Panic test this phase/)
    // The next phase, the next Panic test is rolled: the auto-pass was the game's one.
    g.apply(ev.turn(1, 'p2'))
    g.apply(ev.phase('movement'))
    const again = g.apply(panicDeclared('guard', 'friend-destroyed', 'f'))
    expect(again.requests[0]).toMatchObject({ kind: 'dice', purpose: 'panic-test' })
    g.roll([6, 6])
    const fled = g.roll([2, 3])
    expect(fled.outcomes[0]).toMatchObject({ kind: 'fled', values: { unit: 'guard', roll: 5 } })
    expect(g.game.units.guard?.fleeing).toBe(true)
    expect(cites(g, 'panic', 'flee')).toBe(true)
  })

  it('inspiring presence: a unit uses the General\'s Ld when the table says he is within 12"', () => {
    const g = game(
      [
        unitDef('lord', { character: true, general: true, models: 1, profile: { Ld: 9 } }),
        unitDef('spears'),
        unitDef('f', { models: 1 }),
      ],
      [unitDef('e', { profile: { A: 2 } })],
    )
    friendDestroyed(g, 1, 'p1')
    const declared = g.apply(panicDeclared('spears', 'friend-destroyed', 'f'))
    expect(declared.requests[0]).toMatchObject({ kind: 'choice', purpose: 'inspiring-presence', chooser: 'p1' })
    expect(declared.requests[0]?.text).toBe('Is General lord within 12" of spears? (spears\'s panic test)')
    const yes = g.apply(ev.choice(g.openRequest(), 'yes'))
    expect(yes.requests[0]).toMatchObject({ purpose: 'panic-test' })
    expect(yes.requests[0]?.text).toContain('passes on 9 or less')
    expect(renderExplanationText(yes.requests[0]!.explanation)).toContain(
      'Leadership 9 (General lord\'s Ld: Inspiring Presence (within 12" of spears, as the table says)) ' +
        '(classic/general §inspiring-presence)',
    )
    const held = g.roll([4, 5])
    expect(held.outcomes[0]?.values).toMatchObject({ passed: true, leadership: 9 })
  })

  it('inspiring presence: not asked when the General\'s Ld is no better; the answer "no" keeps the unit\'s own', () => {
    const g = game(
      [
        unitDef('lord', { character: true, general: true, models: 1, profile: { Ld: 9 } }),
        unitDef('elite', { profile: { Ld: 9 } }),
        unitDef('spears'),
        unitDef('f', { models: 1 }),
      ],
      [unitDef('e', { profile: { A: 2 } })],
    )
    friendDestroyed(g, 1, 'p1')
    const elite = g.apply(panicDeclared('elite', 'friend-destroyed', 'f'))
    expect(elite.requests[0]).toMatchObject({ purpose: 'panic-test' })
    g.roll([1, 1])
    g.apply(panicDeclared('spears', 'friend-destroyed', 'f'))
    const no = g.apply(ev.choice(g.openRequest(), 'no'))
    expect(no.requests[0]?.text).toContain('passes on 7 or less')
  })

  it('inspiring presence: a broken (fleeing) General lends no Ld, and nothing is asked', () => {
    const g = game(
      [
        unitDef('lord', { character: true, general: true, models: 1, profile: { Ld: 9 } }),
        unitDef('spears'),
        unitDef('f', { models: 1 }),
      ],
      [unitDef('e', { profile: { A: 2 } })],
    )
    friendDestroyed(g, 1, 'p1')
    g.apply(panicDeclared('lord', 'friend-destroyed', 'f'))
    g.apply(ev.choice(g.openRequest(), 'roll'))
    g.roll([6, 6])
    g.roll([3, 3])
    expect(g.game.units.lord?.fleeing).toBe(true)
    const declared = g.apply(panicDeclared('spears', 'friend-destroyed', 'f'))
    expect(declared.requests[0]).toMatchObject({ kind: 'dice', purpose: 'panic-test' })
    expect(declared.requests[0]?.text).toContain('passes on 7 or less')
    expect(renderExplanationText(declared.requests[0]!.explanation)).toContain(
      'General lord (Ld 9) is broken: no Inspiring Presence (classic/general §inspiring-presence)',
    )
  })

  it('inspiring presence: break tests use it too', () => {
    const g = game(
      [unitDef('lord', { character: true, general: true, models: 1, profile: { Ld: 9 } }), unitDef('a')],
      [unitDef('b')],
    )
    g.apply(ev.turn(1, 'p1'))
    g.apply(ev.phase('close-combat'))
    g.apply(
      joined(
        [{ unit: 'a' }],
        [{ unit: 'b', charged: true }],
        [
          { unit: 'a', models: 5 },
          { unit: 'b', models: 5 },
        ],
      ),
    )
    const asked = settle(g, lethal('b'), (r) => r.purpose === 'inspiring-presence')
    expect(asked?.text).toBe('Is General lord within 12" of a? (a\'s break test)')
    g.apply(ev.choice(asked!.id, 'yes'))
    // b charged, struck first and slew 5: 5 + outnumbering (US 10 against 5: +1) = 6; a tests on 9 - 6 = 3.
    expect(openRequest(g)).toMatchObject({ purpose: 'break-test' })
    expect(openRequest(g).text).toContain('passes on 3 or less')
  })
})

describe('No Leader (classic/no-leader)', () => {
  it("no leader: a unit cannot use the model's Ld", () => {
    const assassin = { id: 'assassin', name: 'Assassin', profile: profile({ Ld: 10 }), gear: [], rules: ['no-leader'] }
    const noble = { id: 'noble', name: 'Noble', profile: profile({ Ld: 8 }), gear: [], rules: [] }
    const g = game(
      [unitDef('spears', { characters: [assassin, noble] as never }), unitDef('f', { models: 1 })],
      [unitDef('e', { profile: { A: 2 } })],
    )
    friendDestroyed(g, 1, 'p1')
    const declared = g.apply(panicDeclared('spears', 'friend-destroyed', 'f'))
    // The Noble (Ld 8) is the general: his unit's first Panic test may pass automatically; roll it.
    expect(declared.requests[0]).toMatchObject({ purpose: 'general-auto-pass' })
    const roll = g.apply(ev.choice(g.openRequest(), 'roll'))
    expect(roll.requests[0]?.text).toContain('passes on 8 or less')
    const text = renderExplanationText(roll.requests[0]!.explanation)
    expect(text).toContain(
      "Assassin's Ld 10 is not used: No Leader: units cannot use this model's Ld (classic/no-leader §leadership)",
    )
    expect(text).toContain("Noble's Ld, the best in the unit: 8 (classic/unit-leadership §best)")
  })
})

describe('Panic (classic/panic)', () => {
  /** p1's x (10 models, a musician) loses 3 to e's charge in p2's turn 1 and wipes e out. */
  function heavyLosses(command = { musician: true }) {
    const g = game([unitDef('x', { command })], [unitDef('e', { models: 1, profile: { A: 3 } })])
    g.apply(ev.turn(1, 'p2'))
    g.apply(ev.phase('close-combat'))
    g.apply(
      joined(
        [{ unit: 'x' }],
        [{ unit: 'e', charged: true }],
        [
          { unit: 'x', models: 5 },
          { unit: 'e', models: 1 },
        ],
      ),
    )
    settle(g, lethal('e', 'x'))
    expect(g.game.units.x?.models).toBe(7)
    expect(g.game.units.e?.models).toBe(0)
    return g
  }

  it('panic: a unit that lost 25% of its models in a phase tests as the next phase starts; failing, it flees', () => {
    const g = heavyLosses()
    g.apply(ev.turn(1, 'p1'))
    const phase = g.apply(ev.phase('movement'))
    expect(phase.requests[0]).toMatchObject({ purpose: 'panic-test', roller: 'p1' })
    const text = renderExplanationText(phase.requests[0]!.explanation)
    expect(text).toContain('x lost 3 of the 10 models it had at the start of the close-combat phase of turn 1 (p2)')
    expect(text).toContain('classic/variants §panic-heavy-casualties')
    g.roll([6, 5])
    const fled = g.roll([1, 2])
    expect(fled.outcomes[0]).toMatchObject({ kind: 'fled', values: { unit: 'x', roll: 3 } })
    // It began to flee this turn: no rally test in this movement phase.
    expect(fled.requests).toEqual([])
    expect(cites(g, 'panic', 'heavy-casualties')).toBe(true)
  })

  it('panic: less than 25% lost, no test; engaged or fleeing units are never asked', () => {
    const g = game(
      [unitDef('x'), unitDef('y'), unitDef('f', { models: 1 })],
      [unitDef('e', { models: 1, profile: { A: 2 } }), unitDef('z')],
    )
    g.apply(ev.turn(1, 'p2'))
    g.apply(ev.phase('close-combat'))
    g.apply(
      joined(
        [{ unit: 'x' }],
        [{ unit: 'e', charged: true }],
        [
          { unit: 'x', models: 5 },
          { unit: 'e', models: 1 },
        ],
      ),
    )
    settle(g, lethal('e', 'x'))
    expect(g.game.units.x?.models).toBe(8)
    g.apply(
      joined(
        [{ unit: 'y' }],
        [{ unit: 'z' }],
        [
          { unit: 'y', models: 5 },
          { unit: 'z', models: 5 },
        ],
        'c2',
      ),
    )
    settle(g)
    g.apply(ev.turn(1, 'p1'))
    expect(g.apply(ev.phase('movement')).requests).toEqual([])
    expect(() => g.apply(panicDeclared('y', 'friend-broke', 'x'))).toThrow(/engaged in combat/)
  })

  it('panic: a unit that failed its Stupidity test is Immune to Psychology: no Panic test', () => {
    const g = game(
      [unitDef('trolls', { rules: ['stupidity'] }), unitDef('f', { models: 1 })],
      [unitDef('e', { profile: { A: 2 } })],
    )
    g.apply(ev.turn(1, 'p1'))
    g.roll([6, 6])
    g.apply(ev.phase('close-combat'))
    g.apply(
      joined(
        [{ unit: 'f' }],
        [{ unit: 'e', charged: true }],
        [
          { unit: 'f', models: 1 },
          { unit: 'e', models: 1 },
        ],
      ),
    )
    settle(g, lethal('e'))
    const declared = g.apply(panicDeclared('trolls', 'friend-destroyed', 'f'))
    expect(declared.requests).toEqual([])
    expect(declared.outcomes[0]).toMatchObject({
      kind: 'psychology-test',
      values: { unit: 'trolls', test: 'panic', passed: true, roll: null, auto: 'immune' },
    })
    expect(citedRules(declared.outcomes[0]!.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'stupidity',
      clause: 'failed',
    })
  })

  it('panic: a declared cause must hold: a friend destroyed has no models left', () => {
    const g = game([unitDef('x'), unitDef('y')], [unitDef('e')])
    g.apply(ev.turn(1, 'p1'))
    g.apply(ev.phase('movement'))
    expect(() => g.apply(panicDeclared('x', 'friend-destroyed', 'y'))).toThrow(/y is not destroyed/)
    expect(() => g.apply(panicDeclared('x', 'friend-destroyed', 'e'))).toThrow(/not a friend/)
  })
})

describe('Rally (classic/rally, classic/musician §rally)', () => {
  /** p1's x (10 models) loses `lost` to e's charge in p2's turn 1, breaks and escapes. */
  function broken(lost: number, x: Partial<UnitDefinitionInput> = {}, variant = 'classic') {
    const g = game([unitDef('x', x)], [unitDef('e', { models: 1, profile: { A: lost } })], variant)
    g.apply(ev.turn(1, 'p2'))
    g.apply(ev.phase('close-combat'))
    g.apply(
      joined(
        [{ unit: 'x' }],
        [{ unit: 'e', charged: true }],
        [
          { unit: 'x', models: 5 },
          { unit: 'e', models: 1 },
        ],
      ),
    )
    settle(g, (r) => {
      if (r.purpose === 'break-test') return [6, 6]
      if (r.purpose === 'flee') return [6, 6]
      if (r.purpose === 'pursuit') return 'pursue'
      return lethal('e')(r)
    })
    expect(g.game.units.x).toMatchObject({ models: 10 - lost, fleeing: true })
    g.apply(ev.turn(1, 'p1'))
    return g
  }

  it("rally: a fleeing unit tests at the start of its movement phase, with the musician's +1 Ld", () => {
    const g = broken(3, { command: { musician: true } })
    const phase = g.apply(ev.phase('movement'))
    expect(phase.requests[0]).toMatchObject({ purpose: 'rally-test', roller: 'p1' })
    expect(phase.requests[0]?.text).toContain('passes on 8 or less')
    expect(renderExplanationText(phase.requests[0]!.explanation)).toContain(
      'musician: +1 Ld to rally (+1): 7 -> 8 (classic/musician §rally)',
    )
    const rallied = g.roll([4, 4])
    expect(rallied.outcomes.map((o) => o.kind)).toEqual(['psychology-test', 'rallied'])
    expect(g.game.units.x?.fleeing).toBe(false)
    expect(cites(g, 'rally', 'test')).toBe(true)
  })

  it('rally: without a musician the same 8 fails', () => {
    const g = broken(3)
    g.apply(ev.phase('movement'))
    const failed = g.roll([4, 4])
    expect(failed.outcomes.map((o) => o.kind)).toEqual(['psychology-test'])
    expect(g.game.units.x?.fleeing).toBe(true)
  })

  it('rally: classic: a unit below 25% of its models cannot rally (classic/variants §rally-below-quarter)', () => {
    const g = broken(8)
    const phase = g.apply(ev.phase('movement'))
    expect(phase.requests).toEqual([])
    const test = phase.outcomes.find((o) => o.kind === 'psychology-test')
    expect(test?.values).toMatchObject({ unit: 'x', test: 'rally', passed: false, roll: null })
    expect(test?.text).toContain('2 of its 10 starting models left: below 25%')
    expect(citedRules(test!.explanation)).toContainEqual({ ruleset: 'classic', id: 'rally', clause: 'below-quarter' })
  })

  it('rally: a joined character counts towards the 25%, a No Leader one does not', () => {
    const hero = { id: 'hero', name: 'Hero', profile: profile(), gear: [], rules: [] }
    const withHero = broken(8, { models: 10, characters: [hero] as never })
    expect(withHero.apply(ev.phase('movement')).requests[0]).toMatchObject({ purpose: 'rally-test' })
    const shade = { ...hero, id: 'shade', name: 'Shade', rules: ['no-leader'] }
    const withShade = broken(8, { models: 10, characters: [shade] as never })
    const phase = withShade.apply(ev.phase('movement'))
    expect(phase.requests).toEqual([])
    expect(renderExplanationText(phase.outcomes.find((o) => o.kind === 'psychology-test')!.explanation)).toContain(
      'Shade is not counted: No Leader: does not help a unit rally below 25% (classic/no-leader §rally)',
    )
  })

  it('rally: classic-8th: a unit at 25% or less rallies only on a double 1', () => {
    const g = broken(8, {}, 'classic-8th')
    g.apply(ev.phase('movement'))
    const low = g.roll([2, 2])
    expect(low.outcomes[0]?.values).toMatchObject({ passed: false, roll: 4 })
    const h = broken(8, {}, 'classic-8th')
    h.apply(ev.phase('movement'))
    expect(h.roll([1, 1]).outcomes.map((o) => o.kind)).toEqual(['psychology-test', 'rallied'])
  })
})
