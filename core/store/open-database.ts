import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
   * no migration runs and nothing is written (every write is refused by SQLite), and the file and its
   * folder are left byte for byte as they were. What is read is the file as it stood when opened (a
   * copy: see `openReadOnly`), not a live view: for commands that only show a game, which must never
   * create or change a file. A host showing a live game read-only opens it to write and writes nothing.
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

/** A database opened to read, and what to do once it is closed (remove a private copy). */
export interface ReadOnlyDatabase {
  readonly db: Database.Database
  readonly release: () => void
}

/** A file at most this large is read into memory to be read; a larger one is copied to a private folder. */
const IN_MEMORY_LIMIT = 256 * 1024 * 1024
/** The byte of an SQLite header that says WAL (2) or rollback (1) journaling, for writing and for reading. */
const JOURNAL_VERSION_BYTES = [18, 19] as const

/**
 * The read-only open (issue 17 item 6): it leaves every byte and modification time of the database
 * and its folder as they were. SQLite itself cannot read a WAL database in place without writing
 * beside it: even a read-only connection makes -wal and -shm files (the folder changes), and the last
 * connection to close folds the WAL into the file (the file changes), on a copy kept as evidence too.
 * So nothing is opened in place. When the file has no WAL content beside it (every Arbiter writer
 * folds its WAL in and removes it when it closes), its bytes are read into memory and opened there,
 * the header's journal mode set to rollback in that copy (an in-memory database has no WAL). When a
 * WAL is there (a writer still running, or one that was killed), the file and its -wal are copied to
 * a private temporary folder, where SQLite recovers the WAL as it would in place, and the folder is
 * removed at close. A copy taken while another process checkpoints is taken again.
 */
export function openReadOnly(file: string, options: OpenOptions): ReadOnlyDatabase {
  refuseForeignFile(file, true)
  let opened: ReadOnlyDatabase
  try {
    const walBytes = sizeOf(`${file}-wal`) + sizeOf(`${file}-journal`)
    opened = walBytes === 0 && sizeOf(file) <= IN_MEMORY_LIMIT ? inMemory(file) : privateCopy(file)
  } catch (error) {
    if (error instanceof ArbiterError) throw error
    if (sqliteCode(error) === 'SQLITE_NOTADB')
      throw new ArbiterError('store/not-a-database', `${file} is not an Arbiter database: ${(error as Error).message}`)
    throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
  }
  const { db, release } = opened
  try {
    db.pragma('query_only = ON')
    db.pragma(`busy_timeout = ${busyTimeout(options)}`)
    checkReadableSchema(db, file, options.migrationsDir)
    return opened
  } catch (error) {
    db.close()
    release()
    if (error instanceof ArbiterError) throw error
    if (sqliteCode(error) === 'SQLITE_NOTADB')
      throw new ArbiterError('store/not-a-database', `${file} is not an Arbiter database: ${(error as Error).message}`)
    throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
}

/** The file's bytes opened as an in-memory database (SQLite's deserialize), journaling set to rollback there. */
function inMemory(file: string): ReadOnlyDatabase {
  const bytes = readFileSync(file)
  for (const at of JOURNAL_VERSION_BYTES) if (bytes[at] === 2) bytes[at] = 1
  return { db: new Database(bytes), release: () => {} }
}

/**
 * The file and its WAL (or rollback journal) copied into a private temporary folder and opened there.
 * The WAL is copied first: a checkpoint in between only writes into the file pages the copied WAL
 * holds too. A copy during which either file changed (a checkpoint that reset the WAL) is taken again.
 */
function privateCopy(file: string): ReadOnlyDatabase {
  const folder = mkdtempSync(join(tmpdir(), 'arbiter-read-'))
  const release = () => rmSync(folder, { recursive: true, force: true })
  try {
    const copy = join(folder, 'game.sqlite')
    for (let attempt = 1; ; attempt++) {
      const before = sideFiles(file)
      for (const suffix of ['-wal', '-journal'])
        if (sizeOf(`${file}${suffix}`) > 0) copyFileSync(`${file}${suffix}`, `${copy}${suffix}`)
      copyFileSync(file, copy)
      if (sideFiles(file) === before || attempt === 3) break
      for (const suffix of ['-wal', '-journal']) rmSync(`${copy}${suffix}`, { force: true })
    }
    return { db: new Database(copy, { fileMustExist: true }), release }
  } catch (error) {
    release()
    throw error
  }
}

/** The sizes and modification times of a database file and its journals, as one comparable text. */
function sideFiles(file: string): string {
  return ['', '-wal', '-journal']
    .map((suffix) => {
      try {
        const stat = statSync(`${file}${suffix}`)
        return `${stat.size}@${stat.mtimeMs}`
      } catch {
        return '-'
      }
    })
    .join(' ')
}
