import Database from 'better-sqlite3'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type GameApi, gameApiArgs, gameApiMethods, LocalGameApi } from '../../core/api/index.js'
import { checkArgs } from '../../core/api/method-args.js'
import { searchTerms } from '../../core/store/rules-search.js'
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

  it('finds a rule from every start of its name a player types on the way to the whole word', async () => {
    const api = await openApi(tempDir())
    const ids = async (query: string) => (await api.searchRules('classic', query)).map((entry) => entry.id)
    // "regener" is Regeneration's porter stem: the letters typed past it match only unstemmed.
    for (let end = 2; end <= 'regeneration'.length; end++)
      expect(await ids('regeneration'.slice(0, end)), 'regeneration'.slice(0, end)).toContain('regeneration')
    expect((await ids('regenerat'))[0]).toBe('regeneration')
    for (let end = 2; end <= 'pursuit'.length; end++)
      expect(await ids('Pursuit'.slice(0, end)), 'pursuit'.slice(0, end)).toContain('flee-and-pursuit')
    // A word that starts no word of any entry finds nothing, and so does one of two words.
    expect(await ids('regenerationx')).toEqual([])
    expect(await ids('regeneration zzz')).toEqual([])
    await api.close()
  })

  it('reads US spellings as the British ones the rules are written in', async () => {
    const api = await openApi(tempDir())
    const ids = async (ruleset: string, query: string) =>
      (await api.searchRules(ruleset, query)).map((entry) => entry.id)
    expect(await ids('classic', 'armor')).toEqual(await ids('classic', 'armour'))
    expect(await ids('classic', 'armor')).toEqual(
      expect.arrayContaining(['light-armour', 'heavy-armour', 'armour-save']),
    )
    expect((await ids('classic', 'armor save'))[0]).toBe('armour-save')
    expect((await ids('classic', 'heavy armor'))[0]).toBe('heavy-armour')
    expect(await ids('old-world', 'armored hide')).toContain('armoured-hide')
    // Cut short before the spellings part: still the start of the British word.
    expect(await ids('classic', 'armo')).toEqual(expect.arrayContaining(['light-armour', 'armour-save']))
    expect(await ids('classic', 'unarmored')).toContain('armour-save')
    await api.close()
  })

  it('finds a rule from a plural or another form of a word in it', async () => {
    const api = await openApi(tempDir())
    const ids = async (ruleset: string, query: string) =>
      (await api.searchRules(ruleset, query)).map((entry) => entry.id)
    expect((await ids('classic', 'hatreds'))[0]).toBe('hatred')
    expect(await ids('classic', 'spears')).toContain('spear')
    expect(await ids('classic', 'halberds')).toContain('halberd')
    expect(await ids('old-world', 'lances')).toContain('lance')
    expect(await ids('classic', 'charging')).toContain('charge')
    expect((await ids('old-world', 'champions'))[0]).toBe('champion')
    // Each word by its own way: one cut short, the other a plural.
    expect(await ids('classic', 'regenerat wounds')).toContain('regeneration')
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
      'é ǅ ﬁ 𝔸 ß İ',
      'a '.repeat(500),
    ])
      expect(Array.isArray(await api.searchRules('classic', query)), query).toBe(true)
    // Any text a player can type (up to the 1000 characters the api takes) is a query.
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 200 }), async (query) => {
        expect(Array.isArray(await api.searchRules('classic', query))).toBe(true)
      }),
      { numRuns: 150 },
    )
    // Punctuation splits words: an id with its hyphen finds its entry.
    expect((await api.searchRules('classic', 'break-test')).map((entry) => entry.id)[0]).toBe('break-test')
    expect(await api.searchRules('classic', '  ')).toEqual([])
    await expect(api.searchRules('modern', 'break')).rejects.toMatchObject({ code: 'api/unknown-ruleset' })
    await api.close()
  })

  it('quotes every word of a query, once, in the spelling the index holds', () => {
    expect(searchTerms('strikes "first" NEAR(x) first')).toEqual(['"strikes"*', '"first"*', '"near"*', '"x"*'])
    expect(searchTerms('Armored COLOR')).toEqual(['"armoured"*', '"colour"*'])
    expect(searchTerms('-- ** ::')).toEqual([])
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
    // The unstemmed twin (migration 0004) holds the same rows.
    expect(db.prepare(`SELECT count(*) AS n FROM rules_search_words WHERE ruleset = 'classic'`).get()).toEqual({
      n: entryCount,
    })
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
