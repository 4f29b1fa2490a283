import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { type GameApi, gameApiArgs, gameApiMethods, LocalGameApi } from '../../core/api/index.js'
import { checkArgs } from '../../core/api/method-args.js'
import { ftsQuery } from '../../core/store/rules-search.js'
import { openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

describe('GameApi: rulesets and the catalogue', () => {
  it('lists the classic and Old World rulesets with their variants, default variant and phases', async () => {
    const api = await openApi(tempDir())
    const [classic, oldWorld, ...others] = await api.rulesets()
    expect(others).toEqual([])
    expect(oldWorld).toMatchObject({ id: 'old-world', defaultVariant: 'old-world' })
    expect(oldWorld!.phases).toEqual(['strategy', 'movement', 'shooting', 'close-combat'])
    // Each ruleset's own troop types, for a muster screen to offer: the behemoth is The Old World's alone.
    expect(oldWorld!.troopTypes).toContain('behemoth')
    expect(classic!.troopTypes).toContain('monster')
    expect(classic!.troopTypes).not.toContain('behemoth')
    expect(classic).toMatchObject({ id: 'classic', defaultVariant: 'classic' })
    expect(classic!.variants.map((variant) => variant.id)).toEqual(['classic', 'classic-8th'])
    expect(classic!.phases).toEqual(['movement', 'magic', 'shooting', 'close-combat'])
    await api.close()
  })

  it('gives every catalogue entry with its text, clauses and parameters, and no effect code', async () => {
    const api = await openApi(tempDir())
    const entries = await api.catalogue('classic')
    const breakTest = entries.find((entry) => entry.id === 'break-test')
    expect(breakTest).toMatchObject({ name: expect.any(String), kind: 'core', enforcement: 'enforced', params: {} })
    expect(Object.keys(breakTest!.clauses)).toContain('modifier')
    for (const entry of entries)
      expect(Object.keys(entry).sort()).toEqual([
        'clauses',
        'enforcement',
        'id',
        'kind',
        'name',
        'paramKinds',
        'params',
        'text',
      ])
    // How each parameter is written, for the muster screen to read what a player types.
    expect(entries.find((entry) => entry.id === 'regeneration')?.paramKinds).toEqual({ save: 'save' })
    expect(entries.find((entry) => entry.id === 'repeater-crossbow')?.paramKinds).toMatchObject({ range: 'inches' })
    await expect(api.catalogue('modern')).rejects.toMatchObject({ code: 'api/unknown-ruleset' })
    await api.close()
  })
})

describe('GameApi: rules search (FTS5)', () => {
  it('ranks the entry named by the words first, and matches the start of a word', async () => {
    const api = await openApi(tempDir())
    expect((await api.searchRules('classic', 'break')).map((entry) => entry.id)[0]).toBe('break-test')
    expect((await api.searchRules('classic', 'strikes first')).map((entry) => entry.id)[0]).toBe('always-strikes-first')
    expect((await api.searchRules('classic', 'armour save')).map((entry) => entry.id)[0]).toBe('armour-save')
    const armour = (await api.searchRules('classic', 'arm')).map((entry) => entry.id)
    expect(armour).toEqual(expect.arrayContaining(['light-armour', 'heavy-armour', 'armour-save']))
    await api.close()
  })

  it('takes FTS5 syntax as plain words: no query throws an SQLite error', async () => {
    const api = await openApi(tempDir())
    for (const query of [
      '"',
      'AND',
      'break AND',
      'NEAR(',
      '*',
      'name:break',
      '(',
      '^ward',
      "'; DROP TABLE events; --",
      '',
    ])
      expect(Array.isArray(await api.searchRules('classic', query)), query).toBe(true)
    // Punctuation splits words: an id with its hyphen finds its entry.
    expect((await api.searchRules('classic', 'break-test')).map((entry) => entry.id)[0]).toBe('break-test')
    expect(await api.searchRules('classic', '  ')).toEqual([])
    await expect(api.searchRules('modern', 'break')).rejects.toMatchObject({ code: 'api/unknown-ruleset' })
    await api.close()
  })

  it('quotes every word of a query', () => {
    expect(ftsQuery('strikes "first" NEAR(x)')).toBe('"strikes"* "first"* "NEAR"* "x"*')
    expect(ftsQuery('-- ** ::')).toBeNull()
  })

  it('fills the index once per catalogue and refills it when the catalogue differs', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    await api.searchRules('classic', 'break')
    const entryCount = (await api.catalogue('classic')).length
    await api.close()
    const db = new Database(`${dir}/arbiter.sqlite`)
    const rows = () => db.prepare(`SELECT count(*) AS n FROM rules_search WHERE ruleset = 'classic'`).get()
    expect(rows()).toEqual({ n: entryCount })
    // A stale index (another catalogue's rows) is replaced, not added to.
    db.prepare(`UPDATE rules_search_source SET catalogue_hash = 'older' WHERE ruleset = 'classic'`).run()
    db.prepare(
      `INSERT INTO rules_search (ruleset, entry_id, name, words, text, clauses) VALUES ('classic', 'gone', 'Gone rule', '', '', '')`,
    ).run()
    db.close()
    const again = await openApi(dir)
    expect((await again.searchRules('classic', 'gone')).map((entry) => entry.id)).toEqual([])
    await again.close()
    const check = new Database(`${dir}/arbiter.sqlite`, { readonly: true })
    expect(check.prepare(`SELECT count(*) AS n FROM rules_search WHERE ruleset = 'classic'`).get()).toEqual({
      n: entryCount,
    })
    check.close()
  })
})

describe('GameApi method list', () => {
  it('names every method LocalGameApi has from the contract, once', () => {
    expect(new Set(gameApiMethods).size).toBe(gameApiMethods.length)
    for (const method of gameApiMethods) expect(typeof LocalGameApi.prototype[method], method).toBe('function')
    expect(Object.keys(gameApiArgs).sort()).toEqual([...gameApiMethods].sort())
  })

  it('argument checks refuse a wrong shape, naming the method and the argument', () => {
    expect(() => checkArgs('openGame', ['game', 'ten'])).toThrow(/^openGame: argument 2: /)
    expect(() => checkArgs('append', ['game', { type: 'Note', actor: 'p1' }, 3, 4])).toThrow(/^append: the arguments/)
    expect(() => checkArgs('createGame', [{ ruleset: 'classic', players: [], actor: 'p1', extra: 1 }])).toThrow(
      /^createGame: argument 1: /,
    )
    expect(() => checkArgs('status', 'game')).toThrow(/status: the arguments must be a list, not a string/)
    // An optional argument sent as null (JSON's undefined) is left out.
    expect(checkArgs('openGame', ['game', null])).toEqual(['game', undefined])
    const args: Parameters<GameApi['replay']> = checkArgs('replay', ['game', { fromSeq: 2 }])
    expect(args).toEqual(['game', { fromSeq: 2 }])
  })
})
