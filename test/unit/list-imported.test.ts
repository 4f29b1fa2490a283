import { describe, expect, it, vi } from 'vitest'
import { type LocalGameApi, listImportedPayload } from '../../core/api/index.js'
import { listImportedPayload as fromLists } from '../../core/lists/list-event.js'
import { openApi } from '../helpers/api-game.js'
import { unitDef } from '../helpers/classic-game.js'
import { useTempDir } from '../helpers/temp.js'

vi.mock('../../core/lists/owb.js', async () => import('../helpers/fake-owb-importer.js'))

const tempDir = useTempDir()
const players = [
  { id: 'p1', name: 'One' },
  { id: 'p2', name: 'Two' },
]
const soldier = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }
const listFile = JSON.stringify({
  name: 'Border patrol',
  faction: 'Wood Elf Realms',
  units: [
    { name: 'Glade Guard', models: 10, profile: { ...soldier, BS: 4 } },
    { name: 'Eternal Guard', models: 12 },
  ],
})
const base64 = (text: string) => Buffer.from(text).toString('base64')

async function game(api: LocalGameApi): Promise<string> {
  return (await api.createGame({ ruleset: 'old-world', players, actor: 'p1' })).gameId
}

async function imported(api: LocalGameApi) {
  return api.importList('old-world', 'patrol.owb.json', base64(listFile))
}

