import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalGameApi } from '../../core/api/index.js'
import { configureChainThreads } from '../../core/store/chain-threads.js'
import { type BuiltGame, buildGame } from '../bench/build-game.js'
import { forgeries } from '../helpers/tamper.js'
import { useTempDir } from '../helpers/temp.js'

/**
 * An open whose chain is checked across threads folds the game on its own thread meanwhile
 * (GameLoader.loadAcrossThreads): what the fold finds is shown, and filed, only once the whole chain has passed.
 */
const tempDir = useTempDir()
const builtWorker = new URL('../../dist/core/store/chain-worker.js', import.meta.url)
let built: BuiltGame
let builtDir: string
let original: string

beforeAll(async () => {
  await configureChainThreads({ script: builtWorker, threads: 1, minRows: 1 })
  builtDir = mkdtempSync(join(tmpdir(), 'arbiter-threads-'))
  original = join(builtDir, 'built.sqlite')
  built = await buildGame(original, 2300, 23)
}, 60_000)
afterAll(async () => {
  rmSync(builtDir, { recursive: true, force: true })
  await configureChainThreads({})
})

function forged(...names: string[]): string {
  const file = join(tempDir(), 'forged.sqlite')
  copyFileSync(original, file)
  for (const name of names) forgeries.find((f) => f.name === name)?.forge(file, built)
  return file
}

function snapshotRows(file: string): unknown[] {
  const raw = new Database(file, { readonly: true })
  try {
    return raw.prepare('SELECT seq, engine_key, digest, state FROM snapshots ORDER BY seq, engine_key').all()
  } finally {
    raw.close()
  }
}

describe('openGame with the chain checked across threads', () => {
  it('shows the game, and files again a snapshot set aside, when the chain holds', async () => {
    const file = forged('a snapshot forged without its digest')
    const before = snapshotRows(file)
    const api = await LocalGameApi.open(file, { mustExist: true })
    try {
      const view = await api.openGame(built.gameId)
      expect(view.seq).toBe(built.events)
      expect(view.checks?.setAside?.map((s) => s.seq)).toEqual([built.lastSnapshotSeq])
      expect(snapshotRows(file)).not.toEqual(before)
      expect(await api.openGame(built.gameId, built.lastSnapshotSeq + 1)).not.toHaveProperty('checks.setAside')
    } finally {
      await api.close()
    }
  })

  it('names the broken chain, and files nothing the fold found, when it does not hold', async () => {
    const file = forged('a snapshot forged without its digest', 'a row deleted')
    const before = snapshotRows(file)
    const api = await LocalGameApi.open(file, { mustExist: true })
    try {
      for (const atSeq of [undefined, built.events - 1])
        await expect(api.openGame(built.gameId, atSeq)).rejects.toMatchObject({ code: 'store/chain-broken' })
      await expect(api.status(built.gameId)).rejects.toMatchObject({ code: 'store/chain-broken' })
      expect(snapshotRows(file)).toEqual(before)
    } finally {
      await api.close()
    }
  })
})
