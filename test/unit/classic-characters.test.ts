import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../core/engine/index.js'
import type { OpenRequest } from '../../core/engine/types.js'
import type { CharacterDefinition } from '../../core/events/index.js'
import { citedRules, renderExplanationText } from '../../core/explain/index.js'
import { rangedProtection } from '../../core/rules/battle/models.js'
import type { ClassicContext } from '../../core/rules/classic/catalogue.js'
import { EngineGame, ev, profile, type UnitInput, unitDef } from '../helpers/classic-game.js'

/**
 * Characters and champions in close combat (classic/characters, classic/champion), computed by hand in the
 * comments. Dark Elf Warriors: WS4 S3 T3 I5 A1, no armour, a champion with A2, and a Dreadlord who joined
 * them (WS7 S4 T4 I8 A4, heavy armour and shield: 4+). Orc Boyz: WS3 S3 T4 I2 A1, light armour (6+), a
 * champion with W2 and A2, and an Orc Boss (WS5 S4 T5 W2 I3 A3, light armour). Nobody charged: Initiative
 * order throughout.
 */
type CharacterInput = Omit<Partial<CharacterDefinition>, 'profile' | 'gear'> & {
  profile?: Parameters<typeof profile>[0]
  gear?: string[]
}
const lord = (extra: CharacterInput = {}) => ({
  id: 'lord',
  name: 'Dreadlord',
  gear: ['hand-weapon', 'heavy-armour', 'shield'],
  ...extra,
  profile: profile({ WS: 7, S: 4, T: 4, W: 3, I: 8, A: 4, Ld: 10, ...extra.profile }),
})
const boss = (extra: CharacterInput = {}) => ({
  id: 'boss',
  name: 'Orc Boss',
  gear: ['hand-weapon', 'light-armour'],
  ...extra,
  profile: profile({ WS: 5, S: 4, T: 5, W: 2, I: 3, A: 3, Ld: 8, ...extra.profile }),
})
const warriors = (extra: UnitInput = {}) =>
  unitDef('warriors', {
    name: 'Dark Elf Warriors',
    models: 10,
    profile: { WS: 4, S: 3, T: 3, I: 5, A: 1, Ld: 8 },
    formation: { files: 5 },
    command: { champion: true },
    championProfile: profile({ WS: 4, S: 3, T: 3, I: 5, A: 2, Ld: 8 }),
    characters: [lord()],
    ...extra,
  })
const boyz = (extra: UnitInput = {}) =>
  unitDef('boyz', {
    name: 'Orc Boyz',
    models: 10,
    profile: { WS: 3, S: 3, T: 4, I: 2, A: 1, Ld: 7 },
    gear: ['hand-weapon', 'light-armour'],
    formation: { files: 5 },
    command: { champion: true },
    championProfile: profile({ WS: 3, S: 4, T: 4, W: 2, I: 2, A: 2, Ld: 7 }),
    characters: [boss()],
    ...extra,
  })

function battle(variant = 'classic', ...units: [string, ReturnType<typeof unitDef>][]) {
  const p1 = units.filter(([player]) => player === 'p1').map(([, u]) => u)
  const p2 = units.filter(([player]) => player === 'p2').map(([, u]) => u)
  return new EngineGame(
    ev.created(variant),
    ev.mustered('p1', ...p1),
    ev.mustered('p2', ...p2),
    ev.turn(1, 'p1'),
    ev.phase('close-combat'),
  )
}

type ContactInput = {
  unit: string
  models: number
  champion?: boolean
  characters?: string[]
  target?: string
  directed?: { by?: string; at: string; attacks: number }[]
}
const joined = (contact: ContactInput[], p1 = ['warriors'], p2 = ['boyz'], combat = 'c1') => ({
  type: 'CombatJoined',
  payload: {
    combat,
    sides: [
      { player: 'p1', units: p1.map((unit) => ({ unit })) },
      { player: 'p2', units: p2.map((unit) => ({ unit })) },
    ],
    contact,
  },
})
const challenge = (unit: string, model: { character?: string; champion?: boolean } = {}, combat = 'c1') => ({
  type: 'ChallengeIssued',
  payload: { combat, unit, ...model },
})

/** Answers every open request: `pick` may give the faces or the option; dice default to 1s, choices to the first. */
function play(game: EngineGame, pick: (request: OpenRequest) => number[] | string | undefined = () => undefined) {
  for (let guard = 0; guard < 200; guard++) {
    const request = Object.values(game.game.requests)[0]
    if (!request) return
    const answer = pick(request)
    if (request.kind === 'choice')
      game.apply(ev.choice(request.id, typeof answer === 'string' ? answer : (request.options[0]?.id as string)))
    else game.apply(ev.dice(request.id, Array.isArray(answer) ? answer : Array(request.count).fill(1)))
  }
  throw new Error('too many requests')
}

const all = (face: number) => (request: OpenRequest) => Array(request.kind === 'dice' ? request.count : 0).fill(face)

function outcomes<K extends Outcome['kind']>(game: EngineGame, kind: K) {
  return game.steps.flatMap((step) => step.outcomes).filter((o): o is Extract<Outcome, { kind: K }> => o.kind === kind)
}
const requests = (game: EngineGame) => game.steps.flatMap((step) => step.requests)
const cites = (game: EngineGame, id: string, clause: string) =>
  game.steps
    .flatMap((s) => [...s.outcomes.map((o) => o.explanation), ...s.requests.map((r) => r.explanation)])
    .flatMap(citedRules)
    .some((ref) => ref.ruleset === 'classic' && ref.id === id && ref.clause === clause)

