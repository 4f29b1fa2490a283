import { randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie, setCookie } from 'hono/cookie'
import { type SSEStreamingApi, streamSSE } from 'hono/streaming'
import type { GameApi, GameListing } from '../core/api/game-api-contract.js'
import { ArbiterError, type ErrorData, toErrorData } from '../core/events/errors.js'
import { CONTENT_SECURITY_POLICY } from './csp.js'
import { dispatchCall, type GameEventNotice, isGameApiMethod } from './dispatch.js'
import { REPORT_PAGE_PREFIX, reportPageAnswer, reportPageRequestOf } from './report-page.js'
import { filesCookieName, foreignRequestRefusal, isJsonContentType } from './request-guard.js'
import { callOnScope, type HostScope, LIBRARY_SCOPE, readOnlyRefusal, screenInfo } from './screen-scope.js'

/**
 * The web host (DESIGN §8): the same GameApi and the built renderer over HTTP, for a second
 * screen at the table and for the browser tests. Only its own pages can drive it: every request
 * must name the printed address as its Host and, when a browser says where it comes from, come
 * from that origin; API calls need the token in an `Authorization: Bearer T` header and a JSON
 * body sent as `application/json`. The protocol is in docs/web-host.md.
 */
export interface WebHostOptions {
  readonly api: GameApi
  /** The built renderer (index.html and its assets). */
  readonly rendererDir: string
  /** 0 (the default) picks a free port. */
  readonly port?: number
  /** 127.0.0.1 by default: only this machine. */
  readonly host?: string
  /** A fresh random token by default. */
  readonly token?: string
  /** The whole library (the default), or one game for a second screen (screen-scope.ts). */
  readonly scope?: HostScope
  /** Hears of every event written through this host (the desktop window, told of a joined player's write). */
  readonly onEvent?: (notice: GameEventNotice) => void
}

export interface WebHost {
  /** The address to open, token included: `http://127.0.0.1:N/?token=T`. */
  readonly url: string
  readonly port: number
  readonly token: string
  readonly scope: HostScope
  /** Tells every open page about an event written outside this host (the Electron window). */
  notify(notice: GameEventNotice): void
  /** Stops listening and ends every open event stream; the GameApi stays open (it is the caller's). */
  close(): Promise<void>
}

/** The largest request body: an imported game of many thousand events. */
const MAX_BODY_BYTES = 256 * 1024 * 1024
/** A comment line on every event stream this often, so proxies and phones keep it open. */
const KEEP_ALIVE_MS = 15_000

function refusal(error: ErrorData): { ok: false; error: ErrorData } {
  return { ok: false, error }
}

