import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LocalGameApi, replaySteps, SNAPSHOT_INTERVAL } from '../../core/api/index.js'
import { buildGame } from '../bench/build-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

async function replayAll(api: LocalGameApi, gameId: string): Promise<void> {
  const replay = replaySteps(api, gameId)
  for (let next = await replay.next(); !next.done; next = await replay.next());
}

describe('a view says when its state rests on a snapshot not folded again (issue 17 item 4)', () => {
  it('flags a state restored from a stored snapshot until a replay has folded through it', async () => {
    const file = join(tempDir(), 'game.sqlite')
    const built = await buildGame(file, SNAPSHOT_INTERVAL + 200, 5)
    const api = await LocalGameApi.open(file, { readOnly: true })
    const flagged = { unverifiedSnapshot: built.lastSnapshotSeq }
    expect((await api.openGame(built.gameId)).checks).toEqual(flagged)
    expect((await api.status(built.gameId)).checks).toEqual(flagged)
    expect((await api.openGame(built.gameId, built.lastSnapshotSeq + 1)).checks).toEqual(flagged)
    // Before the snapshot, the state is the events folded from seq 1: nothing to say.
    expect((await api.openGame(built.gameId, built.lastSnapshotSeq - 1)).checks).toBeUndefined()
    await replayAll(api, built.gameId)
    expect((await api.openGame(built.gameId)).checks).toBeUndefined()
    expect((await api.status(built.gameId)).checks).toBeUndefined()
    expect((await api.openGame(built.gameId, built.lastSnapshotSeq + 1)).checks).toBeUndefined()
    await api.close()
    // Another GameApi has not seen it: flagged again.
    const fresh = await LocalGameApi.open(file, { readOnly: true })
    expect((await fresh.status(built.gameId)).checks).toEqual(flagged)
    await fresh.close()
  }, 30_000)

  it('a game without a stored snapshot is shown as its events give it, with no flag', async () => {
    const file = join(tempDir(), 'short.sqlite')
    const built = await buildGame(file, 300, 6)
    expect(built.snapshots).toBe(0)
    const api = await LocalGameApi.open(file, { readOnly: true })
    expect((await api.openGame(built.gameId)).checks).toBeUndefined()
    expect((await api.status(built.gameId)).checks).toBeUndefined()
    await api.close()
  })
})
