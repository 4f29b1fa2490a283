import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it, vi } from 'vitest'
import type { UnchainedEvent } from '../../core/events/envelope.js'
import { EventStore } from '../../core/store/index.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

/** Strings JSON writes with escapes, or that are more than one UTF-16 unit a character. */
const awkward = ['quote " and \\ backslash', 'tab\tnew\nline\u0001\u001f', 'line\u2028sep', 'orc 😀 ünïcödé', '']

function event(n: number, gameId: string): UnchainedEvent {
  const odd = awkward[n % awkward.length] as string
  return {
    gameId,
    type: `Note${odd}`,
    v: 1 + (n % 3),
    at: `2024-05-01T10:00:${String(n % 60).padStart(2, '0')}Z ${odd}`,
    actor: `p1 ${odd}`,
    rulesVersion: `r1/${odd}`,
    payload: { text: `note ${n}: ${odd}`, n, nested: { list: [odd, n, null, true] } },
  }
}

/** The exact, row-by-row check a row that fails the fast one is checked again with (private: spied on here). */
function exactChecks(store: EventStore) {
  const { chain } = store as unknown as { chain: { rows: () => Iterable<unknown> } }
  return vi.spyOn(chain, 'rows')
}

function storeWith(gameId: string, count: number): { store: EventStore; file: string } {
  const file = join(tempDir(), 'chain.db')
  const store = EventStore.open(file)
  store.createGame(
    { gameId, ruleset: 'classic', variant: 'base', catalogueHash: 'c'.repeat(64), createdAt: '2024-05-01T10:00:00Z' },
    event(1, gameId),
  )
  for (let seq = 2; seq <= count; seq++) store.append(gameId, seq - 1, [event(seq, gameId)])
  return { store, file }
}

describe('verifyGame: the chain text SQLite writes is the one the chain was hashed over', () => {
  it('passes honest rows whose every field needs escaping, from seq 1 and from a later seq', () => {
    const gameId = 'game "quoted" \\ 😀'
    const { store } = storeWith(gameId, 12)
    const exact = exactChecks(store)
    expect(store.verifyGame(gameId)).toEqual({ ok: true, events: 12 })
    expect(store.verifyGame(gameId, 7)).toEqual({ ok: true, events: 6 })
    // No row needed the exact check: SQLite's text was the one hashed, byte for byte.
    expect(exact).not.toHaveBeenCalled()
    // The verified read, which builds each row's text in JavaScript, agrees row for row.
    expect([...store.readEvents(gameId, { verify: true })]).toHaveLength(12)
    store.close()
  })

  it('names a prev_hash edited on its own as a broken link, as a verified read does', () => {
    const gameId = 'g1'
    const { store, file } = storeWith(gameId, 5)
    const raw = new Database(file)
    raw.exec('DROP TRIGGER events_refuse_update')
    raw.prepare(`UPDATE events SET prev_hash = ? WHERE seq = 3`).run('e'.repeat(64))
    raw.close()
    const problem = 'game g1 seq 3: prevHash does not match the hash of seq 2: a row before it was changed'
    const exact = exactChecks(store)
    expect(store.verifyGame(gameId)).toEqual({ ok: false, seq: 3, problem })
    expect(exact).toHaveBeenCalledTimes(1)
    expect(() => [...store.readEvents(gameId, { verify: true })]).toThrow(problem)
    store.close()
  })
})