describe('characters in close combat (classic/characters)', () => {
  it('characters: a character strikes in its own Initiative step with its own profile', () => {
    const game = battle('classic', ['p1', warriors()], ['p2', boyz()])
    const step = game.apply(
      joined([
        { unit: 'warriors', models: 5, champion: true, characters: ['lord'] },
        { unit: 'boyz', models: 5, champion: true, characters: ['boss'] },
      ]),
    )
    // I8 lord; I5 warriors and their champion together; I3 boss; I2 boyz and their champion.
    expect(outcomes(game, 'strike-order')[0]?.values.steps).toEqual([
      ['character:lord'],
      ['warriors', 'champion:warriors'],
      ['character:boss'],
      ['boyz', 'champion:boyz'],
    ])
    // The Dreadlord's A4, WS7 against WS3: 3+.
    expect(step.requests[0]).toMatchObject({ purpose: 'to-hit', count: 4, need: 3 })
    expect(step.requests[0]?.text).toContain('Dreadlord')
    expect(cites(game, 'strike-order', 'initiative')).toBe(true)
    expect(cites(game, 'characters', 'own-profile')).toBe(true)
  })

  it('characters: only directed attacks hit a character; it saves with its own armour; excess is wasted, not passed on', () => {
    const game = battle('classic', ['p1', warriors({ characters: [lord({ profile: { W: 2 } })] })], ['p2', boyz()])
    game.apply(
      joined([
        { unit: 'warriors', models: 5, characters: ['lord'] },
        { unit: 'boyz', models: 5, directed: [{ at: 'lord', attacks: 3 }] },
      ]),
    )
    // Boyz: 5 rank and file in contact (their champion is not), 3 attacks at the Dreadlord: WS3 against WS7 needs
    // 5+ (more than twice). 3 hits, S3 against T4 5+: 3 wounds. Heavy armour and shield: 4+; all fail: 3 unsaved
    // on W2: slain, 1 wasted. The other 2 attacks go at the Warriors' rank and file (and miss).
    play(game, (request) => {
      if (request.kind !== 'dice') return undefined
      if (request.purpose === 'to-hit' && request.text.includes('to hit Dreadlord')) return [5, 5, 5]
      if (request.purpose === 'to-wound' && request.text.includes('to wound Dreadlord')) return [6, 6, 6]
      return undefined
    })
    const save = requests(game).find((r) => r.purpose === 'armour-save')
    expect(save).toMatchObject({ need: 4, count: 3 })
    expect(save?.text).toContain('Dreadlord')
    expect(outcomes(game, 'character-wounded')[0]?.values).toEqual({
      unit: 'warriors',
      character: 'lord',
      unsaved: 3,
      woundsLost: 2,
      slain: true,
    })
    expect(game.game.units.warriors?.models).toBe(10)
    expect(game.game.units.warriors?.characters[0]?.slain).toBe(true)
    // Boyz 2 (wounds up to the Dreadlord's W2) + 1 rank + outnumbering (10 and the Boss, against 10 now the
    // Dreadlord has fallen); Warriors 1 rank.
    expect(outcomes(game, 'combat-result')[0]?.values.scores).toEqual({ p1: 1, p2: 4 })
    const toHit = requests(game).find((r) => r.text.includes('to hit Dreadlord'))
    expect(renderExplanationText(toHit!.explanation)).toContain(
      '3 of 5 attacks at Dreadlord (classic/characters §directed-attacks)',
    )
    expect(cites(game, 'characters', 'no-spill')).toBe(true)
    expect(cites(game, 'characters', 'slain-alone')).toBe(true)
    expect(cites(game, 'characters', 'own-save')).toBe(true)
  })

  it('characters: wounds on the unit never reach the character', () => {
    const game = battle(
      'classic',
      ['p1', warriors({ models: 2, command: {}, formation: { files: 2 } })],
      ['p2', boyz({ command: {}, characters: [] })],
    )
    game.apply(
      joined([
        { unit: 'warriors', models: 2, characters: ['lord'] },
        { unit: 'boyz', models: 5 },
      ]),
    )
    // The Dreadlord (4 attacks) and the Warriors (2) miss; 5 Boyz hit and wound on 6s: 5 unsaved on 2 Warriors.
    play(game, (request) =>
      request.kind === 'dice' && request.text.startsWith('Orc Boyz') ? all(6)(request) : undefined,
    )
    expect(outcomes(game, 'casualties').at(-1)?.values).toMatchObject({ unit: 'warriors', unsaved: 5, removed: 2 })
    expect(game.game.units.warriors?.characters[0]).toMatchObject({ woundsLost: 0, slain: false })
    // Only the 2 Wounds the Warriors had count, + 1 rank + outnumbering (10 against 2); the Dreadlord fights on.
    expect(outcomes(game, 'combat-result')[0]?.values.scores).toMatchObject({ p2: 2 + 1 + 1 })
    expect(outcomes(game, 'combat-ended')).toHaveLength(0)
  })
})

describe('a character left alone in its unit (classic/characters)', () => {
  it('characters: with no rank and file left, the character standing takes the attacks at its unit', () => {
    const game = battle(
      'classic',
      ['p1', warriors({ models: 2, command: {}, formation: { files: 2 } })],
      ['p2', boyz({ command: {}, characters: [] })],
    )
    game.apply(
      joined([
        { unit: 'warriors', models: 2, characters: ['lord'] },
        { unit: 'boyz', models: 5 },
      ]),
    )
    // Round 1: the Boyz' 5 attacks hit, wound and go unsaved: both Warriors fall; the Dreadlord stands.
    play(game, (request) =>
      request.kind === 'dice' && request.text.startsWith('Orc Boyz') ? all(6)(request) : undefined,
    )
    expect(game.game.units.warriors).toMatchObject({ models: 0 })
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('close-combat'))
    game.apply({
      type: 'CombatRoundDeclared',
      payload: {
        combat: 'c1',
        contact: [
          { unit: 'warriors', models: 0, characters: ['lord'] },
          { unit: 'boyz', models: 5 },
        ],
      },
    })
    play(game)
    const atLord = requests(game).filter((r) => r.purpose === 'to-hit' && r.text.startsWith('Orc Boyz'))[1]
    expect(atLord).toMatchObject({ count: 5, need: 5 })
    expect(atLord?.text).toContain('to hit Dreadlord')
    expect(renderExplanationText(atLord!.explanation)).toContain('(classic/characters §last-standing)')
  })
})

