import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { LocalGameApi } from '../../core/api/index.js'
import { startWebHost, type WebHost } from '../../electron/web-host.js'
import { openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()
const SECRET = 'the file beside the renderer, never served'

interface Running {
  host: WebHost
  api: LocalGameApi
  base: string
}
const running: Running[] = []
afterEach(async () => {
  for (const { host, api } of running.splice(0)) {
    await host.close()
    await api.close()
  }
})

async function start(): Promise<Running> {
  const dir = tempDir()
  const rendererDir = join(dir, 'renderer')
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Arbiter</title><arbiter-app></arbiter-app>')
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'export {}')
  writeFileSync(join(dir, 'secret.txt'), SECRET)
  const api = await openApi(dir)
  const host = await startWebHost({ api, rendererDir, port: 0 })
  const started = { host, api, base: `http://127.0.0.1:${host.port}` }
  running.push(started)
  return started
}

function call(
  { base, host }: Running,
  method: string,
  args: unknown[],
  token: string | null = host.token,
): Promise<Response> {
  return fetch(`${base}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ args }),
  })
}

/** A GET with the path sent exactly as written (fetch would normalise `..` away before sending). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const newGame = {
  ruleset: 'classic',
  players: [
    { id: 'p1', name: 'One' },
    { id: 'p2', name: 'Two' },
  ],
  actor: 'p1',
}

describe('web host', () => {
  it('prints an address on loopback with its token', async () => {
    const { host } = await start()
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`)
    expect(host.port).toBeGreaterThan(0)
    expect(host.token.length).toBeGreaterThanOrEqual(32)
  })

  it('refuses a request without the token, or with a wrong one, with 401', async () => {
    const hosted = await start()
    for (const response of [
      await call(hosted, 'listGames', [], null),
      await call(hosted, 'listGames', [], 'not-the-token'),
      await fetch(`${hosted.base}/`),
      await fetch(`${hosted.base}/index.html?token=wrong`),
      await fetch(`${hosted.base}/api/events`),
    ]) {
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'host/unauthorized' } })
    }
    expect(await hosted.api.listGames()).toEqual([])
  })

  it('serves the renderer with the token in the query or the header', async () => {
    const hosted = await start()
    const page = await fetch(`${hosted.base}/?token=${hosted.host.token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(await page.text()).toContain('<arbiter-app>')
    const script = await fetch(`${hosted.base}/assets/app.js`, {
      headers: { authorization: `Bearer ${hosted.host.token}` },
    })
    expect(script.status).toBe(200)
    expect(await script.text()).toBe('export {}')
  })

  it('calls a GameApi method and answers {ok, value}', async () => {
    const hosted = await start()
    const created = await call(hosted, 'createGame', [newGame])
    expect(created.status).toBe(200)
    const { ok, value } = (await created.json()) as { ok: boolean; value: { gameId: string } }
    expect(ok).toBe(true)
    const listed = (await (await call(hosted, 'listGames', [])).json()) as { value: { gameId: string }[] }
    expect(listed.value.map((game) => game.gameId)).toEqual([value.gameId])
    const status = (await (await call(hosted, 'status', [value.gameId])).json()) as { value: { seq: number } }
    expect(status.value.seq).toBe(1)
  })

  it('refuses a method GameApi lacks with 404, and calls nothing', async () => {
    const hosted = await start()
    for (const method of ['dropDatabase', 'constructor', '__proto__', 'toString', 'store']) {
      const response = await call(hosted, method, [])
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'api/unknown-method' } })
    }
    const noBody = await fetch(`${hosted.base}/api/dropDatabase`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hosted.host.token}` },
    })
    expect(noBody.status).toBe(404)
    const wrongVerb = await fetch(`${hosted.base}/api/listGames`, {
      headers: { authorization: `Bearer ${hosted.host.token}` },
    })
    expect(wrongVerb.status).toBe(404)
  })

  it('refuses bad arguments with 400, naming the method and the argument, and writes nothing', async () => {
    const hosted = await start()
    const response = await call(hosted, 'createGame', [{ ...newGame, players: 'everyone' }])
    expect(response.status).toBe(400)
    const body = (await response.json()) as { ok: false; error: { code: string; message: string } }
    expect(body.error.code).toBe('api/bad-arguments')
    expect(body.error.message).toMatch(/^createGame: argument 1 field players: /)
    const tooMany = (await (await call(hosted, 'listGames', [1])).json()) as { error: { code: string } }
    expect(tooMany.error.code).toBe('api/bad-arguments')
    const notJson = await fetch(`${hosted.base}/api/listGames`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hosted.host.token}`, 'content-type': 'application/json' },
      body: 'args=1',
    })
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({
      error: { code: 'api/bad-arguments', message: 'listGames: the body must be JSON {"args": [...]}' },
    })
    expect(await hosted.api.listGames()).toEqual([])
  })

  it('passes an ArbiterError back as {code, message} with 400', async () => {
    const hosted = await start()
    const response = await call(hosted, 'status', ['no-such-game'])
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'store/unknown-game' } })
  })

  it('does not let a page close the database', async () => {
    const hosted = await start()
    expect(await (await call(hosted, 'close', [])).json()).toEqual({ ok: true, value: null })
    expect((await call(hosted, 'listGames', [])).status).toBe(200)
  })

  it('refuses a path outside the renderer files, however it is spelled', async () => {
    const { host } = await start()
    const t = `token=${host.token}`
    for (const path of [
      `/../secret.txt?${t}`,
      `/assets/../../secret.txt?${t}`,
      `/%2e%2e/secret.txt?${t}`,
      `/..%2fsecret.txt?${t}`,
      `/assets/..%2f..%2fsecret.txt?${t}`,
      `/%252e%252e/secret.txt?${t}`,
      `/..\\secret.txt?${t}`,
      `//secret.txt?${t}`,
    ]) {
      const response = await rawGet(host.port, path)
      expect(response.body, path).not.toContain(SECRET)
      // Node's own parser turns a backslash away (400) before the host sees it; the rest are 404.
      expect([400, 404], path).toContain(response.status)
    }
    expect((await rawGet(host.port, `/assets/app.js?${t}`)).status).toBe(200)
  })

  it('closes at once, ending the event streams that are open', async () => {
    const hosted = await start()
    const events = await fetch(`${hosted.base}/api/events`, {
      headers: { authorization: `Bearer ${hosted.host.token}` },
    })
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader()
    expect((await reader.read()).value).toContain('retry: 2000')
    const started = Date.now()
    await hosted.host.close()
    running.splice(running.indexOf(hosted), 1)
    await hosted.api.close()
    expect(Date.now() - started).toBeLessThan(2000)
    // The stream ends (or errors) instead of hanging.
    await reader.read().catch(() => ({ done: true }))
  })

  it('streams an event made by another client to an open page', async () => {
    const hosted = await start()
    const controller = new AbortController()
    const events = await fetch(`${hosted.base}/api/events`, {
      headers: { authorization: `Bearer ${hosted.host.token}` },
      signal: controller.signal,
    })
    expect(events.status).toBe(200)
    expect(events.headers.get('content-type')).toContain('text/event-stream')
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader()
    const received: unknown[] = []
    const readTwo = (async () => {
      let buffer = ''
      while (received.length < 2) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const message = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = message.split('\n').find((line) => line.startsWith('data: '))
          if (data) received.push(JSON.parse(data.slice('data: '.length)))
        }
      }
    })()
    // Another client: its own requests, with the token in the header.
    const created = (await (await call(hosted, 'createGame', [newGame])).json()) as { value: { gameId: string } }
    const gameId = created.value.gameId
    await call(hosted, 'append', [
      gameId,
      { type: 'Note', actor: 'p1', payload: { text: 'the river is a marsh' } },
      null,
    ])
    await readTwo
    controller.abort()
    expect(received).toEqual([
      { gameId, seq: 1, type: 'GameCreated' },
      { gameId, seq: 2, type: 'Note' },
    ])
  })
})
