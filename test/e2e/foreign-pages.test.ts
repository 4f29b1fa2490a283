import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoGame } from '../../core/api/demo-game.js'
import { CHROMIUM, CHROMIUM_ARGS, startTable, type Table } from './browser.js'

/**
 * Another server on this machine (another port of 127.0.0.1, so the same site as the web host):
 * its page tries every way a page can send a write without the host's own client. It also keeps
 * every cookie the browser sends it: a browser sends a host's cookies to each of its ports.
 */
interface Neighbour {
  readonly origin: string
  readonly cookiesSeen: string[]
  close(): Promise<void>
}

async function startNeighbour(): Promise<Neighbour> {
  const cookiesSeen: string[] = []
  const server: Server = createServer((request: IncomingMessage, response) => {
    if (request.headers.cookie) cookiesSeen.push(request.headers.cookie)
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>A neighbour</title><p>Just a page on another port.</p>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    cookiesSeen,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

let table: Table
let neighbour: Neighbour
let gameId: string
beforeAll(async () => {
  table = await startTable()
  neighbour = await startNeighbour()
  gameId = await createDemoGame(table.api)
}, 60_000)
afterAll(async () => {
  await table?.close()
  await neighbour?.close()
})

/** The host's address without its token, which a neighbour's page does not know. */
const hostOrigin = () => new URL(table.host.url).origin

describe('a page on another port of 127.0.0.1 cannot drive the web host', () => {
  it('a text/plain fetch, a form post and a fetch with the cookie are all refused; nothing is written', async () => {
    // The player's own page first: the browser now holds the host's cookie.
    const own = await table.openPage({ gameId })
    await own.getByRole('slider').waitFor()
    // The host's own page: its calls carry its origin and the token in a header, as the host demands.
    const [ownCall] = await Promise.all([
      own.waitForRequest((request) => request.url().endsWith('/api/openGame')),
      own.reload(),
    ])
    const ownHeaders = await ownCall.allHeaders()
    expect(ownHeaders.origin).toBe(hostOrigin())
    expect(ownHeaders.authorization).toBe(`Bearer ${table.host.token}`)
    expect(ownHeaders['content-type']).toBe('application/json')
    expect((await ownCall.response())?.status()).toBe(200)
    const head = (await table.api.status(gameId)).seq

    const page = await table.browser.newPage()
    await page.goto(`${neighbour.origin}/`)
    // Every answer the host sends this page, as the browser saw it (an opaque no-cors answer included).
    const answers: { url: string; status: number; body: string }[] = []
    page.on('response', async (response) => {
      if (!response.url().startsWith(hostOrigin())) return
      answers.push({ url: response.url(), status: response.status(), body: await response.text().catch(() => '') })
    })
    const body = JSON.stringify({ args: [gameId, { type: 'Note', actor: 'p1', payload: { text: 'forged' } }] })

    // 1. A text/plain fetch with the browser's cookies: the kind of request a page may send unasked.
    await page.evaluate(
      ([url, text]) =>
        fetch(url!, { method: 'POST', mode: 'no-cors', credentials: 'include', body: text }).then(() => 'sent'),
      [`${hostOrigin()}/api/append`, body],
    )
    // 2. The same with the cookie and the header a JSON client sends: the browser asks first, and is told no.
    const preflighted = await page.evaluate(
      ([url, text]) =>
        fetch(url!, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: text,
        }).then(
          (response) => `answered ${response.status}`,
          (error: Error) => `failed: ${error.name}`,
        ),
      [`${hostOrigin()}/api/append`, body],
    )
    expect(preflighted).toBe('failed: TypeError')
    // 3. A form post, text/plain so that its body reads as JSON: {"args":[…],"x":"="}.
    const [formAnswer] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().startsWith(`${hostOrigin()}/api/append`) && response.request().method() === 'POST',
      ),
      // A string, run in the page: this file is compiled without the DOM's types.
      page.evaluate(`(() => {
        const form = document.createElement('form')
        form.method = 'POST'
        form.action = ${JSON.stringify(`${hostOrigin()}/api/append`)}
        form.enctype = 'text/plain'
        const input = document.createElement('input')
        input.name = ${JSON.stringify(`${body.slice(0, -1)},"x":"`)}
        input.value = '"}'
        form.append(input)
        document.body.append(form)
        form.submit()
      })()`),
    ])
    expect(formAnswer.status()).toBe(403)
    expect(JSON.parse(await formAnswer.text()).error.code).toBe('host/foreign-origin')

    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2)
    const refusedFetch = answers.find((answer) => answer.status !== 0 && answer.url.endsWith('/api/append'))
    expect(refusedFetch?.status).toBe(403)
    // The game is as it was: no forged Note.
    expect((await table.api.status(gameId)).seq).toBe(head)

    // 4. What the neighbour's server got from the browser: the host's files cookie. It is named for the
    // host's port and is not the token, so with it a call is still refused, however it is sent.
    const leaked = neighbour.cookiesSeen.join('; ')
    expect(leaked).toContain(`arbiter-files-${table.host.port}=`)
    expect(leaked).not.toContain(table.host.token)
    const withCookie = await fetch(`${hostOrigin()}/api/append`, {
      method: 'POST',
      headers: { cookie: leaked, 'content-type': 'application/json' },
      body,
    })
    expect(withCookie.status).toBe(401)
    expect((await table.api.status(gameId)).seq).toBe(head)
    await page.close()
    await own.close()
  }, 60_000)

  it('an address of another name that resolves to this machine (DNS rebinding) is refused', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'arbiter-rebind-'))
    // Chromium resolves rebound.test to 127.0.0.1, as a rebinding attacker's DNS would.
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP rebound.test 127.0.0.1'],
    })
    try {
      const page = await browser.newPage()
      const rebound = new URL(table.host.url)
      rebound.hostname = 'rebound.test'
      const response = await page.goto(rebound.toString())
      expect(response?.status()).toBe(403)
      expect(JSON.parse(await response!.text()).error.code).toBe('host/wrong-host')
      // The same browser at the printed address is served.
      expect((await page.goto(table.host.url))?.status()).toBe(200)
    } finally {
      await browser.close()
      rmSync(profile, { recursive: true, force: true })
    }
  }, 60_000)
})