describe('characters and Unit Strength (classic/unit-strength)', () => {
  it('unit strength: a joined character adds its own to its unit', () => {
    // Warriors 9 and the Dreadlord: 10, against 10 Boyz: not more. Without him they would be outnumbered.
    const game = battle(
      'classic',
      ['p1', warriors({ models: 9, command: {} })],
      ['p2', boyz({ command: {}, characters: [] })],
    )
    game.apply(
      joined([
        { unit: 'warriors', models: 5, characters: ['lord'] },
        { unit: 'boyz', models: 5 },
      ]),
    )
    play(game)
    const text = renderExplanationText(outcomes(game, 'combat-result')[0]!.explanation)
    expect(text).toContain('outnumbering: Unit Strength 10 against 10')
  })
})

describe('champions (classic/champion)', () => {
  it('champion: attacked separately, a multi-wound champion records its wounds on its own and excess wounds are wasted', () => {
    const game = battle('classic', ['p1', warriors()], ['p2', boyz()])
    game.apply(
      joined([
        { unit: 'warriors', models: 5, directed: [{ at: 'champion', attacks: 3 }] },
        { unit: 'boyz', models: 5, champion: true },
      ]),
    )
    // Warriors' 4 rank and file: 3 at the Boyz champion, WS4 against WS3 3+: 3 hits; S3 against T4 5+: 3 wounds;
    // light armour 6+: 1s, 3 unsaved on W2: slain (2 lost), 1 wasted. Boyz 10 -> 9.
    play(game, (request) => {
      if (request.kind !== 'dice') return undefined
      if (request.text.includes('Orc Boyz champion') && ['to-hit', 'to-wound'].includes(request.purpose))
        return all(6)(request)
      return undefined
    })
    expect(requests(game).find((r) => r.text.includes('to hit Orc Boyz champion'))).toMatchObject({ count: 3, need: 3 })
    expect(outcomes(game, 'champion-wounded')[0]?.values).toEqual({
      unit: 'boyz',
      unsaved: 3,
      woundsLost: 2,
      slain: true,
      modelsLeft: 9,
    })
    expect(game.game.units.boyz?.command.champion).toBe(false)
    // The champion was slain at I5, before its own step at I2: it does not strike.
    expect(requests(game).some((r) => r.purpose === 'to-hit' && r.text.startsWith('Orc Boyz champion:'))).toBe(false)
    expect(outcomes(game, 'attacks').map((o) => o.text)).toContain(
      'Orc Boyz champion was slain before its Initiative step and does not strike',
    )
    // Warriors: 2 wounds + 1 rank + outnumbering (10 against 9) = 4; Boyz: 1 rank (ranks counted at the round's start).
    expect(outcomes(game, 'combat-result')[0]?.values.scores).toEqual({ p1: 4, p2: 1 })
    expect(cites(game, 'champion', 'wounds-recorded')).toBe(true)
    expect(cites(game, 'champion', 'excess-wasted')).toBe(true)
    expect(cites(game, 'champion', 'attacked-separately')).toBe(true)
  })

  it('champion: a multi-wound champion keeps its lost wounds from round to round', () => {
    const game = battle('classic', ['p1', warriors({ characters: [] })], ['p2', boyz({ characters: [] })])
    const atChampion = [
      { unit: 'warriors', models: 5, directed: [{ at: 'champion', attacks: 1 }] },
      { unit: 'boyz', models: 5, champion: true },
    ]
    // One attack at the W2 champion hits, wounds and is not saved each round; everything else misses.
    const oneWound = (request: OpenRequest) =>
      request.kind === 'dice' && request.text.includes('Orc Boyz champion') && request.purpose !== 'armour-save'
        ? all(6)(request)
        : undefined
    game.apply(joined(atChampion))
    play(game, oneWound)
    expect(outcomes(game, 'champion-wounded')[0]?.values).toMatchObject({ woundsLost: 1, slain: false, modelsLeft: 10 })
    expect(game.game.units.boyz).toMatchObject({ championWoundsLost: 1, woundsOnNextModel: 0, models: 10 })
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('close-combat'))
    game.apply({ type: 'CombatRoundDeclared', payload: { combat: 'c1', contact: atChampion } })
    play(game, oneWound)
    expect(outcomes(game, 'champion-wounded')[1]?.values).toMatchObject({ woundsLost: 2, slain: true, modelsLeft: 9 })
    expect(renderExplanationText(outcomes(game, 'champion-wounded')[1]!.explanation)).toContain(
      '1 unsaved against W 2, 1 lost before (classic/champion §wounds-recorded)',
    )
  })

  it('champion: fights with its own stat line', () => {
    const game = battle('classic', ['p1', warriors({ characters: [] })], ['p2', boyz({ characters: [] })])
    game.apply(
      joined([
        { unit: 'warriors', models: 5, champion: true },
        { unit: 'boyz', models: 5 },
      ]),
    )
    // Warriors' rank and file: 4 attacks; their champion: its own A2.
    const first = game.steps.at(-1)!.requests[0]!
    expect(first).toMatchObject({ count: 4 })
    game.apply(ev.dice(first.id, [1, 1, 1, 1]))
    expect(game.steps.at(-1)!.requests[0]).toMatchObject({ purpose: 'to-hit', count: 2 })
    expect(game.steps.at(-1)!.requests[0]?.text).toContain('Dark Elf Warriors champion')
    expect(cites(game, 'champion', 'stat-line')).toBe(true)
  })

  it('champion: protected from ranged attacks only with at least 5 rank and file besides it', () => {
    const game = battle('classic', ['p1', warriors({ characters: [] })], ['p2', boyz({ models: 5, characters: [] })])
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const shielded = rangedProtection(ctx, { kind: 'champion', unit: 'warriors' }, null)
    expect(shielded.protected).toBe(true)
    const exposed = rangedProtection(ctx, { kind: 'champion', unit: 'boyz' }, null)
    expect(exposed.protected).toBe(false)
    expect(renderExplanationText(exposed.explanation)).toContain(
      'only 4 rank and file besides the champion (it needs at least 5)',
    )
    expect(citedRules(exposed.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'champion',
      clause: 'ranged-protection',
    })
  })

  it('characters: protected from ranged attacks while the unit has at least 5 rank and file', () => {
    // Warriors: 9 rank and file besides their champion; Boyz: 4.
    const game = battle('classic', ['p1', warriors()], ['p2', boyz({ models: 5 })])
    const ctx = game.engine.contextFor(game.state) as ClassicContext
    const lordRef = { kind: 'character', unit: 'warriors', character: 'lord' } as const
    expect(rangedProtection(ctx, lordRef, null).protected).toBe(true)
    const exposed = rangedProtection(ctx, { kind: 'character', unit: 'boyz', character: 'boss' }, null)
    expect(exposed.protected).toBe(false)
    expect(renderExplanationText(exposed.explanation)).toContain(
      'only 4 rank and file in Orc Boyz (it needs at least 5): it can be picked out (classic/characters §ranged-protection)',
    )
  })
})

