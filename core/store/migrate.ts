import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { ArbiterError } from '../events/errors.js'
import { foreignSchemaProblem } from './file-identity.js'
import { packageRoot } from './package-root.js'
import { sha256Hex } from './sha256.js'

/** A migration file: `NNNN_name.sql`, applied once, in order, and never edited afterwards. */
export interface MigrationFile {
  readonly version: number
  readonly name: string
  readonly sql: string
  readonly sha256: string
}

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/

/** The `migrations/` folder of the package. */
export function defaultMigrationsDir(): string {
  return join(packageRoot(), 'migrations')
}

/** Reads and checks a migrations folder: NNNN_name.sql files numbered 0001, 0002, … without gaps. */
export function loadMigrations(migrationsDir: string = defaultMigrationsDir()): MigrationFile[] {
  let names: string[]
  try {
    names = readdirSync(migrationsDir)
  } catch (error) {
    throw new ArbiterError(
      'store/no-migrations',
      `cannot read the migrations folder ${migrationsDir}: ${(error as Error).message}`,
    )
  }
  const files: MigrationFile[] = []
  for (const name of names.sort()) {
    if (!name.endsWith('.sql')) continue
    const match = MIGRATION_FILE.exec(name)
    if (match === null) {
      throw new ArbiterError('store/bad-migrations', `migration file ${name} is not named NNNN_lowercase_name.sql`)
    }
    // Line endings are normalised so a checkout with CRLF hashes (and runs) the same.
    const sql = readFileSync(join(migrationsDir, name), 'utf8').replace(/\r\n?/g, '\n')
    files.push({ version: Number(match[1]), name, sql, sha256: sha256Hex(sql) })
  }
  files.forEach((file, index) => {
    if (file.version !== index + 1) {
      throw new ArbiterError(
        'store/bad-migrations',
        `migration ${file.name} should be numbered ${String(index + 1).padStart(4, '0')}: migrations are ` +
          `numbered from 0001 without gaps or repeats`,
      )
    }
  })
  if (files.length === 0) throw new ArbiterError('store/no-migrations', `no migrations in ${migrationsDir}`)
  return files
}

const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  sha256     TEXT NOT NULL,
  applied_at TEXT NOT NULL
) STRICT`

function userVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number
}

/**
 * Brings the database up to the newest migration. Each pending file runs in its own IMMEDIATE
 * transaction that also records the file's sha256 in schema_migrations (created by this runner)
 * and ends with `PRAGMA user_version = N`; a failing file rolls back whole and leaves the
 * version where it was. Refuses a database newer than the files (`store/newer-database`), one
 * whose applied files were edited since (`store/migration-changed`), and an SQLite database that
 * Arbiter did not create (`store/not-a-database`). Returns the versions applied now.
 */
export function migrate(db: Database.Database, migrationsDir?: string): number[] {
  const files = loadMigrations(migrationsDir)
  const newest = files.length
  const dbName = db.name

  const current = userVersion(db)
  if (current > newest) {
    throw new ArbiterError(
      'store/newer-database',
      `${dbName} is at schema version ${current}, newer than this Arbiter knows (${newest}): use a newer Arbiter`,
    )
  }
  const foreign = foreignSchemaProblem(db, 'fresh')
  if (foreign !== undefined)
    throw new ArbiterError('store/not-a-database', `${dbName} is not an Arbiter database: ${foreign}`)
  if (current > 0) checkRecorded(db, files.slice(0, current))

  const applied: number[] = []
  const record = (): Database.Statement =>
    db.prepare('INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)')
  for (const file of files) {
    if (file.version <= current) continue
    db.exec('BEGIN IMMEDIATE')
    try {
      // Another process may have migrated while we waited for the write lock.
      const now = userVersion(db)
      if (now >= file.version) {
        db.exec('ROLLBACK')
        checkRecorded(db, [file])
        continue
      }
      if (now !== file.version - 1) throw new Error(`the database is at version ${now}, expected ${file.version - 1}`)
      db.exec(BOOKKEEPING)
      db.exec(file.sql)
      record().run(file.version, file.name, file.sha256, new Date().toISOString())
      db.pragma(`user_version = ${file.version}`)
      db.exec('COMMIT')
      applied.push(file.version)
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK')
      if (error instanceof ArbiterError) throw error
      throw new ArbiterError(
        'store/migration-failed',
        `migration ${file.name} failed and was rolled back: ${(error as Error).message}`,
      )
    }
  }
  return applied
}

function checkRecorded(db: Database.Database, files: readonly MigrationFile[]): void {
  const recorded = db.prepare('SELECT name, sha256 FROM schema_migrations WHERE version = ?')
  for (const file of files) {
    const row = recorded.get(file.version) as { name: string; sha256: string } | undefined
    if (row === undefined) {
      throw new ArbiterError(
        'store/migration-changed',
        `migration ${file.name} is applied to ${db.name} but has no record in schema_migrations`,
      )
    }
    if (row.sha256 !== file.sha256) {
      throw new ArbiterError(
        'store/migration-changed',
        `migration ${file.name} changed after it was applied to ${db.name} (recorded sha256 ` +
          `${row.sha256.slice(0, 12)}…, file ${file.sha256.slice(0, 12)}…): migrations are never edited, add a ` +
          `new one`,
      )
    }
  }
}

/**
 * Puts back the triggers the migrations made (the append-only guards on `events`) that are missing
 * from the schema, as those migrations wrote them: a file whose guards were dropped around Arbiter
 * (to edit a row) gets them again before a writer appends. What was edited meanwhile is the chain
 * check's to find. Returns the names of the triggers put back.
 */
export function restoreTriggers(db: Database.Database, migrationsDir?: string): string[] {
  const present = new Set(db.prepare<[], string>(`SELECT name FROM sqlite_schema WHERE type = 'trigger'`).pluck().all())
  const restored: string[] = []
  for (const file of loadMigrations(migrationsDir)) {
    for (const match of file.sql.matchAll(/CREATE TRIGGER\s+(\w+)[\s\S]*?\bEND;/g)) {
      const name = match[1] as string
      if (present.has(name)) continue
      db.exec(match[0])
      restored.push(name)
    }
  }
  return restored
}
