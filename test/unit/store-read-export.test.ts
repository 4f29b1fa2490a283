import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import type { UnchainedEvent } from '../../core/events/envelope.js'
import { EventStore } from '../../core/store/index.js'
import { useTempDir } from '../helpers/temp.js'

const tempDir = useTempDir()

function note(n: number): UnchainedEvent {
  return {
    gameId: 'g1',
    type: 'Note',
    v: 1,
    at: '2024-05-01T10:00:00Z',
    actor: 'p1',
    rulesVersion: 'r1',
    payload: { text: `note ${n} "quoted" é`, n, list: [n, { z: 1, a: null }] },
  }
}

/** A store holding game g1 with events 1..count, and a raw connection with the edit triggers dropped. */
function setup(count: number): { store: EventStore; raw: Database.Database; close: () => void } {
  const file = join(tempDir(), 'library.db')
  const store = EventStore.open(file)
  store.createGame(
    {
      gameId: 'g1',
      ruleset: 'classic',
      variant: 'base',
      catalogueHash: 'c'.repeat(64),
      createdAt: '2024-05-01T10:00:00Z',
    },
    note(1),
  )
  for (let seq = 2; seq <= count; seq++) store.append('g1', seq - 1, [note(seq)])
  const raw = new Database(file)
  raw.exec('DROP TRIGGER events_refuse_update')
  return {
    store,
    raw,
    close: () => {
      raw.close()
      store.close()
    },
  }
}

function errorOf(fn: () => unknown): Error & { code?: string; seq?: number } {
  try {
    fn()
  } catch (error) {
    return error as Error & { code?: string; seq?: number }
  }
  throw new Error('expected an error')
}

describe('EventStore: verified reads', () => {
  it('name the first bad seq when a payload was edited', () => {
    const { store, raw, close } = setup(6)
    raw.prepare(`UPDATE events SET payload = '{"n":4}' WHERE game_id = 'g1' AND seq = 4`).run()
    raw.prepare(`UPDATE events SET payload = '{"n":5}' WHERE game_id = 'g1' AND seq = 5`).run()
    const error = errorOf(() => [...store.readEvents('g1', { verify: true })])
    expect(error).toMatchObject({ code: 'store/chain-broken', seq: 4 })
    expect(error.message).toBe('game g1 seq 4: hash does not match the stored content: the row was changed')
    expect(store.verifyGame('g1')).toMatchObject({ ok: false, seq: 4 })
    close()
  })

  it('name the last seq when the last event was forged with a wrong hash', () => {
    const { store, raw, close } = setup(6)
    raw.prepare(`UPDATE events SET payload = '{"n":66}', hash = ? WHERE game_id = 'g1' AND seq = 6`).run('a'.repeat(64))
    const error = errorOf(() => [...store.readEvents('g1', { verify: true })])
    expect(error).toMatchObject({ code: 'store/chain-broken', seq: 6 })
    expect(store.verifyGame('g1')).toEqual({ ok: false, seq: 6, problem: error.message })
    close()
  })

  it('give a clear error for a corrupt payload: a hash mismatch when verifying, a JSON error when not', () => {
    const { store, raw, close } = setup(4)
    raw.pragma('ignore_check_constraints = ON') // the CHECK (json_valid) would refuse the corruption
    raw.prepare(`UPDATE events SET payload = '{"n":2,"text":"no' WHERE game_id = 'g1' AND seq = 2`).run()
    expect(errorOf(() => [...store.readEvents('g1', { verify: true })]).message).toBe(
      'game g1 seq 2: hash does not match the stored content: the row was changed',
    )
    const plain = errorOf(() => [...store.readEvents('g1')])
    expect(plain).toMatchObject({ code: 'store/chain-broken', seq: 2 })
    expect(plain.message).toMatch(/^game g1 seq 2: the payload is not valid JSON \(.+\)$/)
    close()
  })

  it('return the stored envelope fields and payload unchanged', () => {
    const { store, close } = setup(3)
    const appended = store.append('g1', 3, [note(4)])[0]!
    const read = [...store.readEvents('g1', { fromSeq: 4, verify: true })]
    expect(read).toEqual([appended])
    expect(Object.keys(read[0]!)).toEqual([
      'seq',
      'gameId',
      'type',
      'v',
      'at',
      'actor',
      'rulesVersion',
      'payload',
      'prevHash',
      'hash',
    ])
    close()
  })
})
