import { accessSync, closeSync, constants, openSync, readSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import type Database from 'better-sqlite3'
import { ArbiterError } from '../events/errors.js'

/**
 * What a file must be before Arbiter opens it, checked without changing a byte of it (issue 17): a
 * text file, an empty file, another application's SQLite database or a file the user may not write
 * is refused with one line naming it, before SQLite switches a journal mode or writes a schema.
 */

const SQLITE_HEADER = 'SQLite format 3\u0000'

function noDatabase(file: string): ArbiterError {
  return new ArbiterError('store/no-database', `${file} does not exist: give the path of an existing Arbiter database`)
}

/**
 * Checks, from its bytes alone, that a file is an SQLite database: a folder, an empty file (SQLite would
 * make it an empty database) and any other content are refused. A missing file is refused when it
 * must exist. Returns whether the file exists.
 */
export function refuseForeignFile(file: string, mustExist: boolean): boolean {
  let size: number
  try {
    const stat = statSync(file)
    if (stat.isDirectory())
      throw new ArbiterError('store/not-a-database', `${file} is not an Arbiter database: it is a folder`)
    size = stat.size
  } catch (error) {
    if (error instanceof ArbiterError) throw error
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      if (mustExist) throw noDatabase(file)
      return false
    }
    throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
  }
  if (size === 0) throw new ArbiterError('store/not-a-database', `${file} is not an Arbiter database: it is empty`)
  const header = Buffer.alloc(16)
  const fd = openSync(file, 'r')
  let read: number
  try {
    read = readSync(fd, header, 0, 16, 0)
  } finally {
    closeSync(fd)
  }
  if (read < 16 || header.toString('latin1') !== SQLITE_HEADER)
    throw new ArbiterError('store/not-a-database', `${file} is not an Arbiter database: it is not an SQLite file`)
  return true
}

/** The one-line refusal of a database the user may not write (SQLite would open it read-only, silently). */
export function notWritable(file: string, why = 'permission denied'): ArbiterError {
  return new ArbiterError(
    'store/not-writable',
    `${file} cannot be written (${why}): a command that records needs write access to the database and its folder`,
  )
}

/**
 * Refuses, before SQLite opens it, a database file or a folder the user may not write: SQLite needs
 * both (the folder for its -wal and -shm files). Root passes these checks whatever the mode bits
 * say; what root still cannot write (an immutable file) is caught when the connection opens read-only.
 */
export function refuseUnwritable(file: string, exists: boolean): void {
  for (const path of exists ? [file, dirname(file)] : [dirname(file)]) {
    try {
      accessSync(path, constants.W_OK)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
        throw notWritable(file, path === file ? 'permission denied' : `its folder ${path} is not writable`)
      throw new ArbiterError('store/open-failed', `cannot open ${file}: ${(error as Error).message}`)
    }
  }
}

/**
 * Why an SQLite database is not one Arbiter made, or undefined when it may be: at schema version 0 it
 * must hold no table (`empty: 'foreign'` refuses that too, for a file that existed before this open),
 * past 0 it must hold Arbiter's `schema_migrations` and `events`. Reads only.
 */
export function foreignSchemaProblem(db: Database.Database, empty: 'fresh' | 'foreign'): string | undefined {
  const version = db.pragma('user_version', { simple: true }) as number
  const tables = (
    db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as {
      name: string
    }[]
  ).map((row) => row.name)
  if (version === 0) {
    if (tables.length > 0) return `it is an SQLite database of something else (it has ${tables[0]})`
    return empty === 'foreign' ? 'it is an SQLite database with nothing in it' : undefined
  }
  if (!tables.includes('schema_migrations')) return 'it has a schema version but no schema_migrations table'
  if (!tables.includes('events')) return 'it has a schema version but no events table'
  return undefined
}

/** Refuses (`store/not-a-database`) an SQLite database that existed before this open and is not Arbiter's. */
export function refuseForeignSchema(db: Database.Database, file: string): void {
  const problem = foreignSchemaProblem(db, 'foreign')
  if (problem !== undefined)
    throw new ArbiterError('store/not-a-database', `${file} is not an Arbiter database: ${problem}`)
}