describe('ListImported (issue 20 item 3)', () => {
  it('keeps the player list in the game, and the army mustered from it names it by sha256', async () => {
    const api = await openApi(tempDir())
    const gameId = await game(api)
    const list = await imported(api)
    expect(list.fileHash).toMatch(/^[0-9a-f]{64}$/)
    const step = await api.append(gameId, {
      type: 'ListImported',
      actor: 'p1',
      payload: listImportedPayload('p1', list),
    })
    expect(step.explanation?.text).toContain('p1 imports Border patrol (owb patrol.owb.json')
    expect(step.explanation?.text).toContain('2 rows, 1 not mapped')
    const units = list.units.map((unit) => (unit.id === 'u2' ? { ...unit, profile: { ...soldier, WS: 5 } } : unit))
    await api.append(gameId, {
      type: 'ArmyMustered',
      actor: 'p1',
      payload: { player: 'p1', units, list: list.fileHash },
    })
    const { state } = await api.openGame(gameId)
    expect(state.lists?.p1?.file).toEqual({ name: 'patrol.owb.json', format: 'owb', sha256: list.fileHash })
    expect(state.lists?.p1?.army).toEqual({ name: 'Border patrol', faction: 'Wood Elf Realms', points: null })
    expect(state.lists?.p1?.rows.map((row) => row.status)).toEqual(['mapped', 'not-mapped'])
    expect(state.lists?.p1?.seq).toBe(2)
    expect(state.units.u1?.player).toBe('p1')
    await api.close()
  })

  it('refuses a list that is not the player own, or recorded by no player, or after the game started', async () => {
    const api = await openApi(tempDir())
    const gameId = await game(api)
    const payload = listImportedPayload('p1', await imported(api))
    await expect(api.append(gameId, { type: 'ListImported', actor: 'p2', payload })).rejects.toMatchObject({
      code: 'engine/not-entitled',
      message: expect.stringContaining("ListImported of p1's army is p1's to record, not p2's"),
    })
    await expect(api.append(gameId, { type: 'ListImported', actor: 'umpire', payload })).rejects.toMatchObject({
      code: 'engine/not-a-player',
    })
    const stranger = { ...payload, player: 'p3' }
    await expect(api.append(gameId, { type: 'ListImported', actor: 'p1', payload: stranger })).rejects.toMatchObject({
      code: 'engine/unknown-player',
    })
    await api.append(gameId, { type: 'ArmyMustered', actor: 'p1', payload: { player: 'p1', units: [unitDef('a')] } })
    await api.append(gameId, { type: 'ArmyMustered', actor: 'p2', payload: { player: 'p2', units: [unitDef('b')] } })
    await api.append(gameId, { type: 'TurnStarted', actor: 'p1', payload: { turn: 1, player: 'p1' } })
    await expect(api.append(gameId, { type: 'ListImported', actor: 'p1', payload })).rejects.toMatchObject({
      code: 'engine/game-started',
      message: expect.stringContaining('a list is imported before the first turn'),
    })
    expect((await api.status(gameId)).seq).toBe(4)
    expect((await api.openGame(gameId)).state.lists).toBeUndefined()
    await api.close()
  })

  it('refuses a malformed ListImported by its field, and an army naming a list its player did not import', async () => {
    const api = await openApi(tempDir())
    const gameId = await game(api)
    const payload = listImportedPayload('p1', await imported(api))
    const bad = { ...payload, file: { ...payload.file, sha256: 'not-a-hash' } }
    await expect(api.append(gameId, { type: 'ListImported', actor: 'p1', payload: bad })).rejects.toMatchObject({
      code: 'event/invalid',
      message: expect.stringContaining('payload.file.sha256'),
    })
    const tooMany = { ...payload, rows: Array.from({ length: 5001 }, () => payload.rows[0]) }
    await expect(api.append(gameId, { type: 'ListImported', actor: 'p1', payload: tooMany })).rejects.toMatchObject({
      code: 'event/invalid',
      message: expect.stringContaining('payload.rows'),
    })
    const army = { player: 'p1', units: [unitDef('a')], list: payload.file.sha256 }
    await expect(api.append(gameId, { type: 'ArmyMustered', actor: 'p1', payload: army })).rejects.toMatchObject({
      code: 'engine/unknown-list',
      message: expect.stringContaining('which is not the list p1 imported (none)'),
    })
    await api.append(gameId, { type: 'ListImported', actor: 'p1', payload })
    const other = { ...army, list: 'a'.repeat(64) }
    await expect(api.append(gameId, { type: 'ArmyMustered', actor: 'p1', payload: other })).rejects.toMatchObject({
      code: 'engine/unknown-list',
    })
    expect((await api.status(gameId)).seq).toBe(2)
    await api.close()
  })

  it('cuts long texts and keeps a word for rows beyond what the record keeps', () => {
    const row = { path: 'p', kind: 'rule', text: 'x'.repeat(900), status: 'not-mapped' } as const
    const list = {
      format: 'owb',
      fileName: 'big.owb.json',
      fileHash: 'b'.repeat(64),
      ruleset: 'old-world',
      army: { name: 'Big', faction: null, points: 10 },
      units: [],
      profiles: {},
      needs: [],
      rows: Array.from({ length: 6000 }, () => row),
    } as const
    const payload = fromLists('p1', list)
    expect(payload.rows).toHaveLength(5000)
    expect(payload.rows[0]?.text).toHaveLength(500)
    expect(payload.rows[0]?.text.endsWith('…')).toBe(true)
    expect(payload.rows.at(-1)).toMatchObject({ text: '1001 more rows', note: 'not kept in the game record' })
  })

  it('goes out in the exported log and comes back: the imported game replays with the list', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const gameId = await game(api)
    const list = await imported(api)
    await api.append(gameId, { type: 'ListImported', actor: 'p1', payload: listImportedPayload('p1', list) })
    const units = list.units.map((unit) => ({ ...unit, profile: soldier }))
    await api.append(gameId, {
      type: 'ArmyMustered',
      actor: 'p1',
      payload: { player: 'p1', units, list: list.fileHash },
    })
    await api.append(gameId, { type: 'ArmyMustered', actor: 'p2', payload: { player: 'p2', units: [unitDef('b')] } })
    await api.append(gameId, { type: 'TurnStarted', actor: 'p1', payload: { turn: 1, player: 'p1' } })
    const exported = await api.exportGame(gameId)
    const lines = exported.text.trimEnd().split('\n')
    expect(lines.map((line) => (JSON.parse(line) as { type?: string }).type)).toEqual([
      'GameCreated',
      'ListImported',
      'ArmyMustered',
      'ArmyMustered',
      'TurnStarted',
      undefined,
    ])
    const before = (await api.openGame(gameId)).state
    await api.close()

    const other = await openApi(tempDir())
    expect(await other.importGame(exported.text)).toEqual({ gameId, events: 5 })
    const replayed = await other.replay(gameId)
    expect(replayed.steps.map((step) => step.type)).toContain('ListImported')
    expect(replayed.view?.state.lists).toEqual(before.lists)
    expect(replayed.view?.state.lists?.p1?.file.sha256).toBe(list.fileHash)
    expect((await other.verifyGame(gameId)).ok).toBe(true)
    // A log whose list was changed after it was recorded is refused by its hash chain.
    const forged = exported.text.replace('"Border patrol"', '"Border raid"')
    const third = await openApi(tempDir())
    await expect(third.importGame(forged)).rejects.toMatchObject({ code: expect.stringMatching(/^import\//) })
    await other.close()
    await third.close()
  })
})