describe('wound allocation on multi-wound models (classic/casualties)', () => {
  it('wound allocation: rank and file fill one multi-wound model before the next, and the champion takes none of them', () => {
    const ogres = unitDef('ogres', {
      name: 'Ogres',
      troopType: 'monstrous-infantry',
      models: 3,
      profile: { WS: 3, S: 4, T: 4, W: 3, I: 2, A: 3 },
      command: { champion: true },
    })
    const elves = unitDef('elves', { name: 'Elves', models: 8, profile: { WS: 4, S: 5, I: 5, A: 1 } })
    const game = battle('classic', ['p1', elves], ['p2', ogres])
    game.apply(
      joined(
        [
          { unit: 'elves', models: 8 },
          { unit: 'ogres', models: 3, champion: true },
        ],
        ['elves'],
        ['ogres'],
      ),
    )
    // 8 hits, 8 wounds (S5 against T4 3+), no armour: 8 unsaved on 2 rank-and-file Ogres of W3: both slain after 6,
    // 2 past them wasted; the champion, attacked on its own, stands.
    play(game, (request) => (request.kind === 'dice' && request.text.startsWith('Elves') ? all(6)(request) : undefined))
    expect(outcomes(game, 'casualties')[0]?.values).toEqual({
      unit: 'ogres',
      unsaved: 8,
      removed: 2,
      modelsLeft: 1,
      woundsOnNextModel: 0,
    })
    expect(game.game.units.ogres?.command.champion).toBe(true)
    // 6 wounds count, + outnumbering (Unit Strength 8 against the champion's 3).
    expect(outcomes(game, 'combat-result')[0]?.values.scores).toMatchObject({ p1: 7 })
    expect(cites(game, 'casualties', 'fill-up')).toBe(true)
    expect(cites(game, 'champion', 'attacked-separately')).toBe(true)
  })

  it('wound allocation: a wound short of a model stays on it for the next blow', () => {
    const ogres = unitDef('ogres', {
      name: 'Ogres',
      troopType: 'monstrous-infantry',
      models: 3,
      profile: { WS: 3, S: 4, T: 4, W: 3, I: 2, A: 3 },
      command: { champion: true },
    })
    const elves = unitDef('elves', { name: 'Elves', models: 4, profile: { WS: 4, S: 5, I: 5, A: 1 } })
    const game = battle('classic', ['p1', elves], ['p2', ogres])
    game.apply(
      joined(
        [
          { unit: 'elves', models: 4 },
          { unit: 'ogres', models: 3 },
        ],
        ['elves'],
        ['ogres'],
      ),
    )
    play(game, (request) => (request.kind === 'dice' && request.text.startsWith('Elves') ? all(6)(request) : undefined))
    // 4 unsaved on W3 rank and file: one slain, the next has lost 1.
    expect(outcomes(game, 'casualties')[0]?.values).toEqual({
      unit: 'ogres',
      unsaved: 4,
      removed: 1,
      modelsLeft: 2,
      woundsOnNextModel: 1,
    })
  })
})

