import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it, vi } from 'vitest'
import { LocalGameApi, listImportedPayload } from '../../core/api/index.js'
import { defaultMigrationsDir, loadMigrations, migrate } from '../../core/store/index.js'
import { openApi, testClock } from '../helpers/api-game.js'
import { unitDef } from '../helpers/classic-game.js'
import { useTempDir } from '../helpers/temp.js'

vi.mock('../../core/lists/owb.js', async () => import('../helpers/fake-owb-importer.js'))

const tempDir = useTempDir()
const players = [
  { id: 'p1', name: 'One' },
  { id: 'p2', name: 'Two' },
]
const elf = { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 }
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')
const list = (faction: string | null, ...names: string[]) =>
  base64({ name: 'Patrol', faction, units: names.map((name) => ({ name, models: 10 })) })

describe('the unit library (issue 20 item 4)', () => {
  it('migration 0008 adds it to a database made before it, leaving its games as they were', async () => {
    const dir = tempDir()
    const file = join(dir, 'old.sqlite')
    const old = await openApi(dir, 'old.sqlite')
    const { gameId } = await old.createGame({ ruleset: 'classic', players, actor: 'p1' })
    await old.close()
    // Taken back to version 7: the table dropped and the bookkeeping of 0008 forgotten, as a database made before it.
    const raw = new Database(file)
    raw.exec(`DROP TABLE unit_library; DELETE FROM schema_migrations WHERE version = 8; PRAGMA user_version = 7`)
    raw.close()
    const folder = join(dir, 'seven')
    mkdirSync(folder)
    for (const { name } of loadMigrations().slice(0, 7))
      copyFileSync(join(defaultMigrationsDir(), name), join(folder, name))
    const check = new Database(file)
    expect(migrate(check, folder)).toEqual([])
    expect(migrate(check)).toEqual([8])
    check.close()
    const api = await LocalGameApi.open(file, { mustExist: true, clock: testClock })
    expect((await api.verifyGame(gameId)).ok).toBe(true)
    expect(await api.libraryUnits('classic')).toEqual([])
    await api.close()
  })

  it('saves and looks up per ruleset and army; the same unit again keeps where it first came from', async () => {
    const api = await openApi(tempDir())
    const spears = unitDef('spears', { name: 'Eternal Guard', profile: elf, rules: [] })
    const saved = await api.saveLibraryUnit('old-world', 'Wood Elf Realms', spears, 'typed by a player')
    expect(saved).toMatchObject({ ruleset: 'old-world', army: 'wood-elf-realms', name: 'Eternal Guard' })
    expect(saved.unit.profile).toEqual(elf)
    const again = await api.saveLibraryUnit('old-world', 'wood-elf-realms', spears, 'read from patrol.owb.json')
    expect(again.source).toBe('typed by a player')
    const changed = { ...spears, profile: { ...elf, WS: 5 } }
    expect((await api.saveLibraryUnit('old-world', 'Wood Elf Realms', changed, 'typed again')).source).toBe(
      'typed again',
    )
    await api.saveLibraryUnit('old-world', 'Dark Elves', { ...spears, name: 'Spearmen' }, 'typed by a player')
    await api.saveLibraryUnit('old-world', null, { ...spears, name: 'Militia' }, 'typed by a player')
    await api.saveLibraryUnit('classic', 'Dark Elves', { ...spears, name: 'Corsairs' }, 'typed by a player')
    expect((await api.libraryUnits('old-world')).map((entry) => `${entry.army}/${entry.name}`)).toEqual([
      '/Militia',
      'dark-elves/Spearmen',
      'wood-elf-realms/Eternal Guard',
    ])
    expect((await api.libraryUnits('old-world', 'Dark Elves')).map((entry) => entry.name)).toEqual(['Spearmen'])
    expect((await api.libraryUnits('old-world', '')).map((entry) => entry.name)).toEqual(['Militia'])
    expect((await api.libraryUnits('classic')).map((entry) => entry.name)).toEqual(['Corsairs'])
    await api.close()
  })

  it('refuses a unit a muster would refuse, and a read-only library, and saves nothing', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const bad = { ...unitDef('x'), profile: { ...elf, WS: 11 } }
    await expect(api.saveLibraryUnit('old-world', 'Dark Elves', bad, 'typed')).rejects.toMatchObject({
      code: 'event/invalid',
      message: expect.stringContaining('WS'),
    })
    await expect(api.saveLibraryUnit('no-such', null, unitDef('x'), 'typed')).rejects.toMatchObject({
      code: 'api/unknown-ruleset',
    })
    await expect(api.saveLibraryUnit('old-world', null, unitDef('x'), 'two\nlines')).rejects.toMatchObject({
      code: 'api/bad-arguments',
    })
    expect(await api.libraryUnits('old-world')).toEqual([])
    await api.close()
    const reader = await LocalGameApi.open(join(dir, 'arbiter.sqlite'), { readOnly: true })
    await expect(reader.saveLibraryUnit('old-world', null, unitDef('x'), 'typed')).rejects.toMatchObject({
      code: 'store/read-only',
    })
    await reader.close()
  })

  it("is never part of a game's log: saving writes no event and an export carries none of it", async () => {
    const api = await openApi(tempDir())
    const { gameId } = await api.createGame({ ruleset: 'old-world', players, actor: 'p1' })
    const before = await api.exportGame(gameId)
    await api.saveLibraryUnit('old-world', 'Dark Elves', unitDef('corsairs', { name: 'Corsairs' }), 'typed')
    expect(await api.exportGame(gameId)).toEqual(before)
    expect(before.text).not.toContain('Corsairs')
    expect((await api.verifyGame(gameId)).ok).toBe(true)
    await api.close()
  })

  it('keeps the units of an army mustered through the api, under the army of the list it names', async () => {
    const api = await openApi(tempDir())
    const { gameId } = await api.createGame({ ruleset: 'old-world', players, actor: 'p1' })
    const read = await api.importList('old-world', 'patrol.owb.json', list('Wood Elf Realms', 'Eternal Guard'))
    expect(read.needs.map((need) => need.unit)).toEqual(['u1'])
    await api.append(gameId, { type: 'ListImported', actor: 'p1', payload: listImportedPayload('p1', read) })
    const typed = read.units.map((unit) => ({ ...unit, profile: elf }))
    await api.append(gameId, {
      type: 'ArmyMustered',
      actor: 'p1',
      payload: { player: 'p1', units: typed, list: read.fileHash },
    })
    // Without a list: under the units' race; a ready troop loaded unchanged is not kept (the catalogue has it).
    const [stateTroops] = await api.troops('old-world')
    await api.append(gameId, {
      type: 'ArmyMustered',
      actor: 'p2',
      payload: {
        player: 'p2',
        units: [stateTroops?.unit, unitDef('raiders', { name: 'Raiders', race: 'dark-elves' })],
      },
    })
    expect((await api.libraryUnits('old-world')).map((entry) => [entry.army, entry.name, entry.source])).toEqual([
      ['dark-elves', 'Raiders', 'typed by a player at muster'],
      ['wood-elf-realms', 'Eternal Guard', 'typed by a player at muster'],
    ])

    // The next list that names the unit maps it from the library, and says where the profile came from.
    const next = await api.importList('old-world', 'again.owb.json', list('Wood Elf Realms', 'Eternal Guard', 'Scouts'))
    expect(next.profiles).toEqual({ u1: 'library', u2: 'player' })
    expect(next.units[0]?.profile).toEqual(elf)
    expect(next.librarySources).toEqual({ u1: 'typed by a player at muster' })
    expect(next.needs.map((need) => need.unit)).toEqual(['u2'])
    // Another army's list does not find it.
    const other = await api.importList('old-world', 'dark.owb.json', list('Dark Elves', 'Eternal Guard'))
    expect(other.profiles).toEqual({ u1: 'player' })
    await api.close()
  })
})

