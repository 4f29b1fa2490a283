import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
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
 * The web host on a free port over a fresh database (or one `prepare` wrote), and headless Chromium with a fresh profile:
 * what a second screen at the table sees, in-process so a test can also read the api directly.
 */
export async function startTable(
  options: {
    /** Writes the library's database first (a built game, a forged one), at the path it is served from. */
    prepare?: (libraryFile: string) => Promise<void>
  } = {},
): Promise<Table> {
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new Error(`the renderer is not built (${rendererDir}): run npm run build:renderer`)
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`)
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-e2e-'))
  await options.prepare?.(join(dir, 'library.sqlite'))
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

/** What axe-core says of one rule a page breaks (the part of its result a failure message needs). */
interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[]
}

let axeSource: string | undefined

/**
 * Runs axe-core (the devDependency, injected as its own source) over the page as it stands, shadow
 * roots included, and fails naming each serious or critical violation, the elements and the fix.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  // Evaluated, not added as a <script>: the page's Content-Security-Policy refuses inline scripts.
  await page.evaluate(axeSource)
  // A string, run in the page: this file is compiled without the DOM's types.
  const violations = await page.evaluate<AxeViolation[]>(`axe.run(document).then(({ violations }) =>
    violations.map(({ id, impact, help, nodes }) => ({
      id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    })))`)
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length} elements)\n` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `    ${JSON.stringify(node.target)}: ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`)
        .join('\n'),
  )
  const where = new URL(page.url())
  if (report.length > 0)
    throw new Error(`accessibility violations on ${where.pathname}${where.hash}:\n${report.join('\n')}`)
}
