import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENT_CHANNEL, ipcChannels, MENU_CHANNEL } from '../../electron/ipc-channels.js'

/**
 * Electron's main process, bundled as `npm start` bundles it, run in Node against a stand-in for
 * the 'electron' module (test/fixtures/electron-stub.cjs): what main asks of Electron is checked
 * without Electron's binary.
 */
interface StubContents {
  handlers: Map<string, (...args: unknown[]) => void>
  sent: [string, unknown][]
  openHandler: (details: { url: string }) => { action: string }
}
interface StubWindow {
  options: { webPreferences: Record<string, unknown> }
  webContents: StubContents
  loaded: string | null
}
interface ElectronStub {
  sandboxEnabled: boolean
  schemes: { scheme: string; privileges: Record<string, boolean> }[]
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>
  ipcHandlers: Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>
  windows: StubWindow[]
  menu: { template: { label?: string; submenu?: { label?: string; enabled?: boolean }[] }[] } | null
  appEvents: Map<string, (...args: unknown[]) => void>
  permissionHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null
  ready: () => void
}

const root = resolve(import.meta.dirname, '..', '..')
const bundle = join(root, 'dist', 'test-electron-main', 'main.cjs')
let stub: ElectronStub
let userData: string
let rendererDir: string

// One folder for the whole file (main is loaded once per process), removed at the end.
let dir: string

beforeAll(async () => {
  await build({
    entryPoints: [join(root, 'electron', 'main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
    external: ['better-sqlite3'],
    alias: { electron: join(root, 'test', 'fixtures', 'electron-stub.cjs') },
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  })
})

describe('Electron main (against a stand-in for Electron)', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-electron-'))
    userData = join(dir, 'user-data')
    rendererDir = join(dir, 'renderer')
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><arbiter-app></arbiter-app>')
    writeFileSync(join(dir, 'secret.txt'), 'never served')
    process.env.ARBITER_TEST_USER_DATA = userData
    process.env.ARBITER_RENDERER_DIR = rendererDir
    createRequire(import.meta.url)(bundle)
    stub = (globalThis as unknown as { electronStub: ElectronStub }).electronStub
    stub.ready()
    for (let i = 0; i < 200 && stub.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 10))
  })
  afterAll(async () => {
    stub.appEvents.get('will-quit')?.()
    await new Promise((r) => setTimeout(r, 50))
    rmSync(dir, { recursive: true, force: true })
  })

  it('turns the sandbox on for every page and registers its scheme as secure', () => {
    expect(stub.sandboxEnabled).toBe(true)
    expect(stub.schemes).toEqual([
      { scheme: 'arbiter', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ])
  })

  it('opens the library in the app data folder and registers exactly the IPC whitelist', () => {
    expect(existsSync(join(userData, 'library.sqlite'))).toBe(true)
    expect([...stub.ipcHandlers.keys()].sort()).toEqual([...ipcChannels].sort())
  })

  it('opens one window, isolated and sandboxed, without Node, on arbiter://app/', () => {
    expect(stub.windows).toHaveLength(1)
    const [window] = stub.windows
    expect(window!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    })
    expect(String(window!.options.webPreferences.preload)).toMatch(/preload\.cjs$/)
    expect(window!.loaded).toBe('arbiter://app/')
  })

  it('refuses new windows, navigation away and every permission', () => {
    const contents = stub.windows[0]!.webContents
    expect(contents.openHandler({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
    const navigate = (url: string) => {
      let prevented = false
      contents.handlers.get('will-navigate')!({ preventDefault: () => (prevented = true) }, url)
      return prevented
    }
    expect(navigate('https://example.com/')).toBe(true)
    expect(navigate('file:///etc/passwd')).toBe(true)
    expect(navigate('arbiter://app/index.html')).toBe(false)
    let granted: boolean | undefined
    stub.permissionHandler!({}, 'media', (answer) => {
      granted = answer
    })
    expect(granted).toBe(false)
  })

  it('serves the renderer with its CSP, and nothing outside it', async () => {
    const serve = stub.protocolHandlers.get('arbiter')!
    const page = await serve(new Request('arbiter://app/'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(await page.text()).toContain('<arbiter-app>')
    expect((await serve(new Request('arbiter://app/..%2fsecret.txt'))).status).toBe(404)
    expect((await serve(new Request('arbiter://app/missing.js'))).status).toBe(404)
  })

  it('answers GameApi calls from its window only, and tells the window of each event', async () => {
    const window = stub.windows[0]!
    const createGame = stub.ipcHandlers.get('arbiter:api:createGame')!
    const input = {
      ruleset: 'classic',
      players: [
        { id: 'p1', name: 'One' },
        { id: 'p2', name: 'Two' },
      ],
      actor: 'p1',
    }
    const fromElsewhere = { sender: window.webContents, senderFrame: { url: 'https://example.com/' } }
    expect(await createGame(fromElsewhere, input)).toMatchObject({ ok: false, error: { code: 'host/unauthorized' } })
    const fromOtherContents = { sender: {}, senderFrame: { url: 'arbiter://app/' } }
    expect(await createGame(fromOtherContents, input)).toMatchObject({ ok: false })
    const created = (await createGame(
      { sender: window.webContents, senderFrame: { url: 'arbiter://app/' } },
      input,
    )) as {
      ok: true
      value: { gameId: string }
    }
    expect(created.ok).toBe(true)
    expect(window.webContents.sent).toEqual([
      [EVENT_CHANNEL, { gameId: created.value.gameId, seq: 1, type: 'GameCreated' }],
    ])
  })

  it('has New, Open, Import and Export, and Undo, which the page carries out', () => {
    const items = stub.menu!.template.flatMap((menu) => menu.submenu ?? [])
    const labels = items.map((item) => item.label).filter(Boolean)
    expect(labels).toEqual(expect.arrayContaining(['New Game…', 'Open Game…', 'Import…', 'Export…']))
    const undo = items.find((item) => item.label === 'Undo') as { enabled?: boolean; click?: () => void }
    expect(undo.enabled).not.toBe(false)
    const contents = stub.windows[0]!.webContents
    const before = contents.sent.length
    undo.click?.()
    expect(contents.sent.slice(before)).toEqual([[MENU_CHANNEL, 'undo']])
  })
})
