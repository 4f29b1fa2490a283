-- Arbiter library database, version 2: snapshots bound to the hash chain.
-- A snapshot is trusted only through its anchor: `anchor` is the hash of the event at its seq when
-- it was saved, `digest` the sha256 of that anchor, the engine key and the state text (see
-- core/store/event-store.ts, snapshotDigest). An open checks both and re-hashes the event at the
-- snapshot's seq, then verifies only the events after it. Snapshots saved before this version have
-- no anchor: they are never read again, and are pruned as newer ones are saved.
ALTER TABLE snapshots ADD COLUMN anchor TEXT NULL CHECK (anchor IS NULL OR length(anchor) = 64);
ALTER TABLE snapshots ADD COLUMN digest TEXT NULL CHECK (digest IS NULL OR length(digest) = 64);
