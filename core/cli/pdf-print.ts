import { type ChildProcess, spawn } from 'node:child_process'
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join, posix, win32 } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ArbiterError } from '../api/index.js'
import { ARBITER } from './args.js'

/** The browsers' command names looked for on PATH, in this order (Chromium first: what Debian and CI install). */
export const BROWSER_COMMANDS = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  'microsoft-edge',
] as const

/** A print that takes longer than this is stopped: a browser that hangs (a profile lock, a dialog) fails plainly. */
export const PRINT_TIMEOUT_MS = 60_000

/** Where to look for a browser: the environment, the system, and how to tell an executable file (tests stand in). */
export interface BrowserSearch {
  readonly env: NodeJS.ProcessEnv
  readonly platform: NodeJS.Platform
  readonly isExecutable: (path: string) => boolean
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    if (process.platform !== 'win32') accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

export const thisSystem = (): BrowserSearch => ({
  env: process.env,
  platform: process.platform,
  isExecutable: isExecutableFile,
})

/** The usual install places of Chrome, Chromium and Edge where they are not on PATH (macOS, Windows). */
function installPaths({ env, platform }: BrowserSearch): string[] {
  if (platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium']
    apps.push('Microsoft Edge.app/Contents/MacOS/Microsoft Edge')
    const folders = ['/Applications', ...(env.HOME ? [posix.join(env.HOME, 'Applications')] : [])]
    return folders.flatMap((folder) => apps.map((app) => posix.join(folder, app)))
  }
  if (platform === 'win32') {
    const bases = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((b): b is string => !!b)
    const apps = ['Google\\Chrome\\Application\\chrome.exe', 'Chromium\\Application\\chrome.exe']
    apps.push('Microsoft\\Edge\\Application\\msedge.exe')
    return bases.flatMap((base) => apps.map((app) => win32.join(base, app)))
  }
  return []
}

/** Each command name as a file in each PATH folder (with Windows' executable extensions there). */
function onPath({ env, platform }: BrowserSearch, names: readonly string[]): { name: string; paths: string[] }[] {
  const pathApi = platform === 'win32' ? win32 : posix
  const folders = (env.PATH ?? env.Path ?? '').split(platform === 'win32' ? ';' : delimiter).filter(Boolean)
  const extensions = platform === 'win32' ? (env.PATHEXT ?? '.EXE').split(';').filter(Boolean) : ['']
  return names.map((name) => ({
    name,
    paths: folders.flatMap((folder) => extensions.map((ext) => pathApi.join(folder, `${name}${ext.toLowerCase()}`))),
  }))
}

/**
 * The browser that prints PDFs here: ARBITER_CHROMIUM when it names one, then the first of BROWSER_COMMANDS on PATH,
 * then the usual install places. None found is `report/no-browser`, naming everything looked for and the way round.
 */
export function findBrowser(search: BrowserSearch = thisSystem()): string {
  const chosen = search.env.ARBITER_CHROMIUM
  // A path is taken as it is; a bare name (brave-browser) is looked for on PATH.
  const chosenPaths = !chosen ? [] : /[/\\]/.test(chosen) ? [chosen] : onPath(search, [chosen]).flatMap((c) => c.paths)
  for (const path of chosenPaths) if (search.isExecutable(path)) return path
  const names = search.platform === 'win32' ? [...BROWSER_COMMANDS, 'chrome', 'msedge'] : BROWSER_COMMANDS
  const commands = onPath(search, names)
  for (const { paths } of commands) for (const path of paths) if (search.isExecutable(path)) return path
  const installed = installPaths(search)
  for (const path of installed) if (search.isExecutable(path)) return path
  const looked = [
    chosen ? `ARBITER_CHROMIUM (${chosen}: no such program)` : 'ARBITER_CHROMIUM (not set)',
    `${commands.map((c) => c.name).join(', ')} on PATH`,
    ...installed,
  ]
  throw new ArbiterError(
    'report/no-browser',
    `no Chromium, Chrome or Edge was found to print the PDF; looked for ${looked.join('; ')}. Install Chromium ` +
      '(or set ARBITER_CHROMIUM to the browser program), or write the report with --format html and print it to PDF ' +
      `from any browser: the HTML is the same page, and gives the same PDF (\`${ARBITER} report … --format html\`)`,
  )
}

export interface PrintOptions {
  readonly browser: string
  readonly timeoutMs?: number
  /** Chromium refuses to run as root with its sandbox; only then is it turned off. */
  readonly asRoot?: boolean
}

/** The command line that prints `htmlFile` to `pdfFile`, in a fresh profile so no running browser is disturbed. */
export function printArgs(htmlFile: string, pdfFile: string, profile: string, asRoot: boolean): string[] {
  return [
    '--headless',
    '--disable-gpu',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-extensions',
    '--no-pdf-header-footer',
    // The same for Chrome before 110, which did not know the flag above (unknown flags are ignored).
    '--print-to-pdf-no-header',
    `--user-data-dir=${profile}`,
    `--print-to-pdf=${pdfFile}`,
    ...(asRoot ? ['--no-sandbox'] : []),
    pathToFileURL(htmlFile).href,
  ]
}

/** The last lines a browser wrote to stderr, for an error that says why it failed. */
function tailOf(text: string): string {
  const lines = text.trim().split('\n').filter(Boolean)
  const tail = lines.slice(-4).join(' | ')
  return tail.length > 600 ? `…${tail.slice(-600)}` : tail
}

/** Stops the browser and whatever it started (it runs in a process group of its own). */
function stop(child: ChildProcess): void {
  if (child.pid === undefined) return
  try {
    if (process.platform === 'win32') child.kill('SIGKILL')
    else process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}

/**
 * Prints one HTML page to PDF with a headless Chromium and returns the PDF's bytes. The page is written to a fresh
 * temporary folder with the browser's profile and its PDF; the folder is removed afterwards, whatever happens. A
 * browser that fails, hangs past the timeout or writes no PDF is `report/print-failed`, with what it said.
 */
export async function printPdf(html: string, options: PrintOptions): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? PRINT_TIMEOUT_MS
  const asRoot = options.asRoot ?? process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-pdf-'))
  const failed = (why: string) =>
    new ArbiterError('report/print-failed', `${options.browser} could not print the PDF: ${why}`)
  try {
    const htmlFile = join(dir, 'report.html')
    const pdfFile = join(dir, 'report.pdf')
    writeFileSync(htmlFile, html)
    const child = spawn(options.browser, printArgs(htmlFile, pdfFile, join(dir, 'profile'), asRoot), {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: process.platform !== 'win32',
    })
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8000)
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      stop(child)
    }, timeoutMs)
    // 'close' comes once every process holding its stderr has gone: the browser's helpers (renderer, GPU) too.
    const exit = await new Promise<{ code: number | null; error?: Error }>((resolve) => {
      child.once('error', (error) => resolve({ code: null, error }))
      child.once('close', (code) => resolve({ code }))
    }).finally(() => clearTimeout(timer))
    if (exit.error) throw failed(exit.error.message)
    if (timedOut) throw failed(`it did not finish within ${Math.round(timeoutMs / 1000)} s, and was stopped`)
    let pdf: Buffer
    try {
      pdf = readFileSync(pdfFile)
    } catch {
      pdf = Buffer.alloc(0)
    }
    if (exit.code !== 0 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
      const said = tailOf(stderr)
      throw failed(`it exited with ${exit.code} and wrote no PDF${said ? `; it said: ${said}` : ''}`)
    }
    return pdf
  } finally {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
  }
}
