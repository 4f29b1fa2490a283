import { type GameApiMethod, gameApiMethods } from '../core/api/game-api-contract.js'
import type { GameEventNotice } from './dispatch.js'

/**
 * The IPC channels between the Electron window and main: one `invoke` channel per GameApi method,
 * named after it, and nothing else the page can call. Main hears only these (electron/ipc.ts) and
 * the preload exposes only these (electron/preload.ts), both from this one list.
 */
export const IPC_PREFIX = 'arbiter:api:'

export function channelOf(method: GameApiMethod): string {
  return `${IPC_PREFIX}${method}`
}

export const ipcChannels: readonly string[] = gameApiMethods.map(channelOf)

/** Main to the page: an event was written (`GameEventNotice`). */
export const EVENT_CHANNEL = 'arbiter:event'
/** Main to the page: a native menu command the page carries out (`MenuCommand`). */
export const MENU_CHANNEL = 'arbiter:menu'

/** The menu commands the page carries out itself; Import is done in main (it reads a file). */
export type MenuCommand = 'new-game' | 'open-game' | 'export-game'

/** What an IPC call answers: errors come back as data, never as thrown objects. */
export type IpcResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown }

/**
 * `window.arbiterHost` in the Electron window (electron/preload.ts), beside `window.arbiter` (the
 * GameApi): what main tells the page. Each returns a function that unsubscribes.
 */
export interface ArbiterHostBridge {
  /** Every event written (in this window or from the web host), and games created or imported. */
  onEvent(listener: (notice: GameEventNotice) => void): () => void
  /** New, Open and Export from the native menu. */
  onMenu(listener: (command: MenuCommand) => void): () => void
}
