-- Arbiter library database, version 8: the unit library (issue 20 §4). A unit's definition (the ArmyMustered unit,
-- as JSON) per ruleset and army, kept so that the next list naming the unit maps it at once and no profile is
-- typed twice. Library data, never part of a game's record: no game's events hold it, an export carries none of
-- it, and it is not hashed. One row per ruleset, army and unit name:
--   faction:    the army's key, a slug of the faction's name ("wood-elf-realms"); '' for a unit of no named army.
--   name_key:   the unit's name, trimmed and lower case: how a list's unit finds it.
--   definition: the unit (UnitDefinitionInput) as canonical JSON.
--   source:     where it came from, in words ("typed by a player at muster", "read from Dark Elves.json").
CREATE TABLE unit_library (
  ruleset    TEXT NOT NULL,
  faction    TEXT NOT NULL,
  name_key   TEXT NOT NULL,
  definition TEXT NOT NULL,
  source     TEXT NOT NULL,
  saved_at   TEXT NOT NULL,
  PRIMARY KEY (ruleset, faction, name_key)
) STRICT;
