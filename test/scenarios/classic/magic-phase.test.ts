import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../../core/events/index.js'
import type { ClassicContext } from '../../../core/rules/classic/catalogue.js'
import { EngineGame, ev, HASH, profile, unitDef } from '../../helpers/classic-game.js'

/**
 * A recorded magic phase (issue #7: "a magic phase with Doombolt, Dominion and a dispel"), classic
 * variant. The whole event stream is below; every outcome was worked out by hand:
 *
 * Pools (7th-edition dice, classic/variants §magic-dice): Druchii power = 2 + Sorceress 2 + Witch 2
 * + Acolyte 1 = 7; Empire dispel = 2 + 1 (a level-2 Wizard) = 3.
 * 1. The Witch casts Doombolt with 2 dice: 4 + 4 = 8 >= 7, cast. The Empire dispels with 2 dice:
 *    5 + 4 = 9 >= 8, dispelled. Power 7 -> 5, dispel 3 -> 1.
 * 2. The Sorceress casts Doombolt with 3 dice (level 2 + 1): 5 + 3 + 2 = 10, cast. The Empire tries
 *    its last die: 4 < 10, not dispelled. D6 hits: 5, S5 vs T3 wound on 2+: 6, 4, 2, 1, 3 = 4 wounds.
 *    Light armour and shield 5+, S5 -2: 7+, no save. 20 Spearmen -> 16. Power 5 -> 2, dispel 0.
 * 3. The Acolyte casts Dominion with 2 dice (level 1 + 1): 6 + 5 = 11 >= 10, cast; no dispel dice
 *    are left. The Druchii choose C: the Handgunners may not shoot in the Empire's next shooting
 *    phase, and the bar ends when that phase does.
 */
const events = [
  {
    type: 'GameCreated',
    payload: {
      ruleset: 'classic',
      variant: 'classic',
      catalogueHash: HASH,
      players: [
        { id: 'druchii', name: 'Druchii' },
        { id: 'empire', name: 'Empire' },
      ],
    },
  },
  ev.mustered(
    'druchii',
    unitDef('warriors', {
      name: 'Warriors',
      models: 10,
      characters: [{ id: 'sorceress', name: 'Sorceress', profile: profile({ W: 2 }), wizardLevel: 2 }],
    }),
    unitDef('witch', { name: 'Witch', character: true, models: 1, wizardLevel: 2, profile: { W: 2 } }),
    unitDef('acolyte', { name: 'Acolyte', character: true, models: 1, wizardLevel: 1 }),
  ),
  ev.mustered(
    'empire',
    unitDef('spearmen', { name: 'Spearmen', models: 20, gear: ['hand-weapon', 'light-armour', 'shield'] }),
    unitDef('handgunners', { name: 'Handgunners', models: 10 }),
    unitDef('wizard', { name: 'Wizard', character: true, models: 1, wizardLevel: 2 }),
  ),
  ev.turn(1, 'druchii'),
  ev.phase('magic'), // seq 5
  spell('witch', 'doombolt', 'spearmen', 2, 15), // 6
  ev.dice('6.1', [4, 4]), // 7
  ev.choice('7.1', '2'), // 8
  ev.dice('8.1', [5, 4]), // 9: dispelled
  spell('sorceress', 'doombolt', 'spearmen', 3, 16), // 10
  ev.dice('10.1', [5, 3, 2]), // 11
  ev.choice('11.1', '1'), // 12
  ev.dice('12.1', [4]), // 13: not dispelled
  ev.dice('13.1', [5]), // 14: 5 hits
  ev.dice('14.1', [6, 4, 2, 1, 3]), // 15: 4 wounds, no save
  spell('acolyte', 'dominion', 'handgunners', 2, 14), // 16
  ev.dice('16.1', [6, 5]), // 17: cast, no dispel dice left
  ev.choice('17.1', 'C'), // 18
  ev.phase('shooting'), // 19
  ev.turn(1, 'empire'), // 20
  ev.phase('magic'), // 21
  ev.phase('shooting'), // 22
  ev.phase('close-combat'), // 23: Dominion ends
]

