import type { RuleRef } from '../explain/explanation.js'
import type { ParamValue } from './catalogue.js'
import type { Characteristic, CombatState, UnitState } from './types.js'

/**
 * The timing points rules hook into (DESIGN §3). Procedures ask a point for the modifiers that
 * apply to a query; they never test a unit's gear or rules themselves. Closed on purpose: a new
 * point is a new question the procedures must ask.
 */
export const timingPoints = [
  'profile',
  'attacks',
  'strike-order',
  'to-hit',
  're-roll',
  'to-wound',
  'natural-6',
  'armour-save',
  'ward-save',
  'combat-result',
  'break-test',
  'leadership',
  'permission',
  'psychology',
  'overkill',
  'ranged-protection',
] as const
export type TimingPoint = (typeof timingPoints)[number]

export type Facing = 'front' | 'flank' | 'rear'
export type RollPurpose = 'to-hit' | 'to-wound' | 'armour-save' | 'ward-save'
export type LeadershipTest = 'break' | 'restraint'

/**
 * What a unit may be barred from doing (a failed Stupidity test, Dominion's hex, Terror on a
 * would-be charger); `stand-and-shoot-close`: standing and shooting at a charger within half its
 * charge distance.
 */
export type UnitAction = 'charge' | 'march' | 'move' | 'shoot' | 'cast' | 'stand-and-shoot-close' | 'pursue' | 'rally'
/** The psychology a unit may be subject to, or immune from. */
export type PsychologyTest = 'fear' | 'terror' | 'panic' | 'stupidity'

/** Where a unit stands in a combat at the moment of a query. */
export interface CombatMoment {
  readonly combat: string
  readonly round: number
  /** The unit charged into this combat. */
  readonly charged: boolean
  /** It charged and this is the combat's first round. */
  readonly charging: boolean
  /** The enemy's facing it fights against. */
  readonly facing: Facing
}

/** One side of a combat, as the combat result counts it. */
export interface SideTally {
  readonly player: string
  readonly units: readonly UnitState[]
  /** Unsaved wounds the side caused this round. */
  readonly woundsCaused: number
  /** Each unit's facing against the enemy, by unit id. */
  readonly facings: Readonly<Record<string, Facing>>
  /** The enemy unit each of the side's units fights, by unit id. */
  readonly targets: Readonly<Record<string, string>>
  /** Ranks of five or more models (the front rank included) each unit counts, by unit id. */
  readonly ranks: Readonly<Record<string, number>>
  /** The side fights from higher ground this round, as the players said. */
  readonly highGround: boolean
}

/** The question each point answers, with the units in it: `subject` owns the number. */
export interface PointQueries {
  profile: {
    readonly subject: UnitState
    readonly opponent: UnitState | null
    readonly characteristic: Characteristic
    readonly combat: CombatMoment | null
  }
  attacks: {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly fighting: number
    readonly supporting: number
  }
  'strike-order': {
    readonly subject: UnitState
    readonly opponent: readonly UnitState[]
    readonly combat: CombatMoment
  }
  'to-hit': { readonly subject: UnitState; readonly opponent: UnitState; readonly combat: CombatMoment | null }
  're-roll': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly roll: RollPurpose
  }
  'to-wound': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly strength: number
  }
  'natural-6': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly roll: RollPurpose
  }
  /** `subject` saves; `opponent` struck the wound. */
  'armour-save': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly strength: number
  }
  'ward-save': { readonly subject: UnitState; readonly opponent: UnitState; readonly combat: CombatMoment | null }
  'combat-result': {
    readonly subject: readonly UnitState[]
    readonly opponent: readonly UnitState[]
    readonly combat: CombatState
    readonly side: SideTally
    readonly enemy: SideTally
    /** `score`: the side's bonuses; `tie`: asked again when the totals are level. */
    readonly stage: 'score' | 'tie'
  }
  'break-test': {
    readonly subject: UnitState
    readonly opponent: readonly UnitState[]
    readonly combat: CombatState
    /** By how much the subject's side lost. */
    readonly difference: number
    /** Ranks of five or more the subject has, and the most any enemy unit in the combat has. */
    readonly ranks: number
    readonly enemyRanks: number
  }
  leadership: { readonly subject: UnitState; readonly opponent: readonly UnitState[]; readonly test: LeadershipTest }
  /**
   * May `subject` do `action` now? An applied `set` record with value `forbidden` bars it (its label
   * says why); `allowed` lifts a bar the core rules make (Handbows may always stand and shoot).
   */
  permission: { readonly subject: UnitState; readonly opponent: UnitState | null; readonly action: UnitAction }
  /**
   * Is `subject` affected by this psychology from `opponent`? An applied `set` record `immune`
   * spares it (Fear causers ignore Fear), `auto-pass` passes the test without a roll.
   */
  psychology: { readonly subject: UnitState; readonly opponent: readonly UnitState[]; readonly test: PsychologyTest }
  /**
   * How much a strike in a challenge scores for combat result: `subject` struck `opponent` (each the model's
   * own view), causing `woundsCaused` unsaved wounds against the `woundsLeft` it had; `slain`: it fell.
   */
  overkill: {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment
    readonly woundsCaused: number
    readonly woundsLeft: number
    readonly slain: boolean
  }
  /**
   * May ranged attacks at `unit` pick out `subject` (its champion's or a character's own view)? An applied
   * `set` record `protected` says it cannot be picked out; `exposed` that it can (its label says why).
   */
  'ranged-protection': { readonly subject: UnitState; readonly unit: UnitState; readonly opponent: UnitState | null }
}
export type QueryOf<P extends TimingPoint> = PointQueries[P]

