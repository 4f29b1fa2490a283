import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { LocalGameApi } from '../../core/api/index.js'
import { startWebHost, type WebHost } from '../../electron/web-host.js'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** What `npm run build:renderer` writes; `npm test` builds it before the tests run. */
export const rendererDir = join(repoRoot, 'dist', 'renderer')
/** Screenshots of each screen the tests pass through, to look at (gitignored). */
export const artifactsDir = join(repoRoot, 'test', 'e2e', 'artifacts')

/** Debian's chromium, never a downloaded one. */
export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface Table {
  readonly api: LocalGameApi
  readonly host: WebHost
  readonly browser: BrowserContext
  /** A page (a tab) at the web host's address, token included; `gameId` opens that game. */
  openPage(options?: { gameId?: string; width?: number; height?: number }): Promise<Page>
  /** Errors thrown in any page: a test ends by expecting none. */
  readonly pageErrors: Error[]
  close(): Promise<void>
}

/**
 * The web host on a free port over a fresh database, and headless Chromium with a fresh profile:
 * what a second screen at the table sees, in-process so a test can also read the api directly.
 */
export async function startTable(): Promise<Table> {
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new Error(`the renderer is not built (${rendererDir}): run npm run build:renderer`)
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`)
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-e2e-'))
  const api = await LocalGameApi.open(join(dir, 'library.sqlite'))
  const host = await startWebHost({ api, rendererDir, port: 0 })
  // A persistent context is how Playwright takes a fresh user-data dir of our own.
  const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: { width: 1600, height: 1000 },
  })
  const pageErrors: Error[] = []
  return {
    api,
    host,
    browser,
    pageErrors,
    async openPage({ gameId, width = 1600, height = 1000 } = {}) {
      const page = await browser.newPage()
      await page.setViewportSize({ width, height })
      page.on('pageerror', (error) => pageErrors.push(error))
      await page.goto(gameId ? `${host.url}#game=${gameId}` : host.url)
      return page
    },
    async close() {
      await browser.close()
      await host.close()
      await api.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true })
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true })
}
