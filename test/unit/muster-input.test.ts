import { describe, expect, it } from 'vitest'
import type { LocalGameApi } from '../../core/api/index.js'
import { paramKind, parseParam } from '../../core/engine/params.js'
import { ArbiterError, type ErrorData } from '../../core/events/errors.js'
import { openApi } from '../helpers/api-game.js'
import { unitDef } from '../helpers/classic-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

describe('the one parser of rule parameters', () => {
  it('reads a save as players write it: "5+", "5", 5 are 5, shown 5+', () => {
    for (const raw of ['5+', '5', ' 5 + ', 5])
      expect(parseParam('save', raw)).toEqual({ ok: true, value: 5, shown: '5+' })
    expect(parseParam('save', '2+')).toMatchObject({ ok: true, value: 2 })
  })

  it('refuses a save that is no D6 roll, saying what it wants', () => {
    for (const raw of ['five', '7+', '0+', '5++', '', 4.5, true])
      expect(parseParam('save', raw)).toEqual({ ok: false, expected: 'a save such as 5+' })
  })

  it('reads dice counts: "D3+1", "d3 + 1", "2d6", "3" and 3', () => {
    expect(parseParam('dice', 'D3+1')).toEqual({ ok: true, value: 'D3+1', shown: 'D3+1' })
    expect(parseParam('dice', 'd3 + 1')).toEqual({ ok: true, value: 'D3+1', shown: 'D3+1' })
    expect(parseParam('dice', '2d6')).toEqual({ ok: true, value: '2D6', shown: '2D6' })
    expect(parseParam('dice', '1D6')).toEqual({ ok: true, value: 'D6', shown: 'D6' })
    expect(parseParam('dice', '3')).toEqual({ ok: true, value: 3, shown: '3' })
    expect(parseParam('dice', 3)).toEqual({ ok: true, value: 3, shown: '3' })
    for (const raw of ['D7', 'lots', 'D3-1', '11D6', -1, 2.5]) expect(parseParam('dice', raw).ok).toBe(false)
  })

  it('reads inches: 6", 6 in, 6 inches, 6 and 7.5 are distances; "six" is not', () => {
    for (const raw of ['6"', '6 "', '6in', '6 inches', "6''", '6', 6])
      expect(parseParam('inches', raw)).toEqual({ ok: true, value: 6, shown: '6"' })
    expect(parseParam('inches', '7.5"')).toEqual({ ok: true, value: 7.5, shown: '7.5"' })
    for (const raw of ['six', '6 cm', '-6', 201]) expect(parseParam('inches', raw).ok).toBe(false)
  })

  it('reads plain numbers, yes or no, race names as slugs, and words', () => {
    expect(parseParam('number', '2')).toEqual({ ok: true, value: 2, shown: '2' })
    expect(parseParam('number', 1.5)).toEqual({ ok: true, value: 1.5, shown: '1.5' })
    expect(parseParam('number', 'two')).toEqual({ ok: false, expected: 'a number such as 2' })
    expect(parseParam('flag', 'yes')).toEqual({ ok: true, value: true, shown: 'yes' })
    expect(parseParam('flag', false)).toEqual({ ok: true, value: false, shown: 'no' })
    expect(parseParam('flag', 'maybe').ok).toBe(false)
    expect(parseParam('races', 'High Elves, Dwarfs')).toEqual({
      ok: true,
      value: 'high-elves,dwarfs',
      shown: 'high-elves, dwarfs',
    })
    expect(parseParam('races', ' , ').ok).toBe(false)
    expect(parseParam('text', '  runed-sword ')).toEqual({ ok: true, value: 'runed-sword', shown: 'runed-sword' })
  })

  it('knows a parameter by its name or its default', () => {
    expect(paramKind('save', 4)).toBe('save')
    expect(paramKind('ward', 5)).toBe('save')
    expect(paramKind('range', 24)).toBe('inches')
    expect(paramKind('X', 'D6')).toBe('dice')
    expect(paramKind('X', 1)).toBe('number')
    expect(paramKind('twoHanded', true)).toBe('flag')
    expect(paramKind('enemies', 'all')).toBe('races')
    expect(paramKind('template', 'flame')).toBe('text')
  })
})

/** The refusal `call` rejects with, as data (what crosses a host). */
async function refusal(call: Promise<unknown>): Promise<ErrorData> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ArbiterError)
  return (error as ArbiterError).toData()
}

async function newGame(api: LocalGameApi, ruleset = 'classic'): Promise<string> {
  const { gameId } = await api.createGame({
    ruleset,
    players: [
      { id: 'p1', name: 'Anna' },
      { id: 'p2', name: 'Ben' },
    ],
    actor: 'p1',
  })
  return gameId
}

const muster = (api: LocalGameApi, gameId: string, player: string, units: unknown[]) =>
  api.append(gameId, { type: 'ArmyMustered', actor: player, payload: { player, units } })

