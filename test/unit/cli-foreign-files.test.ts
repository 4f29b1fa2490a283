import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../core/store/index.js'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/** Bytes (as a hash) and modification time: a refused write must change neither. */
function fingerprint(file: string): { sha256: string; mtimeMs: number } {
  return { sha256: sha256Hex(readFileSync(file).toString('latin1')), mtimeMs: statSync(file).mtimeMs }
}

const army = {
  player: 'druchii',
  units: [
    {
      id: 'warriors',
      name: 'Dark Elf Warriors',
      troopType: 'infantry',
      models: 10,
      profile: { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 },
    },
  ],
}

/** A demo game exported to a file, an army file, and every writing command aimed at `db`. */
async function writingCommands(dir: string, db: string): Promise<string[][]> {
  const source = join(dir, 'source', 'demo.sqlite')
  execFileSync('mkdir', ['-p', join(dir, 'source')])
  const made = await run('demo', '--db', source)
  const gameId = made.out.trimEnd().split('\n').at(-1) as string
  const exported = join(dir, 'source', 'demo.jsonl')
  expect((await run('export', '--db', source, '--game', gameId, '--out', exported)).code).toBe(0)
  const armyFile = join(dir, 'source', 'army.json')
  writeFileSync(armyFile, JSON.stringify(army))
  const game = ['--db', db, '--game', gameId]
  return [
    ['new', '--db', db, '--player', 'druchii', '--player', 'orcs'],
    ['demo', '--db', db],
    ['import', '--db', db, exported],
    ['muster', armyFile, ...game],
    ['declare', 'Note', '--text', 'hello', ...game, '--as', 'orcs'],
    ['roll', '1.1', '6', ...game],
    ['choose', '1.1', 'flee', ...game],
  ]
}

/** Other files a user might point --db at, each made as its application would make it. */
const foreignFiles: Record<string, (file: string) => void> = {
  'a text file': (file) => writeFileSync(file, 'Orc Boyz x20\n'),
  'a 0-byte file': (file) => writeFileSync(file, ''),
  "another application's SQLite database": (file) => {
    const db = new Database(file)
    db.exec("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Grimgor')")
    db.close()
  },
  "another application's SQLite database in WAL mode, at a schema version": (file) => {
    const db = new Database(file)
    db.pragma('journal_mode = WAL')
    db.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('waaagh'); PRAGMA user_version = 3")
    db.close()
  },
  'an SQLite database with nothing in it': (file) => {
    const db = new Database(file)
    db.exec('CREATE TABLE scratch (x); DROP TABLE scratch')
    db.close()
  },
}

describe('a writing command refuses a file that is not an Arbiter database before changing anything (issue 17)', () => {
  for (const [kind, make] of Object.entries(foreignFiles)) {
    it(`${kind}: every writing command says so in one line and leaves the file and its folder as they were`, async () => {
      const dir = tempDir()
      const file = join(dir, 'library.sqlite')
      const commands = await writingCommands(dir, file)
      make(file)
      await new Promise((done) => setTimeout(done, 20)) // a write now would show in the mtime
      const before = fingerprint(file)
      const files = readdirSync(dir).sort()
      for (const argv of commands) {
        const result = await run(...argv)
        expect(result.code, argv[0]).toBe(1)
        expect(result.err, argv[0]).toMatch(
          new RegExp(
            `^arbiter ${argv[0]}: store/not-a-database: .*library\\.sqlite is not an Arbiter database: .*\\n$`,
          ),
        )
        expect(result.out, argv[0]).toBe('')
        expect(fingerprint(file), argv[0]).toEqual(before)
        expect(readdirSync(dir).sort(), argv[0]).toEqual(files)
      }
    })
  }

  it('names what the file is', async () => {
    const dir = tempDir()
    const cases: [string, string][] = [
      ['a text file', 'it is not an SQLite file'],
      ['a 0-byte file', 'it is empty'],
      ["another application's SQLite database", 'it is an SQLite database of something else (it has contacts)'],
      [
        "another application's SQLite database in WAL mode, at a schema version",
        'it has a schema version but no schema_migrations table',
      ],
      ['an SQLite database with nothing in it', 'it is an SQLite database with nothing in it'],
    ]
    for (const [kind, problem] of cases) {
      const file = join(dir, `${cases.findIndex(([k]) => k === kind)}.sqlite`)
      foreignFiles[kind]?.(file)
      const result = await run('new', '--db', file, '--player', 'a', '--player', 'b')
      expect(result.err, kind).toBe(
        `arbiter new: store/not-a-database: ${file} is not an Arbiter database: ${problem}\n`,
      )
    }
  })

  it('only new, demo and import create a database, and only where no file is', async () => {
    const dir = tempDir()
    const file = join(dir, 'missing.sqlite')
    for (const argv of (await writingCommands(dir, file)).slice(3)) {
      const result = await run(...argv)
      expect(result.err, argv[0]).toMatch(/store\/no-database: .*missing\.sqlite does not exist/)
      expect(existsSync(file), argv[0]).toBe(false)
    }
    expect((await run('new', '--db', file, '--player', 'a', '--player', 'b')).code).toBe(0)
  })
})

/**
 * Makes a file unwritable for this process; returns the undo. Mode bits do not stop root, so as root
 * the file is made immutable (`chattr +i`, which root cannot write through either).
 */
function makeUnwritable(file: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', file])
    return () => execFileSync('chattr', ['-i', file])
  }
  chmodSync(file, 0o444)
  return () => chmodSync(file, 0o644)
}

describe('a database without write permission (issue 17)', () => {
  it('every writing command prints one line naming the file, exit 1, and the folder is unchanged', async () => {
    const dir = tempDir()
    const file = join(dir, 'library.sqlite')
    const commands = await writingCommands(dir, file)
    expect((await run('demo', '--db', file)).code).toBe(0)
    const gameId = (await run('games', '--db', file)).out.split(' ')[0] as string
    await new Promise((done) => setTimeout(done, 20))
    const before = fingerprint(file)
    const files = readdirSync(dir).sort()
    const undo = makeUnwritable(file)
    try {
      for (const argv of commands) {
        const game = argv.indexOf('--game')
        if (game !== -1) argv[game + 1] = gameId
        const result = await run(...argv)
        expect(result.code, argv[0]).toBe(1)
        expect(result.err, argv[0]).toBe(
          `arbiter ${argv[0]}: store/not-writable: ${file} cannot be written (permission denied): ` +
            'a command that records needs write access to the database and its folder\n',
        )
        expect(fingerprint(file), argv[0]).toEqual(before)
        expect(readdirSync(dir).sort(), argv[0]).toEqual(files)
      }
      // Reading it still works.
      expect((await run('status', '--db', file, '--game', gameId)).code).toBe(0)
    } finally {
      undo()
    }
  })
})
