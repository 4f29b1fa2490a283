import { expireUsed } from './durations.js'
import type { ActiveEffect, EffectSpec, Held, ModifierRecord } from './effects.js'
import type { Holdings } from './holding.js'
import { type IndexedEffect, NO_PARAMS, type RulesetIndex } from './ruleset-index.js'
import type { StepHolder } from './step-scratch.js'
import type { GameState, UnitState } from './types.js'

/** Asks a game's timing points: every modifier the catalogue's effects give for a query, applied or ignored. */
export type ModifiersAt = Held['modifiers']

const NOTHING_HELD: ReadonlySet<string> = new Set()

/** The units on one side of a query: one unit, several, or none. */
type Side = UnitState | readonly UnitState[] | null | undefined

/**
 * The timing points of one game, asked through its run (whose step an effect that is used up ends in): made once a
 * run, so a query makes no closures. A query takes one holder from the run's spares and gives it back when done:
 * an effect reads its holder only while it is asked, and a query it asks in turn takes another.
 */
export function createTimingPoints(
  index: RulesetIndex,
  holdings: Holdings,
): (game: GameState, run: StepHolder) => ModifiersAt {
  const { effectsAt, rule, decisionOf, decisionRefs } = index

  /** What an effect knows of the unit that holds its entry; `read` gathers the variant decisions it reads. */
  class EffectHolder implements Held {
    unit!: UnitState
    params: Held['params'] = NO_PARAMS
    owned = true
    active: ActiveEffect | null = null
    read: string[] | null = null
    constructor(
      private readonly game: GameState,
      readonly modifiers: ModifiersAt,
      readonly holds: Held['holds'],
    ) {}
    /** The value a decision takes; the record cites it (every number resting on a switch says so). */
    decision(id: string): string {
      const value = decisionOf(this.game, id)
      if (this.read === null) this.read = [id]
      else if (!this.read.includes(id)) this.read.push(id)
      return value
    }
  }

  /** Whether `unit` holds the effect's entry; if so, says how in `holder`. */
  function holdsEffect(
    game: GameState,
    { entry, effect, always }: IndexedEffect,
    unit: UnitState,
    holder: EffectHolder,
  ) {
    if (always) {
      holder.unit = unit
      holder.params = entry.params ?? NO_PARAMS
      holder.owned = true
      holder.active = null
      return true
    }
    const holds =
      holdings.holding(game, unit, entry) ??
      (effect.joined ? holdings.joinedHolding(unit, entry) : null) ??
      (effect.unitWide ? holdings.hostHolding(game, unit, entry) : null)
    // An effect that acts only while drunk, cast or started: carrying the item is not enough.
    if (!holds || (effect.activeOnly && !holds.active)) return false
    holder.unit = unit
    holder.params = holds.params
    holder.owned = holds.owned
    holder.active = holds.active
    return true
  }

  /** The first unit of a side that holds the effect's entry, said in `holder`; false when none does. */
  function holderOf(game: GameState, indexed: IndexedEffect, side: Side, holder: EffectHolder): boolean {
    if (side === null || side === undefined) return false
    if (!Array.isArray(side)) return holdsEffect(game, indexed, side as UnitState, holder)
    for (const unit of side as readonly UnitState[]) if (holdsEffect(game, indexed, unit, holder)) return true
    return false
  }

  /** What the unit of a side holds itself; null when that does not settle it (several units, an active effect). */
  function selfHeldBy(game: GameState, side: Side): ReadonlySet<string> | null {
    if (side === null || side === undefined) return NOTHING_HELD
    return Array.isArray(side) ? null : holdings.selfHeld(game, side as UnitState)
  }

  return (game, run) => {
    const holdsEntry: Held['holds'] = (unit, id) => holdings.holdsIn(game, unit, id)
    const spares: EffectHolder[] = []
    const modifiersFor: ModifiersAt = (at, query) => {
      const records: ModifierRecord[] = []
      const effects = effectsAt.get(at)
      if (!effects) return records
      const sides = query as { readonly subject: Side; readonly opponent?: Side }
      const holder = spares.pop() ?? new EffectHolder(game, modifiersFor, holdsEntry)
      // What each side's unit holds itself, asked once a query: most effects are held by neither (null: look closer).
      let subjectHeld: ReadonlySet<string> | null | undefined
      let opponentHeld: ReadonlySet<string> | null | undefined
      for (const indexed of effects) {
        const { entry, effect } = indexed
        const byOpponent = effect.holder === 'opponent'
        const side = byOpponent ? sides.opponent : sides.subject
        if (indexed.heldBySelf) {
          let held = byOpponent ? opponentHeld : subjectHeld
          if (held === undefined) {
            held = selfHeldBy(game, side)
            if (byOpponent) opponentHeld = held
            else subjectHeld = held
          }
          if (held !== null && !held.has(entry.id)) continue
        }
        if (!holderOf(game, indexed, side, holder)) continue
        holder.read = null
        const spec = effect as unknown as EffectSpec<typeof at>
        const verdict = spec.when ? spec.when(query, holder) : true
        if (verdict === null) continue
        const value = typeof spec.value === 'function' ? spec.value(query, holder) : spec.value
        const source = indexed.source ?? rule(entry.id, effect.clause)
        const label = spec.describe ? spec.describe(query, holder) : spec.label
        const record: ModifierRecord =
          verdict === true
            ? { source, label, kind: effect.kind, value, status: 'applied' }
            : { source, label, kind: effect.kind, value, status: 'ignored', reason: verdict }
        const decisions = holder.read === null ? null : decisionRefs(game, holder.read)
        records.push(decisions === null ? record : Object.assign(record, { decisions }))
        const active = holder.active
        if (verdict === true && active?.duration.kind === 'one-use') expireUsed(game, run.step, active)
      }
      spares.push(holder)
      return records
    }
    return modifiersFor
  }
}
