import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalGameApi } from '../../core/api/index.js'
import { configureChainThreads } from '../../core/store/chain-threads.js'
import { useBuiltGame } from '../helpers/built-game.js'
import { forgeries } from '../helpers/tamper.js'
import { useTempDir } from '../helpers/temp.js'

/**
 * An open whose chain is checked across threads folds the game on its own thread meanwhile
 * (GameLoader.loadAcrossThreads): what the fold finds is shown, and filed, only once the whole chain has passed.
 */
const tempDir = useTempDir()
const builtWorker = new URL('../../dist/core/store/chain-worker.js', import.meta.url)

const game = useBuiltGame(2300, 23)
beforeAll(() => configureChainThreads({ script: builtWorker, threads: 1, minRows: 1 }))
afterAll(() => configureChainThreads({}))

function forged(...names: string[]): string {
  const file = join(tempDir(), 'forged.sqlite')
  copyFileSync(game.file, file)
  for (const name of names) forgeries.find((f) => f.name === name)?.forge(file, game.built)
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
      const view = await api.openGame(game.built.gameId)
      expect(view.seq).toBe(game.built.events)
      expect(view.checks?.setAside?.map((s) => s.seq)).toEqual([game.built.lastSnapshotSeq])
      expect(snapshotRows(file)).not.toEqual(before)
      expect(await api.openGame(game.built.gameId, game.built.lastSnapshotSeq + 1)).not.toHaveProperty(
        'checks.setAside',
      )
    } finally {
      await api.close()
    }
  })

  it('names the broken chain, and files nothing the fold found, when it does not hold', async () => {
    const file = forged('a snapshot forged without its digest', 'a row deleted')
    const before = snapshotRows(file)
    const api = await LocalGameApi.open(file, { mustExist: true })
    try {
      for (const atSeq of [undefined, game.built.events - 1])
        await expect(api.openGame(game.built.gameId, atSeq)).rejects.toMatchObject({ code: 'store/chain-broken' })
      await expect(api.status(game.built.gameId)).rejects.toMatchObject({ code: 'store/chain-broken' })
      expect(snapshotRows(file)).toEqual(before)
    } finally {
      await api.close()
    }
  })
})
