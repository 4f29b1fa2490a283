import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventEnvelope, UnchainedEvent } from '../../core/events/envelope.js'
import { chainText, GENESIS_HASH } from '../../core/events/envelope.js'
import type { GameMeta } from '../../core/store/index.js'
import {
  ChainBrokenError,
  EventStore,
  parseAndVerifyJsonl,
  sha256Hex,
  snapshotDigest,
  toJsonl,
} from '../../core/store/index.js'

let dir: string
let file: string
const stores: EventStore[] = []
const raws: Database.Database[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'arbiter-store-'))
  file = join(dir, 'library.db')
})
afterEach(() => {
  for (const db of raws.splice(0)) if (db.open) db.close()
  for (const store of stores.splice(0)) store.close()
  rmSync(dir, { recursive: true, force: true })
})

function openStore(path = file): EventStore {
  const store = EventStore.open(path)
  stores.push(store)
  return store
}

function raw(): Database.Database {
  const db = new Database(file)
  raws.push(db)
  return db
}

function meta(gameId = 'g1'): GameMeta {
  return {
    gameId,
    ruleset: 'classic',
    variant: 'base',
    catalogueHash: 'c'.repeat(64),
    title: 'Border skirmish',
    createdAt: '2024-05-01T10:00:00Z',
  }
}

function note(n: number, gameId = 'g1'): UnchainedEvent {
  return {
    gameId,
    type: 'Note',
    v: 1,
    at: `2024-05-01T10:${String(n % 60).padStart(2, '0')}:00Z`,
    actor: 'p1',
    rulesVersion: 'r1',
    payload: { text: `note ${n}`, n },
  }
}

/** A game with events 1..count. */
function gameWith(store: EventStore, count: number, gameId = 'g1'): void {
  store.createGame(meta(gameId), note(1, gameId))
  for (let seq = 2; seq <= count; seq++) store.append(gameId, seq - 1, [note(seq, gameId)])
}

function errorOf(fn: () => unknown): { code?: string; message: string } {
  try {
    fn()
  } catch (error) {
    return error as { code?: string; message: string }
  }
  throw new Error('expected an error')
}

describe('EventStore: writing', () => {
  it('creates a game with its first event chained from the genesis hash', () => {
    const store = openStore()
    const first = store.createGame(meta(), note(1))
    expect(first).toMatchObject({
      seq: 1,
      gameId: 'g1',
      type: 'Note',
      prevHash: GENESIS_HASH,
      payload: { text: 'note 1', n: 1 },
    })
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(store.head('g1')).toEqual({ seq: 1, hash: first.hash })
    expect(store.game('g1')).toEqual({ ...meta(), headSeq: 1 })
  })

  it('appends several events in one call, returning what a later read returns', () => {
    const store = openStore()
    store.createGame(meta(), note(1))
    const appended = store.append('g1', 1, [note(2), note(3), note(4)])
    expect(appended.map((e) => e.seq)).toEqual([2, 3, 4])
    expect(appended[1]?.prevHash).toBe(appended[0]?.hash)
    expect([...store.readEvents('g1', { fromSeq: 2 })]).toEqual(appended)
    expect(store.verifyGame('g1')).toEqual({ ok: true, events: 4 })
  })

  it('refuses an append with a stale expected version and writes nothing', () => {
    const store = openStore()
    gameWith(store, 3)
    const before = store.head('g1')
    const error = errorOf(() => store.append('g1', 2, [note(99), note(100)]))
    expect(error.code).toBe('store/conflict')
    expect(error.message).toBe('game g1 is at seq 3, the writer expected 2: reload and try again')
    expect(store.head('g1')).toEqual(before)
    expect(store.verifyGame('g1')).toEqual({ ok: true, events: 3 })
    // the right version still goes through
    expect(store.append('g1', 3, [note(4)])[0]?.seq).toBe(4)
  })

  it('refuses an append to an unknown game', () => {
    const store = openStore()
    expect(errorOf(() => store.append('nope', 0, [note(1, 'nope')])).code).toBe('store/unknown-game')
    expect(store.games()).toEqual([])
  })

  it('refuses to create the same game twice, leaving the first untouched', () => {
    const store = openStore()
    gameWith(store, 2)
    const error = errorOf(() => store.createGame({ ...meta(), title: 'other' }, note(1)))
    expect(error.code).toBe('store/game-exists')
    expect(store.game('g1')).toEqual({ ...meta(), headSeq: 2 })
    expect(store.verifyGame('g1')).toEqual({ ok: true, events: 2 })
  })

  it('refuses a payload that is not JSON data and writes nothing', () => {
    const store = openStore()
    gameWith(store, 1)
    const bad = { ...note(2), payload: { when: new Date(0) } }
    expect(errorOf(() => store.append('g1', 1, [note(2), bad])).code).toBe('store/not-json')
    expect(store.head('g1').seq).toBe(1)
  })

  it('refuses an event addressed to another game', () => {
    const store = openStore()
    gameWith(store, 1)
    expect(errorOf(() => store.append('g1', 1, [note(2, 'g2')])).code).toBe('store/wrong-game')
  })

  it('lists games with their head', () => {
    const store = openStore()
    gameWith(store, 3, 'a')
    gameWith(store, 1, 'b')
    expect(store.games().map((g) => [g.gameId, g.headSeq])).toEqual([
      ['a', 3],
      ['b', 1],
    ])
    expect(errorOf(() => store.game('c')).code).toBe('store/unknown-game')
  })
})

