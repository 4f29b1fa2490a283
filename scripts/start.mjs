// `npm start` (after `npm run build` and scripts/build-electron.mjs): Arbiter's desktop app, or,
// where Electron cannot run, the web host, so that `npm ci && npm start` opens Arbiter anywhere.
//
// better-sqlite3 is a native module built for one ABI. node_modules/better-sqlite3 stays built for
// Node (the CLI, the web host, the tests); the desktop app gets its own copy in
// dist/electron-app/node_modules, rebuilt for Electron's ABI by @electron/rebuild. The bundled main
// (dist/electron-app/main.cjs) loads the copy beside it, so neither build ever replaces the other.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const appDir = join(root, 'dist', 'electron-app')
const require = createRequire(join(root, 'package.json'))
const electronDir = dirname(require.resolve('electron/package.json'))
const electronVersion = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version
const sqliteVersion = JSON.parse(readFileSync(require.resolve('better-sqlite3/package.json'), 'utf8')).version

/** The Electron binary, fetched now if `npm ci` skipped it (ELECTRON_SKIP_BINARY_DOWNLOAD); else why not. */
function electronBinary() {
  const installed = () => {
    const pathFile = join(electronDir, 'path.txt')
    if (!existsSync(pathFile)) return null
    const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8'))
    return existsSync(binary) ? binary : null
  }
  if (installed()) return { binary: installed() }
  const env = { ...process.env }
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD
  const fetched = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    env,
    encoding: 'utf8',
    timeout: 15 * 60_000,
  })
  const binary = installed()
  if (binary) return { binary }
  const said = `${fetched.stderr ?? ''}${fetched.stdout ?? ''}`
    .trim()
    .split('\n')
    .find((line) => /error/i.test(line))
  return { why: `Electron ${electronVersion}'s binary could not be downloaded${said ? ` (${said.trim()})` : ''}` }
}

/** dist/electron-app as an app folder of its own, with better-sqlite3 built for Electron's ABI. */
async function prepareApp() {
  const marker = join(appDir, 'node_modules', '.built-for')
  const wanted = `electron ${electronVersion}, better-sqlite3 ${sqliteVersion}`
  const manifest = {
    name: 'arbiter-desktop',
    productName: 'Arbiter',
    version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
    private: true,
    main: 'main.cjs',
    dependencies: { 'better-sqlite3': sqliteVersion },
  }
  writeFileSync(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return
  rmSync(join(appDir, 'node_modules'), { recursive: true, force: true })
  mkdirSync(join(appDir, 'node_modules'), { recursive: true })
  // better-sqlite3 and what it loads at run time (bindings finds the .node file).
  for (const name of ['better-sqlite3', 'bindings', 'file-uri-to-path']) {
    const from = dirname(require.resolve(`${name}/package.json`))
    cpSync(from, join(appDir, 'node_modules', name), { recursive: true, dereference: true })
  }
  rmSync(join(appDir, 'node_modules', 'better-sqlite3', 'build'), { recursive: true, force: true })
  process.stdout.write(`Building better-sqlite3 for Electron ${electronVersion} (first start only)...\n`)
  const { rebuild } = await import('@electron/rebuild')
  await rebuild({ buildPath: appDir, electronVersion, onlyModules: ['better-sqlite3'], force: true })
  writeFileSync(marker, wanted)
}

async function startWebHostInstead(why) {
  process.stdout.write(`${why}: starting the web host instead.\n`)
  const { serveWeb, parseServeArgs } = await import(join(root, 'dist', 'electron', 'serve.js'))
  const options = parseServeArgs(process.argv.slice(2), process.stderr)
  if (options === null) process.exit(2)
  await serveWeb(options)
}

function noDisplay() {
  return process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY
}

const electron = noDisplay() ? { why: 'There is no display to open a window on' } : electronBinary()
if (electron.why) await startWebHostInstead(electron.why)
else {
  try {
    await prepareApp()
  } catch (error) {
    const first = String(error?.message ?? error).split('\n')[0]
    await startWebHostInstead(`better-sqlite3 could not be built for Electron ${electronVersion} (${first})`)
    process.exitCode = 0
  }
  if (existsSync(join(appDir, 'node_modules', '.built-for'))) {
    const child = spawn(electron.binary, [appDir], { stdio: 'inherit' })
    child.on('exit', (code) => process.exit(code ?? 0))
  }
}
