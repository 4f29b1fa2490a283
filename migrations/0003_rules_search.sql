-- Arbiter library database, version 3: the rules browser's search (SQLite FTS5).
-- Derived data, like snapshots: rules_search holds one row per catalogue entry of a ruleset, and
-- rules_search_source the catalogue hash it was filled from; core/store/rules-search.ts refills a
-- ruleset's rows in one transaction whenever that hash differs from the running catalogue's.
CREATE VIRTUAL TABLE rules_search USING fts5(
  ruleset UNINDEXED,
  entry_id UNINDEXED,
  name,
  words,
  text,
  clauses,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TABLE rules_search_source (
  ruleset        TEXT PRIMARY KEY NOT NULL,
  catalogue_hash TEXT NOT NULL
) STRICT;
