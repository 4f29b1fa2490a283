/**
 * A ruleset's catalogue (DESIGN §4): one entry per seed entry and per core mechanic it uses, plus
 * the variant table. Plain data, so its canonical JSON can be hashed and pinned by GameCreated.
 */
export type EntryKind = 'core' | 'special-rule' | 'weapon' | 'armour' | 'item' | 'banner' | 'spell' | 'variant'
export type Enforcement = 'enforced' | 'prompted' | 'reference'

export interface CatalogueEntry {
  readonly id: string
  readonly name: string
  readonly kind: EntryKind
  /** Where the entry comes from: a seed file, or a section of rules/core-mechanics.md. */
  readonly source: string
  /** An external anchor for citation (a rules-index slug), when there is one. */
  readonly anchor?: string
  /** The seed's words, for seed entries; a paraphrase for core mechanics. */
  readonly text: string
  /** Clause id -> what that clause says; explanations cite `id §clause`. */
  readonly clauses: Readonly<Record<string, string>>
  readonly params?: Readonly<Record<string, string | number | boolean>>
  readonly enforcement: Enforcement
}

/** One decision a variant makes where the sources disagree or are unsure (marked (U)/(L)). */
export interface VariantDecision {
  readonly id: string
  readonly topic: string
  /** The value each variant takes, by variant id. */
  readonly values: Readonly<Record<string, string>>
  readonly why: string
  readonly sources: readonly string[]
}

export interface Catalogue {
  readonly ruleset: string
  readonly entries: readonly CatalogueEntry[]
  readonly variants: Readonly<Record<string, { readonly name: string; readonly description: string }>>
  readonly decisions: readonly VariantDecision[]
}

export function findEntry(catalogue: Catalogue, id: string): CatalogueEntry | undefined {
  return catalogue.entries.find((entry) => entry.id === id)
}
