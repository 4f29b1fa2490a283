import type Database from 'better-sqlite3'
import type { EventEnvelope } from '../events/envelope.js'
import { chainText, GENESIS_HASH } from '../events/envelope.js'
import { ArbiterError } from '../events/errors.js'
import { sha256Hex } from './sha256.js'

/** What folding an event through an engine reads of it (a replay's steps, an open's tail). */
export type FoldedEvent = Pick<EventEnvelope, 'seq' | 'gameId' | 'type' | 'v' | 'actor' | 'host' | 'payload'>

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
export type EventRow = [
  seq: number,
  type: string,
  v: number,
  at: string,
  actor: string,
  rulesVersion: string,
  payload: string,
  prevHash: string,
  hash: string,
  /** Last, so the columns before it keep their places; NULL for an event recorded before hosts named themselves. */
  host: string | null,
]

/** The values of an events row a fold reads, in FOLD_COLUMNS order. */
type FoldRow = [seq: number, type: string, v: number, actor: string, payload: string, host: string | null]
const FOLD_COLUMNS = 'seq, type, v, actor, payload, host'

const EVENT_COLUMNS = 'seq, type, v, at, actor, rules_version, payload, prev_hash, hash, host'
/**
 * A row's chain text (`chainText`: its prev_hash, then the canonical JSON of its envelope without the
 * hashes, keys sorted, over the stored payload text) made by SQLite, so that checking a chain costs one
 * string a row, not nine and their concatenation. json_quote writes a string as JSON.stringify does
 * (every code point checked); a row whose text were written otherwise would fail its hash here and be
 * checked again the exact way (`rows`), so what passes is what `chainText` would pass. One concat()
 * makes the text in one allocation (a chain of || copies it once a piece). A row's host is written only
 * when it has one, as `chainText` does.
 */
const CHAIN_TEXT_SQL = `concat(prev_hash, '{"actor":', json_quote(actor), ',"at":', json_quote(at), ',"gameId":',
  json_quote(game_id), iif(host IS NULL, '', concat(',"host":', json_quote(host))), ',"payload":', payload,
  ',"rulesVersion":', json_quote(rules_version), ',"seq":', seq, ',"type":', json_quote(type), ',"v":', v, '}')`
/** Rows a chain check reads a query: their texts make a string of ~40 KB, young in the heap. */
const CHAIN_CHUNK = 100
/**
 * A chunk of a chain check: the rows' chain texts joined by newlines, as UTF-8 bytes (the bytes hashed:
 * no JavaScript string is made of them), their hashes joined, their count.
 */
type ChainChunk = [texts: Buffer | null, hashes: string | null, count: number]
/** The length of a hash in hex, where a chain text's envelope starts. */
const HASH_LENGTH = 64
const OPEN_BRACE = 0x7b
const NEWLINE = 0x0a

