import { reportPagePath } from '../core/api/client-kit.js'
import type {
  ArbiterHostBridge,
  ErrorField,
  MenuCommand,
  ReportPdfSaved,
  ScreenInfo,
} from '../core/api/game-api-contract.js'
import { type GameApi, gameApiMethods } from '../core/api/game-api-contract.js'
import { SCREEN_WRITE_HEADER, signScreenWrite } from '../core/api/screen-writes.js'
import type { Key } from '../core/api/signatures.js'

/**
 * The renderer's one way to reach a game: `window.arbiter` in Electron (the preload's bridge), or
 * the web host over HTTP. Components receive an `ArbiterClient` and never learn which host they run
 * in. Every refusal rejects with an `ApiError` carrying the host's `{ code, message }`.
 */
export type RendererApi = Omit<GameApi, 'close'>

/** What the hosts push when a game changes: an event appended, a game created or imported. */
export interface LiveEvent {
  readonly gameId: string
  readonly seq: number
  readonly type: string
}

export type LiveListener = (event: LiveEvent) => void

export type { MenuCommand, ReportPdfSaved, ScreenInfo }

export interface ArbiterClient extends RendererApi {
  /** Calls `listener` for every event any window appends; returns the call that stops it. */
  subscribe(listener: LiveListener): () => void
  /** The desktop app's native menu (New, Open, Export); a browser has none, so it never calls. */
  onMenu(listener: (command: MenuCommand) => void): () => void
  /** What the host serves this page: the library, or one game on a second screen. */
  screen(): Promise<ScreenInfo>
  /**
   * The address of a game's battle report as a page of its own (the HTML report under its own strict policy),
   * for a sandboxed frame to show it as it prints.
   */
  reportPageUrl(gameId: string, lang?: string): string
  /**
   * Only in the desktop app: Electron prints the report to PDF and asks where to save it. A browser has none: it
   * prints the report's frame, and its print dialog saves a PDF.
   */
  saveReportPdf?(gameId: string, options?: { readonly lang?: string }): Promise<ReportPdfSaved>
  /**
   * On a second screen a player may join: from then on every write this client sends is signed as
   * that player (core/api/screen-writes.ts); null leaves the screen watching again. Only the web
   * host's client has it.
   */
  joinAs?(signer: ScreenSigner | null): void
}

