-- Arbiter library database, version 4: rules search as players type.
-- rules_search (0003) stems words (porter), so it finds "hatreds" for Hatred, but a word cut short
-- past its stem ("regenerat" of Regeneration, stemmed "regener") finds nothing there. This table
-- holds the same rows unstemmed, for prefix queries; core/store/rules-search.ts searches both and
-- fills both in one transaction. Derived data: refilled whenever rules_search_source is stale.
CREATE VIRTUAL TABLE rules_search_words USING fts5(
  ruleset UNINDEXED,
  entry_id UNINDEXED,
  name,
  words,
  text,
  clauses,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

-- Both tables are filled together from now on: have the next search refill every ruleset.
DELETE FROM rules_search_source;