describe('api.importList (issue 20 item 2)', () => {
  it('reads the bytes as sent, works out their sha256, and changes nothing', async () => {
    const api = await openApi(tempDir())
    const text = JSON.stringify({ name: 'P', faction: null, units: [{ name: 'Guard', models: 5, profile: elf }] })
    const read = await api.importList('old-world', 'p.owb.json', Buffer.from(text).toString('base64'))
    const { sha256Hex } = await import('../../core/store/index.js')
    expect(read.fileHash).toBe(sha256Hex(Buffer.from(text)))
    expect(read).toMatchObject({
      format: 'owb',
      fileName: 'p.owb.json',
      ruleset: 'old-world',
      profiles: { u1: 'file' },
    })
    expect(await api.listGames()).toEqual([])
    expect(await api.libraryUnits('old-world')).toEqual([])
    await api.close()
  })

  it('refuses a file of no known kind, one too large, bytes not in base64, and an unknown ruleset', async () => {
    const api = await openApi(tempDir())
    await expect(api.importList('old-world', 'army.txt', base64({}))).rejects.toMatchObject({
      code: 'list/unknown-format',
      message: expect.stringContaining('army.txt: not a list Arbiter reads'),
    })
    const huge = 'A'.repeat(14 * 1024 * 1024)
    await expect(api.importList('old-world', 'big.owb.json', huge)).rejects.toMatchObject({ code: 'list/too-large' })
    await expect(api.importList('old-world', 'x.owb.json', 'not base64!')).rejects.toMatchObject({
      code: 'list/bad-file',
    })
    await expect(api.importList('nope', 'x.owb.json', base64({}))).rejects.toMatchObject({
      code: 'api/unknown-ruleset',
    })
    await api.close()
  })
})

describe('ready troops by army (issue 20 item 4)', () => {
  it("gives an army's own troops and those of no army; without an army, all of them", async () => {
    const api = await openApi(tempDir())
    const all = await api.troops('old-world')
    const wood = await api.troops('old-world', 'Wood Elf Realms')
    const dark = await api.troops('old-world', 'dark-elves')
    expect(wood.map((troop) => troop.id)).toContain('treeman')
    expect(dark.map((troop) => troop.id)).not.toContain('treeman')
    for (const troop of [...wood, ...dark]) expect([undefined, 'wood-elves', 'dark-elves']).toContain(troop.unit.race)
    expect(dark.every((troop) => troop.unit.race !== 'wood-elves')).toBe(true)
    expect(all.some((troop) => troop.unit.race === 'wood-elves')).toBe(true)
    const classic = await api.troops('classic', 'Dark Elves')
    expect(classic.some((troop) => troop.unit.race === 'dark-elves')).toBe(true)
    expect((await api.troops('classic', 'Wood Elf Realms')).some((t) => t.unit.race === 'dark-elves')).toBe(false)
    await api.close()
  })
})
