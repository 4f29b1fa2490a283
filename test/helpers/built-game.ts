import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { type BuiltGame, buildGame } from '../bench/build-game.js'

/** A long game built once for a test file (test/bench/build-game.ts); its folder is removed after the file's tests. */
export interface BuiltOnce {
  /** What was built: its id, events and snapshots. */
  readonly built: BuiltGame
  /** The database it was built in: copy it before changing it. */
  readonly file: string
}

/** Builds a game of `events` events (seeded with `seed`) before a test file's tests; read it once they run. */
export function useBuiltGame(events: number, seed: number): BuiltOnce {
  const once = {} as { built: BuiltGame; file: string }
  let dir = ''
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'arbiter-built-'))
    once.file = join(dir, 'built.sqlite')
    once.built = await buildGame(once.file, events, seed)
  }, 60_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return once
}
