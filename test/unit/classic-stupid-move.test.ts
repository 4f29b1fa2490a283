import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { declarableNow } from '../../core/api/declarable.js'
import { META } from '../../core/api/declarations/field-meta.js'
import { declarationForm, formPayload } from '../../core/api/declarations/forms.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { classic } from '../../core/rules/classic/index.js'
import { type Draft, EngineGame, ev, unitDef } from '../helpers/classic-game.js'

/**
 * Issue 16, item 9: Stupidity's results are acted on, not only said. Seed 000, Stupidity §2 (line 177):
 * "If the roll is high enough to reach an enemy unit, the movement counts as a charge and the target unit gets to
 * make a charge response. If it contacts one of your own units it stops 1" in front of the unit but confuses the unit
 * it bumped into. A confused unit cannot move voluntarily in this movement phase."
 */
const SEED_CHARGE =
  'If the roll is high enough to reach an enemy unit, the movement counts as a charge and the target unit gets to ' +
  'make a charge response.'
const SEED_CONFUSES =
  'If it contacts one of your own units it stops 1" in front of the unit but confuses the unit it bumped into. ' +
  'A confused unit cannot move voluntarily in this movement phase.'

const trolls = unitDef('trolls', {
  name: 'Trolls',
  rules: ['stupidity'],
  profile: { M: 6 },
  troopType: 'monstrous-infantry',
  models: 3,
})
const goblins = unitDef('goblins', { name: 'Goblins', models: 10 })
const knights = unitDef('knights', { name: 'Knights', models: 5 })

/** p1's Trolls fail their Stupidity test (5 + 6 = 11 against Ld 7) as p1's turn 1 starts; then the movement phase. */
function stupidTrolls(): EngineGame {
  const g = new EngineGame(ev.created(), ev.mustered('p1', trolls, goblins), ev.mustered('p2', knights))
  g.apply(ev.turn(1, 'p1'))
  g.roll([5, 6])
  g.apply(ev.phase('movement'))
  return g
}

const stupidMove = (payload: Record<string, unknown>): Draft => ({
  type: 'StupidMoveMade',
  payload: { unit: 'trolls', ...payload },
})

function refused(g: EngineGame, draft: Draft, code: string, message: RegExp) {
  const seq = g.game.seq
  const effects = JSON.stringify(g.game.effects)
  expect(() => g.apply(draft)).toThrow(expect.objectContaining({ code, message: expect.stringMatching(message) }))
  expect(g.game.seq).toBe(seq)
  expect(JSON.stringify(g.game.effects)).toBe(effects)
}

