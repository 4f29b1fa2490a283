import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { LocalGameApi } from '../../core/api/index.js'
import { sha256Hex } from '../../core/store/index.js'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

// import-list reads a list through a test-only Old World Builder importer until the real one lands.
vi.mock('../../core/lists/owb.js', async () => import('../helpers/fake-owb-importer.js'))

const tempDir = useTempDir()

/** Every file of a folder with its bytes (as a hash) and modification time, and the folder's own time. */
function folderPrint(folder: string): unknown {
  const files = readdirSync(folder)
    .sort()
    .map((name) => {
      const path = join(folder, name)
      return { name, sha256: sha256Hex(readFileSync(path).toString('latin1')), mtimeMs: statSync(path).mtimeMs }
    })
  return { files, mtimeMs: statSync(folder).mtimeMs }
}

/**
 * A demo game with Notes appended by a writer that is still running, and the folder's files copied
 * as they stand: the database, its -wal holding the Notes (the writer never checkpoints while it
 * appends) and its -shm. A writer killed at that moment leaves exactly these bytes, so the copy is
 * the evidence a killed writer's folder would be.
 */
async function killedWritersCopy(): Promise<{ folder: string; db: string; gameId: string; head: number }> {
  const live = join(tempDir(), 'live')
  mkdirSync(live)
  const liveDb = join(live, 'games.sqlite')
  const made = await run('demo', '--db', liveDb)
  const gameId = made.out.trimEnd().split('\n').at(-1) as string
  const writer = await LocalGameApi.open(liveDb, { mustExist: true })
  let head = 0
  for (let n = 1; n <= 5; n++)
    head = (await writer.append(gameId, { type: 'Note', actor: 'orcs', payload: { text: `mid-WAL ${n}` } })).seq
  const folder = join(tempDir(), 'evidence')
  mkdirSync(folder)
  for (const suffix of ['', '-wal', '-shm']) copyFileSync(`${liveDb}${suffix}`, join(folder, `games.sqlite${suffix}`))
  await writer.close()
  return { folder, db: join(folder, 'games.sqlite'), gameId, head }
}

function readCommands(db: string, gameId: string): string[][] {
  const out = join(tempDir(), `export-${Math.random().toString(36).slice(2)}.jsonl`)
  const report = (format: string) => join(tempDir(), `report.${format}`)
  const list = join(tempDir(), 'patrol.owb.json')
  writeFileSync(list, JSON.stringify({ name: 'Patrol', faction: null, units: [{ name: 'Orc Boyz', models: 10 }] }))
  return [
    ['verify', '--db', db, '--game', gameId],
    ['replay', '--db', db, '--game', gameId],
    ['status', '--db', db, '--game', gameId],
    ['games', '--db', db],
    ['export', '--db', db, '--game', gameId, '--out', out],
    ['report', '--db', db, '--game', gameId, '--format', 'md', '--out', report('md')],
    ['report', '--db', db, '--game', gameId, '--format', 'html', '--out', report('html')],
    ['import-list', '--ruleset', 'classic', list, '--db', db],
  ]
}

describe('read-only means the folder is unchanged (issue 17 item 6)', () => {
  it("every read command on a copy of a killed writer's database leaves its folder's files byte- and mtime-identical", async () => {
    const { folder, db, gameId, head } = await killedWritersCopy()
    expect(statSync(`${db}-wal`).size).toBeGreaterThan(0)
    const before = folderPrint(folder)
    for (const argv of readCommands(db, gameId)) {
      const result = await run(...argv)
      expect(result.code, `${argv[0]}: ${result.err}`).toBe(0)
      expect(folderPrint(folder), `${argv[0]} changed the folder`).toEqual(before)
    }
    // What was read is the game with the WAL's Notes: SQLite recovered the WAL in a private copy.
    expect((await run('verify', '--db', db, '--game', gameId)).out).toContain(`${head} events, chain intact`)
    expect((await run('status', '--db', db, '--game', gameId)).out).toContain(`at seq ${head}:`)
    expect(folderPrint(folder)).toEqual(before)
  })

  it('every read command on a database closed cleanly makes no -wal or -shm and changes nothing', async () => {
    const folder = join(tempDir(), 'clean')
    mkdirSync(folder)
    const db = join(folder, 'games.sqlite')
    const gameId = (await run('demo', '--db', db)).out.trimEnd().split('\n').at(-1) as string
    expect(existsSync(`${db}-wal`)).toBe(false)
    const before = folderPrint(folder)
    for (const argv of readCommands(db, gameId)) {
      const result = await run(...argv)
      expect(result.code, `${argv[0]}: ${result.err}`).toBe(0)
      expect(folderPrint(folder), `${argv[0]} changed the folder`).toEqual(before)
    }
    expect(readdirSync(folder)).toEqual(['games.sqlite'])
  })
})
