-- Arbiter library database, version 1 (DESIGN §7).
-- Applied by core/store/migrate.ts inside one transaction that also records this file's sha256 in
-- schema_migrations and sets PRAGMA user_version = 1. Never edit this file once released: add 0002.

CREATE TABLE games (
  game_id        TEXT PRIMARY KEY NOT NULL CHECK (length(game_id) BETWEEN 1 AND 100),
  ruleset        TEXT NOT NULL,
  variant        TEXT NOT NULL,
  catalogue_hash TEXT NOT NULL,
  title          TEXT NULL,
  created_at     TEXT NOT NULL
) STRICT;

-- One row per event; the hash chain is over (prev_hash, the envelope fields, payload text).
-- payload is the canonical JSON text that was hashed: it is verified as stored, never re-serialised.
CREATE TABLE events (
  game_id       TEXT    NOT NULL REFERENCES games (game_id),
  seq           INTEGER NOT NULL CHECK (seq >= 1),
  type          TEXT    NOT NULL,
  v             INTEGER NOT NULL CHECK (v >= 1),
  at            TEXT    NOT NULL,
  actor         TEXT    NOT NULL,
  rules_version TEXT    NOT NULL,
  payload       TEXT    NOT NULL CHECK (json_valid(payload)),
  prev_hash     TEXT    NOT NULL CHECK (length(prev_hash) = 64),
  hash          TEXT    NOT NULL CHECK (length(hash) = 64),
  PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;

-- Nothing is ever edited or deleted (DESIGN §2): corrections are new events.
CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
BEGIN
  SELECT RAISE(ABORT, 'events are append-only: UPDATE refused');
END;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
BEGIN
  SELECT RAISE(ABORT, 'events are append-only: DELETE refused');
END;

-- An insert must extend its game's log by exactly one. This also closes the INSERT OR REPLACE
-- path, whose implicit delete does not fire the DELETE trigger (recursive_triggers is off).
CREATE TRIGGER events_refuse_gap BEFORE INSERT ON events
WHEN NEW.seq <> COALESCE((SELECT max(seq) FROM events WHERE game_id = NEW.game_id), 0) + 1
BEGIN
  SELECT RAISE(ABORT, 'events are append-only: INSERT must follow the head of the game');
END;

-- Engine state caches: derived data, safe to drop; keyed by the engine that wrote them.
CREATE TABLE snapshots (
  game_id    TEXT    NOT NULL REFERENCES games (game_id),
  engine_key TEXT    NOT NULL,
  seq        INTEGER NOT NULL CHECK (seq >= 1),
  state      TEXT    NOT NULL,
  PRIMARY KEY (game_id, engine_key, seq)
) STRICT;
