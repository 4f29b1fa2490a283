import { describe, expect, it } from 'vitest'
import { defineEntry, entryData } from '../../core/engine/catalogue.js'
import type { Ruleset } from '../../core/engine/types.js'
import type { UnitDefinitionInput } from '../../core/events/index.js'
import { renderExplanationText } from '../../core/explain/index.js'
import { oldWorld } from '../../core/rules/old-world/index.js'
import { type Draft, profile, RulesetGame } from '../helpers/classic-game.js'
import { owEv, owUnit } from '../helpers/old-world-game.js'

/**
 * Core entries of the Old World catalogue that the shared procedures cite (characters, champion, dice, ward-save),
 * each shown in an Old World fight: the same procedures as classic, under the Old World's citations.
 */
const testWard = defineEntry({
  id: 'test-ward',
  name: 'Test ward',
  kind: 'special-rule',
  source: 'test',
  text: 'A ward save of 5+.',
  clauses: { ward: 'ward save 5+' },
  enforcement: 'enforced',
  effects: [{ at: 'ward-save', clause: 'ward', label: 'test ward', kind: 'set', value: 5 }],
})
const withWard: Ruleset = {
  ...oldWorld,
  catalogue: { ...oldWorld.catalogue, entries: [...oldWorld.catalogue.entries, entryData(testWard)] },
  definitions: [...oldWorld.definitions, testWard],
}

function fight(ruleset: Ruleset, p1: UnitDefinitionInput, p2: UnitDefinitionInput, joined: Draft): RulesetGame {
  const game = new RulesetGame(
    ruleset,
    owEv.created(),
    owEv.mustered('p1', p1),
    owEv.mustered('p2', p2),
    owEv.turn(1, 'p1'),
    owEv.phase('close-combat'),
  )
  game.apply(joined)
  return game
}

type Contact = { unit: string; models: number; champion?: boolean; characters?: string[] }
const joined = (a: Contact, b: Contact, moved?: number): Draft => ({
  type: 'CombatJoined',
  payload: {
    combat: 'c1',
    sides: [
      { player: 'p1', units: [{ unit: a.unit, ...(moved === undefined ? {} : { charged: true, moved }) }] },
      { player: 'p2', units: [{ unit: b.unit }] },
    ],
    contact: [a, b],
  },
})
const swords = (values: Parameters<typeof owUnit>[1] = {}) =>
  owUnit('swords', { name: 'Swordsmen', models: 10, formation: { files: 5 }, ...values })
const spears = (values: Parameters<typeof owUnit>[1] = {}) =>
  owUnit('spears', { name: 'Spearmen', models: 10, formation: { files: 5 }, ...values })
const request = (game: RulesetGame) => game.game.requests[game.openRequest()]

describe('old-world/characters and old-world/champion', () => {
  it('a joined character strikes in its own Initiative step with its own profile (old-world/characters)', () => {
    // The Captain (I5) strikes before the Swordsmen and Spearmen (I3): his own A3, WS5 against WS3: 3+.
    const captain = { id: 'captain', name: 'Captain', profile: profile({ WS: 5, S: 4, T: 4, W: 2, I: 5, A: 3 }) }
    const game = fight(
      oldWorld,
      swords({ characters: [captain] }),
      spears(),
      joined({ unit: 'swords', models: 5, characters: ['captain'] }, { unit: 'spears', models: 5 }),
    )
    expect(game.outcomes('strike-order')[0]?.values).toMatchObject({
      steps: [['character:captain'], ['swords', 'spears']],
    })
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 3, need: 3 })
    expect(request(game)?.text).toContain('Captain')
    expect(game.cites('characters', 'own-profile')).toBe(true)
  })

  it('a champion fights with its own stat line (old-world/champion)', () => {
    // 5 Swordsmen in contact, the champion among them: 4 rank and file attacks, then the champion's own A2.
    const game = fight(
      oldWorld,
      swords({ command: { champion: true }, championProfile: profile({ A: 2 }) }),
      spears({ profile: { A: 0 } }),
      joined({ unit: 'swords', models: 5, champion: true }, { unit: 'spears', models: 5 }),
    )
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 4 })
    game.roll([1, 1, 1, 1])
    expect(request(game)).toMatchObject({ purpose: 'to-hit', count: 2 })
    expect(request(game)?.text).toContain('Swordsmen champion')
    expect(game.cites('champion', 'stat-line')).toBe(true)
  })
})

describe('old-world/ward-save', () => {
  it('a ward save is rolled for each wound the armour did not stop; a 1 fails', () => {
    // Swordsmen (I3, p1 rolls first) 5 attacks, WS3 v WS3 4+: 4, 4, 4, 4, 4 -> 5 hits; S3 v T3 4+: 4, 4, 4, 1, 1 ->
    // 3 wounds. No armour (7+): no armour save. Ward 5+: 5, 2, 1 -> 1 saved, 2 Spearmen slain (10 -> 8).
    const game = fight(
      withWard,
      swords(),
      spears({ profile: { A: 0 }, gear: ['hand-weapon', 'test-ward'] }),
      joined({ unit: 'swords', models: 5 }, { unit: 'spears', models: 5 }),
    )
    game.roll([4, 4, 4, 4, 4])
    game.roll([4, 4, 4, 1, 1])
    expect(request(game)).toMatchObject({ purpose: 'ward-save', count: 3, need: 5, roller: 'p2' })
    game.roll([5, 2, 1])
    expect(game.outcomes('casualties')[0]?.values).toMatchObject({
      unit: 'spears',
      unsaved: 2,
      removed: 2,
      modelsLeft: 8,
    })
    expect(game.cites('ward-save', 'after-armour')).toBe(true)
  })
})

describe('old-world/dice', () => {
  it('a characteristic stays at 10 at most: I 9 charging 3" is I 10, not 12', () => {
    const game = fight(
      oldWorld,
      swords({ profile: { I: 9 } }),
      spears(),
      joined({ unit: 'swords', models: 5 }, { unit: 'spears', models: 5 }, 3),
    )
    const order = game.outcomes('strike-order')[0]
    expect(renderExplanationText(order!.explanation)).toContain('characteristics run 0-10: 12 -> 10')
    expect(game.cites('dice', 'characteristic-range')).toBe(true)
  })
})
