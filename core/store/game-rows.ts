/** What the library knows about a game besides its events. */
export interface GameMeta {
  readonly gameId: string
  readonly ruleset: string
  readonly variant: string
  readonly catalogueHash: string
  readonly title?: string
  readonly createdAt: string
}

/**
 * A game as the library lists it: its meta, its head, and the library's own marks (`game_library`,
 * never part of the game's record): archived (hidden from the list until restored), the sample game.
 */
export type GameSummary = GameMeta & {
  readonly headSeq: number
  readonly archived?: true
  readonly sample?: true
}

/** A game whose events are stored but whose games row is gone. */
export interface UnindexedGame {
  readonly gameId: string
  readonly headSeq: number
  readonly unindexed: true
}

export interface GameRow {
  game_id: string
  ruleset: string
  variant: string
  catalogue_hash: string
  title: string | null
  created_at: string
  head_seq: number | null
  archived_at: string | null
  sample: number | null
}

export const GAME_SELECT = `SELECT g.game_id, g.ruleset, g.variant, g.catalogue_hash, g.title, g.created_at,
  (SELECT max(seq) FROM events e WHERE e.game_id = g.game_id) AS head_seq, l.archived_at, l.sample
  FROM games g LEFT JOIN game_library l ON l.game_id = g.game_id`

/**
 * The game ids in events without a games row, found by seeking the primary key from one game to the
 * next (a loose index scan): the cost is per game, not per event, so listing a library with long games
 * is quick.
 */
export const UNINDEXED_SELECT = `WITH RECURSIVE ids (game_id) AS (
    SELECT (SELECT min(game_id) FROM events)
    UNION ALL
    SELECT (SELECT min(e.game_id) FROM events e WHERE e.game_id > ids.game_id) FROM ids
    WHERE ids.game_id IS NOT NULL
  )
  SELECT game_id, (SELECT max(seq) FROM events e WHERE e.game_id = ids.game_id) AS head_seq FROM ids
  WHERE game_id IS NOT NULL AND game_id NOT IN (SELECT game_id FROM games) ORDER BY game_id`

export function toSummary(row: GameRow): GameSummary {
  return {
    gameId: row.game_id,
    ruleset: row.ruleset,
    variant: row.variant,
    catalogueHash: row.catalogue_hash,
    ...(row.title === null ? {} : { title: row.title }),
    createdAt: row.created_at,
    headSeq: row.head_seq ?? 0,
    ...(row.archived_at === null ? {} : { archived: true }),
    ...(row.sample === 1 ? { sample: true } : {}),
  }
}