export type ModifierKind = 'add' | 'set' | 'reroll' | 'cap'

/**
 * A labelled modifier record (pf2e-style): what a rule contributes to one number, whether it
 * counted, and why not when it did not.
 */
export interface ModifierRecord {
  readonly source: RuleRef
  readonly label: string
  readonly kind: ModifierKind
  readonly value: number | string
  readonly status: 'applied' | 'ignored'
  readonly reason?: string
}

/** What an effect knows about the holder of its entry. */
export interface Held {
  /** The unit holding the entry (its rules, gear or an active effect). */
  readonly unit: UnitState
  /** The parameters the unit's list gives the rule ("Regeneration (5+)"), over the entry's own. */
  readonly params: Readonly<Record<string, ParamValue>>
  /** The value a variant decision takes in this game. */
  decision(id: string): string
}

/**
 * One effect of a catalogue entry at a timing point. `when` says whether it applies: `true`, or
 * the reason it is ignored (shown in the breakdown), or `null` when it has nothing to say about
 * this query at all (not shown).
 */
export interface EffectSpec<P extends TimingPoint, Clause extends string = string> {
  readonly at: P
  readonly clause: Clause
  readonly label: string
  readonly kind: ModifierKind
  /** Whose entry this must be: the query's subject (default) or its opponent. */
  readonly holder?: 'subject' | 'opponent'
  /** Core mechanics act for every unit; other entries only for the units that hold them. */
  readonly always?: boolean
  readonly when?: (query: QueryOf<P>, held: Held) => true | string | null
  readonly value: number | string | ((query: QueryOf<P>, held: Held) => number | string)
  /** A label that depends on the query ("Strength 5: -2"); `label` is the hashed summary. */
  readonly describe?: (query: QueryOf<P>, held: Held) => string
}

/** How long an active effect lasts (DESIGN §3: durations are data). */
export type Duration =
  | { readonly kind: 'this-round'; readonly combat: string }
  | { readonly kind: 'first-round'; readonly combat: string }
  | { readonly kind: 'end-of-turn' }
  | { readonly kind: 'casters-next-magic-phase'; readonly caster: string }
  | { readonly kind: 'one-use' }

/** An entry a unit holds for a while (a spell on it, a potion drunk, a failed test's penalty). */
export interface ActiveEffect {
  readonly id: string
  readonly entry: string
  readonly unit: string
  readonly params: Readonly<Record<string, ParamValue>>
  readonly duration: Duration
  /** Seq of the event that started it. */
  readonly startedAt: number
}

/** The units on each side of a query, for deciding who holds an entry. */
export function queryUnits<P extends TimingPoint>(
  query: QueryOf<P>,
  role: 'subject' | 'opponent',
): readonly UnitState[] {
  const units = (query as { subject: UnitState | readonly UnitState[]; opponent?: unknown })[role]
  if (units === null || units === undefined) return []
  return Array.isArray(units) ? units : [units as UnitState]
}
