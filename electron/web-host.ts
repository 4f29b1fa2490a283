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
import type { GameApi } from '../core/api/game-api-contract.js'
import { ArbiterError, type ErrorData, toErrorData } from '../core/events/errors.js'
import { CONTENT_SECURITY_POLICY } from './csp.js'
import { dispatchCall, type GameEventNotice, isGameApiMethod } from './dispatch.js'

/**
 * The web host (DESIGN §8): the same GameApi and the built renderer over HTTP, for a second
 * screen at the table and for the browser tests. Every request needs the token, as
 * `Authorization: Bearer T` or `?token=T`; the protocol is in docs/web-host.md.
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
}

export interface WebHost {
  /** The address to open, token included: `http://127.0.0.1:N/?token=T`. */
  readonly url: string
  readonly port: number
  readonly token: string
  /** Tells every open page about an event written outside this host (the Electron window). */
  notify(notice: GameEventNotice): void
  /** Stops listening and ends every open event stream; the GameApi stays open (it is the caller's). */
  close(): Promise<void>
}

/** The largest request body: an imported game of many thousand events. */
const MAX_BODY_BYTES = 256 * 1024 * 1024
/** The cookie that carries the token from the page's address to the files the page loads. */
const TOKEN_COOKIE = 'arbiter-token'
/** A comment line on every event stream this often, so proxies and phones keep it open. */
const KEEP_ALIVE_MS = 15_000

function refusal(error: ErrorData): { ok: false; error: ErrorData } {
  return { ok: false, error }
}

function tokenMatches(given: string | undefined, token: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

function statusOf(error: ErrorData): 400 | 404 | 500 {
  if (error.code === 'api/unknown-method') return 404
  if (error.code === 'api/unexpected') return 500
  return 400
}

/** The app without a listener: routes, token, static files, event stream. */
export function createWebApp(options: Required<Pick<WebHostOptions, 'api' | 'rendererDir' | 'token'>>): {
  app: Hono
  notify: (notice: GameEventNotice) => void
  endStreams: () => void
} {
  const { api, rendererDir, token } = options
  const streams = new Set<SSEStreamingApi>()
  const notify = (notice: GameEventNotice): void => {
    const data = JSON.stringify({ gameId: notice.gameId, seq: notice.seq, type: notice.type })
    for (const stream of streams) void stream.writeSSE({ data }).catch(() => streams.delete(stream))
  }
  const app = new Hono()

  app.use('*', async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    const bearer = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    const inQuery = tokenMatches(c.req.query('token'), token)
    if (!tokenMatches(bearer, token) && !inQuery && !tokenMatches(getCookie(c, TOKEN_COOKIE), token))
      return c.json(
        refusal({ code: 'host/unauthorized', message: 'this Arbiter needs its token: open the address it printed' }),
        401,
      )
    // The page is opened at /?token=T, but the scripts and styles it loads are fetched without the
    // query: a same-site, script-proof cookie carries the token to them.
    if (inQuery) setCookie(c, TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/' })
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
      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        body = undefined
      }
      try {
        if (!isGameApiMethod(method)) throw new ArbiterError('api/unknown-method', `GameApi has no method "${method}"`)
        if (typeof body !== 'object' || body === null || !('args' in body))
          throw new ArbiterError('api/bad-arguments', `${method}: the body must be JSON {"args": [...]}`)
        const value = await dispatchCall(api, method, body.args, notify)
        return c.json({ ok: true, value: value ?? null })
      } catch (error) {
        const data = toErrorData(error)
        return c.json(refusal(data), statusOf(data))
      }
    },
  )

  app.all('/api/*', (c) =>
    c.json(
      refusal({ code: 'api/unknown-method', message: `${c.req.method} ${c.req.path}: call POST /api/<method>` }),
      404,
    ),
  )

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
  const { app, notify, endStreams } = createWebApp({ api: options.api, rendererDir: options.rendererDir, token })
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    )
    server.once('error', reject)
  })
  return {
    url: `http://${shownHost(host)}:${port}/?token=${token}`,
    port,
    token,
    notify,
    close: () =>
      new Promise<void>((resolve, reject) => {
        endStreams()
        server.close((error) => (error ? reject(error) : resolve()))
        if ('closeAllConnections' in server) server.closeAllConnections()
      }),
  }
}
