#!/usr/bin/env node
/**
 * Writes core/api/rules-digest.ts: the sha256 of what the rules *do* — the engine's, the rulesets'
 * and the explanations' code (core/engine, core/rules, core/explain), each file transpiled as the
 * build compiles it but with its comments and types dropped, in path order. `npm run build` runs it
 * first, so a built Arbiter always pins the code it runs; GameCreated records it (with the
 * catalogue's data) as the game's rules identity (core/api/rules-identity.ts).
 *
 * Reproducible: the same sources give the same digest on any machine (paths are relative and
 * sorted, line ends are LF, TypeScript is the lock file's). A comment or a type changes nothing;
 * a changed expression changes the digest, even one that happens to change no result.
 *
 * `--check` writes nothing and exits 1 when the module is stale (a test runs it).
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const DIGESTED = ['core/engine', 'core/rules', 'core/explain']
const target = join(root, 'core/api/rules-digest.ts')

function sources(base, folder) {
  return readdirSync(join(base, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`
    if (entry.isDirectory()) return sources(base, path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** The digest of the sources under `base` (the repository, or a copy of its digested folders). */
export function rulesCodeDigest(base = root) {
  const hash = createHash('sha256')
  const files = DIGESTED.flatMap((folder) => sources(base, folder)).sort()
  for (const path of files) {
    const text = readFileSync(join(base, path), 'utf8').replace(/\r\n/g, '\n')
    const built = ts.transpileModule(text, {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        removeComments: true,
        newLine: ts.NewLineKind.LineFeed,
      },
      fileName: path,
    }).outputText
    hash.update(`${path}\0${built}\0`)
  }
  return { digest: hash.digest('hex'), files: files.length }
}

export function moduleText(digest, files) {
  return `// Written by scripts/rules-digest.mjs (npm run build runs it): do not edit by hand.

/**
 * The sha256 of the code of the engine, the rulesets and the explanations (${files} files of
 * ${DIGESTED.join(', ')}), built without comments: part of every game's rules identity.
 */
export const RULES_CODE_DIGEST = '${digest}'
`
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]
if (isMain) {
  const { digest, files } = rulesCodeDigest()
  const text = moduleText(digest, files)
  let current = ''
  try {
    current = readFileSync(target, 'utf8')
  } catch {
    // not written yet
  }
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error(`${relative(root, target).split(sep).join('/')} is stale: run node scripts/rules-digest.mjs`)
      process.exit(1)
    }
  } else if (current !== text) writeFileSync(target, text)
}
