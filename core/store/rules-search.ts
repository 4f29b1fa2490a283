import type Database from 'better-sqlite3'
import { ArbiterError } from '../events/errors.js'

/** One catalogue entry as the search index holds it. */
export interface SearchableEntry {
  readonly id: string
  readonly name: string
  readonly text: string
  readonly clauses: Readonly<Record<string, string>>
}

/** Column weights for bm25: a word in an entry's name counts most, then its id, then its text. */
const WEIGHTS = { name: 10, words: 5, text: 1, clauses: 1 } as const

/**
 * A player's words as an FTS5 query: each run of letters or digits becomes a quoted prefix term
 * (`"charg"*`), all of which must match. Nothing the player types is read as FTS5 syntax (AND,
 * NEAR, quotes, colons, brackets), so no query can fail to parse. Null when there is no word.
 */
export function ftsQuery(words: string): string | null {
  const terms = words.normalize('NFKC').match(/[\p{L}\p{N}]+/gu)
  if (!terms) return null
  return terms.map((term) => `"${term.replaceAll('"', '""')}"*`).join(' ')
}

/** The FTS5 rules index (migration 0003): filled from a catalogue, searched by a player's words. */
export class RulesSearch {
  private readonly sourceStmt: Database.Statement<[string], string>
  private readonly searchStmt: Database.Statement<[string, string, number], string>
  private readonly refill: Database.Transaction<
    (ruleset: string, hash: string, entries: readonly SearchableEntry[]) => void
  >

  constructor(db: Database.Database) {
    this.sourceStmt = db
      .prepare<[string], string>('SELECT catalogue_hash FROM rules_search_source WHERE ruleset = ?')
      .pluck()
    this.searchStmt = db
      .prepare<[string, string, number], string>(
        'SELECT entry_id FROM rules_search WHERE rules_search MATCH ? AND ruleset = ? ' +
          `ORDER BY bm25(rules_search, 0, 0, ${WEIGHTS.name}, ${WEIGHTS.words}, ${WEIGHTS.text}, ${WEIGHTS.clauses}), ` +
          'entry_id LIMIT ?',
      )
      .pluck()
    const remove = db.prepare('DELETE FROM rules_search WHERE ruleset = ?')
    const insert = db.prepare(
      'INSERT INTO rules_search (ruleset, entry_id, name, words, text, clauses) VALUES (?, ?, ?, ?, ?, ?)',
    )
    const record = db.prepare(
      'INSERT INTO rules_search_source (ruleset, catalogue_hash) VALUES (?, ?) ' +
        'ON CONFLICT (ruleset) DO UPDATE SET catalogue_hash = excluded.catalogue_hash',
    )
    this.refill = db.transaction((ruleset: string, hash: string, entries: readonly SearchableEntry[]) => {
      remove.run(ruleset)
      for (const entry of entries) {
        const clauses = Object.entries(entry.clauses)
          .map(([clause, words]) => `${clause}: ${words}`)
          .join('\n')
        insert.run(ruleset, entry.id, entry.name, entry.id.replaceAll(/[-_/]/g, ' '), entry.text, clauses)
      }
      record.run(ruleset, hash)
    })
  }

  /** Fills the ruleset's rows from `entries` unless they were filled from the catalogue `hash` already. */
  ensureIndexed(ruleset: string, hash: string, entries: readonly SearchableEntry[]): void {
    if (this.isIndexed(ruleset, hash)) return
    this.refill.immediate(ruleset, hash, entries)
  }

  isIndexed(ruleset: string, hash: string): boolean {
    return this.sourceStmt.get(ruleset) === hash
  }

  /** The ids of the entries matching `words`, best first. */
  search(ruleset: string, words: string, limit: number): string[] {
    const query = ftsQuery(words)
    if (query === null) return []
    try {
      return this.searchStmt.all(query, ruleset, limit)
    } catch (error) {
      // ftsQuery quotes every term, so this is not the player's syntax: say what failed.
      throw new ArbiterError('store/search-failed', `the rules search failed: ${(error as Error).message}`)
    }
  }
}
