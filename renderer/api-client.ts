import type { ArbiterHostBridge, ErrorField, MenuCommand } from '../core/api/game-api-contract.js'
import { type GameApi, gameApiMethods } from '../core/api/game-api-contract.js'

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

export type { MenuCommand }

export interface ArbiterClient extends RendererApi {
  /** Calls `listener` for every event any window appends; returns the call that stops it. */
  subscribe(listener: LiveListener): () => void
  /** The desktop app's native menu (New, Open, Export); a browser has none, so it never calls. */
  onMenu(listener: (command: MenuCommand) => void): () => void
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
  return {
    ...client,
    subscribe: (listener) => host?.onEvent(listener) ?? (() => {}),
    onMenu: (listener) => host?.onMenu(listener) ?? (() => {}),
  }
}

/** The web host: `POST /api/<method>` with `{ args }`, the page's `?token=` on every call. */
function webClient(location: Location): ArbiterClient {
  const token = new URLSearchParams(location.search).get('token') ?? ''
  const call = async (name: string, args: unknown[]): Promise<unknown> => {
    let response: Response
    try {
      response = await fetch(`/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ args }),
      })
    } catch (error) {
      throw new ApiError('client/offline', `the web host did not answer: ${(error as Error).message}`)
    }
    let body: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }
    try {
      body = await response.json()
    } catch {
      throw new ApiError('client/bad-response', `the web host answered ${response.status} without JSON`)
    }
    if (!body.ok) throw toApiError(body.error)
    return body.value
  }
  const client = Object.fromEntries(
    // Trailing undefined arguments are dropped: JSON would send them as null, which is a value.
    methodNames.map((name) => [name, (...args: unknown[]) => call(name, withoutTrailingUndefined(args))]),
  ) as unknown as RendererApi

  const listeners = new Set<LiveListener>()
  let source: EventSource | null = null
  const subscribe = (listener: LiveListener) => {
    listeners.add(listener)
    if (!source) {
      source = new EventSource(`/api/events?token=${encodeURIComponent(token)}`)
      source.onmessage = (message) => {
        const event = JSON.parse(message.data) as LiveEvent
        for (const each of listeners) each(event)
      }
    }
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) {
        source?.close()
        source = null
      }
    }
  }
  return { ...client, subscribe, onMenu: () => () => {} }
}

function withoutTrailingUndefined(args: unknown[]): unknown[] {
  let end = args.length
  while (end > 0 && args[end - 1] === undefined) end -= 1
  return args.slice(0, end)
}