describe('EventStore: the database refuses edits itself', () => {
  it('refuses UPDATE on events through raw SQL, leaving the row unchanged', () => {
    const store = openStore()
    gameWith(store, 3)
    const db = raw()
    const before = db.prepare('SELECT * FROM events WHERE game_id = ? AND seq = 2').get('g1')
    expect(() =>
      db.prepare(`UPDATE events SET payload = '{"text":"forged"}' WHERE game_id = 'g1' AND seq = 2`).run(),
    ).toThrow('events are append-only: UPDATE refused')
    expect(db.prepare('SELECT * FROM events WHERE game_id = ? AND seq = 2').get('g1')).toEqual(before)
  })

  it('refuses DELETE on events through raw SQL, leaving the row in place', () => {
    const store = openStore()
    gameWith(store, 3)
    const db = raw()
    expect(() => db.prepare(`DELETE FROM events WHERE game_id = 'g1' AND seq = 3`).run()).toThrow(
      'events are append-only: DELETE refused',
    )
    expect(db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(3)
    expect(store.verifyGame('g1')).toEqual({ ok: true, events: 3 })
  })

  it('refuses INSERT OR REPLACE over an existing event, and an insert that leaves a gap', () => {
    const store = openStore()
    gameWith(store, 3)
    const db = raw()
    const row = db.prepare('SELECT * FROM events WHERE seq = 2').get() as Record<string, unknown>
    const replace = db.prepare(
      'INSERT OR REPLACE INTO events (game_id, seq, type, v, at, actor, rules_version, payload, prev_hash, ' +
        'hash) VALUES (@game_id, @seq, @type, @v, @at, @actor, @rules_version, @payload, @prev_hash, @hash)',
    )
    expect(() => replace.run({ ...row, payload: '{"text":"forged"}' })).toThrow(/events are append-only/)
    expect(() => replace.run({ ...row, seq: 7 })).toThrow(/events are append-only/)
    expect(db.prepare('SELECT payload FROM events WHERE seq = 2').pluck().get()).toBe(row.payload)
    expect(store.verifyGame('g1')).toEqual({ ok: true, events: 3 })
  })
})

describe('EventStore: reading and verifying', () => {
  it('reads from any seq, to any seq, verifying as it goes', () => {
    const store = openStore()
    gameWith(store, 8)
    for (let from = 1; from <= 9; from++) {
      const seqs = [...store.readEvents('g1', { fromSeq: from, verify: true })].map((e) => e.seq)
      expect(seqs).toEqual(Array.from({ length: 9 - from }, (_, i) => from + i))
    }
    expect([...store.readEvents('g1', { fromSeq: 3, toSeq: 5, verify: true })].map((e) => e.seq)).toEqual([3, 4, 5])
    expect([...store.readEvents('g1')].map((e) => e.payload)).toEqual(
      Array.from({ length: 8 }, (_, i) => ({ text: `note ${i + 1}`, n: i + 1 })),
    )
  })

  it('reads lazily: a read left halfway and closed does not block the next write', () => {
    const store = openStore()
    gameWith(store, 5)
    for (const event of store.readEvents('g1')) if (event.seq === 2) break
    // two reads at once
    const outer = store.readEvents('g1')
    const inner = store.readEvents('g1', { fromSeq: 4 })
    expect(outer.next().value?.seq).toBe(1)
    expect(inner.next().value?.seq).toBe(4)
    outer.return?.()
    inner.return?.()
    expect(store.append('g1', 5, [note(6)])[0]?.seq).toBe(6)
  })

  it('refuses to read an unknown game at the call, not at the first next()', () => {
    const store = openStore()
    expect(errorOf(() => store.readEvents('nope')).code).toBe('store/unknown-game')
  })

  it('catches a row edited behind the triggers, naming its seq', () => {
    const store = openStore()
    gameWith(store, 8)
    const db = raw()
    db.exec('DROP TRIGGER events_refuse_update')
    db.prepare(
      `UPDATE events SET payload = '{"n":5,"text":"note 5, rewritten"}' WHERE game_id = 'g1' AND seq = 5`,
    ).run()

    const error = errorOf(() => [...store.readEvents('g1', { verify: true })])
    expect(error).toBeInstanceOf(ChainBrokenError)
    expect(error.code).toBe('store/chain-broken')
    expect(error.message).toBe('game g1 seq 5: hash does not match the stored content: the row was changed')
    expect(store.verifyGame('g1')).toEqual({ ok: false, seq: 5, problem: error.message })
    // a read that starts after the edit links to the stored hash of seq 5, so it passes
    expect([...store.readEvents('g1', { fromSeq: 6, verify: true })].length).toBe(3)
    // without verify the edited row is returned as stored
    expect([...store.readEvents('g1', { fromSeq: 5, toSeq: 5 })][0]?.payload).toEqual({
      n: 5,
      text: 'note 5, rewritten',
    })
  })

  it('catches a row rewritten with a recomputed hash at the next row, which no longer links to it', () => {
    const store = openStore()
    gameWith(store, 4)
    const db = raw()
    db.exec('DROP TRIGGER events_refuse_update')
    const row = db.prepare(`SELECT * FROM events WHERE game_id = 'g1' AND seq = 2`).get() as Record<
      string,
      string | number
    >
    const payload = '{"n":2,"text":"forged"}'
    const fields = {
      seq: 2,
      gameId: 'g1',
      type: String(row.type),
      v: Number(row.v),
      at: String(row.at),
      actor: String(row.actor),
      rulesVersion: String(row.rules_version),
    }
    const hash = sha256Hex(chainText(String(row.prev_hash), fields, payload))
    db.prepare(`UPDATE events SET payload = ?, hash = ? WHERE game_id = 'g1' AND seq = 2`).run(payload, hash)
    expect(store.verifyGame('g1')).toEqual({
      ok: false,
      seq: 3,
      problem: 'game g1 seq 3: prevHash does not match the hash of seq 2: a row before it was changed',
    })
  })

  it('catches a deleted row', () => {
    const store = openStore()
    gameWith(store, 6)
    const db = raw()
    db.exec('DROP TRIGGER events_refuse_delete')
    db.prepare(`DELETE FROM events WHERE game_id = 'g1' AND seq = 4`).run()
    expect(store.verifyGame('g1')).toEqual({
      ok: false,
      seq: 4,
      problem: 'game g1 seq 4: missing: seq 5 follows seq 3',
    })
    expect(errorOf(() => [...store.readEvents('g1', { fromSeq: 5, verify: true })]).message).toBe(
      'game g1 seq 4: missing: the row is not in the database',
    )
  })
})

describe('EventStore: opening', () => {
  it('refuses a file that is not an SQLite database and leaves it byte-identical', () => {
    const text = join(dir, 'notes.txt')
    const content = 'These are my battle notes, not a database.\n'.repeat(50)
    writeFileSync(text, content)
    const error = errorOf(() => EventStore.open(text))
    expect(error.code).toBe('store/not-a-database')
    expect(error.message).toBe(`${text} is not an Arbiter database: it is not an SQLite file`)
    expect(readFileSync(text, 'utf8')).toBe(content)
    expect(readdirSync(dir)).toEqual(['notes.txt'])
  })

  it('refuses a short binary file, leaving it unchanged', () => {
    const bin = join(dir, 'short.bin')
    writeFileSync(bin, Buffer.from([1, 2, 3]))
    expect(errorOf(() => EventStore.open(bin)).code).toBe('store/not-a-database')
    expect([...readFileSync(bin)]).toEqual([1, 2, 3])
  })

  it('refuses a missing file when it must exist, without creating it', () => {
    const missing = join(dir, 'missing.db')
    expect(errorOf(() => EventStore.open(missing, { mustExist: true })).code).toBe('store/no-database')
    expect(existsSync(missing)).toBe(false)
  })

  it('opens an existing database with mustExist and keeps its games', () => {
    const store = openStore()
    gameWith(store, 2)
    store.close()
    const again = EventStore.open(file, { mustExist: true })
    stores.push(again)
    expect(again.verifyGame('g1')).toEqual({ ok: true, events: 2 })
  })

  it('uses WAL with synchronous FULL, foreign keys on and no automatic checkpoints', () => {
    openStore()
    // pragmas are per connection: look through the store's own connection
    const store = stores[0] as unknown as { db: Database.Database }
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2)
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
  })

  it('refuses use after close', () => {
    const store = EventStore.open(file)
    store.close()
    store.close()
    expect(errorOf(() => store.games()).code).toBe('store/closed')
  })
})

