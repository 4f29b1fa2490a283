import Database from 'better-sqlite3'
import { catalogueHash, snapshotKey, waypointKey } from '../../core/api/index.js'
import { chainText } from '../../core/events/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { sha256Hex, snapshotDigest } from '../../core/store/index.js'
import type { BuiltGame } from '../bench/build-game.js'

/** The keys the built games' snapshots are filed under: the head's and the waypoints'. */
export const HEAD_KEY = snapshotKey(catalogueHash(classic))
export const WAYPOINT_KEY = waypointKey(HEAD_KEY)

/**
 * What the readers of a forged database must do:
 * - `broken`: the chain no longer holds at `seq`; every reader refuses naming it, every write stops;
 * - `bad-event`: the chain holds (re-hashed), but the event at `seq` is not one the engine can fold:
 *   every reader that folds refuses naming it, every write stops;
 * - `set-aside`: a stored snapshot at `seq` is wrong on its face; an open names it and shows the
 *   state the events give; writes go on; `verify`, which checks every stored snapshot, fails naming it;
 * - `unverified`: a snapshot forged with its digest at `seq`: an open shows it flagged unverified, a
 *   replay names it and sets it aside, `verify` fails naming it; writes go on;
 * - `consistent`: what is left is a consistent game (a tail cut or re-hashed): only signatures over
 *   the head can tell, so the readers show it and writes go on from its head.
 */
export type Expected =
  | { readonly kind: 'broken' | 'bad-event' | 'set-aside' | 'unverified'; readonly seq: number }
  | { readonly kind: 'consistent'; readonly head: number }

export interface Forgery {
  readonly name: string
  /** Forges the database at `file` (a copy of the built game) and says what the readers must do. */
  readonly forge: (file: string, game: BuiltGame) => Expected
}

/** Runs SQL on the file straight through SQLite, around Arbiter: its guards dropped, as a cheat would. */
export function tamper(file: string, edit: (raw: Database.Database) => void): void {
  const raw = new Database(file)
  try {
    for (const name of ['events_refuse_update', 'events_refuse_delete', 'events_refuse_gap'])
      raw.exec(`DROP TRIGGER IF EXISTS ${name}`)
    raw.pragma('foreign_keys = OFF')
    edit(raw)
  } finally {
    raw.close()
  }
}

function one<T>(raw: Database.Database, sql: string, ...params: unknown[]): T {
  return raw.prepare(sql).get(...params) as T
}

/** The first DiceRolled after `afterSeq`. */
function diceRollAfter(raw: Database.Database, gameId: string, afterSeq: number): number {
  return one<{ seq: number }>(
    raw,
    `SELECT min(seq) AS seq FROM events WHERE game_id = ? AND type = 'DiceRolled' AND seq > ?`,
    gameId,
    afterSeq,
  ).seq
}

/** A die of the roll at `seq` shown as a 6: the payload changed, its hash not. */
function changeRoll(raw: Database.Database, gameId: string, seq: number): void {
  raw
    .prepare(`UPDATE events SET payload = replace(payload, '"faces":[', '"faces":[6,') WHERE game_id = ? AND seq = ?`)
    .run(gameId, seq)
}

/** Every link and hash from `fromSeq` to the head recomputed over the rows as they now stand. */
export function rehashFrom(raw: Database.Database, gameId: string, fromSeq: number): void {
  const rows = raw
    .prepare(
      `SELECT seq, type, v, at, actor, host, rules_version AS rulesVersion, payload FROM events
       WHERE game_id = ? AND seq >= ? ORDER BY seq`,
    )
    .all(gameId, fromSeq) as {
    seq: number
    type: string
    v: number
    at: string
    actor: string
    host: string | null
    rulesVersion: string
    payload: string
  }[]
  let prevHash = one<{ hash: string } | undefined>(
    raw,
    'SELECT hash FROM events WHERE game_id = ? AND seq = ?',
    gameId,
    fromSeq - 1,
  )?.hash as string
  const update = raw.prepare('UPDATE events SET prev_hash = ?, hash = ? WHERE game_id = ? AND seq = ?')
  for (const row of rows) {
    const hash = sha256Hex(chainText(prevHash, { ...row, gameId }, row.payload))
    update.run(prevHash, hash, gameId, row.seq)
    prevHash = hash
  }
}

