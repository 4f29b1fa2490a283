import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { timber } from '../../core/rules/old-world/entries/timber.js'
import { type Draft, ev } from '../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../helpers/old-world-game.js'

/**
 * Issue 16, item 9: Timber! falls wherever the model is slain, not in close combat alone. Seed 001, line 61:
 * "• Timing: the model's Wounds hit 0" — a timing no combat bounds; lines 62-64: "• Select: winner of a roll-off
 * decides which arc (front, flank or rear) the model topples towards", "Units in base contact with it that lie in that
 * arc: each suffers D6 hits, AP -1, at the model's Strength characteristic."
 */
const SEED_TIMING = "• Timing: the model's Wounds hit 0"

function shootingAtTreeman(treemanRules: string[] = ['timber']) {
  return new OldWorldGame(
    owEv.created(),
    owEv.mustered('p1', owUnit('archers', { models: 5, formation: { files: 5 }, gear: ['hand-weapon', 'bow'] })),
    owEv.mustered(
      'p2',
      owUnit('treeman', {
        name: 'Treeman',
        troopType: 'behemoth',
        models: 1,
        profile: { S: 5, T: 3, W: 1 },
        rules: treemanRules,
      }),
      owUnit('dryads', { name: 'Dryads', models: 10, formation: { files: 5 }, gear: ['hand-weapon', 'heavy-armour'] }),
    ),
    owEv.turn(1, 'p1'),
    owEv.phase('shooting'),
  )
}

const shot: Draft = {
  type: 'ShotDeclared',
  payload: { shooter: 'archers', target: 'treeman', weapon: 'bow', distance: 10 },
}

function answer(game: OldWorldGame, purpose: string, given: number[] | string) {
  const request = game.game.requests[game.openRequest()]
  expect(request?.purpose).toBe(purpose)
  return typeof given === 'string' ? game.choose(given) : game.roll(given)
}

/** The archers shoot the Treeman's one Wound away: 5 shots BS 3 at short range 4+, S3 v T3 4+. */
function shootItDown(game: OldWorldGame) {
  game.apply(shot)
  answer(game, 'to-hit', [4, 4, 1, 1, 1])
  answer(game, 'to-wound', [4, 1])
}

describe('old-world/timber outside close combat (seed 001 line 61)', () => {
  it('the seed times it at the Wounds hitting 0, whatever slew the model', () => {
    const seed = readFileSync(new URL('../fixtures/seeds/001_dacc9ffbb72e8b95.txt', import.meta.url), 'utf8')
    expect(seed).toContain(SEED_TIMING)
    expect(timber.text).toContain("Timing: the model's Wounds hit 0")
    expect(timber.triggers?.map((trigger) => trigger.on)).toEqual(['model-falls', 'model-falls-outside-round'])
  })

  it('shot down, it topples: roll-off, arc, the units its player names take D6 hits at its S5, AP -1', () => {
    const game = shootingAtTreeman()
    shootItDown(game)
    expect(game.game.units.treeman?.models).toBe(0)
    // Roll-off: the falling model's player rolls first. p2 5 against p1 2: p2 chooses the arc.
    expect(game.game.requests[game.openRequest()]).toMatchObject({ purpose: 'roll-off', roller: 'p2' })
    answer(game, 'roll-off', [5])
    answer(game, 'roll-off', [2])
    expect(game.game.requests[game.openRequest()]).toMatchObject({ purpose: 'timber-arc', chooser: 'p2' })
    answer(game, 'timber-arc', 'flank')
    // Any unit on the table may stand there; p2 names the Dryads, then no other.
    const naming = game.game.requests[game.openRequest()]
    expect(naming).toMatchObject({ purpose: 'timber-falls-on', chooser: 'p2' })
    expect(naming?.kind === 'choice' && naming.options.map((o) => o.id)).toEqual(['-none', 'archers', 'dryads'])
    answer(game, 'timber-falls-on', 'dryads')
    const again = game.game.requests[game.openRequest()]
    expect(again?.kind === 'choice' && again.options.map((o) => o.id)).toEqual(['-none', 'archers'])
    answer(game, 'timber-falls-on', '-none')
    // D6 = 3 hits at the Treeman's S5 against T3: 2+ to wound: 2, 2, 1 -> 2 wounds.
    answer(game, 'timber-hits', [3])
    expect(game.game.requests[game.openRequest()]).toMatchObject({ purpose: 'to-wound', count: 3, need: 2 })
    answer(game, 'to-wound', [2, 2, 1])
    // Heavy armour 5+, AP -1: 6+. A 6 saves, the 5 does not: 10 Dryads -> 9 (under a quarter: no heavy casualties).
    expect(game.game.requests[game.openRequest()]).toMatchObject({ purpose: 'armour-save', count: 2, need: 6 })
    answer(game, 'armour-save', [6, 5])
    expect(game.game.units.dryads?.models).toBe(9)
    expect(Object.keys(game.game.requests)).toEqual([])
    expect(game.outcomes('toppled').map((o) => o.values)).toEqual([
      { unit: 'treeman', arc: 'flank', winner: 'p2', units: ['dryads'] },
    ])
    for (const clause of ['falls', 'roll-off', 'arc', 'in-arc', 'hits', 'armour-piercing', 'removed'])
      expect(game.cites('timber', clause)).toBe(true)
    expect(game.cites('variants', 'timber-outside-combat')).toBe(true)
    expect(game.text()).toContain('Timber!: AP -1')
  })

  it('a model toppling onto no unit still rolls off and chooses its arc, then nothing is hit', () => {
    const game = shootingAtTreeman()
    shootItDown(game)
    answer(game, 'roll-off', [3])
    answer(game, 'roll-off', [3])
    // A tie is rolled again (old-world/variants §timber-roll-off).
    answer(game, 'roll-off', [1])
    answer(game, 'roll-off', [6])
    expect(game.game.requests[game.openRequest()]).toMatchObject({ purpose: 'timber-arc', chooser: 'p1' })
    answer(game, 'timber-arc', 'rear')
    answer(game, 'timber-falls-on', '-none')
    expect(Object.keys(game.game.requests)).toEqual([])
    expect(game.outcomes('toppled').map((o) => o.values)).toEqual([
      { unit: 'treeman', arc: 'rear', winner: 'p1', units: [] },
    ])
  })

  it('a model without Timber! slain by a shot sets nothing off; a wound that leaves it standing neither', () => {
    const plain = shootingAtTreeman([])
    shootItDown(plain)
    expect(Object.keys(plain.game.requests)).toEqual([])
    expect(plain.outcomes('roll-off')).toEqual([])
    const missed = shootingAtTreeman()
    missed.apply(shot)
    answer(missed, 'to-hit', [1, 1, 1, 1, 4])
    answer(missed, 'to-wound', [3])
    expect(missed.game.units.treeman?.models).toBe(1)
    expect(Object.keys(missed.game.requests)).toEqual([])
  })

  it('the answer naming a unit must be one the request offers: nothing is written', () => {
    const game = shootingAtTreeman()
    shootItDown(game)
    answer(game, 'roll-off', [5])
    answer(game, 'roll-off', [2])
    answer(game, 'timber-arc', 'front')
    const seq = game.game.seq
    expect(() => game.apply(ev.choice(game.openRequest(), 'treeman'))).toThrow(
      /offers -none, archers, dryads, not "treeman"/,
    )
    expect(game.game.seq).toBe(seq)
  })
})
