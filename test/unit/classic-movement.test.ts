import { describe, expect, it } from 'vitest'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { fleeDice } from '../../core/rules/battle/flee-dice.js'
import { isHidden } from '../../core/rules/battle/hidden.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { classic } from '../../core/rules/classic/index.js'
import { ev, type UnitInput, unitDef } from '../helpers/classic-game.js'
import { moveEv, movementGame, RulesetGame, refusal } from '../helpers/classic-movement.js'

/** Movement and deployment (issue #7, part 7): what the players measured, checked against the rules. */
const warriors = (extra: UnitInput = {}) =>
  unitDef('warriors', { name: 'Warriors', models: 10, profile: { M: 5, Ld: 8 }, ...extra })
const boyz = (extra: UnitInput = {}) =>
  unitDef('boyz', { name: 'Boyz', models: 10, profile: { M: 4, Ld: 7 }, ...extra })
const knights = (extra: UnitInput = {}) =>
  unitDef('knights', {
    name: 'Cold One Knights',
    troopType: 'cavalry',
    models: 5,
    profile: { M: 8, Ld: 8 },
    rules: ['heavy-cavalry'],
    ...extra,
  })

describe('moves', () => {
  it('normal move: up to M; one inch more is refused (classic/movement §normal)', () => {
    const game = movementGame([warriors()], [boyz()])
    const far = refusal(() => game.apply(moveEv.move('warriors', 'normal', 6)))
    expect(far.code).toBe('rules/too-far')
    expect(far.message).toContain('classic/movement §normal')
    game.apply(moveEv.move('warriors', 'normal', 5))
    expect(game.outcomes('move-checked')[0]?.values).toMatchObject({ distance: 5, limit: 5, legal: true })
    expect(game.cites('movement', 'normal')).toBe(true)
  })

  it('march: 2 x M (classic/movement §march)', () => {
    const game = movementGame([warriors()], [boyz()])
    expect(refusal(() => game.apply(moveEv.move('warriors', 'march', 10.5))).code).toBe('rules/too-far')
    game.apply(moveEv.move('warriors', 'march', 10))
    expect(game.outcomes('move-checked')[0]?.values).toMatchObject({ move: 'march', limit: 10, legal: true })
    expect(game.cites('movement', 'march')).toBe(true)
  })

  it('heavy cavalry: marches only 1.5 x M, 12" for M8 (classic/heavy-cavalry §march)', () => {
    const game = movementGame([knights()], [boyz()])
    const far = refusal(() => game.apply(moveEv.move('knights', 'march', 13)))
    expect(far.message).toContain('may move up to 12", not 13"')
    game.apply(moveEv.move('knights', 'march', 12))
    expect(game.outcomes('move-checked')[0]?.values).toMatchObject({ limit: 12 })
    expect(game.cites('heavy-cavalry', 'march')).toBe(true)
    // Without the rule, M8 cavalry marches 16".
    const plain = movementGame([knights({ rules: [] })], [boyz()])
    plain.apply(moveEv.move('knights', 'march', 16))
    expect(plain.outcomes('move-checked')[0]?.values).toMatchObject({ limit: 16 })
  })

  it('heavy cavalry: flees with 2D6 as M6 or less, where M8 cavalry without it flees with 3D6 (§flee-pursuit)', () => {
    const fleeing = (rules: string[]) => {
      const game = movementGame([warriors()], [knights({ rules })])
      game.apply(moveEv.charge('warriors', 'knights', 9))
      return { game, request: game.choose('flee').requests[0] }
    }
    const heavy = fleeing(['heavy-cavalry'])
    expect(heavy.request).toMatchObject({ purpose: 'flee', count: 2 })
    expect(heavy.game.cites('heavy-cavalry', 'flee-pursuit')).toBe(true)
    expect(fleeing([]).request).toMatchObject({ purpose: 'flee', count: 3 })
  })

  it('heavy cavalry: pursues with 2D6 as well (classic/heavy-cavalry §flee-pursuit)', () => {
    const game = movementGame([knights()], [boyz()])
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const dice = fleeDice(ctx, ctx.unit('knights'), 'pursuit')
    expect(dice.count).toBe(2)
    expect(renderExplanationText(dice.why)).toContain('Heavy Cavalry counts as M6 or less')
    expect(citedRules(dice.why)).toContainEqual({ ruleset: 'classic', id: 'heavy-cavalry', clause: 'flee-pursuit' })
  })

  it('a reform is the whole move; a unit in combat or fleeing makes no move (classic/movement §reform, §who-may-move)', () => {
    const game = movementGame([warriors()], [boyz()])
    expect(refusal(() => game.apply(moveEv.move('warriors', 'reform', 2))).message).toContain(
      'classic/movement §reform',
    )
    game.apply(moveEv.move('warriors', 'reform', 0))
    expect(game.cites('movement', 'reform')).toBe(true)
    expect(refusal(() => game.apply(moveEv.move('boyz', 'normal', 2))).code).toBe('rules/wrong-side')
  })

  it('one move a turn; charges come before any other move (classic/movement §once, classic/charge §declare)', () => {
    const game = movementGame([warriors(), knights()], [boyz()])
    game.apply(moveEv.move('warriors', 'normal', 3))
    const twice = refusal(() => game.apply(moveEv.move('warriors', 'normal', 1)))
    expect(twice.message).toContain('has already made its move this turn (normal, classic/movement §once)')
    const late = refusal(() => game.apply(moveEv.charge('knights', 'boyz', 5)))
    expect(late.code).toBe('rules/wrong-phase')
    expect(late.message).toContain('classic/charge §declare')
    // The next turn starts afresh (after p2's: classic/turn-sequence).
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.turn(2, 'p1'))
    game.apply(ev.phase('movement'))
    game.apply(moveEv.charge('knights', 'boyz', 20))
    game.choose('hold')
    expect(refusal(() => game.apply(moveEv.move('knights', 'normal', 1))).message).toContain(
      'declared a charge this turn',
    )
  })
})

