// `npm run dist`: the installers (electron-builder: AppImage and deb, NSIS, dmg) into release/.
// electron-builder rebuilds node_modules/better-sqlite3 in place for Electron's ABI to pack it;
// afterwards, whatever happened, it is rebuilt back for Node so the CLI, the web host and the
// tests keep working.
import { spawnSync } from 'node:child_process'

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' })
const packed = run('npx', ['electron-builder', '--publish', 'never', ...process.argv.slice(2)])
const restored = run('npm', ['rebuild', 'better-sqlite3'])
if (restored.status !== 0)
  process.stderr.write('better-sqlite3 could not be rebuilt for Node: run npm rebuild better-sqlite3\n')
process.exit(packed.status ?? 1)
