import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { defaultMigrationsDir, EventStore, loadMigrations, migrate, sha256Hex } from '../../core/store/index.js'

let dir: string
const open: Database.Database[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'arbiter-migrate-'))
})
afterEach(() => {
  for (const db of open.splice(0)) if (db.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

function rawDb(name = 'library.db'): Database.Database {
  const db = new Database(join(dir, name))
  open.push(db)
  return db
}

/** A migrations folder holding a copy of the first `real` real migrations and whatever else the test adds. */
function migrationsFolder(extra: Record<string, string> = {}, real = 1): string {
  const folder = mkdtempSync(join(dir, 'migrations-'))
  for (const { name } of loadMigrations().slice(0, real))
    copyFileSync(join(defaultMigrationsDir(), name), join(folder, name))
  for (const [name, sql] of Object.entries(extra)) writeFileSync(join(folder, name), sql)
  return folder
}

function tables(db: Database.Database): string[] {
  return (
    db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`).all() as { name: string }[]
  ).map((r) => r.name)
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (error) {
    return (error as { code?: string }).code
  }
  return undefined
}

const ADD_TAGS = `CREATE TABLE game_tags (
  game_id TEXT NOT NULL REFERENCES games (game_id),
  tag     TEXT NOT NULL,
  PRIMARY KEY (game_id, tag)
) STRICT;
`

describe('migrations', () => {
  it('finds the package migrations folder by walking up to the arbiter package.json', () => {
    expect(defaultMigrationsDir()).toBe(join(process.cwd(), 'migrations'))
    expect(loadMigrations().map((m) => m.name)[0]).toBe('0001_init.sql')
  })

  it('brings an empty database to the newest version and creates the tables', () => {
    const db = rawDb()
    const newest = loadMigrations().length
    expect(migrate(db)).toEqual(Array.from({ length: newest }, (_, i) => i + 1))
    expect(db.pragma('user_version', { simple: true })).toBe(newest)
    expect(tables(db)).toEqual(expect.arrayContaining(['events', 'games', 'schema_migrations', 'snapshots']))
    const recorded = db.prepare('SELECT version, name, sha256 FROM schema_migrations ORDER BY version').all()
    expect(recorded[0]).toEqual({
      version: 1,
      name: '0001_init.sql',
      sha256: sha256Hex(readFileSync(join(defaultMigrationsDir(), '0001_init.sql'), 'utf8').replace(/\r\n?/g, '\n')),
    })
    // a second run has nothing to do
    expect(migrate(db)).toEqual([])
  })

  it('applies only the pending migration to a database left at an older version, keeping its data', () => {
    // The store needs the real migrations; the pending one is a made-up next.
    const real = loadMigrations().length
    const next = real + 1
    const folder = migrationsFolder({}, real)
    const file = join(dir, 'library.db')
    const store = EventStore.open(file, { migrationsDir: folder })
    store.createGame(
      {
        gameId: 'g1',
        ruleset: 'classic',
        variant: 'base',
        catalogueHash: 'c'.repeat(64),
        createdAt: '2024-05-01T10:00:00Z',
      },
      {
        gameId: 'g1',
        type: 'Note',
        v: 1,
        at: '2024-05-01T10:00:00Z',
        actor: 'p1',
        rulesVersion: 'r1',
        payload: { text: 'kept' },
      },
    )
    store.close()

    writeFileSync(join(folder, `${String(next).padStart(4, '0')}_game_tags.sql`), ADD_TAGS)
    const db = rawDb()
    expect(db.pragma('user_version', { simple: true })).toBe(real)
    expect(migrate(db, folder)).toEqual([next])
    expect(db.pragma('user_version', { simple: true })).toBe(next)
    expect(tables(db)).toContain('game_tags')
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(
      Array.from({ length: next }, (_, i) => i + 1),
    )
    db.close()

    const again = EventStore.open(file, { migrationsDir: folder })
    expect(again.game('g1').headSeq).toBe(1)
    expect([...again.readEvents('g1')][0]?.payload).toEqual({ text: 'kept' })
    expect(again.verifyGame('g1')).toEqual({ ok: true, events: 1 })
    again.close()
  })

  it('0002 keeps the snapshots of a version 1 database without an anchor, and the store never reads them', () => {
    const file = join(dir, 'library.db')
    const db = rawDb()
    migrate(db, migrationsFolder())
    db.prepare(`INSERT INTO games VALUES ('g1', 'classic', 'base', ?, NULL, '2024-05-01T10:00:00Z')`).run(
      'c'.repeat(64),
    )
    db.prepare(`INSERT INTO events VALUES ('g1', 1, 'Note', 1, 'x', 'p1', 'r1', '{}', ?, ?)`).run(
      '0'.repeat(64),
      'a'.repeat(64),
    )
    db.exec(`INSERT INTO snapshots VALUES ('g1', 'engine@1', 1, '{"old":true}')`)
    db.close()
    const store = EventStore.open(file)
    expect(store.latestSnapshot('g1', 1, 'engine@1')).toBeNull()
    expect(store.checkedSnapshot('g1', 1, 'engine@1')).toBeNull()
    store.close()
    const after = rawDb()
    expect(after.prepare('SELECT seq, state, anchor, digest FROM snapshots').all()).toEqual([
      { seq: 1, state: '{"old":true}', anchor: null, digest: null },
    ])
  })

  it('refuses a database newer than the app', () => {
    const db = rawDb()
    migrate(db)
    db.pragma('user_version = 99')
    expect(codeOf(() => migrate(db))).toBe('store/newer-database')
    db.close()
    expect(codeOf(() => EventStore.open(join(dir, 'library.db')))).toBe('store/newer-database')
    expect(() => EventStore.open(join(dir, 'library.db'))).toThrow(/schema version 99, newer than this Arbiter knows/)
  })

  it('refuses a migration file changed after it was applied', () => {
    const folder = migrationsFolder()
    const db = rawDb()
    migrate(db, folder)
    writeFileSync(join(folder, '0001_init.sql'), `${readFileSync(join(folder, '0001_init.sql'), 'utf8')}\n-- edited\n`)
    expect(codeOf(() => migrate(db, folder))).toBe('store/migration-changed')
    expect(() => migrate(db, folder)).toThrow(/0001_init\.sql changed after it was applied/)
  })

  it('does not count CRLF line endings as a change', () => {
    const folder = migrationsFolder()
    const db = rawDb()
    migrate(db, folder)
    const text = readFileSync(join(folder, '0001_init.sql'), 'utf8')
    writeFileSync(join(folder, '0001_init.sql'), text.replace(/\n/g, '\r\n'))
    expect(migrate(db, folder)).toEqual([])
  })

  it('rolls a migration that fails midway back whole, leaving user_version unchanged', () => {
    const folder = migrationsFolder({
      '0002_broken.sql':
        'CREATE TABLE half_done (x INTEGER) STRICT;\nINSERT INTO half_done VALUES (1);\n' +
        'INSERT INTO no_such_table VALUES (1);\n',
    })
    const db = rawDb()
    expect(codeOf(() => migrate(db, folder))).toBe('store/migration-failed')
    // 0001 committed on its own; 0002 left nothing behind
    expect(db.pragma('user_version', { simple: true })).toBe(1)
    expect(tables(db)).not.toContain('half_done')
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual([1])
    expect(db.inTransaction).toBe(false)
    expect(() => migrate(db, folder)).toThrow(
      /0002_broken\.sql failed and was rolled back: no such table: no_such_table/,
    )
    expect(db.pragma('user_version', { simple: true })).toBe(1)
  })

  it('refuses a migrations folder with a gap in the numbering', () => {
    const folder = migrationsFolder({ '0003_skipped.sql': ADD_TAGS })
    expect(codeOf(() => loadMigrations(folder))).toBe('store/bad-migrations')
    expect(codeOf(() => migrate(rawDb(), folder))).toBe('store/bad-migrations')
  })

  it('refuses a misnamed .sql file instead of skipping it', () => {
    const folder = migrationsFolder({ '0002-Tags.sql': ADD_TAGS })
    expect(codeOf(() => loadMigrations(folder))).toBe('store/bad-migrations')
  })

  it('refuses an SQLite database that Arbiter did not create', () => {
    const db = rawDb()
    db.exec('CREATE TABLE someone_elses (x)')
    expect(codeOf(() => migrate(db))).toBe('store/not-a-database')
    expect(db.pragma('user_version', { simple: true })).toBe(0)
    expect(tables(db)).toEqual(['someone_elses'])
  })
})
