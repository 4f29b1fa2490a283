import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { LocalGameApi } from '../../core/api/index.js'
import { SCREEN_WRITE_HEADER, signScreenWrite } from '../../core/api/screen-writes.js'
import { newKeyPair, publicKeyText } from '../../core/api/signatures.js'
import type { ErrorData } from '../../core/events/errors.js'
import { type GameScope, joinWithKeyGate, type ScreenWrite, type WriteGate } from '../../electron/screen-scope.js'
import { startWebHost, type WebHost } from '../../electron/web-host.js'
import { openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
const running: { host: WebHost; api: LocalGameApi }[] = []
afterEach(async () => {
  for (const { host, api } of running.splice(0)) {
    await host.close()
    await api.close()
  }
})

const players = [
  { id: 'p1', name: 'One' },
  { id: 'p2', name: 'Two' },
]

/** A library of two games, and a second screen for the first (its write gate made for the api, if any). */
async function screenFor(gateFor?: (api: LocalGameApi) => WriteGate) {
  const dir = tempDir()
  const rendererDir = join(dir, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><arbiter-app></arbiter-app>')
  const api = await openApi(dir)
  const shown = (await api.createGame({ ruleset: 'classic', players, actor: 'p1', title: 'Shown' })).gameId
  const other = (await api.createGame({ ruleset: 'classic', players, actor: 'p1', title: 'Private' })).gameId
  const scope: GameScope = { kind: 'game', gameId: shown, ...(gateFor ? { authorizeWrite: gateFor(api) } : {}) }
  const heard: number[] = []
  const host = await startWebHost({ api, rendererDir, port: 0, scope, onEvent: (notice) => heard.push(notice.seq) })
  running.push({ host, api })
  const call = async (method: string, args: unknown[], headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${host.port}/api/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}`, ...headers },
      body: JSON.stringify({ args }),
    })
    return {
      status: response.status,
      body: (await response.json()) as { ok: boolean; value?: unknown; error?: ErrorData },
    }
  }
  return { api, host, shown, other, call, heard }
}

const note = (text: string) => ({ type: 'Note', actor: 'p1', payload: { text } })

describe('a second screen serves one game', () => {
  it('shows its game and the rules, and nothing else of the library', async () => {
    const { call, shown, other, host } = await screenFor()
    const listed = await call('listGames', [])
    expect((listed.body.value as { gameId: string }[]).map((game) => game.gameId)).toEqual([shown])
    expect((await call('openGame', [shown])).body.ok).toBe(true)
    expect((await call('status', [shown])).body.ok).toBe(true)
    expect((await call('replay', [shown])).body.ok).toBe(true)
    expect((await call('rulesets', [])).body.ok).toBe(true)
    for (const [method, args] of [
      ['openGame', [other]],
      ['status', [other]],
      ['exportGame', [other]],
      ['verifyGame', [other]],
    ] as const) {
      const answer = await call(method, [...args])
      expect(answer.status, method).toBe(403)
      expect(answer.body.error).toEqual({
        code: 'host/second-screen',
        message: `${method}: this second screen shows game ${shown} only, and nothing else of the library`,
      })
    }
    const screen = await fetch(`http://127.0.0.1:${host.port}/api/screen`, {
      headers: { authorization: `Bearer ${host.token}` },
    })
    expect(await screen.json()).toEqual({ ok: true, value: { kind: 'game', gameId: shown, writes: 'none' } })
  })

  it('records nothing: no write to its game, no new game, no import, no archive', async () => {
    const { call, api, shown } = await screenFor()
    const before = (await api.listGames()).length
    const append = await call('append', [shown, note('from the phone')])
    expect(append.status).toBe(403)
    expect(append.body.error).toEqual({
      code: 'host/second-screen',
      message: `append: this second screen only watches game ${shown}; record from the table's Arbiter`,
    })
    for (const [method, args] of [
      ['createGame', [{ ruleset: 'classic', players, actor: 'p1' }]],
      ['sampleGame', []],
      ['archiveGame', [shown, true]],
      ['importGame', ['{}']],
    ] as const)
      expect((await call(method, [...args])).body.error?.code, method).toBe('host/second-screen')
    expect((await api.status(shown)).seq).toBe(1)
    expect(await api.listGames()).toHaveLength(before)
    expect((await api.listGames()).every((game) => !game.archived)).toBe(true)
  })

  it("tells its pages of its own game's events only", async () => {
    const { api, host, shown, other } = await screenFor()
    const controller = new AbortController()
    const events = await fetch(`http://127.0.0.1:${host.port}/api/events`, {
      headers: { authorization: `Bearer ${host.token}` },
      signal: controller.signal,
    })
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader()
    await reader.read()
    const other2 = await api.append(other, note('private'))
    host.notify({ gameId: other, seq: other2.seq, type: other2.type })
    const shown2 = await api.append(shown, note('public'))
    host.notify({ gameId: shown, seq: shown2.seq, type: shown2.type })
    let text = ''
    while (!text.includes('\n\n')) text += (await reader.read()).value ?? ''
    controller.abort()
    expect(text).toBe(`data: ${JSON.stringify({ gameId: shown, seq: 2, type: 'Note' })}\n\n`)
  })

  it('lets a write through only where its gate says so, and shows the gate the request (where a key will plug in)', async () => {
    const seen: ScreenWrite[] = []
    const headers: (string | undefined)[] = []
    const { call, api, shown, host } = await screenFor(() => async (write) => {
      seen.push(write)
      headers.push(write.header('x-arbiter-player'))
      return write.header('x-arbiter-player') === 'p1'
        ? null
        : { code: 'host/second-screen', message: 'join with your key first' }
    })
    const refused = await call('append', [shown, note('no key')])
    expect(refused.status).toBe(403)
    expect(refused.body.error?.message).toBe('join with your key first')
    expect((await api.status(shown)).seq).toBe(1)
    const written = await call('append', [shown, note('joined')], { 'x-arbiter-player': 'p1' })
    expect(written.body.ok).toBe(true)
    expect((await api.status(shown)).seq).toBe(2)
    expect(seen.map((write) => [write.gameId, write.method])).toEqual([
      [shown, 'append'],
      [shown, 'append'],
    ])
    expect(headers).toEqual([undefined, 'p1'])
    const screen = await fetch(`http://127.0.0.1:${host.port}/api/screen`, {
      headers: { authorization: `Bearer ${host.token}` },
    })
    expect(((await screen.json()) as { value: { writes: string } }).value.writes).toBe('with-a-key')
  })

  it("takes a joined player's signed writes as that player, once, and nothing unsigned, replayed or in another's name", async () => {
    const { call, api, shown, heard } = await screenFor(joinWithKeyGate)
    const phone = await newKeyPair(false)
    const publicKey = await publicKeyText(phone.publicKey)
    const signedCall = async (method: 'append' | 'rollDice', args: unknown[], player = 'p1') => {
      const view = await api.openGame(shown)
      const header = await signScreenWrite(phone.privateKey, {
        gameId: shown,
        method,
        args,
        player,
        seq: view.seq,
        head: view.hash,
      })
      return { header, answer: await call(method, args, { [SCREEN_WRITE_HEADER]: header }) }
    }
    // Joining: p1 records the key the phone keeps, signed by it.
    const record = [
      shown,
      { type: 'PlayerKeyRecorded', actor: 'p1', payload: { player: 'p1', publicKey, holder: 'device' } },
      1,
    ]
    expect((await signedCall('append', record)).answer.body.ok).toBe(true)
    const noted = [shown, note('from the phone'), 2]
    const { header, answer } = await signedCall('append', noted)
    expect(answer.body.ok).toBe(true)
    expect(heard).toEqual([2, 3])
    // The same request again: refused (it was made at seq 2), and nothing written.
    const replayed = await call('append', noted, { [SCREEN_WRITE_HEADER]: header })
    expect(replayed.status).toBe(403)
    expect(replayed.body.error?.code).toBe('host/not-signed')
    // Unsigned; as p2; p1's key recorded as p2's too (the engine: one key, one player): refused.
    expect((await call('append', [shown, note('unsigned'), 3])).body.error?.code).toBe('host/not-signed')
    const asP2 = [shown, { type: 'Note', actor: 'p2', payload: { text: 'as p2' } }, 3]
    expect((await signedCall('append', asP2)).answer.body.error?.message).toBe(
      'append: p1 joined this screen and may record only as p1, not as p2',
    )
    const p2Key = [
      shown,
      { type: 'PlayerKeyRecorded', actor: 'p2', payload: { player: 'p2', publicKey, holder: 'device' } },
      3,
    ]
    expect((await signedCall('append', p2Key, 'p2')).answer.body.error?.code).toBe('engine/key-recorded')
    expect((await api.status(shown)).seq).toBe(3)
    expect((await api.openGame(shown)).state.signing?.keys.p2).toBeUndefined()
  })
})
