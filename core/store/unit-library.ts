import type Database from 'better-sqlite3'
import { canonicalJson } from '../events/canonical-json.js'

/** A unit the library keeps (issue 20 §4): its definition as JSON, where it came from, and when it was saved. */
export interface StoredLibraryUnit {
  readonly ruleset: string
  /** The army's key: a slug of its faction's name; '' for a unit of no named army. */
  readonly faction: string
  readonly name: string
  readonly unit: unknown
  readonly source: string
  readonly savedAt: string
}

interface Row {
  ruleset: string
  faction: string
  definition: string
  source: string
  saved_at: string
}

/** A unit's name as the library finds it: trimmed, spaces run together, lower case. */
export function libraryNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * The unit library's table (migration 0008): units kept per ruleset and army, outside every game's log. The caller
 * validates a unit before saving it; a unit the library holds with the same definition is left as it is (its
 * source, where it first came from, is kept); another definition of the same name replaces it.
 */
export class UnitLibrary {
  constructor(private readonly db: Database.Database) {}

  /** Saves a unit; returns whether a row was written (false: the library held this very definition). */
  save(entry: Omit<StoredLibraryUnit, 'name'> & { readonly name: string }): boolean {
    const definition = canonicalJson(entry.unit)
    const key = libraryNameKey(entry.name)
    const held = this.db
      .prepare<[string, string, string], { definition: string }>(
        'SELECT definition FROM unit_library WHERE ruleset = ? AND faction = ? AND name_key = ?',
      )
      .get(entry.ruleset, entry.faction, key)
    if (held?.definition === definition) return false
    this.db
      .prepare(
        `INSERT INTO unit_library (ruleset, faction, name_key, definition, source, saved_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (ruleset, faction, name_key) DO UPDATE SET
           definition = excluded.definition, source = excluded.source, saved_at = excluded.saved_at`,
      )
      .run(entry.ruleset, entry.faction, key, definition, entry.source, entry.savedAt)
    return true
  }

  /** A ruleset's units, of one army when `faction` is given, in army then name order. */
  units(ruleset: string, faction?: string): StoredLibraryUnit[] {
    const rows =
      faction === undefined
        ? this.db
            .prepare<[string], Row>('SELECT * FROM unit_library WHERE ruleset = ? ORDER BY faction, name_key')
            .all(ruleset)
        : this.db
            .prepare<[string, string], Row>(
              'SELECT * FROM unit_library WHERE ruleset = ? AND faction = ? ORDER BY name_key',
            )
            .all(ruleset, faction)
    return rows.map(toStored)
  }

  /** The unit of this name in this army, when the library holds one. */
  unit(ruleset: string, faction: string, name: string): StoredLibraryUnit | undefined {
    const row = this.db
      .prepare<[string, string, string], Row>(
        'SELECT * FROM unit_library WHERE ruleset = ? AND faction = ? AND name_key = ?',
      )
      .get(ruleset, faction, libraryNameKey(name))
    return row && toStored(row)
  }
}

function toStored(row: Row): StoredLibraryUnit {
  const unit = JSON.parse(row.definition) as { name?: unknown }
  return {
    ruleset: row.ruleset,
    faction: row.faction,
    name: typeof unit.name === 'string' ? unit.name : '',
    unit,
    source: row.source,
    savedAt: row.saved_at,
  }
}
