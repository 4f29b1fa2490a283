import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../core/engine/index.js'
import type { OpenRequest } from '../../core/engine/types.js'
import { renderExplanationText } from '../../core/explain/index.js'
import { type Draft, EngineGame, ev, type RulesetGame, unitDef } from '../helpers/classic-game.js'
import { OldWorldGame, owEv } from '../helpers/old-world-game.js'

const dreadlord = unitDef('lord', {
  name: 'Dreadlord',
  troopType: 'monster',
  character: true,
  models: 1,
  profile: { WS: 7, S: 4, T: 3, W: 3, I: 8, A: 4, Ld: 10 },
  gear: ['hand-weapon', 'heavy-armour'],
  mount: { name: 'Manticore', profile: { M: 6, WS: 5, BS: 0, S: 5, T: 5, W: 4, I: 4, A: 4, Ld: 5 } },
})
const corsairs = unitDef('corsairs', {
  name: 'Corsairs',
  models: 4,
  formation: { files: 4 },
  race: 'dark-elves',
  profile: { BS: 4 },
  gear: ['hand-weapon', 'repeater-crossbow'],
})
const shot: Draft = {
  type: 'ShotDeclared',
  payload: { shooter: 'corsairs', target: 'lord', weapon: 'repeater-crossbow', range: 'short' },
}

type DiceRequest = Extract<OpenRequest, { kind: 'dice' }>
function play(game: RulesetGame, pick: (request: DiceRequest) => number[] | undefined) {
  for (let guard = 0; guard < 100; guard++) {
    const request = Object.values(game.game.requests)[0]
    if (!request) return
    if (request.kind === 'choice') game.apply(ev.choice(request.id, request.options[0]?.id as string))
    else game.apply(ev.dice(request.id, pick(request) ?? Array(request.count).fill(1)))
  }
  throw new Error('too many requests')
}
const requests = (game: RulesetGame) => game.steps.flatMap((step) => step.requests)
const texts = (game: RulesetGame) => requests(game).map((r) => r.text)
function outcomes<K extends Outcome['kind']>(game: RulesetGame, kind: K) {
  return game.steps.flatMap((step) => step.outcomes).filter((o): o is Extract<Outcome, { kind: K }> => o.kind === kind)
}

