import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { LocalGameApi } from '../../core/api/index.js'
import { filesCookieName, foreignRequestRefusal, isJsonContentType } from '../../electron/request-guard.js'
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

async function start(): Promise<{ host: WebHost; api: LocalGameApi; address: string }> {
  const dir = tempDir()
  const rendererDir = join(dir, 'renderer')
  mkdirSync(rendererDir, { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><arbiter-app></arbiter-app>')
  const api = await openApi(dir)
  const host = await startWebHost({ api, rendererDir, port: 0 })
  running.push({ host, api })
  return { host, api, address: `127.0.0.1:${host.port}` }
}

interface Raw {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

/** A request with exactly these headers (fetch would not let a test set Host). */
function raw(port: number, method: string, path: string, headers: Record<string, string>, body = ''): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const note = (gameId: string, text: string) => ({
  args: [gameId, { type: 'Note', actor: 'p1', payload: { text } }],
})

async function newGame(api: LocalGameApi): Promise<string> {
  const { gameId } = await api.createGame({
    ruleset: 'classic',
    players: [
      { id: 'p1', name: 'One' },
      { id: 'p2', name: 'Two' },
    ],
    actor: 'p1',
  })
  return gameId
}

describe('what the web host believes of a request (pure)', () => {
  const address = '127.0.0.1:5000'
  const facts = { host: address, origin: undefined, secFetchSite: undefined, isApi: true }

  it('passes its own origin, and a client that says nothing of where it comes from', () => {
    expect(foreignRequestRefusal(facts, address)).toBeNull()
    expect(
      foreignRequestRefusal({ ...facts, origin: 'http://127.0.0.1:5000', secFetchSite: 'same-origin' }, address),
    ).toBeNull()
    // A typed address opens the page, never the API.
    expect(foreignRequestRefusal({ ...facts, isApi: false, secFetchSite: 'none' }, address)).toBeNull()
    expect(foreignRequestRefusal({ ...facts, secFetchSite: 'none' }, address)?.code).toBe('host/foreign-origin')
  })

  it('refuses another Host (DNS rebinding), another port of the same host, another site', () => {
    expect(foreignRequestRefusal({ ...facts, host: 'evil.example:5000' }, address)).toMatchObject({
      code: 'host/wrong-host',
      message: 'this Arbiter answers only at 127.0.0.1:5000, not at "evil.example:5000"',
    })
    expect(foreignRequestRefusal({ ...facts, host: 'localhost:5000' }, address)?.code).toBe('host/wrong-host')
    expect(foreignRequestRefusal({ ...facts, host: undefined }, address)?.code).toBe('host/wrong-host')
    expect(foreignRequestRefusal({ ...facts, origin: 'http://127.0.0.1:5001' }, address)?.code).toBe(
      'host/foreign-origin',
    )
    expect(foreignRequestRefusal({ ...facts, origin: 'null' }, address)?.code).toBe('host/foreign-origin')
    for (const site of ['same-site', 'cross-site'])
      expect(foreignRequestRefusal({ ...facts, secFetchSite: site }, address)?.code).toBe('host/foreign-origin')
  })

  it('reads only application/json as JSON', () => {
    expect(isJsonContentType('application/json')).toBe(true)
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true)
    for (const type of [undefined, 'text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded'])
      expect(isJsonContentType(type)).toBe(false)
    expect(filesCookieName(5000)).toBe('arbiter-files-5000')
  })
})

describe('the web host refuses what only its own pages should send', () => {
  it('refuses a wrong Host header, on a page and on a call', async () => {
    const { host, api } = await start()
    const gameId = await newGame(api)
    const page = await raw(host.port, 'GET', `/?token=${host.token}`, { host: `rebound.example:${host.port}` })
    expect(page.status).toBe(403)
    expect(JSON.parse(page.body)).toMatchObject({ ok: false, error: { code: 'host/wrong-host' } })
    const write = await raw(
      host.port,
      'POST',
      '/api/append',
      {
        host: `localhost:${host.port}`,
        authorization: `Bearer ${host.token}`,
        'content-type': 'application/json',
      },
      JSON.stringify(note(gameId, 'rebound')),
    )
    expect(write.status).toBe(403)
    expect((await api.status(gameId)).seq).toBe(1)
  })

  it('refuses a call from another origin, or one the browser calls same-site or cross-site, and writes nothing', async () => {
    const { host, api, address } = await start()
    const gameId = await newGame(api)
    const headers = { host: address, authorization: `Bearer ${host.token}`, 'content-type': 'application/json' }
    const body = JSON.stringify(note(gameId, 'from elsewhere'))
    const foreign: Record<string, string>[] = [
      { origin: `http://127.0.0.1:${host.port + 1}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const extra of foreign) {
      const answer = await raw(host.port, 'POST', '/api/append', { ...headers, ...extra }, body)
      expect(answer.status, JSON.stringify(extra)).toBe(403)
      expect(JSON.parse(answer.body).error.code).toBe('host/foreign-origin')
    }
    const own = await raw(
      host.port,
      'POST',
      '/api/append',
      { ...headers, origin: `http://${address}`, 'sec-fetch-site': 'same-origin' },
      body,
    )
    expect(own.status).toBe(200)
    expect((await api.status(gameId)).seq).toBe(2)
  })

  it('refuses a body that is not sent as application/json (a form, a text/plain fetch), and writes nothing', async () => {
    const { host, api, address } = await start()
    const gameId = await newGame(api)
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', '']) {
      const answer = await raw(
        host.port,
        'POST',
        '/api/append',
        { host: address, authorization: `Bearer ${host.token}`, ...(type ? { 'content-type': type } : {}) },
        JSON.stringify(note(gameId, 'smuggled')),
      )
      expect(answer.status, type).toBe(415)
      expect(JSON.parse(answer.body).error).toEqual({
        code: 'host/not-json',
        message: 'append: send the body as Content-Type: application/json',
      })
    }
    expect((await api.status(gameId)).seq).toBe(1)
  })

  it('takes the token for a call only from its header: the cookie and the query open the page, not the API', async () => {
    const { host, api, address } = await start()
    const gameId = await newGame(api)
    const page = await raw(host.port, 'GET', `/?token=${host.token}`, { host: address })
    expect(page.status).toBe(200)
    // A browser sends its own origin on the page's POSTs only if the referrer policy is not no-referrer.
    expect(page.headers['referrer-policy']).toBe('same-origin')
    const setCookie = String(page.headers['set-cookie'])
    // Named after the port (a browser sends every port of a host the same cookies), and not the token.
    expect(setCookie).toMatch(new RegExp(`^arbiter-files-${host.port}=`))
    expect(setCookie).not.toContain(host.token)
    const cookie = setCookie.split(';')[0]!
    expect((await raw(host.port, 'GET', '/index.html', { host: address, cookie })).status).toBe(200)
    const body = JSON.stringify(note(gameId, 'by cookie'))
    for (const [path, headers] of [
      ['/api/append', { host: address, cookie, 'content-type': 'application/json' }],
      [`/api/append?token=${host.token}`, { host: address, 'content-type': 'application/json' }],
    ] as const) {
      const answer = await raw(host.port, 'POST', path, headers, body)
      expect(answer.status, path).toBe(401)
      expect(JSON.parse(answer.body).error.code).toBe('host/unauthorized')
    }
    expect((await raw(host.port, 'GET', `/api/events?token=${host.token}`, { host: address, cookie })).status).toBe(401)
    expect((await api.status(gameId)).seq).toBe(1)
  })
})