/** What is wrong with a stored row on its own (it must hash, over its stored prevHash, to its hash), or null. */
export function rowProblem(gameId: string, row: EventRow): string | null {
  const [seq, type, v, at, actor, rulesVersion, payloadText, prevHash, hash, host] = row
  const fields = { seq, gameId, type, v, at, actor, rulesVersion, host }
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

/**
 * How the store reads a game's events and checks its chain: rows in seq order, whole or as a fold
 * reads them, verified row by row, and the fast whole-chain check (`checkChain`).
 */
export class ChainReader {
  readonly headStmt: Database.Statement<[string], { seq: number; hash: string }>
  readonly rowAtStmt: Database.Statement<[string, number], EventRow>
  private readonly hashAtStmt: Database.Statement<[string, number], { hash: string }>
  private readonly rangeStmt: Database.Statement<[string, number, number], EventRow>
  private readonly foldRangeStmt: Database.Statement<[string, number, number], FoldRow>
  private readonly chainChunkStmt: Database.Statement<[string, number, number], ChainChunk>
  private readonly correctionsStmt: Database.Statement<[string, string, number], FoldRow>

  constructor(private readonly db: Database.Database) {
    this.headStmt = db.prepare('SELECT seq, hash FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1')
    this.hashAtStmt = db.prepare('SELECT hash FROM events WHERE game_id = ? AND seq = ?')
    this.rangeStmt = this.prepareRange()
    this.foldRangeStmt = this.prepareFoldRange()
    // Rows are joined in the order of the primary key's range scan, seq order; a chunk joined otherwise
    // would fail its hashes and be checked again row by row.
    this.chainChunkStmt = db
      .prepare<[string, number, number], ChainChunk>(
        `SELECT CAST(group_concat(${CHAIN_TEXT_SQL}, char(10)) AS BLOB), group_concat(hash, ''), count(*) FROM events
         WHERE game_id = ? AND seq BETWEEN ? AND ?`,
      )
      .raw()
    // The seqs found first, in the partial index of Corrections (migration 0007), which covers them: asked
    // for the rows' other values at once, SQLite's planner walks every row of the game instead. The type
    // is written out, not bound, so that the partial index applies.
    this.correctionsStmt = db
      .prepare<[string, string, number], FoldRow>(
        `SELECT ${FOLD_COLUMNS} FROM events WHERE game_id = ? AND seq IN
           (SELECT seq FROM events WHERE game_id = ? AND type = 'Correction' AND seq >= ?) ORDER BY seq`,
      )
      .raw()
    this.rowAtStmt = db
      .prepare<[string, number], EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq = ?`)
      .raw()
  }

  /**
   * The chain check of `verifyGame`: the rows from `fromSeq` to the head, linked to the one before and
   * hashed over their chain text as SQLite writes it (CHAIN_TEXT_SQL), a chunk of CHAIN_CHUNK rows a
   * query: their texts joined by newlines (which no chain text holds) and their hashes joined, so
   * that a row costs no value of its own crossing into JavaScript. A chunk whose rows do not all pass
   * (one changed, missing, out of order, or holding a newline) is checked again the exact way, row by
   * row (`rows`), which names what is wrong as a verified read would, or passes it. With `toSeq`, the
   * rows up to it only (a part of the chain another thread checks the rest of: chain-threads.ts).
   * Returns the number of rows checked.
   */
  checkChain(gameId: string, fromSeq: number, toSeq?: number): number {
    const from = Math.max(1, Math.trunc(fromSeq))
    let prevHash = this.hashBefore(gameId, from)
    const head = Math.min(this.headStmt.get(gameId)?.seq ?? 0, toSeq ?? Number.POSITIVE_INFINITY)
    for (let first = from; first <= head; first += CHAIN_CHUNK) {
      const last = Math.min(head, first + CHAIN_CHUNK - 1)
      const [texts, hashes, count] = this.chainChunkStmt.get(gameId, first, last) as ChainChunk
      let passed = 0
      if (count === last - first + 1 && texts !== null && hashes !== null && hashes.length === count * HASH_LENGTH) {
        // Each text hashed where it lies in the chunk's bytes; a newline inside a text (no chain text
        // holds one) leaves a row that does not link, which the exact check then names.
        for (let start = 0; passed < count && start < texts.length; passed++) {
          const found = texts.indexOf(NEWLINE, start)
          const end = found < 0 ? texts.length : found
          if (prevHash === undefined || texts[start + HASH_LENGTH] !== OPEN_BRACE) break
          if (texts.toString('latin1', start, start + HASH_LENGTH) !== prevHash) break
          const hash = sha256Hex(texts.subarray(start, end))
          if (!hashes.startsWith(hash, passed * HASH_LENGTH)) break
          prevHash = hash
          start = end + 1
        }
      }
      if (passed < last - first + 1) {
        // The exact check from the first row that did not pass: it throws, or the rows were sound.
        let seen = first + passed - 1
        for (const row of this.rows(gameId, first + passed, last, true, false)) seen = (row as EventRow)[0]
        // Rows missing at the end of a part (toSeq) are named as a check through to the head names them.
        if (seen < last) this.missingAfter(gameId, seen)
        prevHash = this.hashAtStmt.get(gameId, last)?.hash
      }
    }
    return Math.max(0, head - from + 1)
  }

  /** A game's Correction events from `fromSeq` on, unverified, as a fold reads them (`EventStore.correctionEvents`). */
  correctionEvents(gameId: string, fromSeq = 1): FoldedEvent[] {
    const rows = this.correctionsStmt.all(gameId, gameId, fromSeq)
    return rows.map(([seq, rowType, v, actor, payloadText]) => ({
      seq,
      gameId,
      type: rowType,
      v,
      actor,
      payload: parsePayload(gameId, seq, payloadText),
    }))
  }

  /** A game's events as a fold reads them, unverified (see `EventStore.readEvents`). */
  *foldRows(gameId: string, fromSeq: number, toSeq: number): Generator<FoldedEvent> {
    const stmt = this.foldRangeStmt.busy ? this.prepareFoldRange() : this.foldRangeStmt
    for (const [seq, type, v, actor, payloadText, host] of stmt.iterate(
      gameId,
      Math.max(1, Math.trunc(fromSeq)),
      toSeq,
    ))
      yield {
        seq,
        gameId,
        type,
        v,
        actor,
        ...(host === null ? {} : { host }),
        payload: parsePayload(gameId, seq, payloadText),
      }
  }

  /**
   * A game's rows from `fromSeq` to `toSeq` in seq order, as envelopes (`parse`) or raw rows; with
   * `verify`, each row's seq, link and hash checked first, the first bad one throwing.
   */
  *rows(
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
      const [seq, type, v, at, actor, rulesVersion, payloadText, rowPrevHash, hash, host] = row
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
        const fields = { seq, gameId, type, v, at, actor, rulesVersion, host }
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
      const hosted = host === null ? {} : { host }
      yield { seq, gameId, type, v, at, actor, ...hosted, rulesVersion, payload, prevHash: rowPrevHash, hash }
    }
  }

  /** The hash stored with the row at `seq`, unchecked; undefined when there is none. */
  storedHash(gameId: string, seq: number): string | undefined {
    return this.hashAtStmt.get(gameId, seq)?.hash
  }

  /** Throws what a chain read names when the row after `seq` is missing: the seq that follows it instead. */
  private missingAfter(gameId: string, seq: number): never {
    const next = this.db
      .prepare<[string, number], { seq: number | null }>(
        'SELECT min(seq) AS seq FROM events WHERE game_id = ? AND seq > ?',
      )
      .get(gameId, seq)?.seq
    const problem = next == null ? 'missing: the row is not in the database' : `missing: seq ${next} follows seq ${seq}`
    throw new ChainBrokenError(gameId, seq + 1, problem)
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

  private prepareRange(): Database.Statement<[string, number, number], EventRow> {
    return this.db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq BETWEEN ? AND ? ORDER BY seq`,
      )
      .raw()
  }
}
