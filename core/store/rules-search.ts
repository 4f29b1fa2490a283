import type Database from 'better-sqlite3'
import { ArbiterError } from '../events/errors.js'
import { sha256Hex } from './sha256.js'

/** One catalogue entry as the search index holds it. */
export interface SearchableEntry {
  readonly id: string
  readonly name: string
  readonly text: string
  readonly clauses: Readonly<Record<string, string>>
}

/** Column weights for bm25: a word in an entry's name counts most, then its id, then its text. */
const WEIGHTS = { name: 10, words: 5, text: 1, clauses: 1 } as const
const BM25 = `0, 0, ${WEIGHTS.name}, ${WEIGHTS.words}, ${WEIGHTS.text}, ${WEIGHTS.clauses}`

/**
 * US spellings and the British ones the catalogues are written in, as word parts: a word holding
 * the US part is indexed and searched with the British one ("armored" as "armoured"). The British
 * form is the longer, so a US player's word cut short ("armo") is still the start of it.
 */
const US_TO_UK: readonly (readonly [string, string])[] = [
  ['armor', 'armour'],
  ['color', 'colour'],
  ['honor', 'honour'],
  ['valor', 'valour'],
  ['vigor', 'vigour'],
  ['behavior', 'behaviour'],
  ['favor', 'favour'],
  ['rumor', 'rumour'],
  ['splendor', 'splendour'],
  ['vapor', 'vapour'],
  ['savior', 'saviour'],
  ['defens', 'defenc'],
  ['offens', 'offenc'],
  ['maneuver', 'manoeuvre'],
  ['center', 'centre'],
  ['specter', 'spectre'],
  ['saber', 'sabre'],
  ['gray', 'grey'],
  ['plow', 'plough'],
]

/** Which spellings and tables an index was filled with: a change refills it as a new catalogue would. */
const INDEX_FORMAT = JSON.stringify({ tables: ['rules_search', 'rules_search_words'], spellings: US_TO_UK })

/** A word as the index holds it: lower case, in British spelling. */
function indexWord(word: string): string {
  let lower = word.toLowerCase()
  for (const [us, uk] of US_TO_UK) if (lower.includes(us)) lower = lower.replaceAll(us, uk)
  return lower
}

/** Text as the index holds it: every word through `indexWord`, the rest untouched. */
export function indexText(text: string): string {
  return text.normalize('NFKC').replace(/[\p{L}\p{N}]+/gu, indexWord)
}

/**
 * A player's words as FTS5 prefix terms (`"charg"*`), one per distinct word, each of which must
 * match. Nothing the player types is read as FTS5 syntax (AND, NEAR, quotes, colons, brackets):
 * a word is a run of letters or digits, quoted, so no query can fail to parse. Empty when there
 * is no word.
 */
export function searchTerms(words: string): string[] {
  const terms = indexText(words).match(/[\p{L}\p{N}]+/gu) ?? []
  return [...new Set(terms)].map((term) => `"${term}"*`)
}

/**
 * The rules index (migrations 0003 and 0004): every entry twice, stemmed (`rules_search`, porter:
 * "hatreds" finds Hatred, "charging" finds charges) and unstemmed (`rules_search_words`: the start
 * of any word, "regenerat" for Regeneration), in British spelling (`indexText`). An entry matches
 * when each of the player's words starts a word of it in either table.
 */
export class RulesSearch {
  private readonly sourceStmt: Database.Statement<[string], string>
  private readonly termStmt: Database.Statement<{ term: string; ruleset: string }, [string, number]>
  private readonly namedStmt: Database.Statement<{ phrase: string; ruleset: string }, string>
  private readonly refill: Database.Transaction<
    (ruleset: string, key: string, entries: readonly SearchableEntry[]) => void
  >

