import { describe, expect, it } from 'vitest'
import { entryData } from '../../core/engine/catalogue.js'
import type { Ruleset } from '../../core/engine/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { lastBlow } from '../fixtures/last-blow.js'
import { type Draft, ev, RulesetGame, unitDef } from '../helpers/classic-game.js'

/** The classic ruleset with one more entry, as a ruleset author would add it: its file, and nothing else. */
const withLastBlow: Ruleset = {
  ...classic,
  definitions: [...classic.definitions, lastBlow],
  catalogue: { ...classic.catalogue, entries: [...classic.catalogue.entries, entryData(lastBlow)] },
}

const boyz = unitDef('boyz', { models: 5, profile: { WS: 3, S: 3, T: 3, I: 2, A: 1 }, gear: ['hand-weapon'] })
const champion = (rules: { id: string }[]) =>
  unitDef('hero', { models: 1, profile: { WS: 4, S: 4, T: 3, W: 1, I: 3, A: 2 }, gear: ['hand-weapon'], rules })

const guard = unitDef('guard', { models: 5, gear: ['hand-weapon'] })

/**
 * p1's Boyz charge p2's hero, whose guard stands in the combat out of base contact (so the combat goes on when he
 * falls): the Boyz strike first (they charged) and fell him.
 */
function charge(rules: { id: string }[]): RulesetGame {
  const joined: Draft = {
    type: 'CombatJoined',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'boyz', charged: true }] },
        { player: 'p2', units: [{ unit: 'hero' }, { unit: 'guard' }] },
      ],
      contact: [
        { unit: 'boyz', models: 5, target: 'hero' },
        { unit: 'hero', models: 1 },
      ],
    },
  }
  const game = new RulesetGame(
    withLastBlow,
    ev.created('classic'),
    ev.mustered('p1', boyz),
    ev.mustered('p2', champion(rules), guard),
    ev.turn(1, 'p1'),
    ev.phase('close-combat'),
    joined,
  )
  game.roll([6, 6, 6, 1, 1]) // the Boyz: 3 hits
  game.roll([6, 1, 1]) // 1 wound: the hero falls
  return game
}

describe('trigger points: a rule that does something is one entry file (test/fixtures/last-blow.ts)', () => {
  it('last-blow: as the hero falls, he strikes once more, and his wounds count for his side', () => {
    const game = charge([{ id: 'last-blow' }])
    expect(game.game.units.hero?.models).toBe(0)
    expect(game.game.requests[game.openRequest()]).toMatchObject({ purpose: 'to-hit', roller: 'p2', count: 2 })
    expect(game.cites('last-blow', 'strikes')).toBe(true)
    game.roll([6, 6]) // 2 hits
    game.roll([6, 6]) // 2 wounds on the Boyz, no armour to save them
    expect(game.game.units.boyz?.models).toBe(3)
    // p1: the 1 wound on the hero. p2: the Last Blow's 2 wounds, +1 outnumbering (Unit Strength 5 against 3 now).
    expect(game.outcomes('combat-result')[0]?.values).toMatchObject({ winner: 'p2', scores: { p1: 1, p2: 3 } })
    // Without it the hero's fall is the end of him: p1 wins 1 to 0 (Unit Strength 5 against 5, no outnumbering).
    expect(charge([]).outcomes('combat-result')[0]?.values).toMatchObject({ winner: 'p1', scores: { p1: 1, p2: 0 } })
  })

  it('without the entry the fallen hero does nothing more: the point asks, no step answers', () => {
    const game = charge([])
    expect(game.game.units.hero?.models).toBe(0)
    expect(game.outcomes('combat-result')).toHaveLength(1)
    const hitsByP2 = game.steps
      .flatMap((s) => s.requests)
      .filter((r) => r.purpose === 'to-hit' && 'roller' in r && r.roller === 'p2')
    expect(hitsByP2).toEqual([])
    expect(game.cites('last-blow', 'strikes')).toBe(false)
  })

  it("a trigger's step is code, left out of the hashed catalogue data: the entry's data is its words alone", () => {
    expect(Object.keys(entryData(lastBlow)).sort()).toEqual([
      'clauses',
      'enforcement',
      'id',
      'kind',
      'name',
      'source',
      'text',
    ])
  })
})