describe('challenges (classic/challenge)', () => {
  function duel(lordExtra: CharacterInput, bossExtra: CharacterInput) {
    const game = battle(
      'classic',
      ['p1', warriors({ characters: [lord(lordExtra)] })],
      ['p2', boyz({ characters: [boss(bossExtra)] })],
    )
    const issued = game.apply(challenge('warriors', { character: 'lord' }))
    game.apply(
      joined([
        { unit: 'warriors', models: 5 },
        { unit: 'boyz', models: 5 },
      ]),
    )
    return { game, issued }
  }
  const lordHitsAndWounds = (request: OpenRequest) =>
    request.kind === 'dice' && request.text.startsWith('Dreadlord') ? all(6)(request) : 'character:boss'

  it('challenge: issued, accepted with a named character; the two fight only each other', () => {
    const { game, issued } = duel({}, {})
    expect(issued.outcomes[0]).toMatchObject({ kind: 'challenge-issued' })
    const response = requests(game).find((r) => r.purpose === 'challenge-response')
    expect(response).toMatchObject({ chooser: 'p2' })
    expect(response?.kind === 'choice' && response.options.map((o) => o.id)).toEqual([
      'champion:boyz',
      'character:boss',
      'refuse',
    ])
    play(game, lordHitsAndWounds)
    expect(outcomes(game, 'challenge-accepted')[0]?.values).toEqual({
      combat: 'c1',
      by: { kind: 'character', unit: 'boyz', character: 'boss' },
    })
    // The Dreadlord's 4 attacks all go at the Boss, though the players listed neither in contact.
    expect(requests(game).find((r) => r.purpose === 'to-hit' && r.text.startsWith('Dreadlord'))?.text).toContain(
      'to hit Orc Boss',
    )
    expect(cites(game, 'challenge', 'fight-each-other')).toBe(true)
    expect(outcomes(game, 'challenge-ended')[0]?.values.why).toContain('Orc Boss is out of the fight')
    expect(game.game.challenges?.c1).toBeUndefined()
  })

  it('challenge: overkill counts the wounds past the slain model for combat result', () => {
    // Dreadlord A4 S4 against the Boss T5 W2: 4 hits (3+), 4 wounds (5+ on 6s), light armour 6+ -1: no save.
    // 2 slay the Boss, 2 more are overkill: 4; with 1 rank and outnumbering (11 against 10 once the Boss has
    // fallen) the Warriors score 6.
    const { game } = duel({}, {})
    play(game, lordHitsAndWounds)
    const result = outcomes(game, 'combat-result')[0]!
    expect(result.values.scores).toEqual({ p1: 6, p2: 1 })
    const text = renderExplanationText(result.explanation)
    expect(text).toContain('overkill: 2 wounds beyond the 2 it had left (+2): 2 -> 4 (classic/challenge §overkill)')
  })

  it('challenge: overkill is capped at +5', () => {
    // A8 S7 against a W1 Boss: 8 unsaved; 1 slays it, 7 past it count +5 at most: 6; with 1 rank and
    // outnumbering, 8.
    const { game } = duel({ profile: { A: 8, S: 7 } }, { profile: { W: 1 } })
    play(game, lordHitsAndWounds)
    const result = outcomes(game, 'combat-result')[0]!
    expect(result.values.scores).toEqual({ p1: 8, p2: 1 })
    expect(renderExplanationText(result.explanation)).toContain('(classic/challenge §overkill-cap)')
  })

  it('challenge: a champion who accepts is not spared its excess wounds: they count as overkill', () => {
    const game = battle('classic', ['p1', warriors()], ['p2', boyz()])
    game.apply(challenge('warriors', { character: 'lord' }))
    game.apply(
      joined([
        { unit: 'warriors', models: 5 },
        { unit: 'boyz', models: 5 },
      ]),
    )
    // The W2 champion accepts; the Dreadlord's 4 attacks hit (3+), wound (S4 against T4, 4+) and are not saved
    // (light armour 6+, -1 for S4): 2 slay it, 2 more count as overkill: 4.
    play(game, (request) =>
      request.kind === 'choice' ? 'champion:boyz' : request.text.startsWith('Dreadlord') ? all(6)(request) : undefined,
    )
    expect(outcomes(game, 'champion-wounded')[0]?.values).toMatchObject({ unsaved: 4, woundsLost: 2, slain: true })
    const result = outcomes(game, 'combat-result')[0]!
    expect(renderExplanationText(result.explanation)).toContain('Dreadlord in the challenge: 4 for combat result')
    expect(citedRules(result.explanation)).not.toContainEqual({
      ruleset: 'classic',
      id: 'champion',
      clause: 'excess-wasted',
    })
  })

  it('challenge: a lone character challenges and is wounded as its own unit', () => {
    const hero = unitDef('hero', {
      name: 'Master',
      models: 1,
      character: true,
      profile: { WS: 6, S: 4, T: 3, W: 2, I: 7, A: 3, Ld: 9 },
    })
    const game = battle('classic', ['p1', hero], ['p2', boyz()])
    game.apply(challenge('hero'))
    game.apply(
      joined(
        [
          { unit: 'hero', models: 1 },
          { unit: 'boyz', models: 5 },
        ],
        ['hero'],
      ),
    )
    // The Master misses; the Boss (A3, S4 against T3: 3+) hits and wounds 3 times, no armour: the W2 Master falls.
    play(game, (request) =>
      request.kind === 'choice' ? 'character:boss' : request.text.startsWith('Orc Boss') ? all(6)(request) : undefined,
    )
    expect(outcomes(game, 'challenge-issued')[0]?.values.challenger).toEqual({ kind: 'lone', unit: 'hero' })
    expect(outcomes(game, 'casualties').at(-1)?.values).toMatchObject({ unit: 'hero', unsaved: 3, modelsLeft: 0 })
    // The Master's side is wiped out: the combat, and the challenge with it, is over.
    expect(outcomes(game, 'combat-result')[0]?.values.winner).toBe('p2')
    expect(outcomes(game, 'challenge-ended')[0]?.values.why).toBe('Master is out of the fight')
    expect(game.game.challenges?.c1).toBeUndefined()
  })

  it('challenge: attacks directed at a model who accepts a challenge go at its unit instead', () => {
    const game = battle('classic', ['p1', warriors()], ['p2', boyz()])
    game.apply(challenge('warriors', { character: 'lord' }))
    game.apply(
      joined([
        { unit: 'warriors', models: 5, characters: ['lord'] },
        { unit: 'boyz', models: 5, directed: [{ at: 'lord', attacks: 2 }] },
      ]),
    )
    play(game, (request) => (request.kind === 'choice' ? 'character:boss' : undefined))
    // The Boyz' 5 attacks all go at the Warriors' rank and file; none at the Dreadlord, who fights the Boss.
    const boyzHits = requests(game).filter((r) => r.purpose === 'to-hit' && r.text.startsWith('Orc Boyz:'))
    expect(boyzHits.map((r) => r.text)).toEqual([expect.stringContaining('roll 5 D6 to hit Dark Elf Warriors')])
    expect(renderExplanationText(boyzHits[0]!.explanation)).toContain(
      'Dreadlord fights a challenge: 2 attacks go at the rank and file (classic/challenge §fight-each-other)',
    )
  })

  it('challenge: refused, the challenger names the refuser, who does not fight this round', () => {
    const game = battle('classic', ['p1', warriors()], ['p2', boyz()])
    game.apply(challenge('warriors', { character: 'lord' }))
    game.apply(
      joined([
        { unit: 'warriors', models: 5, characters: ['lord'] },
        { unit: 'boyz', models: 5, champion: true, characters: ['boss'] },
      ]),
    )
    play(game, (request) => {
      if (request.purpose === 'challenge-response') return 'refuse'
      if (request.purpose === 'challenge-refuser') return 'character:boss'
      return undefined
    })
    expect(requests(game).find((r) => r.purpose === 'challenge-refuser')).toMatchObject({ chooser: 'p1' })
    expect(outcomes(game, 'challenge-refused')[0]?.values.refuser).toEqual({
      kind: 'character',
      unit: 'boyz',
      character: 'boss',
    })
    expect(outcomes(game, 'strike-order')[0]?.values.steps.flat()).not.toContain('character:boss')
    expect(requests(game).some((r) => r.text.startsWith('Orc Boss'))).toBe(false)
    expect(cites(game, 'challenge', 'refuse')).toBe(true)
    expect(cites(game, 'variants', 'challenge-refusal')).toBe(true)
    // The refusal holds for this round only.
    expect(outcomes(game, 'challenge-ended')[0]?.values.why).toBe('the refusal holds for this round')
  })

  it('challenge: a character on its own may not refuse; answering "refuse" is refused and changes nothing', () => {
    const hero = unitDef('hero', {
      name: 'Master',
      models: 1,
      character: true,
      profile: { WS: 6, S: 4, T: 3, W: 2, I: 7, A: 3, Ld: 9 },
    })
    const game = battle('classic', ['p1', warriors()], ['p2', hero])
    game.apply(challenge('warriors', { character: 'lord' }))
    game.apply(
      joined(
        [
          { unit: 'warriors', models: 5, characters: ['lord'] },
          { unit: 'hero', models: 1 },
        ],
        ['warriors'],
        ['hero'],
      ),
    )
    const response = Object.values(game.game.requests).find((r) => r.purpose === 'challenge-response')
    if (response?.kind !== 'choice') throw new Error('expected the challenge-response choice')
    // The Master has no trooper of a unit to step back behind: accepting is its only answer.
    expect(response.options.map((option) => option.id)).toEqual(['character:hero'])
    expect(response.text).toContain('none may refuse')
    expect(citedRules(response.explanation)).toContainEqual({
      ruleset: 'classic',
      id: 'variants',
      clause: 'lone-challenge',
    })
    const before = JSON.stringify(game.game)
    expect(() => game.apply(ev.choice(response.id, 'refuse'))).toThrow(/refuse/)
    expect(JSON.stringify(game.game)).toBe(before)
    game.apply(ev.choice(response.id, 'character:hero'))
    expect(outcomes(game, 'challenge-accepted')[0]?.values.by).toEqual({ kind: 'lone', unit: 'hero' })
  })

  it('challenge: a character whose unit still has troopers may refuse', () => {
    const game = battle('classic', ['p1', warriors()], ['p2', boyz({ command: {} })])
    game.apply(challenge('warriors', { character: 'lord' }))
    game.apply(
      joined([
        { unit: 'warriors', models: 5, characters: ['lord'] },
        { unit: 'boyz', models: 5, characters: ['boss'] },
      ]),
    )
    const response = Object.values(game.game.requests).find((r) => r.purpose === 'challenge-response')
    if (response?.kind !== 'choice') throw new Error('expected the challenge-response choice')
    expect(response.options.map((option) => option.id)).toEqual(['character:boss', 'refuse'])
  })

  it('challenge: a champion may issue one; with nobody to answer it lapses', () => {
    const game = battle('classic', ['p1', warriors({ characters: [] })], ['p2', boyz({ command: {}, characters: [] })])
    game.apply(challenge('warriors', { champion: true }))
    game.apply(
      joined([
        { unit: 'warriors', models: 5, champion: true },
        { unit: 'boyz', models: 5 },
      ]),
    )
    expect(outcomes(game, 'challenge-refused')[0]?.values.refuser).toBeNull()
    expect(cites(game, 'challenge', 'unanswered')).toBe(true)
    expect(cites(game, 'champion', 'challenges')).toBe(true)
  })

  it('challenge: issued outside the close-combat phase, or twice, is refused and changes nothing', () => {
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', warriors()),
      ev.mustered('p2', boyz()),
      ev.turn(1, 'p1'),
      ev.phase('movement'),
    )
    expect(() => game.apply(challenge('warriors', { character: 'lord' }))).toThrow(/close-combat phase/)
    game.apply(ev.phase('close-combat'))
    game.apply(challenge('warriors', { character: 'lord' }))
    const before = JSON.stringify(game.game)
    expect(() => game.apply(challenge('boyz', { character: 'boss' }))).toThrow(/already has a challenge/)
    expect(() => game.apply(challenge('warriors', { character: 'nobody' }, 'c2'))).toThrow(/no character "nobody"/)
    expect(JSON.stringify(game.game)).toBe(before)
    expect(Object.keys(game.game.challenges ?? {})).toEqual(['c1'])
  })
})