describe('shooting at a classic ridden monster (classic/mounts §shot-at-monster)', () => {
  it('shares the hits by a D6 each, then wounds each with its own T and saves', () => {
    const game = new EngineGame(
      ev.created('classic'),
      ev.mustered('p1', corsairs),
      ev.mustered('p2', dreadlord),
      ev.turn(1, 'p1'),
      ev.phase('shooting'),
    )
    game.apply(shot)
    play(game, (r) => {
      if (r.text.includes('to hit')) return Array(r.count).fill(6)
      // 4 hits: 1, 4 (the Manticore), 5, 6 (the Dreadlord).
      if (r.text.includes('to share the hits')) return [1, 4, 5, 6]
      if (r.text.includes('to wound')) return Array(r.count).fill(6)
      return undefined
    })
    // BS4: 3+ to hit; 4 hits shared: 1 and 4 on the Manticore, 5 and 6 on the Dreadlord.
    const share = requests(game).find((r) => r.kind === 'dice' && r.purpose === 'ridden-monster-hits')
    expect(share).toMatchObject({ count: 4, sides: 6, need: 5 })
    expect(outcomes(game, 'hits-split')[0]?.values).toEqual({ unit: 'lord', monster: 2, rider: 2 })
    // Repeater crossbow S3 against the Manticore's own T5: 6+ (7th chart); no armour: both wound it, 2 of its 4 W.
    // Against the Dreadlord's T3: 4+; heavy armour 5+, no +1 for riding a monster; both saves fail (1s): 2 of 3 W.
    expect(texts(game)).toEqual([
      'Corsairs: roll 4 D6 to hit Dreadlord with Repeater Crossbow, 3+',
      'Corsairs: roll 4 D6 to share the hits between Dreadlord and the Manticore: 5+ hits Dreadlord, 4 or less the Manticore',
      "Corsairs: roll 2 D6 to wound Dreadlord's Manticore, 6+",
      'Corsairs: roll 2 D6 to wound Dreadlord, 4+',
      'Dreadlord: roll 2 D6 armour saves, 5+',
    ])
    expect(game.game.units.lord?.mount?.woundsLost).toBe(2)
    expect(game.game.units.lord?.woundsOnNextModel).toBe(2)
    expect(game.game.units.lord?.models).toBe(1)
    const why = renderExplanationText(outcomes(game, 'hits-split')[0]!.explanation)
    expect(why).toContain('rolled 1, 4, 5, 6')
    expect(why).toContain('classic/mounts §shot-at-monster')
  })

  it('every hit on the monster: the rider is untouched, the monster wounded apart (classic-8th alike)', () => {
    const game = new EngineGame(
      ev.created('classic-8th'),
      ev.mustered('p1', corsairs),
      ev.mustered('p2', dreadlord),
      ev.turn(1, 'p1'),
      ev.phase('shooting'),
    )
    game.apply(shot)
    play(game, (r) => {
      if (r.text.includes('to hit')) return [6, 6, 6, 1]
      if (r.text.includes('to share the hits')) return [2, 3, 4]
      if (r.text.includes('to wound')) return Array(r.count).fill(6)
      return undefined
    })
    // 3 hits, all 1-4: the Manticore takes 3 wounds of 4 (6s to wound, no armour); no roll to wound the Dreadlord.
    expect(outcomes(game, 'hits-split')[0]?.values).toEqual({ unit: 'lord', monster: 3, rider: 0 })
    expect(texts(game).some((t) => t.startsWith('Corsairs: roll 3 D6 to wound Dreadlord,'))).toBe(false)
    expect(game.game.units.lord?.mount?.woundsLost).toBe(3)
    expect(game.game.units.lord?.woundsOnNextModel).toBe(0)
  })
})

describe('shooting at a ridden monster in The Old World (old-world/mounts §ridden-monster)', () => {
  it('shares nothing: every hit falls on the character, with its own T, saving with the better armour', () => {
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
    const archers = unitDef('archers', {
      name: 'Archers',
      models: 4,
      formation: { files: 4 },
      profile: { BS: 3 },
      gear: ['hand-weapon', 'bow'],
    })
    const game = new OldWorldGame(
      owEv.created(),
      owEv.mustered('p1', archers),
      owEv.mustered('p2', lord),
      owEv.turn(1, 'p1'),
      owEv.phase('shooting'),
    )
    game.apply({ type: 'ShotDeclared', payload: { shooter: 'archers', target: 'lord', weapon: 'bow', range: 'short' } })
    play(game, (r) => (r.text.includes('to hit') || r.text.includes('to wound') ? Array(r.count).fill(6) : undefined))
    expect(requests(game).some((r) => r.kind === 'dice' && r.purpose === 'ridden-monster-hits')).toBe(false)
    expect(outcomes(game, 'hits-split')).toEqual([])
    // BS3: 4+ to hit; bow S3 against the Dread Lord's own T3: 4+; his light armour 6+ against the Manticore's
    // Armoured Hide (3): 7 - 3 = 4+, the better of the two. All 4 saves fail (1s): 4 wounds against his W3.
    expect(texts(game)).toEqual([
      'Archers: roll 4 D6 to hit Dread Lord with Bow, 4+',
      'Archers: roll 4 D6 to wound Dread Lord, 4+',
      'Dread Lord: roll 4 D6 armour saves, 4+',
    ])
    expect(game.game.units.lord?.models).toBe(0)
  })
})

