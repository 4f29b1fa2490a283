import type Database from 'better-sqlite3'
import { canonicalJson, NotJsonError } from '../events/canonical-json.js'
import type { EventEnvelope, UnchainedEvent } from '../events/envelope.js'
import { chainText, envelopeSchema, GENESIS_HASH } from '../events/envelope.js'
import { ArbiterError } from '../events/errors.js'
import { ChainBrokenError, ChainReader, type FoldedEvent } from './chain-reader.js'
import { chainThreads } from './chain-threads.js'
import { notWritable } from './file-identity.js'
import {
  GAME_SELECT,
  type GameMeta,
  type GameRow,
  type GameSummary,
  toSummary,
  UNINDEXED_SELECT,
  type UnindexedGame,
} from './game-rows.js'
import { chainLinkProblem } from './jsonl.js'
import { busy, type OpenOptions, openReadOnly, openWritable, readOnlyFile } from './open-database.js'
import { RulesSearch, type SearchableEntry } from './rules-search.js'
import { sha256Hex } from './sha256.js'
import { type SnapshotCheck, SnapshotShelf } from './snapshots.js'
import { type StoredLibraryUnit, UnitLibrary } from './unit-library.js'

export { ChainBrokenError, type FoldedEvent } from './chain-reader.js'
export type { GameMeta, GameSummary, UnindexedGame } from './game-rows.js'
export type { OpenOptions } from './open-database.js'
export {
  SNAPSHOTS_KEPT,
  type SnapshotCheck,
  snapshotDigest,
  snapshotDigestOfPieces,
} from './snapshots.js'
export { libraryNameKey, type StoredLibraryUnit } from './unit-library.js'

export interface ReadOptions {
  /** First seq to read (default 1). */
  readonly fromSeq?: number
  /** Last seq to read, inclusive (default: the head). */
  readonly toSeq?: number
  /** Check each row's link and hash while reading; the first bad row throws `store/chain-broken`. */
  readonly verify?: boolean
  /**
   * Only what a fold reads (`FoldedEvent`): no time, rules version or hashes, which are four of a
   * row's nine values. A verified read gives whole envelopes all the same.
   */
  readonly forFold?: boolean
}

export type VerifyResult = { ok: true; events: number } | { ok: false; seq: number; problem: string }

/** The result of a chain check that found `count` rows from `fromSeq` sound: none at all is a game without events. */
function verified(gameId: string, fromSeq: number, count: number): VerifyResult {
  if (count === 0 && fromSeq <= 1)
    return { ok: false, seq: 1, problem: `game ${gameId} seq 1: missing: the game has no events` }
  return { ok: true, events: count }
}

/**
 * The library database: games and their hash-chained, append-only event logs (DESIGN §7).
 * One connection, synchronous (better-sqlite3). Appends are durable when they return
 * (WAL, synchronous = FULL). The WAL is checkpointed only by `checkpoint()` and `close()`.
 *
 * An iterator from `readEvents` that is left open keeps the connection busy: finish it (or
 * `return()` it) before writing.
 */
export class EventStore {
  private closed = false
  private rulesIndex: RulesSearch | undefined
  private unitLibrary: UnitLibrary | undefined
  private readonly chain: ChainReader
  private readonly snapshots: SnapshotShelf
  /** Prepared once: every open and every write asks it (`db.pragma` would prepare it each time). */
  private readonly dataVersionStmt: Database.Statement<[], number>

  private readonly insertEventStmt: Database.Statement<
    [string, number, string, number, string, string, string, string, string, string, string | null]
  >
  private readonly insertGameStmt: Database.Statement<[string, string, string, string, string | null, string]>
  private readonly gameExistsStmt: Database.Statement<[string], { one: number }>
  private readonly gameStmt: Database.Statement<[string], GameRow>
  private readonly gamesStmt: Database.Statement<[], GameRow>

  private readonly appendTx: (
    gameId: string,
    expectedVersion: number,
    events: readonly UnchainedEvent[],
    payloads: readonly string[],
  ) => EventEnvelope[]
  private readonly createTx: (meta: GameMeta, first: UnchainedEvent, payload: string) => EventEnvelope
  private readonly importTx: (meta: GameMeta, events: readonly EventEnvelope[], payloads: readonly string[]) => void

  private constructor(
    private readonly db: Database.Database,
    private readonly readOnly = false,
    /** Called after the connection closes: removes a read-only open's private copy. */
    private readonly release: () => void = () => {},
  ) {
    this.chain = new ChainReader(db)
    this.dataVersionStmt = db.prepare<[], number>('PRAGMA data_version').pluck()
    this.snapshots = new SnapshotShelf(db, this.chain)
    this.insertEventStmt = db.prepare(
      'INSERT INTO events (game_id, seq, type, v, at, actor, rules_version, payload, prev_hash, hash, host) VALUES ' +
        '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    this.insertGameStmt = db.prepare(
      'INSERT INTO games (game_id, ruleset, variant, catalogue_hash, title, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.gameExistsStmt = db.prepare('SELECT 1 AS one FROM games WHERE game_id = ?')
    this.gameStmt = db.prepare(`${GAME_SELECT} WHERE g.game_id = ?`)
    this.gamesStmt = db.prepare(`${GAME_SELECT} ORDER BY g.created_at, g.game_id`)

    this.appendTx = db.transaction(
      (gameId: string, expectedVersion: number, events: readonly UnchainedEvent[], payloads: readonly string[]) => {
        const head = this.chain.headStmt.get(gameId)
        if (head === undefined) throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
        if (head.seq !== expectedVersion) {
          throw new ArbiterError(
            'store/conflict',
            `game ${gameId} is at seq ${head.seq}, the writer expected ${expectedVersion}: reload and try again`,
          )
        }
        return this.chainAndInsert(gameId, head.seq, head.hash, events, payloads)
      },
    ).immediate

    this.createTx = db.transaction((meta: GameMeta, first: UnchainedEvent, payload: string) => {
      this.insertGame(meta)
      return this.chainAndInsert(meta.gameId, 0, GENESIS_HASH, [first], [payload])[0]!
    }).immediate

    this.importTx = db.transaction((meta: GameMeta, events: readonly EventEnvelope[], payloads: readonly string[]) => {
      this.insertGame(meta)
      events.forEach((e, i) => {
        this.insertEventStmt.run(
          meta.gameId,
          e.seq,
          e.type,
          e.v,
          e.at,
          e.actor,
          e.rulesVersion,
          payloads[i]!,
          e.prevHash,
          e.hash,
          e.host ?? null,
        )
      })
    }).immediate
  }

  /**
   * Opens (creating unless `mustExist`) a library database and brings its schema up to date, or with
   * `readOnly` opens an existing one to read (see `openWritable` and `openReadOnly`).
   */
  static open(file: string, options: OpenOptions = {}): EventStore {
    if (options.readOnly) {
      const { db, release } = openReadOnly(file, options)
      return new EventStore(db, true, release)
    }
    return new EventStore(openWritable(file, options))
  }

  /** Creates the game and its first event (seq 1) in one transaction. */
  createGame(meta: GameMeta, first: UnchainedEvent): EventEnvelope {
    this.assertOpen()
    if (first.gameId !== meta.gameId) {
      throw new ArbiterError('store/wrong-game', `the first event is for game ${first.gameId}, not ${meta.gameId}`)
    }
    const payload = this.canonicalPayloads([first])[0]!
    return this.write(() => this.createTx(meta, first, payload))
  }

  /**
   * Appends events after seq `expectedVersion`, in one immediate transaction: `store/conflict`
   * (nothing written) when the game has moved on. Returns the chained envelopes; each payload is
   * the stored canonical JSON parsed back, so it equals what a later read returns.
   */
  append(gameId: string, expectedVersion: number, events: readonly UnchainedEvent[]): EventEnvelope[] {
    this.assertOpen()
    if (events.length === 0) return []
    for (const event of events) {
      if (event.gameId !== gameId)
        throw new ArbiterError('store/wrong-game', `an event for game ${event.gameId} was appended to game ${gameId}`)
    }
    const payloads = this.canonicalPayloads(events)
    return this.write(() => this.appendTx(gameId, expectedVersion, events, payloads))
  }

  /** Stores an exported game as it is, hashes included, after checking its chain whole. */
  importGame(meta: GameMeta, events: readonly EventEnvelope[]): void {
    this.assertOpen()
    if (events.length === 0) throw new ArbiterError('store/chain-broken', `game ${meta.gameId} has no events to import`)
    let previous: EventEnvelope | undefined
    const payloads: string[] = []
    events.forEach((event, index) => {
      const where = `import of game ${meta.gameId}, event ${index + 1}`
      const parsed = envelopeSchema.safeParse(event)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new ArbiterError(
          'store/chain-broken',
          `${where}: field ${issue?.path.map(String).join('.') ?? '?'}: ${issue?.message ?? 'invalid'}`,
        )
      }
      const wrong = chainLinkProblem(event, previous, meta.gameId, { previousName: `event ${index}` })
      if (wrong !== null) throw new ArbiterError('store/chain-broken', `${where} (seq ${event.seq}): ${wrong.problem}`)
      payloads.push(canonicalJson(event.payload))
      previous = event
    })
    this.write(() => this.importTx(meta, events, payloads))
  }

  /** The last event of a game. */
  head(gameId: string): { seq: number; hash: string } {
    this.assertOpen()
    const head = this.chain.headStmt.get(gameId)
    if (head === undefined) throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
    return { seq: head.seq, hash: head.hash }
  }

  /** The hash stored with the event at `seq`, unchecked (the caller has checked the chain it reads from). */
  storedHash(gameId: string, seq: number): string {
    this.assertOpen()
    const hash = this.chain.storedHash(gameId, seq)
    if (hash === undefined)
      throw new ArbiterError('store/chain-broken', `game ${gameId} seq ${seq}: missing: the row is not in the database`)
    return hash
  }

  game(gameId: string): GameSummary {
    this.assertOpen()
    const row = this.gameStmt.get(gameId)
    if (row === undefined) throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
    return toSummary(row)
  }

  /**
   * Archives a game (hidden from the library's list, never deleted) or restores it: library metadata in
   * `game_library`; the game's events are not touched.
   */
  setArchived(gameId: string, archivedAt: string | null): void {
    this.assertOpen()
    this.write(() => {
      this.requireGame(gameId)
      this.db
        .prepare(
          `INSERT INTO game_library (game_id, archived_at) VALUES (?, ?)
           ON CONFLICT (game_id) DO UPDATE SET archived_at = excluded.archived_at`,
        )
        .run(gameId, archivedAt)
    })
  }

  /** The library's sample game, if it has recorded one. */
  sampleGameId(): string | null {
    this.assertOpen()
    const row = this.db
      .prepare<[], { game_id: string }>(
        'SELECT l.game_id FROM game_library l JOIN games g ON g.game_id = l.game_id WHERE l.sample = 1',
      )
      .get()
    return row?.game_id ?? null
  }

  /** Marks a game as the library's sample game (one at most: the mark moves from any other). */
  markSample(gameId: string): void {
    this.assertOpen()
    this.write(() =>
      this.db
        .transaction(() => {
          this.requireGame(gameId)
          this.db.prepare('UPDATE game_library SET sample = 0 WHERE sample = 1').run()
          this.db
            .prepare(
              `INSERT INTO game_library (game_id, sample) VALUES (?, 1)
             ON CONFLICT (game_id) DO UPDATE SET sample = 1`,
            )
            .run(gameId)
        })
        .immediate(),
    )
  }

  /**
   * Every game: the games rows with their heads, then each game whose events have no row. The
   * table is an index that can be edited behind Arbiter's back; the events are the record.
   */
  games(): (GameSummary | UnindexedGame)[] {
    this.assertOpen()
    const unindexed = this.db
      .prepare<[], { game_id: string; head_seq: number }>(UNINDEXED_SELECT)
      .all()
      .map((row): UnindexedGame => ({ gameId: row.game_id, headSeq: row.head_seq, unindexed: true }))
    return [...this.gamesStmt.all().map(toSummary), ...unindexed]
  }

  /**
   * Iterates a game's events in seq order, row by row. With `verify`, checks each row's seq,
   * link and hash (over the stored payload text) and throws `store/chain-broken` at the first
   * bad one. Unknown game → `store/unknown-game` (thrown here, not on the first `next()`).
   */
  readEvents(gameId: string, options: ReadOptions & { readonly forFold: true }): IterableIterator<FoldedEvent>
  readEvents(gameId: string, options?: ReadOptions): IterableIterator<EventEnvelope>
  readEvents(gameId: string, options: ReadOptions = {}): IterableIterator<EventEnvelope | FoldedEvent> {
    this.assertOpen()
    this.requireGame(gameId)
    const from = options.fromSeq ?? 1
    const to = options.toSeq ?? Number.MAX_SAFE_INTEGER
    const verify = options.verify ?? false
    if (options.forFold && !verify) return this.chain.foldRows(gameId, from, to)
    return this.chain.rows(gameId, from, to, verify, true) as IterableIterator<EventEnvelope>
  }

  /**
   * A game's Correction events from `fromSeq` on, unverified, as a fold reads them: for a reader that must know
   * them before it folds (core/api/corrections.ts); the fold it chooses verifies its rows.
   */
  correctionEvents(gameId: string, fromSeq = 1): FoldedEvent[] {
    this.assertOpen()
    return this.chain.correctionEvents(gameId, fromSeq)
  }

  /**
   * Checks a game's stored chain: the whole of it, or with `fromSeq` the rows from there to the head,
   * each linked to the stored hash of the row before (which the caller has checked: see
   * `checkedSnapshot`). `events` counts the rows checked.
   */
  verifyGame(gameId: string, fromSeq = 1): VerifyResult {
    this.assertOpen()
    this.requireGame(gameId)
    try {
      return verified(gameId, fromSeq, this.chain.checkChain(gameId, fromSeq))
    } catch (error) {
      if (error instanceof ChainBrokenError) return { ok: false, seq: error.seq, problem: error.message }
      throw error
    }
  }

  /**
   * `verifyGame` of the whole chain (to `toSeq`, the head the caller read), checked across threads when it is
   * long and the database is in a file (chain-threads.ts): the same result, sooner. `meanwhile` runs on this
   * thread while the workers check (see `ChainThreads.check`).
   */
  async verifyGameAcrossThreads(gameId: string, toSeq?: number, meanwhile?: () => void): Promise<VerifyResult> {
    this.assertOpen()
    this.requireGame(gameId)
    const head = Math.min(this.chain.headStmt.get(gameId)?.seq ?? 0, toSeq ?? Number.POSITIVE_INFINITY)
    const file = this.db.memory ? null : this.db.name
    try {
      return verified(gameId, 1, await chainThreads().check(this.chain, file, gameId, 1, head, meanwhile))
    } catch (error) {
      if (error instanceof ChainBrokenError) return { ok: false, seq: error.seq, problem: error.message }
      throw error
    }
  }

  /**
   * Caches engine state after `seq` (a JSON text), replacing an earlier save for the same key, and
   * drops all but the newest SNAPSHOTS_KEPT of the game's snapshots for that key, in one transaction
   * (unless `prune` is false: the api's waypoints, one every so many events, are all kept).
   * A read before the oldest kept snapshot replays from the start.
   */
  saveSnapshot(gameId: string, seq: number, engineKey: string, stateJson: string, prune = true): void {
    this.assertOpen()
    const head = this.head(gameId)
    if (!Number.isInteger(seq) || seq < 1 || seq > head.seq) {
      throw new ArbiterError(
        'store/bad-snapshot',
        `game ${gameId} has events 1..${head.seq}: cannot save a snapshot at seq ${seq}`,
      )
    }
    this.write(() => this.snapshots.save(gameId, seq, engineKey, stateJson, prune))
  }

  /**
   * The newest anchored snapshot for `engineKey` at or before `atOrBeforeSeq`, checked against the
   * chain (see SnapshotCheck), or null when there is none. Only its own seq is checked: the rows
   * after it are the caller's to verify (`verifyGame(gameId, seq + 1)` or a verified read).
   */
  checkedSnapshot(gameId: string, atOrBeforeSeq: number, engineKey: string): SnapshotCheck | null {
    this.assertOpen()
    return this.snapshots.checked(gameId, atOrBeforeSeq, engineKey)
  }

  /**
   * The anchor and digest of the snapshot for `engineKey` at exactly `seq`, without its state (not
   * checked: a caller that finds the digest is not the one it expects reads it with `checkedSnapshot`).
   */
  snapshotDigestAt(gameId: string, seq: number, engineKey: string): { anchor: string; digest: string } | null {
    this.assertOpen()
    return this.snapshots.digestAt(gameId, seq, engineKey)
  }

  /** The seqs of a game's anchored snapshots for `engineKey`, in order (not checked: see `checkedSnapshot`). */
  snapshotSeqs(gameId: string, engineKey: string): number[] {
    this.assertOpen()
    return this.snapshots.seqs(gameId, engineKey)
  }

  /** The newest snapshot for `engineKey` at or before `atOrBeforeSeq` that `checkedSnapshot` trusts, or null. */
  latestSnapshot(gameId: string, atOrBeforeSeq: number, engineKey: string): { seq: number; stateJson: string } | null {
    const check = this.checkedSnapshot(gameId, atOrBeforeSeq, engineKey)
    return check?.trusted ? { seq: check.seq, stateJson: check.stateJson } : null
  }

  /**
   * The ids of a ruleset's catalogue entries that match a player's words, best first (FTS5,
   * migration 0003). The index is refilled from `entries` first when it was filled from another
   * catalogue than `catalogueHash`; a read-only store searches only an index that is current.
   */
  searchRules(
    ruleset: string,
    catalogueHash: string,
    entries: readonly SearchableEntry[],
    words: string,
    limit: number,
  ): string[] {
    this.assertOpen()
    this.rulesIndex ??= new RulesSearch(this.db)
    const index = this.rulesIndex
    if (this.readOnly) {
      if (!index.isIndexed(ruleset, catalogueHash))
        throw new ArbiterError('store/read-only', 'this database is open read-only and its rules index is out of date')
    } else this.write(() => index.ensureIndexed(ruleset, catalogueHash, entries))
    return index.search(ruleset, words, limit)
  }

  /**
   * Keeps a unit in the unit library (migration 0008): library data outside every game's log. Returns whether it
   * wrote (false: the library held this very definition, and keeps its source). A read-only store refuses.
   */
  saveLibraryUnit(entry: StoredLibraryUnit): boolean {
    this.assertOpen()
    if (this.readOnly) throw new ArbiterError('store/read-only', 'this database is open read-only: no unit is saved')
    this.unitLibrary ??= new UnitLibrary(this.db)
    const library = this.unitLibrary
    return this.write(() => this.db.transaction(() => library.save(entry)).immediate())
  }

  /** The unit library's units of a ruleset, of one army (its key) when `faction` is given. */
  libraryUnits(ruleset: string, faction?: string): StoredLibraryUnit[] {
    this.assertOpen()
    this.unitLibrary ??= new UnitLibrary(this.db)
    return this.unitLibrary.units(ruleset, faction)
  }

  /** The unit library's unit of this name in this army (its key), when it holds one. */
  libraryUnit(ruleset: string, faction: string, name: string): StoredLibraryUnit | undefined {
    this.assertOpen()
    this.unitLibrary ??= new UnitLibrary(this.db)
    return this.unitLibrary.unit(ruleset, faction, name)
  }

  /** Whether this store may write (a read-only open may not). */
  get writable(): boolean {
    return !this.readOnly
  }

  /**
   * SQLite's `data_version`: it changes when another connection (another command, another process, an
   * edit around Arbiter) has committed a change to the file since this one last read it, and never for
   * this connection's own writes. A check of a chain holds while it stays the same.
   */
  dataVersion(): number {
    this.assertOpen()
    return this.dataVersionStmt.get() as number
  }

  /** Copies the WAL into the database without waiting for readers; call when the store is idle. */
  checkpoint(): { busy: number; log: number; checkpointed: number } {
    this.assertOpen()
    const row = this.db.pragma('wal_checkpoint(PASSIVE)', { simple: false }) as {
      busy: number
      log: number
      checkpointed: number
    }[]
    return row[0] ?? { busy: 0, log: 0, checkpointed: 0 }
  }

  /** Checkpoints the WAL fully (truncating it) and closes. Closing twice is harmless. */
  close(): void {
    if (this.closed) return
    this.closed = true
    try {
      if (!this.readOnly) this.db.pragma('wal_checkpoint(TRUNCATE)')
    } catch {
      // a checkpoint that cannot run now (another reader) is not a reason to keep the file open;
      // the WAL is replayed by the next open
    } finally {
      this.db.close()
      this.release()
    }
  }

  // ---------------------------------------------------------------------------------------------

  private assertOpen(): void {
    if (this.closed) throw new ArbiterError('store/closed', 'the event store is closed')
  }

  private requireGame(gameId: string): void {
    if (this.gameExistsStmt.get(gameId) === undefined)
      throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
  }

  private insertGame(meta: GameMeta): void {
    if (this.gameExistsStmt.get(meta.gameId) !== undefined) {
      throw new ArbiterError('store/game-exists', `there is already a game ${meta.gameId}`)
    }
    this.insertGameStmt.run(
      meta.gameId,
      meta.ruleset,
      meta.variant,
      meta.catalogueHash,
      meta.title ?? null,
      meta.createdAt,
    )
  }

  private canonicalPayloads(events: readonly UnchainedEvent[]): string[] {
    return events.map((event, index) => {
      try {
        return canonicalJson(event.payload)
      } catch (error) {
        if (error instanceof NotJsonError) {
          throw new ArbiterError('store/not-json', `event ${index + 1} (${event.type}): payload ${error.message}`)
        }
        throw error
      }
    })
  }

  private chainAndInsert(
    gameId: string,
    headSeq: number,
    headHash: string,
    events: readonly UnchainedEvent[],
    payloads: readonly string[],
  ): EventEnvelope[] {
    const out: EventEnvelope[] = []
    let seq = headSeq
    let prevHash = headHash
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!
      const payload = payloads[i]!
      seq++
      const fields = {
        seq,
        gameId,
        type: e.type,
        v: e.v,
        at: e.at,
        actor: e.actor,
        ...(e.host === undefined ? {} : { host: e.host }),
        rulesVersion: e.rulesVersion,
      }
      const hash = sha256Hex(chainText(prevHash, fields, payload))
      const host = e.host ?? null
      this.insertEventStmt.run(gameId, seq, e.type, e.v, e.at, e.actor, e.rulesVersion, payload, prevHash, hash, host)
      out.push({ ...fields, payload: JSON.parse(payload) as unknown, prevHash, hash })
      prevHash = hash
    }
    return out
  }

  /** Runs a write, turning a lock timeout into `store/busy`. */
  private write<T>(fn: () => T): T {
    try {
      return fn()
    } catch (error) {
      if (busy(error))
        throw new ArbiterError('store/busy', `the database is locked by another writer: ${(error as Error).message}`)
      if (!this.readOnly && readOnlyFile(error)) throw notWritable(this.db.name)
      throw error
    }
  }
}