describe('march blocking', () => {
  it('march blocked: a non-fleeing enemy of US 5 or more within 8" stops a march (classic/movement §march-blocked)', () => {
    const game = movementGame([warriors()], [boyz()])
    const blocked = refusal(() => game.apply(moveEv.move('warriors', 'march', 9, ['boyz'])))
    expect(blocked.code).toBe('rules/cannot-move')
    expect(blocked.message).toContain('Boyz within 8" blocks it (classic/movement §march-blocked')
    expect(game.outcomes('move-checked')).toHaveLength(0)
  })

  it('march blocked: an enemy below US 5 does not block in classic (§march-block-unit-strength)', () => {
    const game = movementGame([warriors()], [boyz({ models: 4 })])
    game.apply(moveEv.move('warriors', 'march', 9, ['boyz']))
    expect(game.outcomes('move-checked')[0]?.values).toMatchObject({ legal: true, limit: 10 })
    expect(game.text()).toContain('Boyz does not block the march (Boyz US 4 is below 5)')
    expect(game.cites('movement', 'march-block-unit-strength')).toBe(true)
  })

  it('march blocker: blocks a march even with US below 5 (classic/march-blocker §blocks)', () => {
    const game = movementGame([warriors()], [boyz({ models: 2, rules: ['march-blocker'] })])
    const blocked = refusal(() => game.apply(moveEv.move('warriors', 'march', 9, ['boyz'])))
    expect(blocked.code).toBe('rules/cannot-move')
    expect(blocked.message).toContain('Boyz: March Blocker (classic/march-blocker §blocks)')
    // Fleeing, it blocks nothing.
    const fled = movementGame([warriors(), knights()], [boyz({ models: 2, rules: ['march-blocker'] })])
    fled.apply(moveEv.charge('knights', 'boyz', 20))
    fled.choose('flee')
    fled.roll([3, 3])
    fled.apply(moveEv.move('warriors', 'march', 9, ['boyz']))
    expect(fled.outcomes('move-checked')[0]?.values).toMatchObject({ legal: true })
    expect(fled.text()).toContain('Boyz is fleeing: it does not block')
  })

  it('march blocker, classic-8th: the seed\'s "can march block even if its US is lower than 5" acts (variants §march-blocking)', () => {
    // Seed 000 March Blocker: "This unit can march block even if its US is lower than 5."
    const game = movementGame([warriors()], [boyz({ models: 2, rules: ['march-blocker'] })], 'classic-8th')
    const blocked = refusal(() => game.apply(moveEv.move('warriors', 'march', 9, ['boyz'])))
    expect(blocked.code).toBe('rules/cannot-move')
    expect(blocked.message).toContain('Boyz: March Blocker (classic/march-blocker §blocks)')
    expect(game.outcomes('move-checked')).toHaveLength(0)
  })

  it('march blocking, classic-8th: by Unit Strength as the seed implies, with no march test (variants §march-blocking)', () => {
    const small = movementGame([warriors()], [boyz({ models: 4 })], 'classic-8th')
    small.apply(moveEv.move('warriors', 'march', 9, ['boyz']))
    expect(small.outcomes('move-checked')[0]?.values).toMatchObject({ legal: true, limit: 10 })
    expect(small.text()).toContain('Boyz does not block the march (Boyz US 4 is below 5)')
    const large = movementGame([warriors()], [boyz()], 'classic-8th')
    expect(refusal(() => large.apply(moveEv.move('warriors', 'march', 9, ['boyz']))).code).toBe('rules/cannot-move')
  })

  it('skirmish: skirmishers cannot be march blocked (classic/skirmish §moving)', () => {
    const game = movementGame([warriors({ rules: ['skirmish'] })], [boyz()])
    game.apply(moveEv.move('warriors', 'march', 10, ['boyz']))
    expect(game.outcomes('move-checked')[0]?.values).toMatchObject({ legal: true })
    expect(game.text()).toContain('Boyz would block, but skirmishers cannot be march blocked')
    expect(game.cites('skirmish', 'moving')).toBe(true)
  })
})

