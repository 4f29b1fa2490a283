import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { networkInterfaces, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  EVENT_CHANNEL,
  hostChannels,
  ipcChannels,
  MENU_CHANNEL,
  REPORT_PDF_CHANNEL,
} from '../../electron/ipc-channels.js'
import { REPORT_PAGE_CSP } from '../../electron/report-page.js'
import { bundleElectronMain, type ElectronStub, menuItems } from '../helpers/electron-main-bundle.js'

/**
 * Electron's main process, bundled as `npm start` bundles it, run in Node against a stand-in for
 * the 'electron' module (test/fixtures/electron-stub.cjs): what main asks of Electron is checked
 * without Electron's binary.
 */
const root = resolve(import.meta.dirname, '..', '..')
const bundle = join(root, 'dist', 'test-electron-main', 'main.cjs')
let stub: ElectronStub
let userData: string
let rendererDir: string

// One folder for the whole file (main is loaded once per process), removed at the end.
let dir: string

beforeAll(() => bundleElectronMain(bundle))

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
    // GameApi's channels, and the report's PDF beside them.
    expect([...stub.ipcHandlers.keys()].sort()).toEqual([...ipcChannels, ...hostChannels].sort())
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
    const items = menuItems(stub)
    const labels = items.map((item) => item.label).filter(Boolean)
    expect(labels).toEqual(expect.arrayContaining(['New Game…', 'Open Game…', 'Import…', 'Export…']))
    const undo = items.find((item) => item.label === 'Undo') as { enabled?: boolean; click?: () => void }
    expect(undo.enabled).not.toBe(false)
    const contents = stub.windows[0]!.webContents
    const before = contents.sent.length
    undo.click?.()
    expect(contents.sent.slice(before)).toEqual([[MENU_CHANNEL, 'undo']])
  })

  it('unpackaged, keeps DevTools for development', () => {
    expect(menuItems(stub).some((item) => item.role === 'toggleDevTools')).toBe(true)
    expect(stub.windows[0]!.options.webPreferences.devTools).toBe(true)
  })

  it('refuses every permission check, every device, every screen capture, and navigation of any frame away', () => {
    const handler = (name: string) => stub.sessionHandlers.get(name)!
    for (const permission of ['media', 'clipboard-read', 'notifications', 'hid', 'fullscreen'])
      expect(handler('permission-check')(null, permission, 'arbiter://app', {})).toBe(false)
    expect(handler('device-permission')({ deviceType: 'usb', origin: 'arbiter://app' })).toBe(false)
    let captured: unknown = 'not answered'
    handler('display-media')({}, (streams: unknown) => {
      captured = streams
    })
    expect(captured).toBeNull()
    for (const event of ['select-hid-device', 'select-usb-device']) {
      let prevented = false
      let picked: unknown
      handler(event)(
        { preventDefault: () => (prevented = true) },
        { deviceList: [{ deviceId: 'd1' }] },
        (id: string) => {
          picked = id
        },
      )
      expect([event, prevented, picked]).toEqual([event, true, ''])
    }
    let portPicked: unknown
    handler('select-serial-port')({ preventDefault: () => {} }, [{ portId: 'p1' }], {}, (id: string) => {
      portPicked = id
    })
    expect(portPicked).toBe('')
    const contents = stub.windows[0]!.webContents
    const frameNavigate = (url: string) => {
      let prevented = false
      contents.handlers.get('will-frame-navigate')!({
        url,
        isMainFrame: false,
        preventDefault: () => (prevented = true),
      })
      return prevented
    }
    expect(frameNavigate('https://example.com/')).toBe(true)
    expect(frameNavigate('arbiter://app/index.html')).toBe(false)
    let device: unknown
    contents.handlers.get('select-bluetooth-device')!(
      { preventDefault: () => {} },
      [{ deviceId: 'b1' }],
      (id: string) => {
        device = id
      },
    )
    expect(device).toBe('')
  })

  it('shows the open game on a second screen only once told plainly it opens the network, read-only, until stopped', async () => {
    const window = stub.windows[0]!
    const showItem = () => menuItems(stub).find((item) => item.label?.includes('Second Screen'))!
    const dialogsBefore = stub.dialogs.length
    const nextDialog = async (count: number) => {
      for (let i = 0; i < 200 && stub.dialogs.length < dialogsBefore + count; i++)
        await new Promise((r) => setTimeout(r, 10))
      return stub.dialogs[dialogsBefore + count - 1]!
    }
    // No game open in the window: nothing listens, and the window says why.
    window.webContents.url = 'arbiter://app/'
    showItem().click!()
    expect((await nextDialog(1)).message).toBe('Open a game first')

    const createGame = stub.ipcHandlers.get('arbiter:api:createGame')!
    const fromWindow = { sender: window.webContents, senderFrame: { url: 'arbiter://app/' } }
    const players = [
      { id: 'p1', name: 'One' },
      { id: 'p2', name: 'Two' },
    ]
    const made = (await createGame(fromWindow, { ruleset: 'classic', players, actor: 'p1', title: 'At the ford' })) as {
      value: { gameId: string }
    }
    const gameId = made.value.gameId
    window.webContents.url = `arbiter://app/#game=${gameId}`
    // Cancelled: still nothing listens.
    stub.dialogAnswers.push(2)
    showItem().click!()
    const prompt = await nextDialog(2)
    expect(prompt).toMatchObject({
      message: 'Show “At the ford” on a second screen?',
      buttons: ['This Computer Only', 'Open to the Network', 'Cancel'],
      defaultId: 0,
      cancelId: 2,
    })
    expect(prompt.detail).toContain('Arbiter listens on your network, not only on this computer')
    expect(prompt.detail).toContain('Players can join it with their key')
    expect(prompt.detail).toContain('Without joining, it only watches')
    expect(showItem().label).toBe('Show This Game on a Second Screen…')

    /** Answers the prompt, checks the screen it opens shows the game alone and records nothing unsigned, then stops it. */
    const openAndStop = async (answer: number, dialogsSoFar: number) => {
      stub.dialogAnswers.push(answer)
      showItem().click!()
      const shown = await nextDialog(dialogsSoFar + 2)
      const url = shown.detail!.split('\n')[0]!
      expect(url).toMatch(/^http:\/\/[\d.]+:\d+\/\?token=[\w-]+$/)
      const { host, hostname, origin, searchParams } = new URL(url)
      expect(showItem().label).toBe(`Stop the Second Screen (${host})`)
      const call = (method: string, args: unknown[]) =>
        fetch(`${origin}/api/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${searchParams.get('token')}` },
          body: JSON.stringify({ args }),
        })
      const listed = (await (await call('listGames', [])).json()) as { value: { gameId: string }[] }
      expect(listed.value.map((game) => game.gameId)).toEqual([gameId])
      // The screen takes a joined player's signed writes (its gate is installed), and no unsigned one.
      const screen = await fetch(`${origin}/api/screen`, {
        headers: { authorization: `Bearer ${searchParams.get('token')}` },
      })
      expect(((await screen.json()) as { value: { writes: string } }).value.writes).toBe('with-a-key')
      const write = await call('append', [
        gameId,
        { type: 'Note', actor: 'p1', payload: { text: 'from the phone' } },
        1,
      ])
      expect(write.status).toBe(403)
      expect(((await write.json()) as { error: { code: string } }).error.code).toBe('host/not-signed')
      showItem().click!()
      for (let i = 0; i < 200 && showItem().label !== 'Show This Game on a Second Screen…'; i++)
        await new Promise((r) => setTimeout(r, 10))
      expect(showItem().label).toBe('Show This Game on a Second Screen…')
      await expect(call('listGames', [])).rejects.toThrow()
      return { message: shown.message, hostname }
    }
    expect(await openAndStop(0, 2)).toEqual({
      message: 'Open this address in a browser on this computer',
      hostname: '127.0.0.1',
    })
    // On the network it prints this machine's network address (127.0.0.1 only on a machine without one).
    const onNetwork = await openAndStop(1, 4)
    expect(onNetwork.message).toBe('Open this address on a phone or tablet on the same network')
    const networkAddresses = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address?.family === 'IPv4' && !address.internal)
      .map((address) => address!.address)
    expect(onNetwork.hostname).toBe(networkAddresses[0] ?? '127.0.0.1')
    expect(stub.errorBoxes).toEqual([])
  })

  it('has File > Export Report…, which the page carries out', () => {
    const item = menuItems(stub).find((each) => each.label === 'Export Report…')!
    expect(item).toMatchObject({ accelerator: 'CmdOrCtrl+Shift+E' })
    const contents = stub.windows[0]!.webContents
    const before = contents.sent.length
    item.click!()
    expect(contents.sent.slice(before)).toEqual([[MENU_CHANNEL, 'export-report']])
  })

  it('has File > Import List…, which the page carries out (its muster reads the file)', () => {
    const item = menuItems(stub).find((each) => each.label === 'Import List…')!
    expect(item).toMatchObject({ accelerator: 'CmdOrCtrl+Shift+L' })
    // No other item of the whole menu answers to the same keys (DevTools keeps Ctrl+Shift+I).
    expect(menuItems(stub).filter((each) => each.accelerator === 'CmdOrCtrl+Shift+L')).toHaveLength(1)
    const contents = stub.windows[0]!.webContents
    const before = contents.sent.length
    item.click!()
    expect(contents.sent.slice(before)).toEqual([[MENU_CHANNEL, 'import-list']])
  })

  it('prints the report to PDF in a hidden, sandboxed, script-less window, for its own window only', async () => {
    const window = stub.windows[0]!
    const fromWindow = { sender: window.webContents, senderFrame: { url: 'arbiter://app/' } }
    const sample = (await stub.ipcHandlers.get('arbiter:api:sampleGame')!(fromWindow)) as { value: { gameId: string } }
    const gameId = sample.value.gameId
    const savePdf = stub.ipcHandlers.get(REPORT_PDF_CHANNEL)!
    const windowsBefore = stub.windowsMade.length

    // Another page, or another window's contents: refused, and nothing is printed.
    const fromElsewhere = { sender: window.webContents, senderFrame: { url: 'https://example.com/' } }
    expect(await savePdf(fromElsewhere, gameId)).toMatchObject({ ok: false, error: { code: 'host/unauthorized' } })
    expect(await savePdf({ sender: {}, senderFrame: { url: 'arbiter://app/' } }, gameId)).toMatchObject({ ok: false })
    expect(stub.pdfRequests).toEqual([])
    expect(stub.windowsMade).toHaveLength(windowsBefore)

    stub.countryCode = 'DE'
    const out = join(dir, 'report.pdf')
    stub.saveAnswers.push({ canceled: false, filePath: out })
    const saved = (await savePdf(fromWindow, gameId)) as { ok: true; value: { file: string; bytes: number } }
    expect(saved).toMatchObject({ ok: true, value: { file: out } })
    const page = `arbiter://app/report/${gameId}?lang=en`
    expect(stub.pdfRequests).toEqual([
      {
        url: page,
        options: {
          pageSize: 'A4',
          printBackground: true,
          preferCSSPageSize: false,
          margins: { top: 0.4, bottom: 0.4, left: 0.4, right: 0.4 },
        },
      },
    ])
    expect(readFileSync(out, 'utf8')).toBe(`%PDF-1.7 printed from ${page}`)
    expect(saved.value.bytes).toBe(readFileSync(out).byteLength)
    const printer = stub.windowsMade[windowsBefore]!
    expect(printer.options.show).toBe(false)
    expect(printer.options.webPreferences).toMatchObject({ sandbox: true, javascript: false, nodeIntegration: false })
    expect(printer.options.webPreferences.preload).toBeUndefined()
    expect(printer.destroyed).toBe(true)
    expect(stub.windows).not.toContain(printer)
    expect(stub.saveDialogs.at(-1)).toMatchObject({ defaultPath: expect.stringMatching(/-report\.pdf$/) })

    // What it printed is the report page: the HTML report, under the report's own policy.
    const served = await stub.protocolHandlers.get('arbiter')!(new Request(page))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-security-policy')).toBe(REPORT_PAGE_CSP)
    const report = (await stub.ipcHandlers.get('arbiter:api:report')!(fromWindow, gameId)) as {
      value: { text: string }
    }
    expect(await served.text()).toBe(report.value.text)
    expect((await stub.protocolHandlers.get('arbiter')!(new Request('arbiter://app/report/nope'))).status).toBe(404)

    // Cancelled: printed, nothing written.
    stub.countryCode = 'US'
    expect(await savePdf(fromWindow, gameId)).toMatchObject({ ok: true, value: { file: null } })
    expect(stub.pdfRequests.at(-1)!.options.pageSize).toBe('Letter')
  })
})