describe('Black Lotus (classic/black-lotus)', () => {
  function lotusDuel(bossW: number, hits: number) {
    const game = battle(
      'classic',
      ['p1', warriors({ characters: [lord({ gear: ['hand-weapon', 'black-lotus'] })] })],
      ['p2', boyz({ characters: [boss({ profile: { W: bossW } })] })],
    )
    game.apply(challenge('warriors', { character: 'lord' }))
    game.apply(
      joined([
        { unit: 'warriors', models: 5 },
        { unit: 'boyz', models: 5 },
      ]),
    )
    play(game, (request) => {
      if (request.kind === 'choice') return 'character:boss'
      if (!request.text.startsWith('Dreadlord')) return undefined
      return request.purpose === 'to-hit'
        ? [...Array(hits).fill(6), ...Array(request.count - hits).fill(1)]
        : all(6)(request)
    })
    return outcomes(game, 'combat-result')[0]!
  }

  it('black lotus: a kill in a challenge makes all wounds caused count double', () => {
    // 2 hits, 2 wounds (S4 against T5: 5+), no save: the W2 Boss is slain; 2 wounds count 4. With 1 rank and
    // outnumbering (the Boss has fallen): 6.
    const result = lotusDuel(2, 2)
    expect(result.values.scores).toMatchObject({ p1: 6 })
    expect(renderExplanationText(result.explanation)).toContain('Black Lotus: 2 wounds count double')
    expect(citedRules(result.explanation)).toContainEqual({ ruleset: 'classic', id: 'black-lotus', clause: 'double' })
  })

  it('black lotus: the doubling counts only up to the overkill maximum', () => {
    // 4 unsaved on a W1 Boss: 1 + 3 overkill + 4 doubled = 8, capped at 1 + 5 = 6. With 1 rank and outnumbering: 8.
    const result = lotusDuel(1, 4)
    expect(result.values.scores).toMatchObject({ p1: 8 })
    expect(citedRules(result.explanation)).toContainEqual({ ruleset: 'classic', id: 'black-lotus', clause: 'cap' })
  })

  it('black lotus: nothing doubles when the bearer kills nobody', () => {
    // 2 unsaved on a W3 Boss: 2 count, the Boss stands. With 1 rank: 3.
    const result = lotusDuel(3, 2)
    expect(result.values.scores).toMatchObject({ p1: 3 })
    expect(renderExplanationText(result.explanation)).toContain('[ignored] Black Lotus')
  })
})