describe('the Monster Reaction test (classic/mounts §monster-reaction)', () => {
  // A Noble WS6 S4 T3 W1 on a Manticore (Ld 5), shot by Corsairs: a lone 5 on the share hits the Noble.
  const noble = unitDef('noble', {
    name: 'Noble',
    troopType: 'monster',
    character: true,
    models: 1,
    profile: { WS: 6, S: 4, T: 3, W: 1, I: 7, A: 3, Ld: 9 },
    mount: { name: 'Manticore', profile: { M: 6, WS: 5, BS: 0, S: 5, T: 5, W: 4, I: 4, A: 4, Ld: 5 } },
  })
  const shootNoble = (variant: string, ld: number[]) => {
    const game = new EngineGame(
      ev.created(variant),
      ev.mustered('p1', corsairs),
      ev.mustered('p2', noble),
      ev.turn(1, 'p1'),
      ev.phase('shooting'),
    )
    game.apply({ ...shot, payload: { ...(shot.payload as object), target: 'noble' } })
    play(game, (r) => {
      if (r.text.includes('to hit')) return [6, 1, 1, 1]
      if (r.text.includes('to share the hits')) return [5]
      if (r.text.includes('to wound')) return [6]
      if (r.text.includes('Monster Reaction')) return ld
      return undefined
    })
    return game
  }

  it('is taken at once on the monster’s own Ld when its rider is slain: passed, it fights on', () => {
    const game = shootNoble('classic', [2, 3])
    // S3 against T3: 4+, wounded on a 6; no armour: the Noble's one Wound is lost, the Manticore fights on as the unit.
    expect(outcomes(game, 'rider-slain')[0]?.values).toEqual({ unit: 'noble', monster: 'Manticore' })
    const test = requests(game).find((r) => r.text.includes('Monster Reaction'))
    // 2D6 against the Manticore's own Ld 5 (never the General's): passes on 5 or less.
    expect(test?.text).toBe("Noble's Manticore: roll 2D6 for its Monster Reaction test, passes on 5 or less")
    expect(outcomes(game, 'monster-reaction')[0]?.values).toEqual({
      unit: 'noble',
      passed: true,
      roll: 5,
      leadership: 5,
    })
    expect(outcomes(game, 'monster-reaction')[0]?.text).toContain('fights on as normal')
  })

  it('failed, the table rolls on the Monster Reaction table and plays it (classic/variants §monster-reaction-table)', () => {
    const game = shootNoble('classic-8th', [3, 3])
    const reaction = outcomes(game, 'monster-reaction')[0]
    expect(reaction?.values).toEqual({ unit: 'noble', passed: false, roll: 6, leadership: 5 })
    const why = renderExplanationText(reaction!.explanation)
    expect(why).toContain('dice 3 + 3 = 6 > 5')
    expect(why).toContain('classic/variants §monster-reaction-table')
    expect(game.game.units.noble?.models).toBe(1)
  })

  it('is taken once: later wounds on the riderless monster ask for none', () => {
    const game = new EngineGame(
      ev.created('classic'),
      ev.mustered('p1', corsairs, { ...corsairs, id: 'corsairs2', name: 'More Corsairs' }),
      ev.mustered('p2', noble),
      ev.turn(1, 'p1'),
      ev.phase('shooting'),
    )
    const at = (shooter: string): Draft => ({
      ...shot,
      payload: { ...(shot.payload as object), shooter, target: 'noble' },
    })
    game.apply(at('corsairs'))
    play(game, (r) => {
      if (r.text.includes('to share')) return [5]
      if (r.text.includes('to hit')) return [6, 1, 1, 1]
      return r.text.includes('to wound') ? [6] : undefined
    })
    expect(outcomes(game, 'monster-reaction')).toHaveLength(1)
    // The Manticore is the unit now: the second volley's hits are all its own (no share), and no second test.
    game.apply(at('corsairs2'))
    play(game, (r) => (r.text.includes('to hit') ? [6, 1, 1, 1] : [6]))
    expect(requests(game).filter((r) => r.text.includes('to share'))).toHaveLength(1)
    expect(outcomes(game, 'monster-reaction')).toHaveLength(1)
    expect(game.game.units.noble?.woundsOnNextModel).toBe(1)
  })
})
