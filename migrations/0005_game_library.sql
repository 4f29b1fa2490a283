-- Arbiter library database, version 5: what the library keeps about a game besides its events.
-- Library metadata, never part of a game's record: the events are untouched by it, an export carries
-- none of it, and it is not hashed. One row per game that has any:
--   archived_at: when a player archived the game: the library hides it until it is restored (which
--                clears this); the game itself is never deleted.
--   sample:      the game is the library's sample game, recorded once and opened again after that.
CREATE TABLE game_library (
  game_id     TEXT PRIMARY KEY NOT NULL REFERENCES games (game_id),
  archived_at TEXT NULL,
  sample      INTEGER NOT NULL DEFAULT 0 CHECK (sample IN (0, 1))
) STRICT;

-- A library has one sample game at most.
CREATE UNIQUE INDEX game_library_one_sample ON game_library (sample) WHERE sample = 1;