describe('EventStore: snapshots', () => {
  it('loads the latest snapshot at or before a seq, for its engine key only', () => {
    const store = openStore()
    gameWith(store, 10)
    store.saveSnapshot('g1', 3, 'engine@1', '{"at":3}')
    store.saveSnapshot('g1', 7, 'engine@1', '{"at":7}')
    store.saveSnapshot('g1', 5, 'engine@2', '{"other":5}')
    expect(store.latestSnapshot('g1', 2, 'engine@1')).toBeNull()
    expect(store.latestSnapshot('g1', 3, 'engine@1')).toEqual({ seq: 3, stateJson: '{"at":3}' })
    expect(store.latestSnapshot('g1', 6, 'engine@1')).toEqual({ seq: 3, stateJson: '{"at":3}' })
    expect(store.latestSnapshot('g1', 10, 'engine@1')).toEqual({ seq: 7, stateJson: '{"at":7}' })
    expect(store.latestSnapshot('g1', 10, 'engine@2')).toEqual({ seq: 5, stateJson: '{"other":5}' })
    expect(store.latestSnapshot('g1', 10, 'engine@3')).toBeNull()
    // saving again at the same seq replaces
    store.saveSnapshot('g1', 7, 'engine@1', '{"at":"7b"}')
    expect(store.latestSnapshot('g1', 7, 'engine@1')).toEqual({ seq: 7, stateJson: '{"at":"7b"}' })
  })

  it('refuses a snapshot past the head or for an unknown game', () => {
    const store = openStore()
    gameWith(store, 2)
    expect(errorOf(() => store.saveSnapshot('g1', 3, 'e', '{}')).code).toBe('store/bad-snapshot')
    expect(errorOf(() => store.saveSnapshot('nope', 1, 'e', '{}')).code).toBe('store/unknown-game')
  })
})

