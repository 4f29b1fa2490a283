-- Arbiter library database, version 7: a partial index of the Correction events (issue 18). Every view
-- folds a game as its corrections say, so each open reads them first; without an index that read scans
-- every row of the events table. Only Correction rows are indexed, so other appends pay nothing for it.
CREATE INDEX events_corrections ON events (game_id, seq) WHERE type = 'Correction';
