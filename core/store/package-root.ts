import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ArbiterError } from '../events/errors.js'

let root: string | undefined

/**
 * The folder of the arbiter package: walks up from this module to the directory whose
 * package.json is named "arbiter", so it works from core/store/*.ts (vitest, tsx) and from
 * dist/core/store/*.js alike.
 */
export function packageRoot(): string {
  if (root !== undefined) return root
  const start = dirname(fileURLToPath(import.meta.url))
  let dir = start
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      try {
        const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name
        if (name === 'arbiter') {
          root = dir
          return root
        }
      } catch {
        // an unreadable package.json on the way up is not ours; keep walking
      }
    }
    const parent = dirname(dir)
    if (parent === dir) {
      throw new ArbiterError(
        'store/no-migrations',
        `cannot find the arbiter package (and its migrations/ folder) above ${start}`,
      )
    }
    dir = parent
  }
}
