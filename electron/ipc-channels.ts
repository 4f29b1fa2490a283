import { type GameApiMethod, gameApiMethods } from '../core/api/game-api-contract.js'

/** The page's side of the bridge is part of the contract (a renderer imports nothing from electron/). */
export type { ArbiterHostBridge, MenuCommand } from '../core/api/game-api-contract.js'

/**
 * The IPC channels between the Electron window and main: one `invoke` channel per GameApi method,
 * named after it, and the few of `hostChannels` (the report's PDF), and nothing else the page can call.
 * Main hears only these (electron/ipc.ts, electron/report-pdf.ts) and the preload exposes only these
 * (electron/preload.ts).
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
/** The page to main: print the battle report to PDF and save it (`ArbiterHostBridge.saveReportPdf`, report-pdf.ts). */
export const REPORT_PDF_CHANNEL = 'arbiter:report:pdf'
/** The page's channels beside GameApi's: what main hears besides `ipcChannels`. */
export const hostChannels: readonly string[] = [REPORT_PDF_CHANNEL]

/** What an IPC call answers: errors come back as data, never as thrown objects. */
export type IpcResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown }
