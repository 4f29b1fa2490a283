import Database from 'better-sqlite3'
import { canonicalJson, NotJsonError } from '../events/canonical-json.js'
import type { EventEnvelope, UnchainedEvent } from '../events/envelope.js'
import { chainText, envelopeSchema, GENESIS_HASH } from '../events/envelope.js'
import { ArbiterError } from '../events/errors.js'
import { notWritable, refuseForeignFile, refuseForeignSchema, refuseUnwritable } from './file-identity.js'
import { chainLinkProblem } from './jsonl.js'
import { migrate } from './migrate.js'
import { checkReadableSchema } from './read-only.js'
import { RulesSearch, type SearchableEntry } from './rules-search.js'
import { sha256Hex, sha256HexOfPieces } from './sha256.js'

/** What the library knows about a game besides its events. */
export interface GameMeta {
  readonly gameId: string
  readonly ruleset: string
  readonly variant: string
  readonly catalogueHash: string
  readonly title?: string
  readonly createdAt: string
}

/**
 * A game as the library lists it: its meta, its head, and the library's own marks (`game_library`,
 * never part of the game's record): archived (hidden from the list until restored), the sample game.
 */
export type GameSummary = GameMeta & {
  readonly headSeq: number
  readonly archived?: true
  readonly sample?: true
}

/** A game whose events are stored but whose games row is gone. */
export interface UnindexedGame {
  readonly gameId: string
  readonly headSeq: number
  readonly unindexed: true
}

export interface OpenOptions {
  /** Refuse (`store/no-database`) instead of creating the file when it is missing. */
  readonly mustExist?: boolean
  /**
   * Read only: the file must exist and be an Arbiter database at this Arbiter's schema version;
   * no migration runs and nothing is written (every write is refused by SQLite). For commands that
   * only show a game, which must never create or change a file.
   */
  readonly readOnly?: boolean
  /** The migrations folder; defaults to the package's `migrations/`. For tests. */
  readonly migrationsDir?: string
  /** How long a writer waits for another connection's write lock, in ms (default 5000). */
  readonly busyTimeoutMs?: number
}

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

/** What folding an event through an engine reads of it (a replay's steps, an open's tail). */
export type FoldedEvent = Pick<EventEnvelope, 'seq' | 'gameId' | 'type' | 'v' | 'actor' | 'payload'>

export type VerifyResult = { ok: true; events: number } | { ok: false; seq: number; problem: string }

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

/** `store/chain-broken`: a stored row does not hash or link as it should. */
export class ChainBrokenError extends ArbiterError {
  constructor(
    readonly gameId: string,
    readonly seq: number,
    readonly problem: string,
  ) {
    super('store/chain-broken', `game ${gameId} seq ${seq}: ${problem}`)
    this.name = 'ChainBrokenError'
  }
}

/**
 * An events row as an array in EVENT_COLUMNS order. Rows are read with `.raw()`: building a keyed
 * object per row was the largest cost of a replay.
 */
type EventRow = [
  seq: number,
  type: string,
  v: number,
  at: string,
  actor: string,
  rulesVersion: string,
  payload: string,
  prevHash: string,
  hash: string,
]

/** The values of an events row a fold reads, in FOLD_COLUMNS order. */
type FoldRow = [seq: number, type: string, v: number, actor: string, payload: string]
const FOLD_COLUMNS = 'seq, type, v, actor, payload'

/** How many snapshots a game keeps per engine key: the newest few, so storage grows with the game. */
export const SNAPSHOTS_KEPT = 3

interface GameRow {
  game_id: string
  ruleset: string
  variant: string
  catalogue_hash: string
  title: string | null
  created_at: string
  head_seq: number | null
  archived_at: string | null
  sample: number | null
}

const EVENT_COLUMNS = 'seq, type, v, at, actor, rules_version, payload, prev_hash, hash'
/**
 * A row's chain text (`chainText`: its prev_hash, then the canonical JSON of its envelope without the
 * hashes, keys sorted, over the stored payload text) made by SQLite, so that checking a chain costs one
 * string a row, not nine and their concatenation. json_quote writes a string as JSON.stringify does
 * (every code point checked); a row whose text were written otherwise would fail its hash here and be
 * checked again the exact way (`rows`), so what passes is what `chainText` would pass.
 */
const CHAIN_TEXT_SQL = `prev_hash || '{"actor":' || json_quote(actor) || ',"at":' || json_quote(at) || ',"gameId":' ||
  json_quote(game_id) || ',"payload":' || payload || ',"rulesVersion":' || json_quote(rules_version) || ',"seq":' || seq ||
  ',"type":' || json_quote(type) || ',"v":' || v || '}'`
/** Rows a chain check reads a query: their texts make a string of ~40 KB, young in the heap. */
const CHAIN_CHUNK = 100
/** A chunk of a chain check: the rows' chain texts joined by newlines, their hashes joined, their count. */
type ChainChunk = [texts: string | null, hashes: string | null, count: number]
/** The length of a hash in hex, where a chain text's envelope starts. */
const HASH_LENGTH = 64
const OPEN_BRACE = 0x7b
const GAME_SELECT = `SELECT g.game_id, g.ruleset, g.variant, g.catalogue_hash, g.title, g.created_at,
  (SELECT max(seq) FROM events e WHERE e.game_id = g.game_id) AS head_seq, l.archived_at, l.sample
  FROM games g LEFT JOIN game_library l ON l.game_id = g.game_id`

function toSummary(row: GameRow): GameSummary {
  const meta: GameSummary = {
    gameId: row.game_id,
    ruleset: row.ruleset,
    variant: row.variant,
    catalogueHash: row.catalogue_hash,
    ...(row.title === null ? {} : { title: row.title }),
    createdAt: row.created_at,
    headSeq: row.head_seq ?? 0,
    ...(row.archived_at === null ? {} : { archived: true }),
    ...(row.sample === 1 ? { sample: true } : {}),
  }
  return meta
}

/** What is wrong with a stored row on its own (it must hash, over its stored prevHash, to its hash), or null. */
function rowProblem(gameId: string, row: EventRow): string | null {
  const [seq, type, v, at, actor, rulesVersion, payloadText, prevHash, hash] = row
  const fields = { seq, gameId, type, v, at, actor, rulesVersion }
  return sha256Hex(chainText(prevHash, fields, payloadText)) === hash
    ? null
    : 'hash does not match the stored content: the row was changed'
}

/** A stored payload text, parsed; text that is not JSON breaks the chain at its seq. */
function parsePayload(gameId: string, seq: number, text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ChainBrokenError(gameId, seq, `the payload is not valid JSON (${(error as Error).message})`)
  }
}

function sqliteCode(error: unknown): string | undefined {
  return error instanceof Database.SqliteError ? error.code : undefined
}

function busy(error: unknown): boolean {
  return sqliteCode(error)?.startsWith('SQLITE_BUSY') ?? false
}

/** SQLite's refusal to write a file the process may not write (SQLITE_READONLY and its kinds). */
function readOnlyFile(error: unknown): boolean {
  return sqliteCode(error)?.startsWith('SQLITE_READONLY') ?? false
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
  private readonly db: Database.Database
  private closed = false
  private rulesIndex: RulesSearch | undefined

  private readonly headStmt: Database.Statement<[string], { seq: number; hash: string }>
  private readonly insertEventStmt: Database.Statement<
    [string, number, string, number, string, string, string, string, string, string]
  >
  private readonly insertGameStmt: Database.Statement<[string, string, string, string, string | null, string]>
  private readonly gameExistsStmt: Database.Statement<[string], { one: number }>
  private readonly gameStmt: Database.Statement<[string], GameRow>
  private readonly gamesStmt: Database.Statement<[], GameRow>
  private readonly hashAtStmt: Database.Statement<[string, number], { hash: string }>
  private readonly rangeStmt: Database.Statement<[string, number, number], EventRow>
  private readonly foldRangeStmt: Database.Statement<[string, number, number], FoldRow>
  private readonly chainChunkStmt: Database.Statement<[string, number, number], ChainChunk>
  private readonly saveSnapshotStmt: Database.Statement<[string, string, number, string, string, string]>
  private readonly rowAtStmt: Database.Statement<[string, number], EventRow>
  private readonly pruneSnapshotsStmt: Database.Statement<[string, string, string, string, number]>
  private readonly saveSnapshotTx: (
    gameId: string,
    seq: number,
    engineKey: string,
    stateJson: string,
    prune: boolean,
  ) => void
  private readonly snapshotSeqsStmt: Database.Statement<[string, string], number>
  private readonly snapshotDigestStmt: Database.Statement<[string, string, number], { anchor: string; digest: string }>
  private readonly latestSnapshotStmt: Database.Statement<
    [string, string, number],
    { seq: number; state: string; anchor: string; digest: string | null }
  >

  private readonly appendTx: (
    gameId: string,
    expectedVersion: number,
    events: readonly UnchainedEvent[],
    payloads: readonly string[],
  ) => EventEnvelope[]
  private readonly createTx: (meta: GameMeta, first: UnchainedEvent, payload: string) => EventEnvelope
  private readonly importTx: (meta: GameMeta, events: readonly EventEnvelope[], payloads: readonly string[]) => void

  private constructor(
    db: Database.Database,
    private readonly readOnly = false,
  ) {
    this.db = db
    this.headStmt = db.prepare('SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1')
    this.insertEventStmt = db.prepare(
      'INSERT INTO events (game_id, seq, type, v, at, actor, rules_version, payload, prev_hash, hash) VALUES ' +
        '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    this.insertGameStmt = db.prepare(
      'INSERT INTO games (game_id, ruleset, variant, catalogue_hash, title, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.gameExistsStmt = db.prepare('SELECT 1 AS one FROM games WHERE game_id = ?')
    this.gameStmt = db.prepare(`${GAME_SELECT} WHERE g.game_id = ?`)
    this.gamesStmt = db.prepare(`${GAME_SELECT} ORDER BY g.created_at, g.game_id`)
    this.hashAtStmt = db.prepare('SELECT hash FROM events WHERE game_id = ? AND seq = ?')
    this.rangeStmt = this.prepareRange()
    this.foldRangeStmt = this.prepareFoldRange()
    // Rows are joined in the order of the primary key's range scan, seq order; a chunk joined otherwise
    // would fail its hashes and be checked again row by row.
    this.chainChunkStmt = db
      .prepare<[string, number, number], ChainChunk>(
        `SELECT group_concat(${CHAIN_TEXT_SQL}, char(10)), group_concat(hash, ''), count(*) FROM events
         WHERE game_id = ? AND seq BETWEEN ? AND ?`,
      )
      .raw()
    this.saveSnapshotStmt = db.prepare(
      'INSERT OR REPLACE INTO snapshots (game_id, engine_key, seq, state, anchor, digest) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.rowAtStmt = db
      .prepare<[string, number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq = ?`)
      .raw()
    // Snapshots without an anchor (saved before schema version 2, or inserted around Arbiter) are never read.
    this.snapshotSeqsStmt = db
      .prepare<[string, string], number>(
        'SELECT seq FROM snapshots WHERE game_id = ? AND engine_key = ? AND anchor IS NOT NULL ORDER BY seq',
      )
      .pluck()
    this.snapshotDigestStmt = db.prepare(
      'SELECT anchor, digest FROM snapshots WHERE game_id = ? AND engine_key = ? AND seq = ? AND anchor IS NOT NULL',
    )
    this.latestSnapshotStmt = db.prepare(
      `SELECT seq, state, anchor, digest FROM snapshots
       WHERE game_id = ? AND engine_key = ? AND seq <= ? AND anchor IS NOT NULL ORDER BY seq DESC LIMIT 1`,
    )
    this.pruneSnapshotsStmt = db.prepare(
      `DELETE FROM snapshots WHERE game_id = ? AND engine_key = ? AND seq < (
        SELECT seq FROM snapshots WHERE game_id = ? AND engine_key = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
    )
    this.saveSnapshotTx = db.transaction(
      (gameId: string, seq: number, engineKey: string, stateJson: string, prune: boolean) => {
        // The anchor is the event's hash as stored, re-hashed first: a snapshot never anchors to an edited row.
        const row = this.rowAtStmt.get(gameId, seq)
        if (row === undefined) throw new ChainBrokenError(gameId, seq, 'missing: the row is not in the database')
        const problem = rowProblem(gameId, row)
        if (problem !== null) throw new ChainBrokenError(gameId, seq, problem)
        const anchor = row[8]
        this.saveSnapshotStmt.run(
          gameId,
          engineKey,
          seq,
          stateJson,
          anchor,
          snapshotDigest(anchor, engineKey, stateJson),
        )
        if (prune) this.pruneSnapshotsStmt.run(gameId, engineKey, gameId, engineKey, SNAPSHOTS_KEPT - 1)
      },
    ).immediate

    this.appendTx = db.transaction(
      (gameId: string, expectedVersion: number, events: readonly UnchainedEvent[], payloads: readonly string[]) => {
        const head = this.headStmt.get(gameId)
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
      return this.chainAndInsert(meta.gameId, 0, GENESIS_HASH, [first], [payload])[0]!
    }).immediate

    this.importTx = db.transaction((meta: GameMeta, events: readonly EventEnvelope[], payloads: readonly string[]) => {
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
        )
      })
    }).immediate
  }

  /**
   * Opens (creating unless `mustExist`) a library database and brings its schema up to date.
   * A file that is not an Arbiter database is refused untouched (`store/not-a-database`): its bytes
   * and then its schema are read before anything is written; a file that cannot be written is refused
   * too (`store/not-writable`). Only a path where no file exists becomes a new database.
   */
  static open(file: string, options: OpenOptions = {}): EventStore {
    if (options.readOnly) return EventStore.openReadOnly(file, options)
    const mustExist = options.mustExist ?? false
    const memory = file === ':memory:' || file === ''
    const existed = !memory && refuseForeignFile(file, mustExist)
    if (!memory) refuseUnwritable(file, existed)
    let db: Database.Database
    try {
      db = new Database(file, { fileMustExist: mustExist })
    } catch (error) {
      if (mustExist && sqliteCode(error) === 'SQLITE_CANTOPEN') {
        throw new ArbiterError(
          'store/no-database',
          `${file} does not exist: give the path of an existing Arbiter database`,
        )
      }
      throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
    }
    try {
      // SQLite opens a file it may not write read-only, silently: refuse it before reading anything.
      if (db.readonly) throw notWritable(file)
      db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`)
      if (existed) refuseForeignSchema(db, file)
      const mode = db.pragma('journal_mode = WAL', { simple: true })
      if (!memory && mode !== 'wal')
        throw new ArbiterError('store/open-failed', `cannot open ${file}: it refused WAL journaling (${String(mode)})`)
      db.pragma('synchronous = FULL')
      db.pragma('foreign_keys = ON')
      db.pragma('wal_autocheckpoint = 0')
      migrate(db, options.migrationsDir)
      return new EventStore(db)
    } catch (error) {
      db.close()
      if (error instanceof ArbiterError) throw error
      const code = sqliteCode(error)
      if (code === 'SQLITE_NOTADB') {
        throw new ArbiterError(
          'store/not-a-database',
          `${file} is not an Arbiter database: ${(error as Error).message}`,
        )
      }
      if (busy(error))
        throw new ArbiterError('store/busy', `${file} is locked by another writer: ${(error as Error).message}`)
      if (readOnlyFile(error)) throw notWritable(file)
      throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
    }
  }

  /**
   * The read-only open. The connection is read-write at the file level with `query_only` on, so
   * SQLite refuses every write and, as the last connection to close, removes the -wal and -shm
   * files it made; better-sqlite3's `readonly` would leave both behind. (A WAL left by a writer that
   * crashed is folded into the file at close, as by any SQLite connection: committed data only.)
   */
  private static openReadOnly(file: string, options: OpenOptions): EventStore {
    refuseForeignFile(file, true)
    let db: Database.Database
    try {
      db = new Database(file, { fileMustExist: true })
    } catch (error) {
      if (sqliteCode(error) === 'SQLITE_CANTOPEN')
        throw new ArbiterError(
          'store/no-database',
          `${file} does not exist: give the path of an existing Arbiter database`,
        )
      throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
    }
    try {
      db.pragma('query_only = ON')
      db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`)
      checkReadableSchema(db, file, options.migrationsDir)
      return new EventStore(db, true)
    } catch (error) {
      db.close()
      if (error instanceof ArbiterError) throw error
      if (sqliteCode(error) === 'SQLITE_NOTADB')
        throw new ArbiterError(
          'store/not-a-database',
          `${file} is not an Arbiter database: ${(error as Error).message}`,
        )
      throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
    }
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
    const head = this.headStmt.get(gameId)
    if (head === undefined) throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
    return { seq: head.seq, hash: head.hash }
  }

  game(gameId: string): GameSummary {
    this.assertOpen()
    const row = this.gameStmt.get(gameId)
    if (row === undefined) throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
    return toSummary(row)
  }

  /**
   * Every game: the games rows with their heads, then each game whose events have no row. The
   * table is an index that can be edited behind Arbiter's back; the events are the record.
   */
  /**
   * Archives a game (hidden from the library's list, never deleted) or restores it: library metadata in
   * `game_library`; the game's events are not touched.
   */
  setArchived(gameId: string, archivedAt: string | null): void {
    this.assertOpen()
    this.write(() => {
      if (this.gameExistsStmt.get(gameId) === undefined)
        throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
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
          if (this.gameExistsStmt.get(gameId) === undefined)
            throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
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

  games(): (GameSummary | UnindexedGame)[] {
    this.assertOpen()
    // The game ids in events, found by seeking the primary key from one game to the next (a loose
    // index scan): the cost is per game, not per event, so listing a library with long games is quick.
    const unindexed = this.db
      .prepare<[], { game_id: string; head_seq: number }>(
        `WITH RECURSIVE ids (game_id) AS (
           SELECT (SELECT min(game_id) FROM events)
           UNION ALL
           SELECT (SELECT min(e.game_id) FROM events e WHERE e.game_id > ids.game_id) FROM ids
           WHERE ids.game_id IS NOT NULL
         )
         SELECT game_id, (SELECT max(seq) FROM events e WHERE e.game_id = ids.game_id) AS head_seq FROM ids
         WHERE game_id IS NOT NULL AND game_id NOT IN (SELECT game_id FROM games) ORDER BY game_id`,
      )
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
    if (this.gameExistsStmt.get(gameId) === undefined)
      throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
    const from = options.fromSeq ?? 1
    const to = options.toSeq ?? Number.MAX_SAFE_INTEGER
    const verify = options.verify ?? false
    if (options.forFold && !verify) return this.foldRows(gameId, from, to)
    return this.rows(gameId, from, to, verify, true) as IterableIterator<EventEnvelope>
  }

  /**
   * A game's events of one type from `fromSeq` on, unverified, as a fold reads them: for a reader that must know
   * them before it folds (the corrections, core/api/corrections.ts); the fold it chooses verifies its rows.
   */
  eventsOfType(gameId: string, type: string, fromSeq = 1): FoldedEvent[] {
    this.assertOpen()
    const rows = this.db
      .prepare<[string, string, number], FoldRow>(
        `SELECT ${FOLD_COLUMNS} FROM events WHERE game_id = ? AND type = ? AND seq >= ? ORDER BY seq`,
      )
      .raw()
      .all(gameId, type, fromSeq)
    return rows.map(([seq, rowType, v, actor, payloadText]) => ({
      seq,
      gameId,
      type: rowType,
      v,
      actor,
      payload: parsePayload(gameId, seq, payloadText),
    }))
  }

  /**
   * Checks a game's stored chain: the whole of it, or with `fromSeq` the rows from there to the head,
   * each linked to the stored hash of the row before (which the caller has checked: see
   * `checkedSnapshot`). `events` counts the rows checked.
   */
  verifyGame(gameId: string, fromSeq = 1): VerifyResult {
    this.assertOpen()
    if (this.gameExistsStmt.get(gameId) === undefined)
      throw new ArbiterError('store/unknown-game', `there is no game ${gameId}`)
    let count = 0
    try {
      count = this.checkChain(gameId, fromSeq)
    } catch (error) {
      if (error instanceof ChainBrokenError) return { ok: false, seq: error.seq, problem: error.message }
      throw error
    }
    if (count === 0 && fromSeq <= 1)
      return { ok: false, seq: 1, problem: `game ${gameId} seq 1: missing: the game has no events` }
    return { ok: true, events: count }
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
    this.write(() => this.saveSnapshotTx(gameId, seq, engineKey, stateJson, prune))
  }

  /**
   * The newest anchored snapshot for `engineKey` at or before `atOrBeforeSeq`, checked against the
   * chain (see SnapshotCheck), or null when there is none. Only its own seq is checked: the rows
   * after it are the caller's to verify (`verifyGame(gameId, seq + 1)` or a verified read).
   */
  checkedSnapshot(gameId: string, atOrBeforeSeq: number, engineKey: string): SnapshotCheck | null {
    this.assertOpen()
    const row = this.latestSnapshotStmt.get(gameId, engineKey, atOrBeforeSeq)
    if (row === undefined) return null
    const refused = (problem: string): SnapshotCheck => ({ trusted: false, seq: row.seq, problem })
    if (row.digest !== snapshotDigest(row.anchor, engineKey, row.state))
      return refused('the snapshot does not match its digest: its state or anchor was changed')
    const event = this.rowAtStmt.get(gameId, row.seq)
    if (event === undefined) return refused(`the event it is anchored to (seq ${row.seq}) is not in the database`)
    if (event[8] !== row.anchor)
      return refused(`the event at seq ${row.seq} no longer has the hash the snapshot was anchored to`)
    const problem = rowProblem(gameId, event)
    if (problem !== null) return refused(`the event at seq ${row.seq} does not verify: ${problem}`)
    return { trusted: true, seq: row.seq, stateJson: row.state }
  }

  /**
   * The anchor and digest of the snapshot for `engineKey` at exactly `seq`, without its state (not
   * checked: a caller that finds the digest is not the one it expects reads it with `checkedSnapshot`).
   */
  snapshotDigestAt(gameId: string, seq: number, engineKey: string): { anchor: string; digest: string } | null {
    this.assertOpen()
    return this.snapshotDigestStmt.get(gameId, engineKey, seq) ?? null
  }

  /** The seqs of a game's anchored snapshots for `engineKey`, in order (not checked: see `checkedSnapshot`). */
  snapshotSeqs(gameId: string, engineKey: string): number[] {
    this.assertOpen()
    return this.snapshotSeqsStmt.all(gameId, engineKey)
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
    }
  }

  // ---------------------------------------------------------------------------------------------

  private assertOpen(): void {
    if (this.closed) throw new ArbiterError('store/closed', 'the event store is closed')
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
      const fields = { seq, gameId, type: e.type, v: e.v, at: e.at, actor: e.actor, rulesVersion: e.rulesVersion }
      const hash = sha256Hex(chainText(prevHash, fields, payload))
      this.insertEventStmt.run(gameId, seq, e.type, e.v, e.at, e.actor, e.rulesVersion, payload, prevHash, hash)
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

  /**
   * The chain check of `verifyGame`: the rows from `fromSeq` to the head, linked to the one before and
   * hashed over their chain text as SQLite writes it (CHAIN_TEXT_SQL), a chunk of CHAIN_CHUNK rows a
   * query: their texts joined by newlines (which no chain text holds) and their hashes joined, so
   * that a row costs no value of its own crossing into JavaScript. A chunk whose rows do not all pass
   * (one changed, missing, out of order, or holding a newline) is checked again the exact way, row by
   * row (`rows`), which names what is wrong as a verified read would, or passes it. Returns the
   * number of rows checked.
   */
  private checkChain(gameId: string, fromSeq: number): number {
    const from = Math.max(1, Math.trunc(fromSeq))
    let prevHash = this.hashBefore(gameId, from)
    const head = this.headStmt.get(gameId)?.seq ?? 0
    for (let first = from; first <= head; first += CHAIN_CHUNK) {
      const last = Math.min(head, first + CHAIN_CHUNK - 1)
      const [texts, hashes, count] = this.chainChunkStmt.get(gameId, first, last) as ChainChunk
      const texted = count === last - first + 1 && texts !== null ? texts.split('\n') : []
      let passed = 0
      if (texted.length === count && hashes !== null && hashes.length === count * HASH_LENGTH) {
        for (const text of texted) {
          if (prevHash === undefined || text.charCodeAt(HASH_LENGTH) !== OPEN_BRACE || !text.startsWith(prevHash)) break
          const hash = sha256Hex(text)
          if (!hashes.startsWith(hash, passed * HASH_LENGTH)) break
          prevHash = hash
          passed++
        }
      }
      if (passed < last - first + 1) {
        // The exact check from the first row that did not pass: it throws, or the rows were sound.
        for (const _ of this.rows(gameId, first + passed, last, true, false));
        prevHash = this.hashAtStmt.get(gameId, last)?.hash
      }
    }
    return Math.max(0, head - from + 1)
  }

  /** The stored hash a chain read from `from` links its first row to (the genesis hash for seq 1). */
  private hashBefore(gameId: string, from: number): string | undefined {
    if (from === 1) return GENESIS_HASH
    const before = this.hashAtStmt.get(gameId, from - 1)
    const head = this.headStmt.get(gameId)
    if (before === undefined && head !== undefined && head.seq >= from - 1) {
      throw new ChainBrokenError(gameId, from - 1, `missing: the row is not in the database`)
    }
    return before?.hash
  }

  private prepareFoldRange(): Database.Statement<[string, number, number], FoldRow> {
    return this.db
      .prepare<[string, number, number], FoldRow>(
        `SELECT ${FOLD_COLUMNS} FROM events WHERE game_id = ? AND seq BETWEEN ? AND ? ORDER BY seq`,
      )
      .raw()
  }

  /** A game's events as a fold reads them, unverified (see `readEvents`). */
  private *foldRows(gameId: string, fromSeq: number, toSeq: number): Generator<FoldedEvent> {
    const stmt = this.foldRangeStmt.busy ? this.prepareFoldRange() : this.foldRangeStmt
    for (const [seq, type, v, actor, payloadText] of stmt.iterate(gameId, Math.max(1, Math.trunc(fromSeq)), toSeq))
      yield { seq, gameId, type, v, actor, payload: parsePayload(gameId, seq, payloadText) }
  }

  private prepareRange(): Database.Statement<[string, number, number], EventRow> {
    return this.db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq BETWEEN ? AND ? ORDER BY seq`,
      )
      .raw()
  }

  private *rows(
    gameId: string,
    fromSeq: number,
    toSeq: number,
    verify: boolean,
    parse: boolean,
  ): Generator<EventEnvelope | EventRow> {
    const from = Math.max(1, Math.trunc(fromSeq))
    let expectedSeq = from
    let prevHash = verify ? this.hashBefore(gameId, from) : undefined
    // One statement can run one iteration at a time: a nested read gets its own.
    const stmt = this.rangeStmt.busy ? this.prepareRange() : this.rangeStmt
    for (const row of stmt.iterate(gameId, from, toSeq)) {
      const [seq, type, v, at, actor, rulesVersion, payloadText, rowPrevHash, hash] = row
      if (verify) {
        if (seq !== expectedSeq) {
          throw new ChainBrokenError(gameId, expectedSeq, `missing: seq ${seq} follows seq ${expectedSeq - 1}`)
        }
        if (rowPrevHash !== prevHash) {
          throw new ChainBrokenError(
            gameId,
            seq,
            `prevHash does not match the hash of seq ${seq - 1}: a row before it was changed`,
          )
        }
        const fields = { seq, gameId, type, v, at, actor, rulesVersion }
        if (sha256Hex(chainText(rowPrevHash, fields, payloadText)) !== hash) {
          throw new ChainBrokenError(gameId, seq, `hash does not match the stored content: the row was changed`)
        }
        expectedSeq++
        prevHash = hash
      }
      if (!parse) {
        yield row
        continue
      }
      const payload = parsePayload(gameId, seq, payloadText)
      yield { seq, gameId, type, v, at, actor, rulesVersion, payload, prevHash: rowPrevHash, hash }
    }
  }
}