describe('flying model', () => {
  it('flying model: flies up to 20" in classic, 10" in classic-8th; a unit without it cannot fly (classic/flying-model §flies)', () => {
    const flyer = unitDef('harpies', { name: 'Harpies', profile: { M: 4 }, rules: ['flying-model'] })
    const game = movementGame([flyer, warriors()], [boyz()])
    game.apply(moveEv.move('harpies', 'fly', 20))
    expect(game.outcomes('move-checked')[0]?.values).toMatchObject({ move: 'fly', limit: 20 })
    expect(game.cites('flying-model', 'flies')).toBe(true)
    expect(game.cites('variants', 'flying-move')).toBe(true)
    expect(refusal(() => game.apply(moveEv.move('warriors', 'fly', 4))).message).toContain(
      'classic/flying-model §flies',
    )
    const strict = movementGame([flyer], [boyz()], 'classic-8th')
    expect(refusal(() => strict.apply(moveEv.move('harpies', 'fly', 11))).code).toBe('rules/too-far')
  })
})

describe('scout', () => {
  const scouts = (extra: UnitInput = {}) => unitDef('shades', { name: 'Shades', models: 5, rules: ['scout'], ...extra })
  const setUp = (p1: ReturnType<typeof unitDef>[], p2: ReturnType<typeof unitDef>[]) =>
    new RulesetGame(classic, ev.created(), ev.mustered('p1', ...p1), ev.mustered('p2', ...p2))

  it('scout: >18" from the enemy zone or hidden; >12" from enemies outside its zone (classic/scout §far, §hidden)', () => {
    const game = setUp([scouts()], [boyz()])
    const near = refusal(() => game.apply(moveEv.scout('shades', { fromEnemyZone: 18, nearestEnemy: 30 })))
    expect(near.code).toBe('rules/bad-deployment')
    expect(near.message).toContain('classic/scout §far')
    const close = refusal(() =>
      game.apply(moveEv.scout('shades', { fromEnemyZone: 10, hidden: true, nearestEnemy: 12 })),
    )
    expect(close.message).toContain('classic/scout §away-from-enemy')
    game.apply(moveEv.scout('shades', { fromEnemyZone: 10, hidden: true, nearestEnemy: 13 }))
    expect(game.outcomes('scout-deployed')[0]?.values).toMatchObject({ unit: 'shades' })
    expect(game.cites('scout', 'hidden')).toBe(true)
    expect(game.cites('scout', 'away-from-enemy')).toBe(true)
  })

  it('scout: in its own zone, no 12" limit; far, no need to hide; only before the first turn; only for scouts', () => {
    const game = setUp([scouts(), warriors()], [boyz()])
    game.apply(moveEv.scout('shades', { fromEnemyZone: 19, inOwnZone: true, nearestEnemy: 3 }))
    expect(game.cites('scout', 'far')).toBe(true)
    expect(
      refusal(() => game.apply(moveEv.scout('warriors', { fromEnemyZone: 30, nearestEnemy: 30 }))).message,
    ).toContain('has no Scout rule')
    game.apply(ev.turn(1, 'p1'))
    const late = refusal(() => game.apply(moveEv.scout('shades', { fromEnemyZone: 30, nearestEnemy: 30 })))
    expect(late.code).toBe('rules/wrong-phase')
  })

  it('scout: both armies with scouts roll off; the winner deploys first, then they alternate (classic/scout §roll-off)', () => {
    const game = setUp(
      [scouts(), { ...scouts({ name: 'Shades 2' }), id: 'shades-2' }],
      [unitDef('rangers', { name: 'Rangers', rules: ['scout'] })],
    )
    const far = { fromEnemyZone: 20, nearestEnemy: 30 }
    const declared = game.apply(moveEv.scout('rangers', far))
    expect(declared.requests[0]).toMatchObject({ purpose: 'scout-roll-off', roller: 'p1' })
    game.roll([5])
    game.roll([5])
    game.roll([6])
    game.roll([2])
    // p1 won: the Rangers wait, p1 deploys first.
    expect(game.outcomes('scout-order')[0]?.values).toEqual({ first: 'p1' })
    expect(game.outcomes('scout-deployed')).toHaveLength(0)
    expect(game.cites('scout', 'roll-off')).toBe(true)
    expect(refusal(() => game.apply(moveEv.scout('rangers', far))).message).toContain("it is p1's turn")
    game.apply(moveEv.scout('shades', far))
    expect(refusal(() => game.apply(moveEv.scout('shades-2', far))).message).toContain("it is p2's turn")
    game.apply(moveEv.scout('rangers', far))
    game.apply(moveEv.scout('shades-2', far))
    expect(game.outcomes('scout-deployed').map((o) => o.values)).toMatchObject([
      { unit: 'shades' },
      { unit: 'rangers' },
      { unit: 'shades-2' },
    ])
  })
})