describe('EventStore: games', () => {
  it('lists the games rows with their heads, then each game whose events have no row, by id', () => {
    const store = openStore()
    for (const [gameId, count] of [
      ['b', 3],
      ['a', 2],
      ['d', 4],
      ['c', 1],
    ] as const)
      gameWith(store, count, gameId)
    const db = raw()
    db.pragma('foreign_keys = OFF')
    db.exec(`DELETE FROM games WHERE game_id IN ('d', 'b')`)
    expect(store.games().map((game) => [game.gameId, game.headSeq, 'unindexed' in game])).toEqual([
      ['a', 2, false],
      ['c', 1, false],
      ['b', 3, true],
      ['d', 4, true],
    ])
  })
})

describe('EventStore: anchored snapshots', () => {
  /** Drops the UPDATE trigger on a raw connection, as a cheat would. */
  function cheat(): Database.Database {
    const db = raw()
    db.exec('DROP TRIGGER IF EXISTS events_refuse_update')
    return db
  }

  it('saves each snapshot with the hash of the event at its seq and a digest of its state', () => {
    const store = openStore()
    gameWith(store, 5)
    store.saveSnapshot('g1', 4, 'engine@1', '{"at":4}')
    const row = raw().prepare<[], { anchor: string; digest: string }>('SELECT anchor, digest FROM snapshots').get()
    expect(row?.anchor).toBe([...store.readEvents('g1', { fromSeq: 4, toSeq: 4 })][0]?.hash)
    expect(row?.digest).toBe(snapshotDigest(row!.anchor, 'engine@1', '{"at":4}'))
    expect(store.checkedSnapshot('g1', 5, 'engine@1')).toEqual({ trusted: true, seq: 4, stateJson: '{"at":4}' })
  })

  it('does not anchor a snapshot to a row that no longer hashes as stored', () => {
    const store = openStore()
    gameWith(store, 5)
    cheat().exec(`UPDATE events SET actor = 'p2' WHERE seq = 4`)
    const error = errorOf(() => store.saveSnapshot('g1', 4, 'engine@1', '{"at":4}'))
    expect(error).toBeInstanceOf(ChainBrokenError)
    expect(error.message).toBe('game g1 seq 4: hash does not match the stored content: the row was changed')
    expect(store.checkedSnapshot('g1', 5, 'engine@1')).toBeNull()
  })

  it('refuses a snapshot whose state, digest, anchor or anchored row changed; ignores one without an anchor', () => {
    const cases: [string, string, RegExp][] = [
      ['state', `UPDATE snapshots SET state = '{"at":99}'`, /does not match its digest/],
      ['digest', `UPDATE snapshots SET digest = '${'0'.repeat(64)}'`, /does not match its digest/],
      ['anchor', `UPDATE snapshots SET anchor = '${'a'.repeat(64)}'`, /does not match its digest/],
      ['row hash', `UPDATE events SET hash = '${'b'.repeat(64)}' WHERE seq = 4`, /no longer has the hash/],
      ['row content', `UPDATE events SET payload = '{"text":"x"}' WHERE seq = 4`, /seq 4 does not verify: hash/],
    ]
    for (const [what, sql, problem] of cases) {
      const store = openStore(join(dir, `${what}.db`))
      gameWith(store, 5)
      store.saveSnapshot('g1', 4, 'engine@1', '{"at":4}')
      const db = new Database(join(dir, `${what}.db`))
      db.exec('DROP TRIGGER IF EXISTS events_refuse_update')
      db.exec(sql)
      db.close()
      expect(store.checkedSnapshot('g1', 5, 'engine@1'), what).toMatchObject({ trusted: false, seq: 4, problem })
      expect(store.latestSnapshot('g1', 5, 'engine@1'), what).toBeNull()
    }
    const store = openStore()
    gameWith(store, 5)
    store.saveSnapshot('g1', 2, 'engine@1', '{"at":2}')
    raw().exec(`INSERT INTO snapshots (game_id, engine_key, seq, state) VALUES ('g1', 'engine@1', 4, '{"at":4}')`)
    expect(store.latestSnapshot('g1', 5, 'engine@1')).toEqual({ seq: 2, stateJson: '{"at":2}' })
  })

  it('verifies the chain from a seq to the head, linked to the stored hash before it', () => {
    const store = openStore()
    gameWith(store, 6)
    expect(store.verifyGame('g1', 4)).toEqual({ ok: true, events: 3 })
    expect(store.verifyGame('g1', 7)).toEqual({ ok: true, events: 0 })
    cheat().exec(`UPDATE events SET actor = 'p2' WHERE seq = 2`)
    expect(store.verifyGame('g1', 4)).toEqual({ ok: true, events: 3 })
    expect(store.verifyGame('g1')).toMatchObject({ ok: false, seq: 2 })
    cheat().exec(`UPDATE events SET actor = 'p2' WHERE seq = 5`)
    expect(store.verifyGame('g1', 4)).toMatchObject({ ok: false, seq: 5 })
  })
})

