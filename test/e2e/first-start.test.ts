import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The README's first set-up command, as a new user copies it (the comment dropped). */
function readmeFirstCommand(): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
  const block = /```sh\n([^`]*)```/.exec(readme)
  if (!block) throw new Error('README.md has no sh block of set-up commands')
  const first = (block[1] ?? '').split('\n')[0] ?? ''
  return first.replace(/\s+#.*$/, '').trim()
}

/** Waits for the line that names the page's address, or fails with what the command printed. */
function addressOf(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let said = ''
    const timer = setTimeout(() => reject(new Error(`no address within ${timeoutMs} ms:\n${said}`)), timeoutMs)
    const hear = (chunk: Buffer): void => {
      said += chunk.toString()
      const address = /Arbiter is at (\S+)/.exec(said)
      if (address?.[1]) {
        clearTimeout(timer)
        resolvePromise(address[1])
      }
    }
    child.stdout?.on('data', hear)
    child.stderr?.on('data', hear)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the command ended (exit ${code}) before printing an address:\n${said}`))
    })
  })
}

describe('a first start on a fresh clone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-first-start-'))
  let child: ChildProcess | undefined

  afterAll(async () => {
    // The command runs in its own process group: npm, then node serving the page.
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((done) => child?.once('exit', done))
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {}
      await exited
    }
    // The clone holds a whole node_modules: removing it takes a while on a busy machine.
    await rm(dir, { recursive: true, force: true })
  }, 120_000)

  it("the README's first command, run in a git clone, opens a working page", { timeout: 600_000 }, async () => {
    const clone = join(dir, 'arbiter')
    execFileSync('git', ['clone', '--quiet', repoRoot, clone])
    const command = readmeFirstCommand()
    expect(command).toMatch(/npm ci && npm start/)
    // No display, so `npm start` falls back to the web host as it would on a headless machine; a
    // home of its own, so the library it opens is a new one. npm installs from its cache.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOME: join(dir, 'home'),
      XDG_CONFIG_HOME: join(dir, 'home', '.config'),
      npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? dir, '.npm'),
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
    }
    delete env.DISPLAY
    delete env.WAYLAND_DISPLAY
    for (const key of Object.keys(env))
      if (key.startsWith('npm_lifecycle') || key === 'npm_package_json') delete env[key]
    child = spawn('sh', ['-c', command], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const url = await addressOf(child, 540_000)

    const browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    })
    try {
      const page = await browser.newPage()
      const response = await page.goto(url)
      expect(response?.status()).toBe(200)
      // Playwright's role queries pierce the app's shadow roots: the library's own button is there.
      await page.getByRole('button', { name: 'New game' }).waitFor({ timeout: 20_000 })
      expect(await page.getByText(/not built/).count()).toBe(0)
    } finally {
      await browser.close()
    }
  })
})
