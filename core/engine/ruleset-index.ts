import type { RuleRef } from '../explain/explanation.js'
import type { AnyEffectSpec, EntryDefinition, ParamValue, VariantDecision } from './catalogue.js'
import type { TimingPoint } from './effects.js'
import type { GameState, Ruleset } from './types.js'

/** An effect with the entry it belongs to, indexed by timing point. */
export interface IndexedEffect {
  readonly entry: EntryDefinition
  readonly effect: AnyEffectSpec
  readonly always: boolean
  /**
   * Whether what a unit holds itself (its list, command group, what they grant) or through an active effect says
   * if it holds this effect: not for core mechanics, nor for effects a joined character's or the host unit's
   * entries give.
   */
  readonly heldBySelf: boolean
  /** The clause the effect cites, or null when the catalogue lacks it (said when the effect is first asked). */
  readonly source: RuleRef | null
}

/**
 * What an engine looks up in its ruleset on every step, made once when the engine is made: the
 * entries by id, every citation, who grants what, and the effects at each timing point. Holds no
 * game: one index serves every game the engine folds.
 */
export interface RulesetIndex {
  readonly ruleset: Ruleset
  readonly entries: ReadonlyMap<string, EntryDefinition>
  /** id -> the entries that include it (`grants`), for holding one through the other. */
  readonly grantedBy: ReadonlyMap<string, readonly EntryDefinition[]>
  readonly effectsAt: ReadonlyMap<TimingPoint, readonly IndexedEffect[]>
  /** A citation of a clause of the catalogue; an unknown one is a bug in the ruleset, said at once. */
  rule(id: string, clause: string): RuleRef
  /** The value a variant decision takes in a game. */
  decisionOf(game: GameState, id: string): string
  /** Citations of variant decisions with their values, in the ruleset's table of variants (if it has one). */
  decisionRefs(game: GameState, ids: readonly string[]): { rule: RuleRef; value: string }[] | null
}

export const NO_PARAMS: Readonly<Record<string, ParamValue>> = Object.freeze({})

/** An entry's own params with the list's over them; no copy when the list gives none. */
export function withParams(
  own: Readonly<Record<string, ParamValue>>,
  given: Readonly<Record<string, ParamValue>>,
): Readonly<Record<string, ParamValue>> {
  for (const _ in given) return { ...own, ...given }
  return own
}

export function indexRuleset(ruleset: Ruleset): RulesetIndex {
  const entries = new Map<string, EntryDefinition>(ruleset.definitions.map((entry) => [entry.id, entry]))
  const decisions = new Map<string, VariantDecision>(ruleset.catalogue.decisions.map((d) => [d.id, d]))
  // Every citation, made once: id -> clause -> reference (a hot path of every procedure).
  const ruleRefs = new Map<string, Map<string, RuleRef>>(
    ruleset.catalogue.entries.map((entry) => [
      entry.id,
      new Map(
        Object.keys(entry.clauses).map((clause) => [
          clause,
          Object.freeze({ ruleset: ruleset.id, id: entry.id, clause }),
        ]),
      ),
    ]),
  )
  const grantedBy = new Map<string, EntryDefinition[]>()
  for (const entry of ruleset.definitions)
    for (const granted of entry.grants ?? []) grantedBy.set(granted, [...(grantedBy.get(granted) ?? []), entry])
  const effectsAt = new Map<TimingPoint, IndexedEffect[]>()
  for (const entry of ruleset.definitions) {
    for (const effect of entry.effects ?? []) {
      const list = effectsAt.get(effect.at) ?? []
      const always = effect.always ?? entry.kind === 'core'
      const heldBySelf = !always && !effect.joined && !effect.unitWide
      list.push({ entry, effect, always, heldBySelf, source: ruleRefs.get(entry.id)?.get(effect.clause) ?? null })
      effectsAt.set(effect.at, list)
    }
  }

  function rule(id: string, clause: string): RuleRef {
    const ref = ruleRefs.get(id)?.get(clause)
    if (!ref) throw new Error(`ruleset ${ruleset.id} cites ${id} §${clause}, which its catalogue does not have`)
    return ref
  }

  function decisionOf(game: GameState, id: string): string {
    const value = decisions.get(id)?.values[game.variant]
    if (value === undefined) throw new Error(`ruleset ${ruleset.id} has no decision ${id} for variant ${game.variant}`)
    return value
  }

  function decisionRefs(game: GameState, ids: readonly string[]): { rule: RuleRef; value: string }[] | null {
    const table = ruleRefs.get('variants')
    if (!table) return null
    const refs = ids.flatMap((id) => {
      const ref = table.get(id)
      return ref ? [{ rule: ref, value: decisionOf(game, id) }] : []
    })
    return refs.length > 0 ? refs : null
  }

  return { ruleset, entries, grantedBy, effectsAt, rule, decisionOf, decisionRefs }
}