/** A player who joined a second screen: their private key, and the head the page shows (what a write is made at). */
export interface ScreenSigner {
  readonly player: string
  readonly privateKey: Key
  head(): { readonly seq: number; readonly hash: string } | null
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The field of the input the refusal is about, for a form to show it there. */
    readonly field?: ErrorField,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

declare global {
  interface Window {
    /** The GameApi, from the Electron preload. */
    arbiter?: RendererApi
    /** What Electron's main tells the page: events written, menu commands. */
    arbiterHost?: ArbiterHostBridge
  }
}

/** Every GameApi method but `close` (the host owns the database): what a renderer may call. */
const methodNames = gameApiMethods.filter((name): name is keyof RendererApi => name !== 'close')

/** Whatever a host rejected with, as `{ code, message }`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (typeof error === 'object' && error !== null) {
    const { code, message, field } = error as { code?: unknown; message?: unknown; field?: ErrorField }
    if (typeof code === 'string' && typeof message === 'string')
      return new ApiError(code, message, typeof field === 'object' && field !== null ? field : undefined)
    // Electron's IPC drops an Error's own fields and prefixes its message; the host puts the code in front.
    if (typeof message === 'string') {
      const coded = /([a-z]+\/[a-z0-9-]+): (.*)$/s.exec(message)
      return coded ? new ApiError(coded[1]!, coded[2]!) : new ApiError('client/failed', message)
    }
  }
  return new ApiError('client/failed', String(error))
}

export function connectGameApi(): ArbiterClient {
  return window.arbiter ? electronClient(window.arbiter, window.arbiterHost) : webClient(window.location)
}

function electronClient(bridge: RendererApi, host: ArbiterHostBridge | undefined): ArbiterClient {
  const client = Object.fromEntries(
    methodNames.map((name) => [
      name,
      async (...args: unknown[]) => {
        try {
          return await (bridge[name] as (...a: unknown[]) => Promise<unknown>)(...args)
        } catch (error) {
          throw toApiError(error)
        }
      },
    ]),
  ) as unknown as RendererApi
  const saveReportPdf = host?.saveReportPdf
  return {
    ...client,
    subscribe: (listener) => host?.onEvent(listener) ?? (() => {}),
    onMenu: (listener) => host?.onMenu(listener) ?? (() => {}),
    screen: async () => ({ kind: 'library' }),
    // arbiter://app/report/…: the scheme serves it to Arbiter's own pages only.
    reportPageUrl: (gameId, lang) => reportPagePath(gameId, lang),
    ...(saveReportPdf
      ? {
          saveReportPdf: async (gameId: string, options?: { readonly lang?: string }) => {
            try {
              return await saveReportPdf(gameId, options)
            } catch (error) {
              throw toApiError(error)
            }
          },
        }
      : {}),
  }
}

/**
 * The web host: `POST /api/<method>` with `{ args }` as `application/json`, the page's `?token=`
 * in the `Authorization` header of every call (the host takes it nowhere else for its API).
 */
function webClient(location: Location): ArbiterClient {
  const token = new URLSearchParams(location.search).get('token') ?? ''
  const authorization = `Bearer ${token}`
  const answerOf = async (response: Response): Promise<unknown> => {
    let body: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }
    try {
      body = await response.json()
    } catch {
      throw new ApiError('client/bad-response', `the web host answered ${response.status} without JSON`)
    }
    if (!body.ok) throw toApiError(body.error)
    return body.value
  }
  const send = async (path: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetch(path, { ...init, headers: { ...init.headers, authorization } })
    } catch (error) {
      throw new ApiError('client/offline', `the web host did not answer: ${(error as Error).message}`)
    }
  }
  let signer: ScreenSigner | null = null
  const call = async (name: string, args: unknown[]): Promise<unknown> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    let sent = args
    const head = signer?.head()
    if (signer && head && (name === 'append' || name === 'rollDice')) {
      // An append names the head it is made at, so that it lands there or not at all.
      if (name === 'append' && args[2] === undefined) sent = [args[0], args[1], head.seq]
      // Signed as the host will read it: JSON's own round trip (undefined fields dropped).
      sent = JSON.parse(JSON.stringify(sent)) as unknown[]
      headers[SCREEN_WRITE_HEADER] = await signScreenWrite(signer.privateKey, {
        gameId: String(sent[0]),
        method: name,
        args: sent,
        player: signer.player,
        seq: head.seq,
        head: head.hash,
      })
    }
    return answerOf(await send(`/api/${name}`, { method: 'POST', headers, body: JSON.stringify({ args: sent }) }))
  }
  const client = Object.fromEntries(
    // Trailing undefined arguments are dropped: JSON would send them as null, which is a value.
    methodNames.map((name) => [name, (...args: unknown[]) => call(name, withoutTrailingUndefined(args))]),
  ) as unknown as RendererApi

  const listeners = new Set<LiveListener>()
  let stream: AbortController | null = null
  const subscribe = (listener: LiveListener) => {
    listeners.add(listener)
    if (!stream) {
      stream = new AbortController()
      void followEvents(authorization, stream.signal, (event) => {
        for (const each of listeners) each(event)
      })
    }
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) {
        stream?.abort()
        stream = null
      }
    }
  }
  const screen = async () => (await answerOf(await send('/api/screen', {}))) as ScreenInfo
  const joinAs = (joined: ScreenSigner | null) => {
    signer = joined
  }
  // A frame cannot send the token's header: the report page takes it in its query, as the page itself does.
  const reportPageUrl = (gameId: string, lang?: string) => {
    const path = reportPagePath(gameId, lang)
    return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`
  }
  return { ...client, subscribe, onMenu: () => () => {}, screen, joinAs, reportPageUrl }
}

/** How long a page waits before it opens the event stream again (a phone waking up, the host restarted). */
const RECONNECT_MS = 2000

/**
 * The host's event stream, read with fetch (an EventSource cannot send the token header): every
 * `data:` line is one event; a stream that ends or fails is opened again until `signal` aborts.
 */
async function followEvents(authorization: string, signal: AbortSignal, onEvent: LiveListener): Promise<void> {
  while (!signal.aborted) {
    try {
      const response = await fetch('/api/events', { headers: { authorization }, signal })
      if (response.ok && response.body) {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          buffer += read.value
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice('data:'.length).trimStart())
            buffer = buffer.slice(end + 2)
            if (data.length > 0) onEvent(JSON.parse(data.join('\n')) as LiveEvent)
          }
        }
      }
    } catch {
      // Aborted, or the host went away: the loop decides whether to try again.
    }
    if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS))
  }
}

function withoutTrailingUndefined(args: unknown[]): unknown[] {
  let end = args.length
  while (end > 0 && args[end - 1] === undefined) end -= 1
  return args.slice(0, end)
}