describe('a muster through the api', () => {
  it('musters every ready unit of every ruleset as the muster screen loads it', async () => {
    const api = await openApi(tempDir())
    for (const { id: ruleset } of await api.rulesets()) {
      const troops = await api.troops(ruleset)
      expect(troops.length).toBeGreaterThan(0)
      for (const [index, troop] of troops.entries()) {
        const gameId = await newGame(api, ruleset)
        await muster(api, gameId, 'p1', [{ ...troop.unit, id: `unit-${index}` }])
      }
    }
    await api.close()
  })

  it('records "5+" as the save 5, and refuses "five" beside the field, in words with the unit\'s name', async () => {
    const api = await openApi(tempDir())
    const gameId = await newGame(api)
    const trolls = (save: string) =>
      unitDef('chaos-trolls', { name: 'Chaos Trolls', rules: [{ id: 'regeneration', params: { save } }] })
    const refused = await refusal(muster(api, gameId, 'p1', [trolls('five')]))
    expect(refused).toEqual({
      code: 'rules/bad-param',
      message: 'Chaos Trolls: Regeneration needs a save such as 5+, not "five"',
      field: { unit: 'chaos-trolls', path: ['rules', 'regeneration', 'save'] },
    })
    expect((await api.openGame(gameId)).seq).toBe(1)
    await muster(api, gameId, 'p1', [trolls('5+')])
    const unit = (await api.openGame(gameId)).state.units['chaos-trolls']
    expect(unit?.rules).toEqual([{ id: 'regeneration', params: { save: 5 } }])
    await api.close()
  })

  it('refuses a parameter with a wrong name, naming the ones the rule takes', async () => {
    const api = await openApi(tempDir())
    const gameId = await newGame(api, 'old-world')
    const treeman = {
      ...unitDef('treeman', { name: 'Treeman', models: 1 }),
      troopType: 'behemoth',
      formation: { files: 1 },
      rules: [{ id: 'stomp-attacks', params: { count: 'D3+2' } }],
    }
    expect(await refusal(muster(api, gameId, 'p1', [treeman]))).toEqual({
      code: 'rules/bad-param',
      message: 'Treeman: Stomp Attacks takes X, not "count"',
      field: { unit: 'treeman', path: ['rules', 'stomp-attacks', 'count'] },
    })
    const taken = await refusal(
      muster(api, gameId, 'p1', [{ ...treeman, rules: [{ id: 'regeneration', params: { X: 5 } }] }]),
    )
    expect(taken.message).toBe('Treeman: Regeneration takes save, not "X"')
    const bare = await refusal(
      muster(api, gameId, 'p1', [{ ...treeman, rules: [{ id: 'fear', params: { level: 2 } }] }]),
    )
    expect(bare.message).toBe('Treeman: Fear takes no parameters, not "level"')
    // Written as players write it, it musters: "d3 + 2" is recorded as D3+2.
    await muster(api, gameId, 'p1', [{ ...treeman, rules: [{ id: 'stomp-attacks', params: { X: 'd3 + 2' } }] }])
    expect((await api.openGame(gameId)).state.units.treeman?.rules).toEqual([
      { id: 'stomp-attacks', params: { X: 'D3+2' } },
    ])
    await api.close()
  })

  it('refuses two units of one name, in one army or across the game, and a repeated id', async () => {
    const api = await openApi(tempDir())
    const gameId = await newGame(api)
    const spears = (id: string, name = 'Spearmen') => unitDef(id, { name })
    const twice = await refusal(muster(api, gameId, 'p1', [spears('spears'), spears('spears-2', 'spearmen ')]))
    expect(twice).toEqual({
      code: 'engine/duplicate-unit',
      message:
        'spearmen : Spearmen in this army is called that already; give each unit and character a name of its own, ' +
        'such as "spearmen 2"',
      field: { unit: 'spears-2', path: ['name'] },
    })
    const sameId = await refusal(muster(api, gameId, 'p1', [spears('spears'), spears('spears', 'Pikes')]))
    expect(sameId.message).toBe(
      `Pikes: the id "spears" is Spearmen in this army's already; each unit and character needs an id of its own`,
    )
    await muster(api, gameId, 'p1', [spears('spears')])
    const across = await refusal(muster(api, gameId, 'p2', [spears('other-spears')]))
    expect(across.message).toMatch(/^Spearmen: Anna's Spearmen is called that already/)
    expect(across.field).toEqual({ unit: 'other-spears', path: ['name'] })
    expect((await api.openGame(gameId)).seq).toBe(2)
    await api.close()
  })

  it("says what is wrong with a unit's shape in words, beside the field, never as a zod path", async () => {
    const api = await openApi(tempDir())
    const gameId = await newGame(api)
    const tooSkilled = unitDef('elves', { name: 'Sea Guard', profile: { WS: 11 } })
    expect(await refusal(muster(api, gameId, 'p1', [tooSkilled]))).toEqual({
      code: 'event/invalid',
      message: 'Sea Guard: WS must be at most 10',
      field: { unit: 'elves', path: ['profile', 'WS'] },
    })
    const noModels = await refusal(muster(api, gameId, 'p1', [unitDef('elves', { name: 'Sea Guard', models: 0 })]))
    expect(noModels).toMatchObject({ message: 'Sea Guard: Models must be at least 1', field: { path: ['models'] } })
    const badRef = { ...unitDef('elves', { name: 'Sea Guard' }), rules: [{ id: 'hatred', params: { enemies: [] } }] }
    // A rule is a bare id or { id, params }: one that is neither is refused at the rule, by its id.
    expect((await refusal(muster(api, gameId, 'p1', [badRef]))).field).toEqual({
      unit: 'elves',
      path: ['rules', 'hatred'],
    })
    await api.close()
  })

  it('refuses two players of one name or id when the game is created', async () => {
    const api = await openApi(tempDir())
    const create = (players: { id: string; name: string }[]) =>
      api.createGame({ ruleset: 'classic', players, actor: players[0]!.id })
    expect(
      await refusal(
        create([
          { id: 'anna', name: 'Anna' },
          { id: 'anna-2', name: ' anna' },
        ]),
      ),
    ).toEqual({
      code: 'engine/duplicate-player',
      message: 'two players are called "anna": give each player a name of their own',
      field: { path: ['players', 1, 'name'] },
    })
    expect(
      (
        await refusal(
          create([
            { id: 'anna', name: 'Anna' },
            { id: 'anna', name: 'Ben' },
          ]),
        )
      ).field,
    ).toEqual({ path: ['players', 1, 'id'] })
    expect(await api.listGames()).toEqual([])
    await api.close()
  })
})
