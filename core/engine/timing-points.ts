import { expireUsed } from './durations.js'
import {
  type ActiveEffect,
  type EffectSpec,
  type Held,
  type ModifierRecord,
  type QueryOf,
  queryUnits,
  type TimingPoint,
} from './effects.js'
import type { Holdings } from './holding.js'
import { type IndexedEffect, NO_PARAMS, type RulesetIndex } from './ruleset-index.js'
import type { StepHolder } from './step-scratch.js'
import type { GameState, UnitState } from './types.js'

/** Asks a timing point: every modifier the catalogue's effects give for a query, applied or ignored. */
export type ModifiersAt = <P extends TimingPoint>(
  game: GameState,
  run: StepHolder,
  at: P,
  query: QueryOf<P>,
) => ModifierRecord[]

export function createTimingPoints(index: RulesetIndex, holdings: Holdings): ModifiersAt {
  const { effectsAt, rule, decisionOf, decisionRefs } = index

  /** The first candidate that holds the effect's entry, and how; null when none does. */
  function holderOf(
    game: GameState,
    { entry, effect, always }: IndexedEffect,
    candidates: readonly UnitState[],
  ): { unit: UnitState; params: Held['params']; owned: boolean; active: ActiveEffect | null } | null {
    for (const unit of candidates) {
      if (always) return { unit, params: entry.params ?? NO_PARAMS, owned: true, active: null }
      const holds =
        holdings.holding(game, unit, entry) ??
        (effect.joined ? holdings.joinedHolding(unit, entry) : null) ??
        (effect.unitWide ? holdings.hostHolding(game, unit, entry) : null)
      // An effect that acts only while drunk, cast or started: carrying the item is not enough.
      if (holds && effect.activeOnly && !holds.active) continue
      if (holds) return { unit, params: holds.params, owned: holds.owned, active: holds.active }
    }
    return null
  }

  const modifiersFor: ModifiersAt = (game, run, at, query) => {
    const records: ModifierRecord[] = []
    const effects = effectsAt.get(at)
    if (!effects) return records
    const ask: Held['modifiers'] = (point, question) => modifiersFor(game, run, point, question)
    const holdsEntry: Held['holds'] = (unit, id) => holdings.holdsIn(game, unit, id)
    // The variant decisions an effect reads: its record cites them (every number resting on a switch says so).
    let read: string[] | null = null
    const decideAndCite = (id: string) => {
      const value = decisionOf(game, id)
      if (read === null) read = [id]
      else if (!read.includes(id)) read.push(id)
      return value
    }
    // The query's two sides, made once a query rather than once an effect (a hot path).
    let subjects: readonly UnitState[] | null = null
    let opponents: readonly UnitState[] | null = null
    for (const indexed of effects) {
      const { entry, effect } = indexed
      read = null
      let candidates: readonly UnitState[]
      if (effect.holder === 'opponent') {
        if (opponents === null) opponents = queryUnits(query, 'opponent')
        candidates = opponents
      } else {
        if (subjects === null) subjects = queryUnits(query, 'subject')
        candidates = subjects
      }
      const found = holderOf(game, indexed, candidates)
      if (!found) continue
      const held: Held = {
        unit: found.unit,
        params: found.params,
        owned: found.owned,
        decision: decideAndCite,
        modifiers: ask,
        holds: holdsEntry,
      }
      const spec = effect as unknown as EffectSpec<typeof at>
      const verdict = spec.when ? spec.when(query, held) : true
      if (verdict === null) continue
      const value = typeof spec.value === 'function' ? spec.value(query, held) : spec.value
      const source = rule(entry.id, effect.clause)
      const label = spec.describe ? spec.describe(query, held) : spec.label
      const record: ModifierRecord =
        verdict === true
          ? { source, label, kind: effect.kind, value, status: 'applied' }
          : { source, label, kind: effect.kind, value, status: 'ignored', reason: verdict }
      const decisions = read === null ? null : decisionRefs(game, read)
      records.push(decisions === null ? record : Object.assign(record, { decisions }))
      if (verdict === true && found.active?.duration.kind === 'one-use') expireUsed(game, run.step, found.active)
    }
    return records
  }
  return modifiersFor
}
