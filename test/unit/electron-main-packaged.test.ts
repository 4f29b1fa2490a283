import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleElectronMain, type ElectronStub, menuItems } from '../helpers/electron-main-bundle.js'

/**
 * Electron's main as a packaged app runs it (`app.isPackaged`), against the stand-in for Electron:
 * no DevTools, and the environment cannot point the window at other pages. Its own process
 * (vitest runs each file in one), since main is loaded once per process.
 */
const root = resolve(import.meta.dirname, '..', '..')
/** As in a package: main's bundle in a folder, the renderer beside it. */
const packageDir = join(root, 'dist', 'test-electron-packaged')
const bundle = join(packageDir, 'electron-app', 'main.cjs')
let stub: ElectronStub
let dir: string

beforeAll(async () => {
  await bundleElectronMain(bundle)
  mkdirSync(join(packageDir, 'renderer'), { recursive: true })
  writeFileSync(join(packageDir, 'renderer', 'index.html'), '<!doctype html><p>the packaged pages</p>')
  dir = mkdtempSync(join(tmpdir(), 'arbiter-packaged-'))
  mkdirSync(join(dir, 'elsewhere'))
  writeFileSync(join(dir, 'elsewhere', 'index.html'), '<!doctype html><p>pages from the environment</p>')
  process.env.ARBITER_TEST_PACKAGED = '1'
  process.env.ARBITER_TEST_USER_DATA = join(dir, 'user-data')
  process.env.ARBITER_RENDERER_DIR = join(dir, 'elsewhere')
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

describe('Electron main, packaged', () => {
  it('serves its own pages, whatever ARBITER_RENDERER_DIR says', async () => {
    const page = await stub.protocolHandlers.get('arbiter')!(new Request('arbiter://app/'))
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('the packaged pages')
  })

  it('has no DevTools: not in the menu, not in the window, and closed if anything opens them', () => {
    expect(menuItems(stub).some((item) => item.role === 'toggleDevTools')).toBe(false)
    expect(menuItems(stub).some((item) => item.role === 'reload')).toBe(true)
    const window = stub.windows[0]!
    expect(window.options.webPreferences.devTools).toBe(false)
    window.webContents.handlers.get('devtools-opened')!()
    expect(window.webContents.devToolsClosed).toBe(1)
  })
})
