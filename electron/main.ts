/**
 * Electron's main process (bundled to one CommonJS file by scripts/build-electron.mjs): it owns the
 * game library database and LocalGameApi, and the window talks to it only through the IPC
 * channels of ipc-channels.ts. Security as Electron's checklist asks: context isolation and the
 * sandbox on, no Node in the page, a Content-Security-Policy on every page, navigation and new
 * windows refused, permissions and devices refused, every IPC message's sender checked; packaged,
 * no DevTools and no environment override (hardening.ts), and the fuses of package.json.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  app,
  BrowserWindow,
  dialog,
  type IpcMainInvokeEvent,
  ipcMain,
  Menu,
  net,
  type PrintToPDFOptions,
  protocol,
  session,
} from 'electron'
import { LocalGameApi } from '../core/api/game-api.js'
import { toErrorData } from '../core/events/errors.js'
import { menuTemplate } from './app-menu.js'
import { APP_URL, isArbiterPage, rendererFileOf, SCHEME } from './app-scheme.js'
import { CONTENT_SECURITY_POLICY } from './csp.js'
import { dispatchCall, type GameEventNotice } from './dispatch.js'
import { denyAllPermissions, lockDown, rendererDirFor, windowPreferences } from './hardening.js'
import { registerGameApiIpc } from './ipc.js'
import { EVENT_CHANNEL, MENU_CHANNEL, type MenuCommand } from './ipc-channels.js'
import { LIBRARY_FILE } from './library-path.js'
import { type ReportPageAnswer, reportPageAnswer, reportPagePath, reportPageRequestOf } from './report-page.js'
import { printWindowPreferences, registerReportPdfIpc } from './report-pdf.js'
import { joinWithKeyGate } from './screen-scope.js'
import {
  gameIdOfPage,
  listenHost,
  NO_GAME_OPEN,
  reachOf,
  secondScreenAddress,
  secondScreenPrompt,
} from './second-screen.js'
import { startWebHost, type WebHost } from './web-host.js'

const packaged = app.isPackaged
/** The built renderer: dist/renderer beside dist/electron-app (or, unpackaged, where ARBITER_RENDERER_DIR says). */
const rendererDir = rendererDirFor({ packaged, override: process.env.ARBITER_RENDERER_DIR, mainDir: __dirname })

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

// Every page Arbiter opens runs sandboxed, whatever its webPreferences say.
app.enableSandbox()

