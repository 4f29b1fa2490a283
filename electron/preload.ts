/**
 * The Electron window's bridge (bundled to one CommonJS file, run sandboxed): `window.arbiter` is
 * the GameApi, one IPC channel per method (ipc-channels.ts), and `window.arbiterHost` tells the
 * page of events and menu commands, and has main print a battle report to PDF. A refusal rejects
 * with plain `{ code, message }` data (an Error's own fields do not cross the context bridge; plain data does).
 */
import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron'
import type { GameApi, GameApiMethod } from '../core/api/game-api-contract.js'
import {
  type ArbiterHostBridge,
  channelOf,
  EVENT_CHANNEL,
  type IpcResult,
  MENU_CHANNEL,
  REPORT_PDF_CHANNEL,
} from './ipc-channels.js'

async function call<M extends GameApiMethod>(
  method: M,
  args: Parameters<GameApi[M]>,
): Promise<Awaited<ReturnType<GameApi[M]>>> {
  const result = (await ipcRenderer.invoke(channelOf(method), ...args)) as IpcResult
  if (!result.ok) throw result.error
  return result.value as Awaited<ReturnType<GameApi[M]>>
}

const arbiter = {
  listGames: () => call('listGames', []),
  archiveGame: (gameId, archived) => call('archiveGame', [gameId, archived]),
  sampleGame: () => call('sampleGame', []),
  createGame: (input) => call('createGame', [input]),
  append: (gameId, draft, expectedVersion) => call('append', [gameId, draft, expectedVersion]),
  rollDice: (gameId, requestId, actor) => call('rollDice', [gameId, requestId, actor]),
  undo: (gameId, actor, options) => call('undo', [gameId, actor, options]),
  whatIf: (gameId, edits) => call('whatIf', [gameId, edits]),
  audit: (gameId) => call('audit', [gameId]),
  report: (gameId, options) => call('report', options === undefined ? [gameId] : [gameId, options]),
  openGame: (gameId, atSeq) => call('openGame', [gameId, atSeq]),
  status: (gameId) => call('status', [gameId]),
  replay: (gameId, page) => call('replay', [gameId, page]),
  verifyGame: (gameId) => call('verifyGame', [gameId]),
  signatures: (gameId) => call('signatures', [gameId]),
  exportGame: (gameId, page) => call('exportGame', [gameId, page]),
  importGame: (text) => call('importGame', [text]),
  rulesets: () => call('rulesets', []),
  catalogue: (ruleset) => call('catalogue', [ruleset]),
  searchRules: (ruleset, query) => call('searchRules', [ruleset, query]),
  troops: (ruleset, army) => call('troops', army === undefined ? [ruleset] : [ruleset, army]),
  importList: (ruleset, fileName, bytesBase64) => call('importList', [ruleset, fileName, bytesBase64]),
  saveLibraryUnit: (ruleset, faction, unit, source) => call('saveLibraryUnit', [ruleset, faction, unit, source]),
  exportArmy: (gameId, player) => call('exportArmy', [gameId, player]),
  libraryUnits: (ruleset, faction) => call('libraryUnits', faction === undefined ? [ruleset] : [ruleset, faction]),
  close: () => call('close', []),
} satisfies GameApi

function subscribe<T>(channel: string, listener: (value: T) => void): () => void {
  const handler = (_event: IpcRendererEvent, value: T): void => listener(value)
  ipcRenderer.on(channel, handler)
  return () => {
    ipcRenderer.removeListener(channel, handler)
  }
}

const arbiterHost = {
  onEvent: (listener) => subscribe(EVENT_CHANNEL, listener),
  onMenu: (listener) => subscribe(MENU_CHANNEL, listener),
  saveReportPdf: async (gameId, options) => {
    const args = options === undefined ? [gameId] : [gameId, options]
    const result = (await ipcRenderer.invoke(REPORT_PDF_CHANNEL, ...args)) as IpcResult
    if (!result.ok) throw result.error
    return result.value as Awaited<ReturnType<ArbiterHostBridge['saveReportPdf']>>
  },
} satisfies ArbiterHostBridge

contextBridge.exposeInMainWorld('arbiter', arbiter)
contextBridge.exposeInMainWorld('arbiterHost', arbiterHost)