  constructor(db: Database.Database) {
    this.sourceStmt = db
      .prepare<[string], string>('SELECT catalogue_hash FROM rules_search_source WHERE ruleset = ?')
      .pluck()
    this.termStmt = db
      .prepare<{ term: string; ruleset: string }, [string, number]>(
        'SELECT entry_id, min(score) FROM (' +
          `SELECT entry_id, bm25(rules_search_words, ${BM25}) AS score FROM rules_search_words ` +
          'WHERE rules_search_words MATCH :term AND ruleset = :ruleset ' +
          `UNION ALL SELECT entry_id, bm25(rules_search, ${BM25}) AS score FROM rules_search ` +
          'WHERE rules_search MATCH :term AND ruleset = :ruleset' +
          ') GROUP BY entry_id',
      )
      .raw()
    const tables = ['rules_search', 'rules_search_words']
    this.namedStmt = db
      .prepare<{ phrase: string; ruleset: string }, string>(
        tables
          .map(
            (table) =>
              `SELECT entry_id FROM ${table} WHERE ${table} MATCH 'name : ^ ' || :phrase AND ruleset = :ruleset`,
          )
          .join(' UNION '),
      )
      .pluck()
    const removes = tables.map((table) => db.prepare(`DELETE FROM ${table} WHERE ruleset = ?`))
    const inserts = tables.map((table) =>
      db.prepare(`INSERT INTO ${table} (ruleset, entry_id, name, words, text, clauses) VALUES (?, ?, ?, ?, ?, ?)`),
    )
    const record = db.prepare(
      'INSERT INTO rules_search_source (ruleset, catalogue_hash) VALUES (?, ?) ' +
        'ON CONFLICT (ruleset) DO UPDATE SET catalogue_hash = excluded.catalogue_hash',
    )
    this.refill = db.transaction((ruleset: string, key: string, entries: readonly SearchableEntry[]) => {
      for (const remove of removes) remove.run(ruleset)
      for (const entry of entries) {
        const clauses = Object.entries(entry.clauses)
          .map(([clause, words]) => `${clause}: ${words}`)
          .join('\n')
        const row = [entry.name, entry.id.replaceAll(/[-_/]/g, ' '), entry.text, clauses].map(indexText)
        for (const insert of inserts) insert.run(ruleset, entry.id, ...row)
      }
      record.run(ruleset, key)
    })
  }

  /** What rules_search_source records for an index filled from the catalogue `hash` by this code. */
  private static key(hash: string): string {
    return sha256Hex(`${hash}\n${INDEX_FORMAT}`)
  }

  /** Fills the ruleset's rows from `entries` unless they were filled from the catalogue `hash` already. */
  ensureIndexed(ruleset: string, hash: string, entries: readonly SearchableEntry[]): void {
    if (this.isIndexed(ruleset, hash)) return
    this.refill.immediate(ruleset, RulesSearch.key(hash), entries)
  }

  isIndexed(ruleset: string, hash: string): boolean {
    return this.sourceStmt.get(ruleset) === RulesSearch.key(hash)
  }

  /**
   * The ids of the entries matching every one of `words`, best first: those whose name starts
   * with the words ("hatred": Hatred before Eternal Hatred), then by bm25 summed over the words.
   */
  search(ruleset: string, words: string, limit: number): string[] {
    const terms = searchTerms(words)
    let scores: Map<string, number> | null = null
    for (const term of terms) {
      const rows = this.run(() => this.termStmt.all({ term, ruleset }))
      const next = new Map<string, number>()
      for (const [id, score] of rows) {
        const before = scores === null ? 0 : scores.get(id)
        if (before !== undefined) next.set(id, before + score)
      }
      scores = next
      if (scores.size === 0) break
    }
    if (scores === null || scores.size === 0) return []
    const phrase = terms.join(' + ')
    const named = new Set(this.run(() => this.namedStmt.all({ phrase, ruleset })))
    const tier = (id: string) => (named.has(id) ? 0 : 1)
    return [...scores]
      .sort(([a, x], [b, y]) => tier(a) - tier(b) || x - y || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, limit)
      .map(([id]) => id)
  }

  private run<T>(query: () => T): T {
    try {
      return query()
    } catch (error) {
      // searchTerms quotes every word, so this is not the player's syntax: say what failed.
      throw new ArbiterError('store/search-failed', `the rules search failed: ${(error as Error).message}`)
    }
  }
}