function secretMatches(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

function statusOf(error: ErrorData): 400 | 401 | 403 | 404 | 415 | 500 {
  switch (error.code) {
    case 'api/unknown-method':
      return 404
    case 'api/unexpected':
      return 500
    case 'host/unauthorized':
      return 401
    case 'host/wrong-host':
    case 'host/foreign-origin':
    case 'host/second-screen':
    case 'host/not-signed':
      return 403
    case 'host/not-json':
      return 415
    default:
      return 400
  }
}

const UNAUTHORIZED: ErrorData = {
  code: 'host/unauthorized',
  message: 'this Arbiter needs its token: open the address it printed',
}

/** The app without a listener: request checks, routes, token, static files, event stream. */
export function createWebApp(options: {
  readonly api: GameApi
  readonly rendererDir: string
  readonly token: string
  /** The printed `host:port`: the only Host and origin it answers. */
  readonly address: string
  readonly port: number
  readonly scope?: HostScope
  readonly onEvent?: (notice: GameEventNotice) => void
}): {
  app: Hono
  notify: (notice: GameEventNotice) => void
  endStreams: () => void
} {
  const { api, rendererDir, token, address, scope = LIBRARY_SCOPE } = options
  // The cookie's value is not the token: a browser sends it to every port of this host, so it
  // opens only the page's own files, never the API.
  const filesKey = randomBytes(24).toString('base64url')
  const filesCookie = filesCookieName(options.port)
  const streams = new Set<SSEStreamingApi>()
  const notify = (notice: GameEventNotice): void => {
    if (scope.kind === 'game' && notice.gameId !== scope.gameId) return
    const data = JSON.stringify({ gameId: notice.gameId, seq: notice.seq, type: notice.type })
    for (const stream of streams) void stream.writeSSE({ data }).catch(() => streams.delete(stream))
  }
  const app = new Hono()

  app.use('*', async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff')
    // Not no-referrer: under it a browser may send `Origin: null` on the page's own POSTs (the Fetch
    // standard says so), which the origin check refuses. same-origin still tells no other site the address.
    c.header('Referrer-Policy', 'same-origin')
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/')
    const foreign = foreignRequestRefusal(
      {
        host: c.req.header('Host'),
        origin: c.req.header('Origin'),
        secFetchSite: c.req.header('Sec-Fetch-Site'),
        isApi,
      },
      address,
    )
    if (foreign) return c.json(refusal(foreign), statusOf(foreign))
    const bearer = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    if (isApi) {
      if (!secretMatches(bearer, token)) return c.json(refusal(UNAUTHORIZED), 401)
      return next()
    }
    const inQuery = secretMatches(c.req.query('token'), token)
    if (!inQuery && !secretMatches(bearer, token) && !secretMatches(getCookie(c, filesCookie), filesKey))
      return c.json(refusal(UNAUTHORIZED), 401)
    // The page is opened at /?token=T, but the scripts and styles it loads are fetched without the
    // query: a same-site, script-proof cookie lets them load.
    if (inQuery) setCookie(c, filesCookie, filesKey, { httpOnly: true, sameSite: 'Strict', path: '/' })
    await next()
  })

  app.get('/api/events', (c) => {
    c.header('Cache-Control', 'no-store')
    return streamSSE(c, async (stream) => {
      streams.add(stream)
      stream.onAbort(() => {
        streams.delete(stream)
      })
      // `retry`: a page that loses the stream (a phone waking up) tries again after 2 s.
      await stream.write(': connected\nretry: 2000\n\n')
      while (!stream.aborted && !stream.closed) {
        await stream.sleep(KEEP_ALIVE_MS)
        if (!stream.aborted && !stream.closed) await stream.write(': keep-alive\n\n')
      }
    })
  })

  app.get('/api/screen', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ ok: true, value: screenInfo(scope) })
  })

  app.post(
    '/api/:method',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(
          refusal({ code: 'api/bad-arguments', message: `the request is larger than ${MAX_BODY_BYTES} bytes` }),
          400,
        ),
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      const method = c.req.param('method')
      try {
        if (!isGameApiMethod(method)) throw new ArbiterError('api/unknown-method', `GameApi has no method "${method}"`)
        // A form or a `text/plain` fetch is what another page can send without asking: never read as JSON.
        if (!isJsonContentType(c.req.header('Content-Type')))
          throw new ArbiterError('host/not-json', `${method}: send the body as Content-Type: application/json`)
        let body: unknown
        try {
          body = await c.req.json()
        } catch {
          body = undefined
        }
        if (typeof body !== 'object' || body === null || !('args' in body))
          throw new ArbiterError('api/bad-arguments', `${method}: the body must be JSON {"args": [...]}`)
        const args = Array.isArray(body.args) ? body.args : []
        const onScope = callOnScope(scope, method, args)
        if (onScope.kind === 'refused') return c.json(refusal(onScope.error), statusOf(onScope.error))
        if (onScope.kind === 'write' && scope.kind === 'game') {
          const refused = onScope.gate
            ? await onScope.gate({
                gameId: scope.gameId,
                method: method as 'append' | 'rollDice',
                args,
                header: (name) => c.req.header(name),
              })
            : readOnlyRefusal(scope, method)
          if (refused) return c.json(refusal(refused), statusOf(refused))
        }
        const value = await dispatchCall(api, method, body.args, (notice) => {
          notify(notice)
          options.onEvent?.(notice)
        })
        const shown =
          method === 'listGames' && scope.kind === 'game'
            ? (value as GameListing[]).filter((game) => game.gameId === scope.gameId)
            : value
        return c.json({ ok: true, value: shown ?? null })
      } catch (error) {
        const data = toErrorData(error)
        return c.json(refusal(data), statusOf(data))
      }
    },
  )

  app.all('/api/*', (c) =>
    c.json(
      refusal({
        code: 'api/unknown-method',
        message: `${c.req.method} ${c.req.path}: call POST /api/<method>`,
      }),
      404,
    ),
  )

  // A game's battle report as a page of its own, for the page's preview frame (report-page.ts). It is a read like
  // `report`: it needs the token itself (in the query, since a frame cannot send a header; the files cookie alone
  // never opens a game), and a second screen serves its own game's alone.
  app.get(`${REPORT_PAGE_PREFIX}:gameId`, async (c) => {
    if (!secretMatches(c.req.query('token'), token)) return c.json(refusal(UNAUTHORIZED), 401)
    const request = reportPageRequestOf(new URL(c.req.url))
    if (request === null) return c.notFound()
    const onScope = callOnScope(scope, 'report', [request.gameId])
    if (onScope.kind === 'refused') return c.json(refusal(onScope.error), statusOf(onScope.error))
    const answer = await reportPageAnswer(api, request)
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value)
    return c.body(answer.body, answer.status)
  })

  // Without a built renderer, every page path says how to build it (hono's own warning is not shown).
  if (existsSync(join(rendererDir, 'index.html'))) app.use('*', serveStatic({ root: rendererDir }))
  else
    app.get('/', (c) =>
      c.text(`Arbiter's pages are not built (${rendererDir} has no index.html): run npm run build\n`, 503),
    )
  app.notFound((c) =>
    c.json(refusal({ code: 'host/not-found', message: `${c.req.path} is not one of the renderer's files` }), 404),
  )

  return {
    app,
    notify,
    endStreams: () => {
      for (const stream of streams) stream.abort()
      streams.clear()
    },
  }
}

/** The address a person opens: a wildcard bind is shown as this machine's first network address. */
function shownHost(host: string): string {
  if (host !== '0.0.0.0' && host !== '::') return host.includes(':') ? `[${host}]` : host
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address
  return '127.0.0.1'
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const host = options.host ?? '127.0.0.1'
  const scope = options.scope ?? LIBRARY_SCOPE
  // The app needs the port it answers at (its Host check, its cookie's name): it is made once listening.
  let handle: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 })
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
    const server = serve(
      { fetch: (request) => handle(request), port: options.port ?? 0, hostname: host },
      (info: AddressInfo) => resolve({ server, port: info.port }),
    )
    server.once('error', reject)
  })
  const address = `${shownHost(host)}:${port}`
  const { app, notify, endStreams } = createWebApp({
    api: options.api,
    rendererDir: options.rendererDir,
    token,
    address,
    port,
    scope,
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  })
  handle = (request) => app.fetch(request)
  return {
    url: `http://${address}/?token=${token}`,
    port,
    token,
    scope,
    notify,
    close: () =>
      new Promise<void>((resolve, reject) => {
        endStreams()
        server.close((error) => (error ? reject(error) : resolve()))
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
