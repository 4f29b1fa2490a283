import type { Explanation } from '../explain/explanation.js'
import type { ActiveEffect } from './effects.js'
import { RuleError } from './errors.js'
import type { CombatUnit, GameState } from './types.js'

/**
 * What procedures decide (DESIGN §3): typed outcomes. Procedures never change the state; one
 * `evolve` applies each outcome, so an audit or a what-if is a plain fold over the same outcomes.
 */
export interface OutcomeValues {
  attacks: { attacks: number }
  hits: { attacks: number; need: number; hits: number }
  wounds: { hits: number; need: number | null; wounds: number }
  casualties: { unit: string; unsaved: number; removed: number; modelsLeft: number; woundsOnNextModel: number }
  'combat-joined': {
    combat: string
    sides: { player: string; units: CombatUnit[] }[]
  }
  'round-started': { combat: string; round: number; turn: number; player: string | null }
  'strike-order': { combat: string; round: number; steps: string[][] }
  'combat-result': {
    combat: string
    round: number
    scores: Record<string, number>
    winner: string | null
    difference: number
  }
  'break-test': { unit: string; passed: boolean; roll: number; leadership: number }
  fled: { unit: string; roll: number }
  'restraint-test': { unit: string; passed: boolean; roll: number; leadership: number }
  pursued: { unit: string; roll: number }
  caught: { unit: string; by: string; modelsLost: number }
  escaped: { unit: string; roll: number }
  'round-ended': { combat: string; round: number }
  'combat-ended': { combat: string; round: number }
  'effect-started': { effect: ActiveEffect }
  'effect-ended': { effect: string; entry: string; unit: string; why: string }
  /** Wounds a unit ignored by Regeneration: its models and wounds as if they had not been suffered. */
  regenerated: {
    unit: string
    rolled: number
    regenerated: number
    modelsLeft: number
    woundsOnNextModel: number
  }
  /** A winner that must pursue (Hatred): no choice and no restraint test. */
  'pursuit-forced': { unit: string; quarry: string[] }
  /** A one-use item used up (Potion of Strength), remembered for the rest of the game. */
  'item-used': { unit: string; item: string; character: string | null; turn: number }
}
export type OutcomeKind = keyof OutcomeValues

export type OutcomeInit = {
  [K in OutcomeKind]: {
    readonly kind: K
    readonly text: string
    readonly values: OutcomeValues[K]
    readonly explanation: Explanation
  }
}[OutcomeKind]
export type Outcome = OutcomeInit & { readonly seq: number }

type Evolver<K extends OutcomeKind> = (game: GameState, values: OutcomeValues[K], seq: number) => void

function unitIn(game: GameState, id: string, seq: number) {
  const unit = Object.hasOwn(game.units, id) ? game.units[id] : undefined
  if (!unit) throw new RuleError('engine/unknown-unit', `seq ${seq}: no unit "${id}" has been mustered`)
  return unit
}

const nothing = () => {}

/** One handler per outcome kind; `satisfies` makes a new kind without a handler fail to compile. */
const evolvers = {
  attacks: nothing,
  hits: nothing,
  wounds: nothing,
  casualties(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.models = values.modelsLeft
    unit.woundsOnNextModel = values.woundsOnNextModel
    unit.changedAt = seq
  },
  'combat-joined'(game, values, seq) {
    game.combats[values.combat] = {
      id: values.combat,
      sides: values.sides,
      round: 0,
      ended: false,
      joinedAt: seq,
      lastFought: null,
    }
  },
  'round-started'(game, values) {
    const combat = game.combats[values.combat]
    if (!combat) return
    combat.round = values.round
    combat.lastFought = { turn: values.turn, player: values.player }
  },
  'strike-order': nothing,
  'combat-result': nothing,
  'break-test': nothing,
  fled(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.fleeing = true
    unit.changedAt = seq
  },
  'restraint-test': nothing,
  pursued: nothing,
  caught(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.models = 0
    unit.woundsOnNextModel = 0
    unit.changedAt = seq
  },
  escaped: nothing,
  // Durations that end with the round are expired by the driver when it sees this outcome.
  'round-ended': nothing,
  'combat-ended'(game, values) {
    const combat = game.combats[values.combat]
    if (combat) combat.ended = true
  },
  'effect-started'(game, values) {
    game.effects.push(values.effect)
  },
  'effect-ended'(game, values) {
    game.effects = game.effects.filter((effect) => effect.id !== values.effect)
  },
  regenerated(game, values, seq) {
    const unit = unitIn(game, values.unit, seq)
    unit.models = values.modelsLeft
    unit.woundsOnNextModel = values.woundsOnNextModel
    unit.changedAt = seq
  },
  'pursuit-forced': nothing,
  'item-used'(game, values, seq) {
    game.itemsUsed = [...(game.itemsUsed ?? []), { ...values, seq }]
  },
} satisfies { [K in OutcomeKind]: Evolver<K> }

/** Applies one outcome to the state, in place (the fold's accumulator). */
export function evolve(game: GameState, outcome: Outcome): void {
  ;(evolvers[outcome.kind] as Evolver<OutcomeKind>)(game, outcome.values, outcome.seq)
}
