/**
 * Electron's main process (bundled to one CommonJS file by scripts/build-electron.mjs): it owns the
 * game library database and LocalGameApi, and the window talks to it only through the IPC
 * channels of ipc-channels.ts. Security as Electron's checklist asks: context isolation and the
 * sandbox on, no Node in the page, a Content-Security-Policy on every page, navigation and new
 * windows refused, permissions refused, every IPC message's sender checked.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  app,
  BrowserWindow,
  dialog,
  type IpcMainInvokeEvent,
  ipcMain,
  Menu,
  type MenuItemConstructorOptions,
  net,
  protocol,
  session,
  type WebContents,
} from 'electron'
import { LocalGameApi } from '../core/api/game-api.js'
import { toErrorData } from '../core/events/errors.js'
import { APP_URL, isArbiterPage, rendererFileOf, SCHEME } from './app-scheme.js'
import { CONTENT_SECURITY_POLICY } from './csp.js'
import { dispatchCall, type GameEventNotice } from './dispatch.js'
import { registerGameApiIpc } from './ipc.js'
import { EVENT_CHANNEL, MENU_CHANNEL, type MenuCommand } from './ipc-channels.js'
import { LIBRARY_FILE } from './library-path.js'
import { startWebHost, type WebHost } from './web-host.js'

/** The built renderer: dist/renderer beside dist/electron-app, or where `npm start` says. */
const rendererDir = resolve(process.env.ARBITER_RENDERER_DIR ?? join(__dirname, '..', 'renderer'))

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
let webHost: WebHost | null = null

function notifyAll(notice: GameEventNotice): void {
  for (const window of BrowserWindow.getAllWindows()) window.webContents.send(EVENT_CHANNEL, notice)
  webHost?.notify(notice)
}

/** Only Arbiter's own window, showing a page of Arbiter's own, may call GameApi. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  if (mainWindow === null || event.sender !== mainWindow.webContents) return false
  return isArbiterPage(event.senderFrame?.url)
}

/** A file of the built renderer, or 404: a path that leaves the renderer's folder is never read. */
async function servePage(request: Request): Promise<Response> {
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

function lockDown(contents: WebContents): void {
  // No page opens a window, in Arbiter or in the user's browser: Arbiter's pages need none.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-navigate', (event, url) => {
    if (!isArbiterPage(url)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isArbiterPage(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
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

/** Serves this library to a second screen on the table's network, and shows its address. */
async function shareOnNetwork(): Promise<void> {
  if (!api || !mainWindow) return
  webHost ??= await startWebHost({ api, rendererDir, host: '0.0.0.0', port: 0 })
  await dialog.showMessageBox(mainWindow, {
    message: 'Open this address on a phone or tablet on the same network',
    detail: webHost.url,
  })
}

function buildMenu(): Menu {
  const template: MenuItemConstructorOptions[] = [
    {
      label: 'File',
      submenu: [
        { label: 'New Game…', accelerator: 'CmdOrCtrl+N', click: () => sendMenu('new-game') },
        { label: 'Open Game…', accelerator: 'CmdOrCtrl+O', click: () => sendMenu('open-game') },
        { type: 'separator' },
        { label: 'Import…', accelerator: 'CmdOrCtrl+I', click: () => void importFromFile() },
        // The page knows which game is open: it pages exportGame and saves the file as a download.
        { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: () => sendMenu('export-game') },
        { type: 'separator' },
        { label: 'Show on a Second Screen…', click: () => void shareOnNetwork() },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        // The page decides: in a field it undoes the typing, elsewhere it takes back the last event (a Correction).
        { label: 'Undo', accelerator: 'CmdOrCtrl+Z', click: () => sendMenu('undo') },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: 'View', submenu: [{ role: 'reload' }, { role: 'toggleDevTools' }, { role: 'togglefullscreen' }] },
  ]
  if (process.platform === 'darwin') template.unshift({ role: 'appMenu' })
  return Menu.buildFromTemplate(template)
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    title: 'Arbiter',
    backgroundColor: '#14161a',
    webPreferences: {
      preload: join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    },
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
  app.on('web-contents-created', (_event, contents) => lockDown(contents))
  app.on('window-all-closed', () => app.quit())
  app.on('will-quit', () => {
    void webHost?.close()
    void api?.close()
  })

  void app.whenReady().then(async () => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
    protocol.handle(SCHEME, servePage)
    mkdirSync(app.getPath('userData'), { recursive: true })
    api = await LocalGameApi.open(join(app.getPath('userData'), LIBRARY_FILE))
    registerGameApiIpc(ipcMain, api, isTrustedSender, notifyAll)
    Menu.setApplicationMenu(buildMenu())
    mainWindow = createWindow()
    mainWindow.on('closed', () => {
      mainWindow = null
    })
  })
}
