import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { LocalGameApi } from '../../core/api/index.js'
import { run } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

async function demo(): Promise<{ db: string; gameId: string }> {
  const db = join(tempDir(), 'demo.sqlite')
  const result = await run('demo', '--db', db)
  expect(result.code).toBe(0)
  return { db, gameId: result.out.trimEnd().split('\n').at(-1) as string }
}

/** One value from the database, read straight through SQLite. */
function query<T = number>(db: string, sql: string): T {
  const raw = new Database(db, { readonly: true })
  try {
    return raw.prepare(sql).pluck().get() as T
  } finally {
    raw.close()
  }
}

/** Edits the database the way a cheat would: straight through SQLite, around Arbiter. */
function tamper(db: string, sql: string, ...params: unknown[]): void {
  const raw = new Database(db)
  try {
    raw.exec('DROP TRIGGER IF EXISTS events_refuse_update')
    raw.pragma('foreign_keys = OFF') // as in the sqlite3 shell, where they are off by default
    raw.prepare(sql).run(...params)
  } finally {
    raw.close()
  }
}

/** The demo's first roll given a better first die, behind the triggers; returns its seq. */
function editDice(db: string): number {
  const seq = query(db, `SELECT min(seq) FROM events WHERE type = 'DiceRolled'`)
  tamper(db, `UPDATE events SET payload = replace(payload, '"faces":[', '"faces":[6,') WHERE seq = ?`, seq)
  return seq
}

/** An event appended after the head with a made-up hash (inserts at the head pass the triggers); its seq. */
function forgeLastEvent(db: string, gameId: string): number {
  const raw = new Database(db)
  try {
    const head = raw.prepare('SELECT * FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1').get(gameId) as Record<
      string,
      string | number
    >
    const seq = Number(head.seq) + 1
    raw
      .prepare(
        'INSERT INTO events (game_id, seq, type, v, at, actor, rules_version, payload, prev_hash, hash) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        gameId,
        seq,
        'Note',
        1,
        head.at,
        head.actor,
        head.rules_version,
        '{"text":"conceded"}',
        head.hash,
        'f'.repeat(64),
      )
    return seq
  } finally {
    raw.close()
  }
}

describe('a replay is trusted, or it says why not', () => {
  it('replay refuses a database whose dice were edited, names their seq and shows nothing', async () => {
    const { db, gameId } = await demo()
    const seq = editDice(db)
    const result = await run('replay', '--db', db, '--game', gameId)
    expect(result.code).toBe(1)
    expect(result.out).toBe('')
    expect(result.err).toMatch(new RegExp(`store/chain-broken: .*seq ${seq}: hash does not match the stored content`))
    expect(result.err.split('\n').filter(Boolean)).toHaveLength(1)
  })

  it('replay --verify is still accepted, and refuses the same way', async () => {
    const { db, gameId } = await demo()
    expect((await run('replay', '--db', db, '--game', gameId, '--verify')).code).toBe(0)
    editDice(db)
    expect(await run('replay', '--db', db, '--game', gameId, '--verify')).toMatchObject({ code: 1, out: '' })
  })

  it('games marks a game whose dice were edited as broken, naming the seq, and exits 1', async () => {
    const { db, gameId } = await demo()
    const seq = editDice(db)
    const result = await run('games', '--db', db)
    expect(result.code).toBe(1)
    expect(result.out).toBe(
      `BROKEN ${gameId}: seq ${seq}: hash does not match the stored content: the row was changed\n`,
    )
    expect(result.err).toMatch(/1 game does not verify/)
  })

  it('a forged last event with a wrong hash is refused by replay, games, status and verify', async () => {
    const { db, gameId } = await demo()
    const seq = forgeLastEvent(db, gameId)
    for (const argv of [
      ['replay', '--db', db, '--game', gameId],
      ['status', '--db', db, '--game', gameId],
      ['games', '--db', db],
      ['verify', '--db', db, '--game', gameId],
    ]) {
      const result = await run(...argv)
      expect(result.code, argv[0]).toBe(1)
      expect(`${result.out}${result.err}`, argv[0]).toMatch(new RegExp(`seq ${seq}: hash does not match`))
    }
  })

  it('a writing command refuses to extend a broken chain', async () => {
    const { db, gameId } = await demo()
    const seq = editDice(db)
    const head = query(db, 'SELECT max(seq) FROM events')
    const result = await run('declare', 'Note', '--text', 'more', '--db', db, '--game', gameId, '--as', 'orcs')
    expect(result.code).toBe(1)
    expect(result.err).toContain(`seq ${seq}:`)
    expect(query(db, 'SELECT max(seq) FROM events')).toBe(head)
  })

  it('verify --db says where the chain breaks once, not twice', async () => {
    const { db, gameId } = await demo()
    const seq = editDice(db)
    const result = await run('verify', '--db', db, '--game', gameId)
    expect(result.code).toBe(1)
    expect(result.out).toBe(
      `BROKEN game ${gameId}: seq ${seq}: hash does not match the stored content: the row was changed\n`,
    )
  })

  it('games checks each row of the editable games table against the hashed GameCreated', async () => {
    const { db, gameId } = await demo()
    const title = query<string>(db, 'SELECT title FROM games')
    tamper(db, 'UPDATE games SET title = ? WHERE game_id = ?', 'Demo: the Orcs won', gameId)
    const result = await run('games', '--db', db)
    expect(result.code).toBe(1)
    expect(result.out).toBe(
      `BROKEN ${gameId}: seq 1: the games table says title "Demo: the Orcs won", ` +
        `the hashed GameCreated ${JSON.stringify(title)}: the table was edited\n`,
    )
    expect(result.out).not.toContain('the Orcs won  ')
  })

  it('games lists a game whose games row was deleted, from its events, as broken', async () => {
    const { db, gameId } = await demo()
    const head = query(db, 'SELECT max(seq) FROM events')
    tamper(db, 'DELETE FROM games WHERE game_id = ?', gameId)
    const result = await run('games', '--db', db)
    expect(result.code).toBe(1)
    expect(result.out).toBe(
      `BROKEN ${gameId}: seq 1: its ${head} events are stored but the games table has no row for it: ` +
        'the row was removed\n',
    )
  })

  it('games checks the created-at time and the variant too', async () => {
    for (const [column, value] of [
      ['created_at', '2020-01-01T00:00:00.000Z'],
      ['variant', 'classic-8th'],
    ] as const) {
      const { db } = await demo()
      tamper(db, `UPDATE games SET ${column} = ?`, value)
      const result = await run('games', '--db', db)
      expect(result.code, column).toBe(1)
      expect(result.out, column).toMatch(/^BROKEN .*: seq 1: the games table says (createdAt|variant) /)
    }
  })
})

describe('the api verifies on the way', () => {
  it('replay, openGame, status and listGames refuse or mark an edited game', async () => {
    const { db, gameId } = await demo()
    const seq = editDice(db)
    const api = await LocalGameApi.open(db, { readOnly: true })
    const broken = { code: 'store/chain-broken', message: expect.stringContaining(`seq ${seq}:`) }
    await expect(api.replay(gameId)).rejects.toMatchObject(broken)
    await expect(api.openGame(gameId)).rejects.toMatchObject(broken)
    await expect(api.openGame(gameId, 3)).rejects.toMatchObject(broken)
    await expect(api.status(gameId)).rejects.toMatchObject(broken)
    expect(await api.listGames()).toEqual([
      {
        intact: false,
        gameId,
        seq,
        problem: 'hash does not match the stored content: the row was changed',
      },
    ])
    await api.close()
  })
})