describe('concealed', () => {
  const assassin = {
    id: 'assassin',
    name: 'Assassin',
    profile: { M: 5, WS: 9, BS: 9, S: 4, T: 3, W: 2, I: 10, A: 3, Ld: 10 },
    rules: ['concealed'],
    concealed: true,
  }
  const hosts = (extra: UnitInput = {}) =>
    unitDef('warriors', { name: 'Warriors', race: 'dark-elves', models: 10, characters: [assassin], ...extra })

  it('concealed: revealed when its owner chooses, at the start of its turn or of a close-combat phase (classic/concealed §reveal)', () => {
    const game = new RulesetGame(classic, ev.created(), ev.mustered('p1', hosts()), ev.mustered('p2', boyz()))
    const turn = game.apply(ev.turn(1, 'p1'))
    expect(turn.requests[0]).toMatchObject({ purpose: 'reveal-concealed', chooser: 'p1' })
    game.choose('stay-hidden')
    // Not at the start of other phases.
    expect(game.apply(ev.phase('movement')).requests).toHaveLength(0)
    game.apply(ev.phase('close-combat'))
    game.choose('reveal')
    const [revealed] = game.outcomes('character-revealed')
    expect(revealed?.text).toContain("place it in the unit's front rank")
    expect(game.cites('concealed', 'reveal')).toBe(true)
    expect(game.cites('concealed', 'placement')).toBe(true)
    expect(isHidden(game.game.units.warriors!.characters[0]!)).toBe(false)
    // Revealed once: it is never asked again.
    game.apply(ev.turn(1, 'p2'))
    expect(game.apply(ev.turn(2, 'p1')).requests).toHaveLength(0)
  })

  it("concealed: not at the start of the opponent's turn, but at the start of every close-combat phase", () => {
    const game = new RulesetGame(classic, ev.created(), ev.mustered('p1', hosts()), ev.mustered('p2', boyz()))
    game.apply(ev.turn(1, 'p1'))
    game.choose('stay-hidden')
    expect(game.apply(ev.turn(1, 'p2')).requests).toHaveLength(0)
    expect(game.apply(ev.phase('close-combat')).requests[0]).toMatchObject({
      purpose: 'reveal-concealed',
      chooser: 'p1',
    })
  })

  it('concealed: no more than one model hidden in a unit (classic/concealed §one-per-unit)', () => {
    const game = new RulesetGame(classic, ev.created())
    const twice = refusal(() =>
      game.apply(ev.mustered('p1', hosts({ characters: [assassin, { ...assassin, id: 'assassin-2' }] }))),
    )
    expect(twice.code).toBe('event/invalid')
    expect(twice.message).toContain('no more than one model can be hidden in a unit')
  })

  it('concealed: only in Dark Elf infantry, and only a model with the Concealed rule (§hide)', () => {
    const game = new RulesetGame(classic, ev.created())
    const cavalry = refusal(() => game.apply(ev.mustered('p1', hosts({ troopType: 'cavalry' }))))
    expect(cavalry.code).toBe('rules/bad-deployment')
    expect(cavalry.message).toContain('only in Dark Elf infantry, not dark-elves cavalry (classic/concealed §hide)')
    expect(refusal(() => game.apply(ev.mustered('p1', hosts({ race: 'orcs' })))).code).toBe('rules/bad-deployment')
    const ruleless = refusal(() => game.apply(ev.mustered('p1', hosts({ characters: [{ ...assassin, rules: [] }] }))))
    expect(ruleless.message).toContain('no Concealed rule')
    expect(Object.keys(game.game.units)).toHaveLength(0)
  })

  it('concealed: lost, as a casualty, when its unit is destroyed before it is revealed (classic/concealed §lost)', () => {
    const game = new RulesetGame(
      classic,
      ev.created(),
      ev.mustered('p1', unitDef('knights', { name: 'Knights', profile: { M: 8 } })),
      ev.mustered('p2', hosts()),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    game.apply(moveEv.charge('knights', 'warriors', 7))
    game.choose('flee')
    game.roll([1, 1])
    game.choose('reached')
    expect(game.game.units.warriors?.models).toBe(0)
    const next = game.apply(ev.turn(1, 'p2'))
    expect(next.requests).toHaveLength(0)
    expect(game.outcomes('character-lost')[0]?.values).toEqual({ unit: 'warriors', character: 'assassin' })
    expect(game.cites('concealed', 'lost')).toBe(true)
    expect(game.game.units.warriors?.characters[0]).toMatchObject({ slain: true, concealed: false })
  })
})