protocol.registerSchemesAsPrivileged([
  { scheme: SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

let api: LocalGameApi | null = null
let mainWindow: BrowserWindow | null = null
/** The second screen, while one is open: a web host for one game, read-only unless a player joins with their key. */
let secondScreen: WebHost | null = null

function notifyWindows(notice: GameEventNotice): void {
  for (const window of BrowserWindow.getAllWindows()) window.webContents.send(EVENT_CHANNEL, notice)
}

function notifyAll(notice: GameEventNotice): void {
  notifyWindows(notice)
  secondScreen?.notify(notice)
}

/** Only Arbiter's own window, showing a page of Arbiter's own, may call GameApi. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  if (mainWindow === null || event.sender !== mainWindow.webContents) return false
  return isArbiterPage(event.senderFrame?.url)
}

/**
 * A file of the built renderer, or 404: a path that leaves the renderer's folder is never read. The one
 * page that is not a file is a game's battle report (report-page.ts), under its own policy.
 */
async function servePage(request: Request): Promise<Response> {
  const report = isArbiterPage(request.url) ? reportPageRequestOf(new URL(request.url)) : null
  if (report !== null) {
    const answer: ReportPageAnswer = api
      ? await reportPageAnswer(api, report)
      : { status: 500, headers: {}, body: 'Arbiter is still starting\n' }
    return new Response(answer.body, { status: answer.status, headers: answer.headers })
  }
  const file = rendererFileOf(rendererDir, request.url)
  if (file === null || !existsSync(file)) return new Response('not found', { status: 404 })
  const response = await net.fetch(pathToFileURL(file).toString())
  return new Response(response.body, {
    status: response.status,
    headers: {
      'Content-Type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

function sendMenu(command: MenuCommand): void {
  mainWindow?.webContents.send(MENU_CHANNEL, command)
}

async function importFromFile(): Promise<void> {
  if (!api || !mainWindow) return
  const picked = await dialog.showOpenDialog(mainWindow, {
    title: 'Import a game',
    filters: [{ name: 'Arbiter game', extensions: ['jsonl'] }],
    properties: ['openFile'],
  })
  const file = picked.filePaths[0]
  if (picked.canceled || file === undefined) return
  try {
    const imported = (await dispatchCall(api, 'importGame', [await readFile(file, 'utf8')], notifyAll)) as {
      gameId: string
      events: number
    }
    await dialog.showMessageBox(mainWindow, {
      message: `Imported game ${imported.gameId}: ${imported.events} events, verified and replayed.`,
    })
  } catch (error) {
    const { code, message } = toErrorData(error)
    dialog.showErrorBox('The game was not imported', `${message} (${code})`)
  }
}

/**
 * Shows the game open in the window on a second screen: the window asks first where (this
 * computer only, or the network, said plainly), then serves it there, until stopped: read-only, but
 * a player who joins with their key records as themselves.
 */
async function showOnSecondScreen(): Promise<void> {
  if (!api || !mainWindow || secondScreen) return
  const gameId = gameIdOfPage(mainWindow.webContents.getURL())
  if (gameId === null) {
    await dialog.showMessageBox(mainWindow, NO_GAME_OPEN)
    return
  }
  try {
    const { state } = await api.openGame(gameId)
    const name = state.title ?? state.players.map((player) => player.name).join(' against ')
    const reach = reachOf((await dialog.showMessageBox(mainWindow, secondScreenPrompt(name))).response)
    if (reach === null || secondScreen) return
    // The host decides that writes are possible: a player who joins with their key records as themselves.
    const scope = { kind: 'game', gameId, authorizeWrite: joinWithKeyGate(api) } as const
    // A joined player's write is shown in this window too; the screen tells its own pages itself.
    const onEvent = notifyWindows
    // Its events are kept as recorded by the second screen, through the window's GameApi (one store and sessions).
    const screenApi = api.forHost('second-screen')
    secondScreen = await startWebHost({ api: screenApi, rendererDir, host: listenHost(reach), port: 0, scope, onEvent })
    Menu.setApplicationMenu(buildMenu())
    await dialog.showMessageBox(mainWindow, secondScreenAddress(name, secondScreen.url, reach))
  } catch (error) {
    const { code, message } = toErrorData(error)
    dialog.showErrorBox('The second screen did not open', `${message} (${code})`)
  }
}

async function stopSecondScreen(): Promise<void> {
  const stopping = secondScreen
  secondScreen = null
  Menu.setApplicationMenu(buildMenu())
  await stopping?.close()
}

function buildMenu(): Menu {
  return Menu.buildFromTemplate(
    menuTemplate({
      packaged,
      platform: process.platform,
      secondScreenUrl: secondScreen?.url ?? null,
      actions: {
        newGame: () => sendMenu('new-game'),
        openGame: () => sendMenu('open-game'),
        importGame: () => void importFromFile(),
        exportGame: () => sendMenu('export-game'),
        exportReport: () => sendMenu('export-report'),
        importList: () => sendMenu('import-list'),
        undo: () => sendMenu('undo'),
        showSecondScreen: () => void showOnSecondScreen(),
        stopSecondScreen: () => void stopSecondScreen(),
      },
    }),
  )
}

/** The report page loaded in a window never shown (sandboxed, no scripts: report-pdf.ts), printed, then closed. */
async function printToPdf(url: string, options: PrintToPDFOptions): Promise<Uint8Array> {
  const window = new BrowserWindow({ show: false, webPreferences: printWindowPreferences() })
  try {
    await window.loadURL(url)
    return await window.webContents.printToPDF(options)
  } finally {
    window.destroy()
  }
}

async function askWhereToSave(defaultName: string): Promise<string | null> {
  const options = {
    title: 'Save the battle report as PDF',
    defaultPath: defaultName,
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  }
  const picked = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options)
  return picked.canceled || !picked.filePath ? null : picked.filePath
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    title: 'Arbiter',
    backgroundColor: '#14161a',
    webPreferences: windowPreferences(join(__dirname, 'preload.cjs'), packaged),
  })
  void window.loadURL(APP_URL)
  return window
}

if (!app.requestSingleInstanceLock()) {
  // Another Arbiter owns the library: it is brought to the front (below) and this one leaves.
  app.quit()
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('web-contents-created', (_event, contents) => lockDown(contents, packaged))
  app.on('window-all-closed', () => app.quit())
  app.on('will-quit', () => {
    void secondScreen?.close()
    void api?.close()
  })

  void app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession)
    protocol.handle(SCHEME, servePage)
    mkdirSync(app.getPath('userData'), { recursive: true })
    // The window's events are kept as recorded by the desktop app; a second screen's by itself (below).
    api = await LocalGameApi.open(join(app.getPath('userData'), LIBRARY_FILE), { host: 'desktop' })
    registerGameApiIpc(ipcMain, api, isTrustedSender, notifyAll)
    registerReportPdfIpc(ipcMain, {
      api,
      isTrustedSender,
      reportPageUrl: (gameId, lang) => new URL(reportPagePath(gameId, lang), APP_URL).toString(),
      printToPdf,
      countryCode: () => app.getLocaleCountryCode(),
      askWhereToSave,
      writeFile,
    })
    Menu.setApplicationMenu(buildMenu())
    mainWindow = createWindow()
    mainWindow.on('closed', () => {
      mainWindow = null
    })
  })
}