function spell(caster: string, id: string, target: string, powerDice: number, distance: number) {
  return {
    type: 'SpellCast',
    payload: { caster, spell: id, target, powerDice, distance, inArc: true, lineOfSight: true },
    actor: 'druchii',
  }
}

function play() {
  const game = new EngineGame()
  for (const event of events) game.apply(event)
  return game
}

describe('recorded: a magic phase with Doombolt, Dominion and a dispel (classic)', () => {
  it('replays to the outcomes worked out by hand', () => {
    const game = play()
    const outcomes = game.steps.flatMap((step) =>
      step.outcomes.map((o) => ({ seq: o.seq, kind: o.kind, values: o.values })),
    )
    const pools = outcomes
      .filter((o) => o.kind === 'magic-dice')
      .map((o) => {
        const magic = (o.values as { magic: { power: number; dispel: Record<string, number> } }).magic
        return [o.seq, magic.power, magic.dispel]
      })
    expect(pools).toEqual([
      [5, 7, { empire: 3 }],
      [6, 5, { empire: 3 }],
      [8, 5, { empire: 1 }],
      [10, 2, { empire: 1 }],
      [12, 2, { empire: 0 }],
      [16, 0, { empire: 0 }],
      [17, 0, { empire: 0 }],
      [21, 4, { druchii: 5 }],
    ])
    const pick = (kind: string) => outcomes.filter((o) => o.kind === kind).map((o) => [o.seq, o.values])
    expect(pick('casting-roll')).toEqual([
      [7, { caster: 'witch', spell: 'doombolt', faces: [4, 4], total: 8, need: 7, result: 'cast' }],
      [11, { caster: 'sorceress', spell: 'doombolt', faces: [5, 3, 2], total: 10, need: 7, result: 'cast' }],
      [17, { caster: 'acolyte', spell: 'dominion', faces: [6, 5], total: 11, need: 10, result: 'cast' }],
    ])
    expect(pick('dispel-roll')).toEqual([
      [9, { spell: 'doombolt', faces: [5, 4], total: 9, need: 8, dispelled: true }],
      [13, { spell: 'doombolt', faces: [4], total: 4, need: 10, dispelled: false }],
    ])
    expect(pick('hits')).toEqual([[14, { attacks: 5, need: 0, hits: 5 }]])
    expect(pick('wounds')).toEqual([[15, { hits: 5, need: 2, wounds: 4 }]])
    expect(pick('casualties')).toEqual([
      [15, { unit: 'spearmen', unsaved: 4, removed: 4, modelsLeft: 16, woundsOnNextModel: 0 }],
    ])
    const started = outcomes.find((o) => o.kind === 'effect-started')
    expect(started?.seq).toBe(18)
    expect(started?.values).toMatchObject({
      effect: {
        entry: 'dominion',
        unit: 'handgunners',
        params: { effect: 'C' },
        duration: { kind: 'next-phase-of', player: 'empire', phase: 'shooting' },
      },
    })
    const ended = outcomes.find((o) => o.kind === 'effect-ended')
    expect(ended?.seq).toBe(23)
    expect(ended?.values).toMatchObject({
      entry: 'dominion',
      unit: 'handgunners',
      why: "empire's shooting phase is over",
    })
    expect(game.game.units.spearmen?.models).toBe(16)
    expect(Object.keys(game.game.requests)).toEqual([])
  })

  it("the Handgunners are barred from shooting in the Empire's shooting phase, and free after it", () => {
    const game = new EngineGame()
    for (const event of events.slice(0, 22)) game.apply(event)
    const ctx = () => game.engine.contextFor(game.state) as ClassicContext
    const barred = () =>
      ctx()
        .modifiers('permission', { subject: game.game.units.handgunners!, opponent: null, action: 'shoot' })
        .some((r) => r.status === 'applied' && r.value === 'forbidden')
    expect(game.game.phase).toBe('shooting')
    expect(game.game.activePlayer).toBe('empire')
    expect(barred()).toBe(true)
    game.apply(events[22]!)
    expect(barred()).toBe(false)
  })

  it('replays the same way twice', () => {
    const first = play()
    const second = play()
    expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
    expect(canonicalJson(second.game)).toBe(canonicalJson(first.game))
  })
})
