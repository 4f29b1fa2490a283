import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { catalogueHash, foldEvents, LocalGameApi, SNAPSHOT_INTERVAL, snapshotKey } from '../../core/api/index.js'
import { createEngine, type GameState } from '../../core/engine/index.js'
import { canonicalJson, chainText, type EventEnvelope, GENESIS_HASH } from '../../core/events/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { EventStore, SNAPSHOTS_KEPT, sha256Hex, toJsonl } from '../../core/store/index.js'
import { buildGame } from '../bench/build-game.js'
import { classicCombat, openApi } from '../helpers/api-game.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

function snapshotSeqs(file: string, gameId: string, engineKey: string): number[] {
  const db = new Database(file, { readonly: true })
  try {
    return db
      .prepare<[string, string], { seq: number }>(
        'SELECT seq FROM snapshots WHERE game_id = ? AND engine_key = ? ORDER BY seq',
      )
      .all(gameId, engineKey)
      .map((row) => row.seq)
  } finally {
    db.close()
  }
}

describe('EventStore: snapshot retention', () => {
  it('keeps only the newest SNAPSHOTS_KEPT snapshots of a game for each engine key', () => {
    const file = join(tempDir(), 'library.db')
    const store = EventStore.open(file)
    store.createGame(
      {
        gameId: 'g1',
        ruleset: 'classic',
        variant: 'base',
        catalogueHash: 'c'.repeat(64),
        createdAt: '2024-05-01T10:00:00Z',
      },
      { gameId: 'g1', type: 'Note', v: 1, at: '2024-05-01T10:00:00Z', actor: 'p1', rulesVersion: 'r1', payload: {} },
    )
    for (let seq = 2; seq <= 12; seq++) {
      store.append('g1', seq - 1, [
        {
          gameId: 'g1',
          type: 'Note',
          v: 1,
          at: '2024-05-01T10:00:00Z',
          actor: 'p1',
          rulesVersion: 'r1',
          payload: { seq },
        },
      ])
    }
    store.saveSnapshot('g1', 2, 'other@1', '{"kept":true}')
    for (let seq = 1; seq <= 12; seq++) store.saveSnapshot('g1', seq, 'engine@1', `{"at":${seq}}`)
    store.close()

    const kept = Array.from({ length: SNAPSHOTS_KEPT }, (_, i) => 12 - SNAPSHOTS_KEPT + 1 + i)
    expect(snapshotSeqs(file, 'g1', 'engine@1')).toEqual(kept)
    expect(snapshotSeqs(file, 'g1', 'other@1')).toEqual([2])
    const reopened = EventStore.open(file)
    expect(reopened.latestSnapshot('g1', 12, 'engine@1')).toEqual({ seq: 12, stateJson: '{"at":12}' })
    expect(reopened.latestSnapshot('g1', kept[0]! - 1, 'engine@1')).toBeNull()
    reopened.close()
  })

  it('opens a long game at any seq, before the oldest kept snapshot too, as a full replay does', async () => {
    const file = join(tempDir(), 'long.db')
    const events = SNAPSHOT_INTERVAL * (SNAPSHOTS_KEPT + 2) + 300
    const built = await buildGame(file, events, 7)
    expect(built.snapshots).toBeGreaterThan(SNAPSHOTS_KEPT)

    const key = snapshotKey(catalogueHash(classic))
    const kept = snapshotSeqs(file, built.gameId, key)
    expect(kept).toHaveLength(SNAPSHOTS_KEPT)
    expect(kept.at(-1)).toBe(built.lastSnapshotSeq)

    const api = await LocalGameApi.open(file, { mustExist: true })
    for (const atSeq of [1, SNAPSHOT_INTERVAL + 17, kept[0]! - 1, kept[0]! + 1, built.lastSnapshotSeq, events]) {
      const opened = await api.openGame(built.gameId, atSeq)
      const engine = createEngine(classic)
      const state = engine.initialState()
      foldEvents(engine, state, api.store.readEvents(built.gameId, { toSeq: atSeq }))
      expect(opened.seq).toBe(atSeq)
      expect(canonicalJson(opened.state)).toBe(canonicalJson(state.game as GameState))
    }
    await api.close()
  })

  it('under the current rules, files and finds snapshots under the catalogue it runs, not the game one', async () => {
    const dir = tempDir()
    const played = await openApi(dir, 'played.sqlite')
    const gameId = await classicCombat(played)
    const events = [...played.store.readEvents(gameId)]
    await played.close()
    // The same game, re-chained as if played under another catalogue.
    const foreign = 'f'.repeat(64)
    let prevHash = GENESIS_HASH
    const rechained = events.map((event): EventEnvelope => {
      const payload =
        event.type === 'GameCreated' ? { ...(event.payload as object), catalogueHash: foreign } : event.payload
      const body = { ...event, payload, prevHash, rulesVersion: `classic/classic@${foreign}` }
      prevHash = sha256Hex(chainText(body.prevHash, body, canonicalJson(payload)))
      return { ...body, hash: prevHash }
    })
    const api = await LocalGameApi.open(join(dir, 'audit.sqlite'), { underCurrentRules: true })
    await api.importGame(toJsonl(rechained))
    const expected = canonicalJson((await api.openGame(gameId, 4)).state)
    // A state cached under the game's own catalogue was folded by that catalogue's engine: not ours.
    api.store.saveSnapshot(gameId, 3, snapshotKey(foreign), '{"not":"this engine\'s state"}')
    const reopened = await LocalGameApi.open(join(dir, 'audit.sqlite'), { underCurrentRules: true })
    expect(canonicalJson((await reopened.openGame(gameId, 4)).state)).toBe(expected)
    await reopened.close()
    await api.close()
  })
})