function headSeq(raw: Database.Database, gameId: string): number {
  return one<{ seq: number }>(raw, 'SELECT max(seq) AS seq FROM events WHERE game_id = ?', gameId).seq
}

function snapshotRow(
  raw: Database.Database,
  gameId: string,
  key: string,
  seq: number,
): { state: string; anchor: string } {
  return one(
    raw,
    'SELECT state, anchor FROM snapshots WHERE game_id = ? AND engine_key = ? AND seq = ?',
    gameId,
    key,
    seq,
  )
}

/** The stored snapshot under `key` at `seq` given the title 'Forged', its digest recomputed: only a replay shows it. */
export function forgeWithDigest(raw: Database.Database, gameId: string, key: string, seq: number): void {
  const row = snapshotRow(raw, gameId, key, seq)
  const forged = JSON.stringify({ ...(JSON.parse(row.state) as object), title: 'Forged' })
  raw
    .prepare('UPDATE snapshots SET state = ?, digest = ? WHERE game_id = ? AND engine_key = ? AND seq = ?')
    .run(forged, snapshotDigest(row.anchor, key, forged), gameId, key, seq)
}

/** The forgeries of issue 17's tamper suite, each on its own copy of a built game with snapshots. */
export const forgeries: readonly Forgery[] = [
  {
    name: 'a payload before the snapshot',
    forge(file, game) {
      let seq = 0
      tamper(file, (raw) => {
        seq = diceRollAfter(raw, game.gameId, game.lastSnapshotSeq - 200)
        changeRoll(raw, game.gameId, seq)
      })
      return { kind: 'broken', seq }
    },
  },
  {
    name: 'a payload after the snapshot',
    forge(file, game) {
      let seq = 0
      tamper(file, (raw) => {
        seq = diceRollAfter(raw, game.gameId, game.lastSnapshotSeq)
        changeRoll(raw, game.gameId, seq)
      })
      return { kind: 'broken', seq }
    },
  },
  {
    name: 'a row deleted',
    forge(file, game) {
      const seq = 500
      tamper(file, (raw) => raw.prepare('DELETE FROM events WHERE game_id = ? AND seq = ?').run(game.gameId, seq))
      return { kind: 'broken', seq }
    },
  },
  {
    name: 'two rows swapped',
    forge(file, game) {
      const seq = 700
      tamper(file, (raw) => {
        const move = raw.prepare('UPDATE events SET seq = ? WHERE game_id = ? AND seq = ?')
        move.run(1_000_000, game.gameId, seq)
        move.run(seq, game.gameId, seq + 1)
        move.run(seq + 1, game.gameId, 1_000_000)
      })
      return { kind: 'broken', seq }
    },
  },
  {
    // Only signatures over the head (issue 17 item 2) or a head hash kept elsewhere show a cut tail.
    name: 'the tail cut',
    forge(file, game) {
      let head = 0
      tamper(file, (raw) => {
        head = headSeq(raw, game.gameId) - 40
        raw.prepare('DELETE FROM events WHERE game_id = ? AND seq > ?').run(game.gameId, head)
      })
      return { kind: 'consistent', head }
    },
  },
  {
    // The last roll given another face, the events after it dropped and the chain re-hashed from it: only
    // signatures over the head (issue 17 item 2) or a head hash kept elsewhere show a re-hashed tail.
    name: 'the tail re-hashed',
    forge(file, game) {
      let head = 0
      tamper(file, (raw) => {
        head = one<{ seq: number }>(
          raw,
          `SELECT max(seq) AS seq FROM events WHERE game_id = ? AND type = 'DiceRolled'`,
          game.gameId,
        ).seq
        raw.prepare('DELETE FROM events WHERE game_id = ? AND seq > ?').run(game.gameId, head)
        raw
          .prepare(
            `UPDATE events SET payload = json_set(payload, '$.faces[0]',
               CASE WHEN json_extract(payload, '$.faces[0]') = 1 THEN 2 ELSE 1 END) WHERE game_id = ? AND seq = ?`,
          )
          .run(game.gameId, head)
        rehashFrom(raw, game.gameId, head)
      })
      return { kind: 'consistent', head }
    },
  },
  {
    // An event's time changed before the snapshot and the chain re-hashed from it: the chain holds and
    // the state is the same, but the snapshot's anchor no longer does.
    name: 'the chain re-hashed from before the snapshot',
    forge(file, game) {
      tamper(file, (raw) => {
        const seq = game.lastSnapshotSeq - 100
        raw
          .prepare(`UPDATE events SET at = '2020-01-01T00:00:00.000Z' WHERE game_id = ? AND seq = ?`)
          .run(game.gameId, seq)
        rehashFrom(raw, game.gameId, seq)
      })
      return { kind: 'set-aside', seq: game.lastSnapshotSeq }
    },
  },
  {
    name: 'a snapshot forged without its digest',
    forge(file, game) {
      tamper(file, (raw) =>
        raw
          .prepare(`UPDATE snapshots SET state = json_set(state, '$.title', 'Forged') WHERE game_id = ? AND seq = ?`)
          .run(game.gameId, game.lastSnapshotSeq),
      )
      return { kind: 'set-aside', seq: game.lastSnapshotSeq }
    },
  },
  {
    name: 'a snapshot forged with its digest',
    forge(file, game) {
      tamper(file, (raw) => {
        for (const key of [HEAD_KEY, WAYPOINT_KEY]) forgeWithDigest(raw, game.gameId, key, game.lastSnapshotSeq)
      })
      return { kind: 'unverified', seq: game.lastSnapshotSeq }
    },
  },
  {
    // Filed at the head with its digest, in a state no status can print (a request without its text).
    name: 'a snapshot forged with its digest into a state a status cannot read',
    forge(file, game) {
      let head = 0
      tamper(file, (raw) => {
        head = headSeq(raw, game.gameId)
        const row = snapshotRow(raw, game.gameId, HEAD_KEY, game.lastSnapshotSeq)
        const state = { ...(JSON.parse(row.state) as object), seq: head, requests: { x: { id: 'x', kind: 'dice' } } }
        const forged = JSON.stringify(state)
        const anchor = one<{ hash: string }>(
          raw,
          'SELECT hash FROM events WHERE game_id = ? AND seq = ?',
          game.gameId,
          head,
        ).hash
        raw
          .prepare('INSERT INTO snapshots (game_id, engine_key, seq, state, anchor, digest) VALUES (?, ?, ?, ?, ?, ?)')
          .run(game.gameId, HEAD_KEY, head, forged, anchor, snapshotDigest(anchor, HEAD_KEY, forged))
      })
      return { kind: 'set-aside', seq: head }
    },
  },
  {
    // A state of an earlier seq filed at the head, anchored and digested: restored, it would put a
    // writer's expected version back and lock the game (store/conflict).
    name: 'a snapshot at the head claiming an old seq',
    forge(file, game) {
      let head = 0
      tamper(file, (raw) => {
        head = headSeq(raw, game.gameId)
        const first = one<{ seq: number; state: string }>(
          raw,
          'SELECT seq, state FROM snapshots WHERE game_id = ? AND engine_key = ? ORDER BY seq LIMIT 1',
          game.gameId,
          WAYPOINT_KEY,
        )
        const anchor = one<{ hash: string }>(
          raw,
          'SELECT hash FROM events WHERE game_id = ? AND seq = ?',
          game.gameId,
          head,
        ).hash
        raw
          .prepare('INSERT INTO snapshots (game_id, engine_key, seq, state, anchor, digest) VALUES (?, ?, ?, ?, ?, ?)')
          .run(game.gameId, HEAD_KEY, head, first.state, anchor, snapshotDigest(anchor, HEAD_KEY, first.state))
      })
      return { kind: 'set-aside', seq: head }
    },
  },
  {
    name: 'a malformed payload re-hashed (ArmyMustered with units: null)',
    forge(file, game) {
      let seq = 0
      tamper(file, (raw) => {
        seq = one<{ seq: number }>(
          raw,
          `SELECT min(seq) AS seq FROM events WHERE game_id = ? AND type = 'ArmyMustered'`,
          game.gameId,
        ).seq
        raw
          .prepare(
            `UPDATE events SET payload = json_set(payload, '$.units', json('null')) WHERE game_id = ? AND seq = ?`,
          )
          .run(game.gameId, seq)
        rehashFrom(raw, game.gameId, seq)
      })
      return { kind: 'bad-event', seq }
    },
  },
  {
    // The guards alone dropped: nothing is edited, so the game is whole; a writer puts the guards back.
    name: 'the triggers dropped',
    forge(file, game) {
      let head = 0
      tamper(file, (raw) => {
        head = headSeq(raw, game.gameId)
      })
      return { kind: 'consistent', head }
    },
  },
]