describe('EventStore: import', () => {
  function exported(count: number): { events: EventEnvelope[]; text: string } {
    const source = EventStore.open(':memory:')
    try {
      gameWith(source, count)
      const text = toJsonl(source.readEvents('g1'))
      const parsed = parseAndVerifyJsonl(text)
      if (!parsed.ok) throw new Error(parsed.problem)
      return { events: parsed.events, text }
    } finally {
      source.close()
    }
  }

  it('imports an exported game keeping its hashes, and it exports the same text again', () => {
    const { events, text } = exported(6)
    const store = openStore()
    store.importGame(meta(), events)
    expect(store.verifyGame('g1')).toEqual({ ok: true, events: 6 })
    expect(store.head('g1')).toEqual({ seq: 6, hash: events[5]?.hash })
    expect(toJsonl(store.readEvents('g1'))).toBe(text)
    // and appending continues the imported chain
    expect(store.append('g1', 6, [note(7)])[0]?.prevHash).toBe(events[5]?.hash)
  })

  it('refuses a tampered chain and writes nothing', () => {
    const { events } = exported(5)
    const tampered = events.map((e) => (e.seq === 3 ? { ...e, payload: { text: 'forged', n: 3 } } : e))
    const store = openStore()
    const error = errorOf(() => store.importGame(meta(), tampered))
    expect(error.code).toBe('store/chain-broken')
    expect(error.message).toMatch(/event 3 \(seq 3\): hash does not match/)
    expect(store.games()).toEqual([])
    const missing = events.filter((e) => e.seq !== 2)
    expect(errorOf(() => store.importGame(meta(), missing)).message).toMatch(/seq 3 where seq 2 was expected/)
    expect(errorOf(() => store.importGame(meta('other'), events)).message).toMatch(/belongs to another game/)
  })

  it('refuses to import over an existing game id', () => {
    const { events } = exported(2)
    const store = openStore()
    gameWith(store, 1)
    expect(errorOf(() => store.importGame(meta(), events)).code).toBe('store/game-exists')
    expect(store.head('g1').seq).toBe(1)
  })
})
