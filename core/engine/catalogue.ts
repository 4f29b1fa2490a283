import type { AnyTriggerSpec, EffectSpec, TimingPoint } from './effects.js'
import type { ParamKind } from './params.js'

/** An effect at any timing point; `at` picks the query its callbacks receive. */
export type AnyEffectSpec<Clause extends string = string> = { [P in TimingPoint]: EffectSpec<P, Clause> }[TimingPoint]

/**
 * A ruleset's catalogue (DESIGN §4): one entry per seed entry and per core mechanic it uses, plus
 * the variant table. The catalogue is plain data, so its canonical JSON can be hashed and pinned
 * by GameCreated; the effects' code lives beside it, and each effect's `at`, `clause`, `label`
 * and `kind` are part of the hashed data so moving an effect changes the catalogue's hash.
 */
export type EntryKind = 'core' | 'special-rule' | 'weapon' | 'armour' | 'item' | 'banner' | 'spell' | 'variant'
export type Enforcement = 'enforced' | 'prompted' | 'reference'
export type ParamValue = string | number | boolean

/** The hashed description of one effect. */
export interface EffectSummary {
  readonly at: TimingPoint
  readonly clause: string
  readonly label: string
  readonly kind: string
}

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
  readonly params?: Readonly<Record<string, ParamValue>>
  readonly enforcement: Enforcement
  readonly effects?: readonly EffectSummary[]
  /** Entries a holder of this one holds as well (Terror causers also cause Fear). */
  readonly grants?: readonly string[]
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

/**
 * One catalogue entry as its file writes it: the data, and the effects it hooks to timing
 * points. `defineEntry` keeps the id and the clause ids as literal types, so a citation of a
 * clause the entry does not have fails to compile.
 */
export interface EntryDefinition<Id extends string = string, Clause extends string = string>
  extends Omit<CatalogueEntry, 'id' | 'clauses' | 'effects'> {
  readonly id: Id
  readonly clauses: Readonly<Record<Clause, string>>
  readonly effects?: readonly AnyEffectSpec<NoInfer<Clause>>[]
  /**
   * The steps it contributes at trigger points: what the rule does, not only what it modifies. Not in the hashed
   * data: a step is code, which the catalogue's hash cannot see (what a rule does is the rules digest's to pin), and
   * recorded games keep the hash they were played with while their rules move into steps.
   */
  readonly triggers?: readonly AnyTriggerSpec<NoInfer<Clause>>[]
  /**
   * What is wrong with the parameters a list gives the entry (its own over its defaults), said with the entry's
   * name, or null: asked for every unit and character that lists it as the army is mustered, which is refused
   * when it answers.
   */
  readonly checkParams?: (params: Readonly<Record<string, ParamValue>>) => string | null
  /**
   * Parameters a list may give that have no default (the rule applies more widely without one), with how they
   * are written. Not hashed: they say how a list is read, as `params`' defaults do for the others.
   */
  readonly optionalParams?: Readonly<Record<string, ParamKind>>
}

export function defineEntry<const Id extends string, const Clause extends string>(
  entry: EntryDefinition<Id, Clause>,
): EntryDefinition<Id, Clause> {
  return entry
}

/**
 * The two kinds of decision a ruleset's table of variants holds: a `switch` takes a different value in different
 * variants (a procedure reads it through the ruleset's profile, an entry through `held.decision`); a `ruling` takes
 * one value in every variant and is cited in explanations, with its reason and sources.
 */
export type DecisionKind = 'switch' | 'ruling'

/** A decision as a ruleset's table writes it: the hashed data and its kind (not hashed: it follows from the values). */
export type TableDecision<Id extends string = string, Value extends string = string> = VariantDecision & {
  readonly id: Id
  readonly kind: DecisionKind
  readonly values: Readonly<Record<string, Value>>
}

/** A variant switch: the value each variant takes, which must differ between them (else it is a ruling). */
export function defineSwitch<const Id extends string, const Value extends string>(decision: {
  readonly id: Id
  readonly topic: string
  readonly values: Readonly<Record<string, Value>>
  readonly why: string
  readonly sources: readonly string[]
}): TableDecision<Id, Value> {
  if (new Set(Object.values(decision.values)).size < 2)
    throw new Error(`decision ${decision.id} takes one value in every variant: it is a ruling, not a switch`)
  return { kind: 'switch', ...decision }
}

/** The maker of a ruleset's rulings: one value, the same in each of its `variants`. */
export function rulingsOf(variants: readonly string[]) {
  return function defineRuling<const Id extends string, const Value extends string>(ruling: {
    readonly id: Id
    readonly topic: string
    readonly value: Value
    readonly why: string
    readonly sources: readonly string[]
  }): TableDecision<Id, Value> {
    const { value, ...rest } = ruling
    return { kind: 'ruling', ...rest, values: Object.fromEntries(variants.map((variant) => [variant, value])) }
  }
}

/** A decision's hashed data, as the catalogue holds it (its kind left out: it follows from the values). */
export function decisionData({ kind: _kind, ...data }: TableDecision): VariantDecision {
  return data
}

/** id -> the union of its clause ids, for a list of entry definitions. */
export type RuleIndexOf<Entries extends readonly EntryDefinition[]> = {
  [E in Entries[number] as E['id']]: E extends EntryDefinition<string, infer C> ? C : never
}

/** id -> the union of the values it may take, for a list of decisions. */
export type DecisionIndexOf<Decisions extends readonly VariantDecision[]> = {
  [D in Decisions[number] as D['id']]: D['values'] extends Readonly<Record<string, infer V>> ? V : never
}

/** The plain, hashable data of an entry definition (its effects summarised). */
export function entryData(definition: EntryDefinition): CatalogueEntry {
  const { effects, triggers: _triggers, checkParams: _check, optionalParams: _optional, ...data } = definition
  if (!effects || effects.length === 0) return data
  return {
    ...data,
    effects: effects.map((effect) => ({
      at: effect.at,
      clause: effect.clause,
      label: effect.label,
      kind: effect.kind,
    })),
  }
}
