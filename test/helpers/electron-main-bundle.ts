import { join, resolve } from 'node:path'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '..', '..')

/**
 * Electron's main process bundled as `npm start` bundles it, but against a stand-in for the
 * 'electron' module (test/fixtures/electron-stub.cjs), so a test runs it in Node without
 * Electron's binary. `outfile` must lie inside the repository (better-sqlite3 and the migrations
 * are found from it).
 */
export async function bundleElectronMain(outfile: string): Promise<void> {
  await build({
    entryPoints: [join(root, 'electron', 'main.ts')],
    outfile,
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
}

/** What the stand-in recorded of main's requests (test/fixtures/electron-stub.cjs). */
export interface StubContents {
  handlers: Map<string, (...args: unknown[]) => void>
  sent: [string, unknown][]
  openHandler: (details: { url: string }) => { action: string }
  url: string
  devToolsClosed: number
}
export interface StubWindow {
  options: { show?: boolean; webPreferences: Record<string, unknown> }
  webContents: StubContents
  loaded: string | null
  destroyed: boolean
}
export interface StubMenuItem {
  label?: string
  accelerator?: string
  role?: string
  enabled?: boolean
  click?: () => void
  submenu?: StubMenuItem[]
}
export interface StubMessageBox {
  type?: string
  message: string
  detail?: string
  buttons?: string[]
  defaultId?: number
  cancelId?: number
}
export interface ElectronStub {
  sandboxEnabled: boolean
  schemes: { scheme: string; privileges: Record<string, boolean> }[]
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>
  ipcHandlers: Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>
  windows: StubWindow[]
  windowsMade: StubWindow[]
  pdfRequests: { url: string; options: Record<string, unknown> }[]
  saveDialogs: { title?: string; defaultPath?: string; filters?: { name: string; extensions: string[] }[] }[]
  saveAnswers: { canceled: boolean; filePath?: string }[]
  countryCode: string
  menu: { template: StubMenuItem[] } | null
  appEvents: Map<string, (...args: unknown[]) => void>
  permissionHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null
  sessionHandlers: Map<string, (...args: unknown[]) => unknown>
  dialogs: StubMessageBox[]
  dialogAnswers: number[]
  errorBoxes: { title: string; content: string }[]
  ready: () => void
}

/** Every item of the menu main set, submenus flattened. */
export function menuItems(stub: ElectronStub): StubMenuItem[] {
  const flatten = (items: StubMenuItem[]): StubMenuItem[] =>
    items.flatMap((item) => [item, ...flatten(item.submenu ?? [])])
  return flatten(stub.menu?.template ?? [])
}
