import type Database from 'better-sqlite3'
import { ArbiterError } from '../events/errors.js'
import { loadMigrations } from './migrate.js'

/**
 * Refuses a database a read-only open cannot trust to have this Arbiter's schema: one with no
 * Arbiter schema, one newer than this Arbiter, and one older (a reader may not migrate it).
 */
export function checkReadableSchema(db: Database.Database, file: string, migrationsDir?: string): void {
  const version = db.pragma('user_version', { simple: true }) as number
  const known = loadMigrations(migrationsDir).length
  const hasEvents =
    db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'events'`).get() !== undefined
  if (version === 0 || !hasEvents)
    throw new ArbiterError('store/not-a-database', `${file} is not an Arbiter database: it has no Arbiter schema`)
  if (version > known)
    throw new ArbiterError(
      'store/newer-database',
      `${file} is at schema version ${version}, newer than this Arbiter knows (${known}): use a newer Arbiter`,
    )
  if (version < known)
    throw new ArbiterError(
      'store/older-database',
      `${file} is at schema version ${version}, older than this Arbiter's ${known}: ` +
        'a command that writes to it upgrades it',
    )
}