describe('standards lost and captured (classic/standard)', () => {
  const elves = (extra: UnitInput = {}) =>
    unitDef('elves', {
      name: 'Elves',
      models: 10,
      profile: { WS: 4, S: 4, I: 5, A: 1, Ld: 8 },
      formation: { files: 5 },
      ...extra,
    })
  const goblins = (extra: UnitInput = {}) =>
    unitDef('goblins', {
      name: 'Goblins',
      models: 10,
      profile: { WS: 2, S: 3, T: 3, I: 2, A: 1, Ld: 5 },
      formation: { files: 5 },
      command: { standard: true },
      ...extra,
    })
  /** The Elves kill 5 Goblins; the Goblins miss and break on a 12. */
  const rout = (game: EngineGame, pursuit: 'pursue' | 'hold') =>
    play(game, (request) => {
      if (request.kind === 'choice') return pursuit
      if (request.text.startsWith('Elves')) return request.purpose === 'restraint' ? [1, 1] : all(6)(request)
      if (request.purpose === 'break-test') return [6, 6]
      return undefined
    })

  it('standard: lost when its unit breaks, and removed from the game when nobody pursues', () => {
    const game = battle('classic', ['p1', elves()], ['p2', goblins()])
    game.apply(
      joined(
        [
          { unit: 'elves', models: 5 },
          { unit: 'goblins', models: 5 },
        ],
        ['elves'],
        ['goblins'],
      ),
    )
    rout(game, 'hold')
    expect(outcomes(game, 'standard-lost')[0]?.values).toEqual({ unit: 'goblins' })
    expect(outcomes(game, 'standard-removed')[0]?.values).toEqual({
      standard: 'goblins',
      from: null,
      why: 'no-pursuit',
    })
    expect(game.game.units.goblins?.command.standard).toBe(false)
    expect(game.game.units.goblins?.models).toBe(5)
    expect(game.game.units.elves?.capturedStandards).toBeUndefined()
    expect(cites(game, 'standard', 'lost')).toBe(true)
    expect(cites(game, 'standard', 'removed')).toBe(true)
  })

  it('standard: captured by the pursuing unit when its unit breaks and is pursued', () => {
    const game = battle('classic', ['p1', elves()], ['p2', goblins()])
    game.apply(
      joined(
        [
          { unit: 'elves', models: 5 },
          { unit: 'goblins', models: 5 },
        ],
        ['elves'],
        ['goblins'],
      ),
    )
    rout(game, 'pursue')
    expect(outcomes(game, 'standard-captured')[0]?.values).toEqual({ standard: 'goblins', by: 'elves' })
    expect(game.game.units.elves?.capturedStandards).toEqual(['goblins'])
    expect(cites(game, 'standard', 'captured')).toBe(true)
  })

  it('standard: captured when its unit is destroyed in the blows, and recaptured (then removed) when its captor is', () => {
    const trolls = unitDef('trolls', { name: 'Trolls', models: 2, profile: { WS: 3, S: 5, T: 4, W: 3, I: 1, A: 3 } })
    const game = new EngineGame(
      ev.created(),
      ev.mustered('p1', elves({ models: 5, command: { standard: true } })),
      ev.mustered('p2', goblins({ models: 1, formation: { files: 1 } }), trolls),
      ev.turn(1, 'p1'),
      ev.phase('close-combat'),
    )
    game.apply(
      joined(
        [
          { unit: 'elves', models: 5 },
          { unit: 'goblins', models: 1 },
        ],
        ['elves'],
        ['goblins'],
      ),
    )
    // 5 attacks: one hits (6), wounds (6), no armour: the one Goblin falls.
    play(game, (request) => {
      if (!request.text.startsWith('Elves') || request.kind !== 'dice') return undefined
      return request.purpose === 'to-hit' ? [6, 1, 1, 1, 1] : all(6)(request)
    })
    expect(outcomes(game, 'standard-captured')[0]?.values).toEqual({ standard: 'goblins', by: 'elves' })
    // Turn 2: the Trolls (6 attacks, S5 against T3) destroy the 5 Elves, who hold the Goblins' standard.
    game.apply(ev.turn(1, 'p2'))
    game.apply(ev.phase('close-combat'))
    game.apply(
      joined(
        [
          { unit: 'elves', models: 5 },
          { unit: 'trolls', models: 2 },
        ],
        ['elves'],
        ['trolls'],
        'c2',
      ),
    )
    play(game, (request) => (request.text.startsWith('Trolls') ? all(6)(request) : undefined))
    expect(outcomes(game, 'standard-removed')[0]?.values).toEqual({
      standard: 'goblins',
      from: 'elves',
      why: 'recaptured',
    })
    expect(outcomes(game, 'standard-captured')[1]?.values).toEqual({ standard: 'elves', by: 'trolls' })
    expect(game.game.units.trolls?.capturedStandards).toEqual(['elves'])
    expect(game.game.units.elves?.capturedStandards).toEqual([])
    expect(cites(game, 'standard', 'recaptured')).toBe(true)
  })
})

