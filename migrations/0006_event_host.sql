-- Arbiter library database, version 6: the host that recorded each event (issue 17 item 1).
-- `host` is the name a host gave itself to its GameApi (`cli`, `desktop`, `web`, `second-screen`;
-- lowercase letters, digits and hyphens, starting with a letter, at most 40): part of the event's
-- hashed envelope, and so of its chain text, only when present. Every event recorded before this
-- version has none (NULL) and hashes exactly as it did.
ALTER TABLE events ADD COLUMN host TEXT NULL
  CHECK (host IS NULL OR (length(host) BETWEEN 1 AND 40 AND host GLOB '[a-z]*' AND host NOT GLOB '*[^a-z0-9-]*'));