describe('classic/stupidity: the stupid move (seed 000 Stupidity §2)', () => {
  it('the seed says so', () => {
    const seed = readFileSync(new URL('../fixtures/seeds/000_47f9f7e6ea2b5b50.txt', import.meta.url), 'utf8')
    expect(seed).toContain(SEED_CHARGE)
    expect(seed).toContain(SEED_CONFUSES)
  })

  it('reaching an enemy counts as a charge: the target responds, and the charge makes the combat', () => {
    const g = stupidTrolls()
    const seq = g.game.seq + 1
    g.apply(stupidMove({ moved: 3, reached: 'enemy', other: 'knights', facing: 'flank' }))
    // Knights have no missile weapon: hold or flee.
    const request = g.game.requests[g.openRequest()]
    expect(request).toMatchObject({ purpose: 'charge-response', chooser: 'p2' })
    expect(request?.kind === 'choice' && request.options.map((o) => o.id)).toEqual(['hold', 'flee'])
    g.choose('hold')
    const combat = g.game.combats[`charge-${seq}`]
    expect(combat?.sides).toEqual([
      { player: 'p1', units: [{ unit: 'trolls', charged: true, facing: 'flank', moved: 3, charge: seq }] },
      { player: 'p2', units: [{ unit: 'knights', charged: false, facing: 'front' }] },
    ])
    // Engaged: the Stupidity effects end at once (§4).
    expect(g.game.effects.some((e) => e.entry === 'stupidity' && e.unit === 'trolls')).toBe(false)
    expect(g.outcomes('charge-result').map((o) => o.values)).toEqual([
      { unit: 'trolls', target: 'knights', reached: true, range: 3, distance: 3, moved: 3 },
    ])
    expect(g.cites('stupidity', 'charge')).toBe(true)
    expect(g.cites('stupidity', 'move')).toBe(true)
    expect(g.cites('variants', 'stupid-move-met')).toBe(true)
  })

  it('an enemy that flees from it is not followed: no combat', () => {
    const g = stupidTrolls()
    g.apply(stupidMove({ moved: 2, reached: 'enemy', other: 'knights' }))
    g.choose('flee')
    expect(g.game.requests[g.openRequest()]).toMatchObject({ purpose: 'flee', roller: 'p2', count: 2 })
    g.roll([3, 4])
    expect(g.game.units.knights?.fleeing).toBe(true)
    expect(Object.keys(g.game.combats)).toEqual([])
    expect(g.outcomes('charge-result').map((o) => o.values)).toEqual([
      { unit: 'trolls', target: 'knights', reached: false, range: 3, distance: 2, moved: 2 },
    ])
    expect(g.cites('variants', 'stupid-charge-flee')).toBe(true)
  })

  it('bumping into a friend confuses it: no move, march or charge this movement phase; the next phase it may', () => {
    const g = stupidTrolls()
    g.apply(stupidMove({ moved: 2, reached: 'friend', other: 'goblins' }))
    const ctx = () => g.engine.contextFor(g.state) as ClassicContext
    const barred = (action: 'move' | 'march' | 'charge' | 'shoot') =>
      ctx()
        .modifiers('permission', { subject: ctx().unit('goblins'), opponent: null, action })
        .filter((r) => r.status === 'applied' && r.value === 'forbidden')
    for (const action of ['move', 'march', 'charge'] as const)
      expect(barred(action)).toEqual([
        expect.objectContaining({ source: { ruleset: 'classic', id: 'stupidity', clause: 'confuses' } }),
      ])
    // Only moves: the Goblins may still shoot.
    expect(barred('shoot')).toEqual([])
    refused(
      g,
      { type: 'MoveDeclared', payload: { unit: 'goblins', kind: 'normal', distance: 4 } },
      'rules/cannot-move',
      /confused by a stupid unit.*classic\/stupidity §confuses/,
    )
    // The confusion lasts this movement phase only.
    g.apply(ev.phase('magic'))
    expect(barred('move')).toEqual([])
  })

  it('a confused unit cannot charge either (a charge is a voluntary move)', () => {
    // A unit moving first bars every charge after it (charges come first), so the bar is read at the permission point.
    const g = stupidTrolls()
    g.apply(stupidMove({ moved: 3, reached: 'friend', other: 'goblins' }))
    const ctx = g.engine.contextFor(g.state) as ClassicContext
    const records = ctx.modifiers('permission', {
      subject: ctx.unit('goblins'),
      opponent: ctx.unit('knights'),
      action: 'charge',
    })
    expect(records.map((r) => r.label)).toEqual([
      'confused by a stupid unit: cannot charge voluntarily in this movement phase',
    ])
  })

  it('refusals name the rule and write nothing', () => {
    const g = stupidTrolls()
    refused(g, stupidMove({ moved: 3.5, reached: 'nothing' }), 'rules/too-far', /half its M 6", 3" at most.*§move/)
    refused(g, stupidMove({ moved: 3, reached: 'enemy', other: 'goblins' }), 'rules/bad-target', /own side.*§charge/)
    refused(g, stupidMove({ moved: 3, reached: 'friend', other: 'knights' }), 'rules/bad-target', /an enemy.*§confuses/)
    refused(g, stupidMove({ moved: 3, reached: 'enemy' }), 'rules/bad-target', /name the enemy unit/)
    refused(
      g,
      stupidMove({ unit: 'goblins', moved: 2, reached: 'nothing' }),
      'rules/not-permitted',
      /not failed a Stupidity/,
    )
    g.apply(stupidMove({ moved: 3, reached: 'nothing' }))
    refused(g, stupidMove({ moved: 3, reached: 'nothing' }), 'rules/cannot-move', /already made its move/)
    // The stupid move is the unit's move this turn: no other.
    const move: Draft = { type: 'MoveDeclared', payload: { unit: 'trolls', kind: 'normal', distance: 1 } }
    refused(g, move, 'rules/cannot-move', /already made its move this turn \(stupid/)
  })

  it('the form engine offers it in the movement phase: the stupid unit, and the units its move may have met', () => {
    const g = stupidTrolls()
    expect(declarableNow(classic, g.game)).toContain('StupidMoveMade')
    expect(Object.keys(META.StupidMoveMade.fields).sort()).toEqual(['facing', 'moved', 'other', 'reached', 'unit'])
    const context = { ruleset: { id: 'classic', phases: classic.phases }, state: g.game, catalogue: [], actor: 'p1' }
    const field = (form: ReturnType<typeof declarationForm>, name: string) => form.fields.find((f) => f.name === name)
    const plain = declarationForm('StupidMoveMade', context)
    expect(field(plain, 'unit')?.options?.map((o) => o.value)).toEqual(['trolls'])
    expect(plain.fields.map((f) => f.name)).toEqual(['unit', 'moved', 'reached'])
    const enemy = declarationForm('StupidMoveMade', context, { unit: 'trolls', moved: 3, reached: 'enemy' })
    expect(field(enemy, 'other')?.options?.map((o) => o.value)).toEqual(['knights'])
    expect(field(enemy, 'facing')).toBeDefined()
    const friend = declarationForm('StupidMoveMade', context, { unit: 'trolls', moved: 3, reached: 'friend' })
    expect(field(friend, 'other')?.options?.map((o) => o.value)).toEqual(['goblins'])
    expect(field(friend, 'facing')).toBeUndefined()
    // What the form makes is a declaration the engine takes.
    g.apply({ type: 'StupidMoveMade', payload: formPayload(friend) })
    expect(g.game.effects.some((e) => e.unit === 'goblins' && e.params.confused === true)).toBe(true)
  })
})
