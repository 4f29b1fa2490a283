import type Database from 'better-sqlite3'
import { ChainBrokenError, type ChainReader, rowProblem } from './chain-reader.js'
import { sha256Hex, sha256HexOfPieces } from './sha256.js'

/** How many snapshots a game keeps per engine key: the newest few, so storage grows with the game. */
export const SNAPSHOTS_KEPT = 3

/**
 * The newest anchored snapshot at or before a seq, checked against the chain: `trusted` when its
 * digest matches its state and the event at its seq still has the anchored hash and hashes as stored;
 * otherwise the problem, and the snapshot must not be used.
 */
export type SnapshotCheck =
  | { readonly trusted: true; readonly seq: number; readonly stateJson: string }
  | { readonly trusted: false; readonly seq: number; readonly problem: string }

/**
 * What binds a snapshot to the chain: the sha256 of the event hash at its seq (the anchor), the engine
 * key and the state text. Unkeyed: it catches a state or anchor edited on its own, not a forger who
 * recomputes it (a full replay, which reads no snapshot, is the check against that).
 */
export function snapshotDigest(anchor: string, engineKey: string, stateJson: string): string {
  return sha256Hex(`${anchor}\n${engineKey}\n${stateJson}`)
}

/** `snapshotDigest` of a state text given in pieces (`canonicalJsonPieces`), never joined into one string. */
export function snapshotDigestOfPieces(anchor: string, engineKey: string, statePieces: Iterable<string>): string {
  return sha256HexOfPieces(
    (function* () {
      yield `${anchor}\n${engineKey}\n`
      yield* statePieces
    })(),
  )
}

/**
 * The snapshots table: engine states cached at a seq, each anchored to the hash of the event there
 * and bound to it by its digest. A snapshot without an anchor (saved before schema version 2, or
 * inserted around Arbiter) is never read.
 */
export class SnapshotShelf {
  private readonly saveStmt: Database.Statement<[string, string, number, string, string, string]>
  private readonly pruneStmt: Database.Statement<[string, string, string, string, number]>
  private readonly seqsStmt: Database.Statement<[string, string], number>
  private readonly digestStmt: Database.Statement<[string, string, number], { anchor: string; digest: string }>
  private readonly latestStmt: Database.Statement<
    [string, string, number],
    { seq: number; state: string; anchor: string; digest: string | null }
  >
  /** Saves a snapshot (see `EventStore.saveSnapshot`) in one immediate transaction. */
  readonly save: (gameId: string, seq: number, engineKey: string, stateJson: string, prune: boolean) => void

  constructor(
    db: Database.Database,
    private readonly chain: ChainReader,
  ) {
    this.saveStmt = db.prepare(
      'INSERT OR REPLACE INTO snapshots (game_id, engine_key, seq, state, anchor, digest) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.seqsStmt = db
      .prepare<[string, string], number>(
        'SELECT seq FROM snapshots WHERE game_id = ? AND engine_key = ? AND anchor IS NOT NULL ORDER BY seq',
      )
      .pluck()
    this.digestStmt = db.prepare(
      'SELECT anchor, digest FROM snapshots WHERE game_id = ? AND engine_key = ? AND seq = ? AND anchor IS NOT NULL',
    )
    this.latestStmt = db.prepare(
      `SELECT seq, state, anchor, digest FROM snapshots
       WHERE game_id = ? AND engine_key = ? AND seq <= ? AND anchor IS NOT NULL ORDER BY seq DESC LIMIT 1`,
    )
    this.pruneStmt = db.prepare(
      `DELETE FROM snapshots WHERE game_id = ? AND engine_key = ? AND seq < (
        SELECT seq FROM snapshots WHERE game_id = ? AND engine_key = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
    )
    this.save = db.transaction((gameId: string, seq: number, engineKey: string, stateJson: string, prune: boolean) => {
      // The anchor is the event's hash as stored, re-hashed first: a snapshot never anchors to an edited row.
      const row = this.chain.rowAtStmt.get(gameId, seq)
      if (row === undefined) throw new ChainBrokenError(gameId, seq, 'missing: the row is not in the database')
      const problem = rowProblem(gameId, row)
      if (problem !== null) throw new ChainBrokenError(gameId, seq, problem)
      const anchor = row[8]
      this.saveStmt.run(gameId, engineKey, seq, stateJson, anchor, snapshotDigest(anchor, engineKey, stateJson))
      if (prune) this.pruneStmt.run(gameId, engineKey, gameId, engineKey, SNAPSHOTS_KEPT - 1)
    }).immediate
  }

  /** See `EventStore.checkedSnapshot`. */
  checked(gameId: string, atOrBeforeSeq: number, engineKey: string): SnapshotCheck | null {
    const row = this.latestStmt.get(gameId, engineKey, atOrBeforeSeq)
    if (row === undefined) return null
    const refused = (problem: string): SnapshotCheck => ({ trusted: false, seq: row.seq, problem })
    if (row.digest !== snapshotDigest(row.anchor, engineKey, row.state))
      return refused('the snapshot does not match its digest: its state or anchor was changed')
    const event = this.chain.rowAtStmt.get(gameId, row.seq)
    if (event === undefined) return refused(`the event it is anchored to (seq ${row.seq}) is not in the database`)
    if (event[8] !== row.anchor)
      return refused(`the event at seq ${row.seq} no longer has the hash the snapshot was anchored to`)
    const problem = rowProblem(gameId, event)
    if (problem !== null) return refused(`the event at seq ${row.seq} does not verify: ${problem}`)
    return { trusted: true, seq: row.seq, stateJson: row.state }
  }

  digestAt(gameId: string, seq: number, engineKey: string): { anchor: string; digest: string } | null {
    return this.digestStmt.get(gameId, engineKey, seq) ?? null
  }

  seqs(gameId: string, engineKey: string): number[] {
    return this.seqsStmt.all(gameId, engineKey)
  }
}
