import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import type { GameListing, LocalGameApi } from '../../core/api/index.js'
import { startWebHost, type WebHost } from '../../electron/web-host.js'
import { openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

const players = [
  { id: 'anna', name: 'Anna' },
  { id: 'ben', name: 'Ben' },
]

async function game(api: LocalGameApi, title: string): Promise<string> {
  return (await api.createGame({ ruleset: 'classic', players, title, actor: 'anna' })).gameId
}

const shown = (games: GameListing[]) =>
  games.map((each) => (each.intact ? `${each.title}${each.archived ? ' (archived)' : ''}` : 'broken'))

/** Every stored event of every game, as the database holds them. */
function eventRows(file: string): unknown[] {
  const db = new Database(file, { readonly: true })
  try {
    return db.prepare('SELECT * FROM events ORDER BY game_id, seq').all()
  } finally {
    db.close()
  }
}

describe('library housekeeping through the api', () => {
  it('archives a game (still listed, marked, never deleted) and restores it; its events are untouched', async () => {
    const dir = tempDir()
    const api = await openApi(dir)
    const kept = await game(api, 'Kept')
    const old = await game(api, 'Old')
    const before = eventRows(join(dir, 'arbiter.sqlite'))
    await api.archiveGame(old, true)
    expect(shown(await api.listGames())).toEqual(['Kept', 'Old (archived)'])
    // Archived is not gone: it opens, verifies and exports as before.
    expect((await api.openGame(old)).state.title).toBe('Old')
    expect(await api.verifyGame(old)).toMatchObject({ ok: true, events: 1 })
    expect(eventRows(join(dir, 'arbiter.sqlite'))).toEqual(before)
    await api.archiveGame(old, false)
    expect(shown(await api.listGames())).toEqual(['Kept', 'Old'])
    expect(eventRows(join(dir, 'arbiter.sqlite'))).toEqual(before)
    await expect(api.archiveGame('no-such-game', true)).rejects.toMatchObject({ code: 'store/unknown-game' })
    expect((await api.listGames()).map((each) => each.gameId)).toEqual([kept, old])
    await api.close()
  })

  it('lists each game with its players by name', async () => {
    const api = await openApi(tempDir())
    await game(api, 'Named')
    expect(await api.listGames()).toMatchObject([{ intact: true, title: 'Named', players }])
    await api.close()
  })

  it('records the sample game once, then gives the same game back, restored if it was archived', async () => {
    const api = await openApi(tempDir())
    await game(api, 'Demo: the Boyz charge the Warriors')
    const first = await api.sampleGame()
    expect(first.created).toBe(true)
    expect((await api.status(first.gameId)).seq).toBe(25)
    expect(await api.sampleGame()).toEqual({ gameId: first.gameId, created: false })
    await api.archiveGame(first.gameId, true)
    expect(await api.sampleGame()).toEqual({ gameId: first.gameId, created: false })
    // Found by the library's own mark, not by its title: a game of the same title is not taken for it.
    const listed = await api.listGames()
    expect(listed.filter((each) => each.intact && each.sample).map((each) => each.gameId)).toEqual([first.gameId])
    expect(listed.filter((each) => each.intact && each.archived)).toEqual([])
    expect(listed).toHaveLength(2)
    await api.close()
  })
})

describe('library housekeeping through the web host', () => {
  let running: { host: WebHost; api: LocalGameApi } | null = null
  afterEach(async () => {
    await running?.host.close()
    await running?.api.close()
    running = null
  })

  it('archives and restores over HTTP, records the sample once, and refuses a malformed call', async () => {
    const dir = tempDir()
    const rendererDir = join(dir, 'renderer')
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Arbiter</title>')
    const api = await openApi(dir)
    const host = await startWebHost({ api, rendererDir, port: 0 })
    running = { host, api }
    const call = async (method: string, args: unknown[]) => {
      const response = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` },
        body: JSON.stringify({ args }),
      })
      return { status: response.status, body: (await response.json()) as { ok: boolean; value?: unknown } }
    }
    const gameId = await game(api, 'Over the wire')
    expect(await call('archiveGame', [gameId, true])).toEqual({ status: 200, body: { ok: true, value: null } })
    expect(shown(await api.listGames())).toEqual(['Over the wire (archived)'])
    expect(await call('archiveGame', [gameId, false])).toEqual({ status: 200, body: { ok: true, value: null } })
    expect(shown(await api.listGames())).toEqual(['Over the wire'])
    const bad = await call('archiveGame', [gameId, 'yes'])
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ ok: false, error: { code: 'api/bad-arguments' } })
    const sample = await call('sampleGame', [])
    expect(sample.body).toMatchObject({ ok: true, value: { created: true } })
    expect((await call('sampleGame', [])).body).toEqual({
      ok: true,
      value: { gameId: (sample.body.value as { gameId: string }).gameId, created: false },
    })
  })
})
