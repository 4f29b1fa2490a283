/**
 * What Electron's main does to keep a page from reaching past Arbiter's own pages, as pure
 * functions over the objects Electron hands it (so that unit tests can hand them stand-ins).
 * The fuses that go with it (no ELECTRON_RUN_AS_NODE, NODE_OPTIONS or --inspect, only the signed
 * app.asar) are flipped at packaging: package.json's `build.electronFuses`.
 */
import { join, resolve } from 'node:path'
import type { Session, WebContents, WebPreferences } from 'electron'
import { isArbiterPage } from './app-scheme.js'

/**
 * The built renderer. `ARBITER_RENDERER_DIR` points a development build (`npm start`, the tests)
 * at another folder; a packaged app ignores it: which pages get `window.arbiter` is not for the
 * environment to say.
 */
export function rendererDirFor(options: {
  readonly packaged: boolean
  readonly override: string | undefined
  /** The folder of main's bundle (dist/electron-app): dist/renderer is beside it. */
  readonly mainDir: string
}): string {
  const builtIn = join(options.mainDir, '..', 'renderer')
  return resolve(options.packaged || !options.override ? builtIn : options.override)
}

/** The window's page: isolated, sandboxed, without Node, and without DevTools in a packaged app. */
export function windowPreferences(preload: string, packaged: boolean): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    devTools: !packaged,
  }
}

/**
 * Refuses every permission a page asks for and every check of one (camera, notifications,
 * clipboard reads…), every device (HID, serial, USB; Bluetooth in lockDown, whose pairing Electron
 * cancels without a handler) and every screen capture: Arbiter's pages need none.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
  session.setDisplayMediaRequestHandler((_request, callback) => callback(null))
  const pickNone = (event: { preventDefault(): void }, _details: unknown, callback: (id: string) => void) => {
    event.preventDefault()
    callback('')
  }
  session.on('select-hid-device', pickNone)
  session.on('select-serial-port', (event, _ports, _contents, callback) => pickNone(event, null, callback))
  session.on('select-usb-device', pickNone)
}

/**
 * Every page and frame stays on Arbiter's own pages: no new window, no navigation or redirect
 * elsewhere (the top frame and every subframe), no webview, no Bluetooth device; in a packaged
 * app, DevTools close as soon as anything opens them.
 */
export function lockDown(contents: WebContents, packaged: boolean): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  contents.on('will-navigate', (event, url) => {
    if (!isArbiterPage(url)) event.preventDefault()
  })
  contents.on('will-frame-navigate', (event) => {
    if (!isArbiterPage(event.url)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isArbiterPage(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.on('select-bluetooth-device', (event, _devices, callback) => {
    event.preventDefault()
    callback('')
  })
  if (packaged) contents.on('devtools-opened', () => contents.closeDevTools())
}
