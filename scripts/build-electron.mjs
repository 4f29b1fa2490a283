// Bundles the Electron main process and its preload, each to one CommonJS file in dist/electron-app/
// (a sandboxed preload must be a single file; main is bundled so that it loads its own copy of
// better-sqlite3, the one built for Electron, from wherever it is started: see scripts/start.mjs).
import { build } from 'esbuild'

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  // Electron is the runtime; better-sqlite3 is native and loaded from beside the bundle.
  external: ['electron', 'better-sqlite3'],
}

await build({
  ...common,
  entryPoints: { main: 'electron/main.ts' },
  outdir: 'dist/electron-app',
  outExtension: { '.js': '.cjs' },
  // core/store/migrate.ts finds migrations/ from its own URL: in a CommonJS bundle, that of the bundle.
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
})
// The worker thread main's whole-chain check starts (core/store/chain-threads.ts finds it beside the bundle;
// where a worker cannot start, the check runs on main's thread alone).
await build({
  ...common,
  entryPoints: { 'chain-worker': 'core/store/chain-worker.ts' },
  outdir: 'dist/electron-app',
  outExtension: { '.js': '.cjs' },
})
// The sandboxed preload may require 'electron' and nothing else.
await build({
  ...common,
  entryPoints: { preload: 'electron/preload.ts' },
  outdir: 'dist/electron-app',
  outExtension: { '.js': '.cjs' },
})