describe('standards: the winners mark the captor', () => {
  it('standard: when several enemy units could take it, the winners mark which one holds it', () => {
    const goblins = unitDef('goblins', { name: 'Goblins', models: 1, command: { standard: true } })
    const elves = unitDef('elves', { name: 'Elves', models: 5, profile: { WS: 4, S: 4, I: 5 } })
    const trolls = unitDef('trolls', { name: 'Trolls', models: 2, profile: { S: 5, W: 3, I: 1, A: 3 } })
    const game = battle('classic', ['p1', goblins], ['p2', elves], ['p2', trolls])
    game.apply(
      joined(
        [
          { unit: 'goblins', models: 1, target: 'elves' },
          { unit: 'elves', models: 5 },
          { unit: 'trolls', models: 2 },
        ],
        ['goblins'],
        ['elves', 'trolls'],
      ),
    )
    play(game, (request) => {
      if (request.kind === 'choice') return 'trolls'
      if (!request.text.startsWith('Elves')) return undefined
      return request.purpose === 'to-hit' ? [6, 1, 1, 1, 1] : all(6)(request)
    })
    expect(requests(game).find((r) => r.purpose === 'standard-captor')).toMatchObject({ chooser: 'p2' })
    expect(outcomes(game, 'standard-captured')[0]?.values).toEqual({ standard: 'goblins', by: 'trolls' })
    expect(game.game.units.trolls?.capturedStandards).toEqual(['goblins'])
  })
})

describe('steadfast with characters (classic-8th)', () => {
  it('steadfast: a unit with a character and more ranks tests on its unmodified Leadership', () => {
    const spears = unitDef('spears', {
      name: 'Spearmen',
      models: 20,
      profile: { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 },
      formation: { files: 5 },
      characters: [lord({ profile: { I: 1 } })],
    })
    const knights = unitDef('knights', {
      name: 'Knights',
      troopType: 'cavalry',
      models: 5,
      profile: { WS: 4, S: 5, T: 3, I: 4, A: 2, Ld: 8 },
      formation: { files: 5 },
    })
    const game = battle('classic-8th', ['p1', spears], ['p2', knights])
    game.apply(
      joined(
        [
          { unit: 'spears', models: 5, characters: ['lord'] },
          { unit: 'knights', models: 5 },
        ],
        ['spears'],
        ['knights'],
      ),
    )
    play(game, (request) => (request.text.startsWith('Knights') ? all(6)(request) : undefined))
    const test = requests(game).find((r) => r.purpose === 'break-test')!
    // Spearmen 4 ranks against the Knights' 1: unmodified, on the unit's best Ld, the Dreadlord's 10
    // (classic/unit-leadership).
    expect(test.text).toContain('passes on 10 or less')
    expect(citedRules(test.explanation)).toContainEqual({ ruleset: 'classic', id: 'break-test', clause: 'steadfast' })
  })
})

describe('bad declarations (classic/characters)', () => {
  it('directing more attacks than the model has is refused and changes nothing', () => {
    const game = battle('classic', ['p1', warriors()], ['p2', boyz()])
    const before = JSON.stringify(game.game)
    expect(() =>
      game.apply(
        joined([
          { unit: 'warriors', models: 5, characters: ['lord'], directed: [{ by: 'lord', at: 'boss', attacks: 5 }] },
          { unit: 'boyz', models: 5, characters: ['boss'] },
        ]),
      ),
    ).toThrow(/Dreadlord directs 5 attacks but has 4/)
    expect(JSON.stringify(game.game)).toBe(before)
  })

  it('attacks directed at a character not listed in contact are refused', () => {
    const game = battle('classic', ['p1', warriors()], ['p2', boyz()])
    expect(() =>
      game.apply(
        joined([
          { unit: 'warriors', models: 5, directed: [{ at: 'boss', attacks: 1 }] },
          { unit: 'boyz', models: 5 },
        ]),
      ),
    ).toThrow(/Orc Boss is not in base contact/)
    expect(() =>
      game.apply(
        joined([
          { unit: 'warriors', models: 5, characters: ['ghost'] },
          { unit: 'boyz', models: 5 },
        ]),
      ),
    ).toThrow(/has no character "ghost"/)
  })
})
