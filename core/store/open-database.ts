import Database from 'better-sqlite3'
import { ArbiterError } from '../events/errors.js'
import { notWritable, refuseForeignFile, refuseForeignSchema, refuseUnwritable } from './file-identity.js'
import { migrate, restoreTriggers } from './migrate.js'
import { checkReadableSchema } from './read-only.js'

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

export function sqliteCode(error: unknown): string | undefined {
  return error instanceof Database.SqliteError ? error.code : undefined
}

export function busy(error: unknown): boolean {
  return sqliteCode(error)?.startsWith('SQLITE_BUSY') ?? false
}

/** SQLite's refusal to write a file the process may not write (SQLITE_READONLY and its kinds). */
export function readOnlyFile(error: unknown): boolean {
  return sqliteCode(error)?.startsWith('SQLITE_READONLY') ?? false
}

function noDatabase(file: string): ArbiterError {
  return new ArbiterError('store/no-database', `${file} does not exist: give the path of an existing Arbiter database`)
}

function busyTimeout(options: OpenOptions): number {
  return Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))
}

/**
 * Opens (creating unless `mustExist`) a library database for writing and brings its schema up to
 * date. A file that is not an Arbiter database is refused untouched (`store/not-a-database`): its
 * bytes and then its schema are read before anything is written; a file that cannot be written is
 * refused too (`store/not-writable`). Only a path where no file exists becomes a new database.
 */
export function openWritable(file: string, options: OpenOptions): Database.Database {
  const mustExist = options.mustExist ?? false
  const memory = file === ':memory:' || file === ''
  const existed = !memory && refuseForeignFile(file, mustExist)
  if (!memory) refuseUnwritable(file, existed)
  let db: Database.Database
  try {
    db = new Database(file, { fileMustExist: mustExist })
  } catch (error) {
    if (mustExist && sqliteCode(error) === 'SQLITE_CANTOPEN') throw noDatabase(file)
    throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
  }
  try {
    // SQLite opens a file it may not write read-only, silently: refuse it before reading anything.
    if (db.readonly) throw notWritable(file)
    db.pragma(`busy_timeout = ${busyTimeout(options)}`)
    if (existed) refuseForeignSchema(db, file)
    const mode = db.pragma('journal_mode = WAL', { simple: true })
    if (!memory && mode !== 'wal')
      throw new ArbiterError('store/open-failed', `cannot open ${file}: it refused WAL journaling (${String(mode)})`)
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('wal_autocheckpoint = 0')
    migrate(db, options.migrationsDir)
    restoreTriggers(db, options.migrationsDir)
    return db
  } catch (error) {
    db.close()
    if (error instanceof ArbiterError) throw error
    const code = sqliteCode(error)
    if (code === 'SQLITE_NOTADB') {
      throw new ArbiterError('store/not-a-database', `${file} is not an Arbiter database: ${(error as Error).message}`)
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
export function openReadOnly(file: string, options: OpenOptions): Database.Database {
  refuseForeignFile(file, true)
  let db: Database.Database
  try {
    db = new Database(file, { fileMustExist: true })
  } catch (error) {
    if (sqliteCode(error) === 'SQLITE_CANTOPEN') throw noDatabase(file)
    throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
  }
  try {
    db.pragma('query_only = ON')
    db.pragma(`busy_timeout = ${busyTimeout(options)}`)
    checkReadableSchema(db, file, options.migrationsDir)
    return db
  } catch (error) {
    db.close()
    if (error instanceof ArbiterError) throw error
    if (sqliteCode(error) === 'SQLITE_NOTADB')
      throw new ArbiterError('store/not-a-database', `${file} is not an Arbiter database: ${(error as Error).message}`)
    throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
  }
}
