import type { RuleRef } from '../explain/explanation.js'
import type { ParamValue } from './catalogue.js'
import type { Answer, Characteristic, CombatState, ProcedureContext, RequestSpec, UnitState } from './types.js'

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
  'movement',
  'deployment',
  'dispel-dice',
  'regeneration',
  'overkill',
  'ranged-protection',
  'magical-attack',
  'firing-ranks',
  'stomp',
  'attack-traits',
  'armour-piercing',
] as const
export type TimingPoint = (typeof timingPoints)[number]

export type Facing = 'front' | 'flank' | 'rear'
export type RollPurpose = 'to-hit' | 'to-wound' | 'armour-save' | 'ward-save'
export type LeadershipTest = 'break' | 'restraint' | 'fear' | 'terror' | 'panic' | 'stupidity' | 'rally' | 'march'
/** Leadership tests of charges and moves: a Terror test, the 8th-edition march test. */
export type MovementLeadershipTest = Extract<LeadershipTest, 'terror' | 'march'>
/** What an attack is, for saves that work against some attacks only (Shroud of Darkness: ranged attacks and spells). */
export type AttackKind = 'close-combat' | 'shooting' | 'spell'

/**
 * What a unit may be barred from doing (a failed Stupidity test, Dominion's hex, Terror on a
 * would-be charger); `stand-and-shoot-close`: standing and shooting at a charger within half its
 * charge distance.
 */
export type UnitAction =
  | 'charge'
  | 'march'
  | 'move'
  | 'shoot'
  | 'cast'
  | 'stand-and-shoot-close'
  | 'pursue'
  | 'rally'
  // What a character model lends its army or unit (No Leader bars all three).
  | 'lead-army'
  | 'lend-leadership'
  // A character other than the General lending his Ld to a unit inside his own Command range (Tree Spirit): `allowed`.
  | 'lend-leadership-in-command-range'
  | 'count-for-rally'
  // Choosing Flee as a charge reaction (Immune to Psychology bars it).
  | 'flee-reaction'
  // A character joining a unit at muster: `subject` the character's own view, `opponent` the unit (Tree Spirit).
  | 'join'
  // A Wizard's dispel (The Old World: Wizards in armour may neither cast nor dispel).
  | 'dispel'
  // A target's benefit from partial or full cover when shot at (The Old World: Large Targets get none).
  | 'benefit-from-cover'
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
  /** The close-combat weapon each unit of the combat fights with this round, by unit id (null: none). */
  readonly weapons?: Readonly<Record<string, string | null>>
  /**
   * A blow that is none of the model's own attacks with a weapon: its kind, which the entry whose step deals it owns
   * (a stomp, a falling model's); rules that change such blows read it from that entry. The engine gives it no meaning.
   */
  readonly special?: string
  /** Whole inches the unit moved before contact when it charged, as the table said (absent: not said). */
  readonly moved?: number
  /** Enemy units that charged this turn, by id, with the facing each charged into (absent when none did). */
  readonly chargers?: Readonly<Record<string, Facing>>
}

/** A ranged attack as the table declared it: what the shooting to-hit modifiers read. */
export interface ShotMoment {
  /** The declared weapon, with its catalogue params (the list's options over them). */
  readonly weapon: { readonly id: string; readonly name: string; readonly params: Readonly<Record<string, ParamValue>> }
  /** The range band as measured; null for a template, which has none. */
  readonly range: 'short' | 'long' | null
  readonly moved: boolean
  readonly marched: boolean
  readonly cover: 'none' | 'soft' | 'hard' | 'partial' | 'full'
  /** A Stand and Shoot charge response. */
  readonly standAndShoot: boolean
  /** The shooter took its weapon's Multiple Shots (X shots at a penalty). */
  readonly multipleShots: boolean
  /** A template's roll for the models it only partly covers. */
  readonly template: boolean
  /** The shooter stands on a hill, as the players say (classic and The Old World: one more rank fires). */
  readonly hill?: boolean
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
    /** The Attacks characteristic of each model, as modified (for rules that give a rank full attacks). */
    readonly attacksPerModel?: number
  }
  'strike-order': {
    readonly subject: UnitState
    readonly opponent: readonly UnitState[]
    readonly combat: CombatMoment
  }
  'to-hit': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    /** A ranged attack's declared facts (shooting, stand and shoot, templates); absent in close combat. */
    readonly shot?: ShotMoment
  }
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
    /** The attack is a Magical attack (the `magical-attack` point said so): a rule such as Ethereal reads it. */
    readonly magical?: boolean
  }
  /**
   * What a natural 6 does (`subject` rolled it against `opponent`): a `set` record `ignores-armour` allows no armour
   * save against that wound; an `add` record on a to-wound roll worsens that wound's armour save by its value
   * (Armour Bane: the weapon's Armour Piercing improves).
   */
  'natural-6': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly roll: RollPurpose
    /** The score the roll needed, modifiers included (above 6: a roll of 7+). */
    readonly need?: number
  }
  /** `subject` saves; `opponent` struck the wound. */
  'armour-save': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly strength: number
    /** What struck the wound, when the caller knows it (a spell is no ranged attack: seed 000 Sea Dragon Cloak). */
    readonly attack?: AttackKind
  }
  /** `attack`: what struck the wound; close combat when not said. */
  'ward-save': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly attack?: AttackKind
    /** The attack is a Magical attack (the `magical-attack` point said so): wards against magical attacks read it. */
    readonly magical?: boolean
  }
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
    /**
     * What is asked: the roll's `modifier` (when not said), or whether the unit may `skip` the test (Stubborn's
     * automatic Fall Back in Good Order: an applied `set` record `fall-back`).
     */
    readonly question?: 'modifier' | 'skip'
  }
  leadership: {
    readonly subject: UnitState
    readonly opponent: readonly UnitState[]
    readonly test: LeadershipTest | MovementLeadershipTest
  }
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
   * How `subject` moves (`move`): `march`, the multiple of M a march allows (2; a `set` changes it);
   * `flee` / `pursuit`, the M its dice count (a `cap` limits it); `march-block`, whether `subject` blocks the
   * march of `opponent` (1 blocks, 0 does not); `fly`, the inches it may fly (none without a record).
   */
  movement: { readonly subject: UnitState; readonly opponent: readonly UnitState[]; readonly move: MovementQuestion }
  /** May `subject` deploy this way (`scout`: after both armies)? An applied `set` record `allowed` says yes. */
  deployment: {
    readonly subject: UnitState
    readonly opponent: readonly UnitState[]
    readonly deployment: 'scout' | 'concealed'
  }
  /**
   * Extra dice for a dispel against a spell cast on `subject` by a Wizard in `opponent` (Magic
   * Resistance (X) in the 7th-edition convention): a value, the dice added.
   */
  'dispel-dice': { readonly subject: UnitState; readonly opponent: UnitState; readonly spell: string }
  /** The score `subject` regenerates a wound on (a `set` record); `opponent` caused the wounds, when one unit did. */
  regeneration: {
    readonly subject: UnitState
    readonly opponent: UnitState | null
    readonly combat: CombatMoment | null
  }
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
  /**
   * Is the attack `subject` makes on `opponent` a Magical attack (The Old World: Magical Attacks, spells, magic
   * items)? An applied `set` record `magical` says it is. `weapon`: the weapon it strikes with, when one is known.
   */
  'magical-attack': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly attack: AttackKind
    readonly weapon?: string | null
  }
  /**
   * How many ranks of `subject` may fire at `opponent` (classic: the front rank, one more on a hill, two in classic-8th,
   * every rank at a Large Target; The Old World: the front rank, one more on a hill or at a Large Target): a value.
   */
  'firing-ranks': { readonly subject: UnitState; readonly opponent: UnitState; readonly shot: ShotMoment }
  /**
   * How many Stomp Attacks `subject` makes on `opponent` once every other attack of the round is made: an applied
   * `set` record, its value the number each model in base contact makes (a number, or dice such as `D6`).
   */
  stomp: { readonly subject: UnitState; readonly opponent: UnitState; readonly combat: CombatMoment }
  /**
   * What the attacks `subject` makes on `opponent` are (Flaming): an applied `set` record for each, its value the
   * trait's name. Rules of the target ask it (Flammable loses Regeneration against a Flaming attack).
   */
  'attack-traits': {
    readonly subject: UnitState
    readonly opponent: UnitState | null
    readonly combat: CombatMoment | null
  }
  /**
   * How much the attack of `opponent` worsens the armour save of `subject` after its armour value is settled (caps
   * included): `add` records, each point of Armour Piercing +1 to the score needed.
   */
  'armour-piercing': {
    readonly subject: UnitState
    readonly opponent: UnitState
    readonly combat: CombatMoment | null
    readonly strength: number
    /** The kind of a special blow struck outside any combat, which no moment carries (a model shot down falling). */
    readonly special?: string
  }
}
export type MovementQuestion =
  | 'march'
  | 'flee'
  | 'pursuit'
  | 'march-block'
  | 'fly'
  // `terrain`: the Movement modifier difficult or dangerous terrain gives `subject` (a `set` replaces it);
  // `dangerous-terrain`: re-rolls of its Dangerous Terrain tests (`reroll` records).
  | 'terrain'
  | 'dangerous-terrain'
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
  /** The variant decisions the record rests on (classic/variants §…) and the value each took. */
  readonly decisions?: readonly { readonly rule: RuleRef; readonly value: string }[]
}

/** What an effect knows about the holder of its entry. */
export interface Held {
  /** The unit holding the entry (its rules, gear or an active effect). */
  readonly unit: UnitState
  /** The parameters the unit's list gives the rule ("Regeneration (5+)"), over the entry's own. */
  readonly params: Readonly<Record<string, ParamValue>>
  /** The unit holds the entry itself (a rule, gear, a command slot), not only through an active effect. */
  readonly owned: boolean
  /** The value a variant decision takes in this game. */
  decision(id: string): string
  /** Asks another timing point (Fear's break-test clause asks who causes Fear and who is immune). */
  modifiers<P extends TimingPoint>(at: P, query: QueryOf<P>): ModifierRecord[]
  /** Whether another unit holds an entry, as the engine counts holding (its list, an active effect, `grants`). */
  holds(unit: UnitState, id: string): boolean
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
  /** Acts only while the entry is an active effect on the unit (a potion drunk), not for carrying it. */
  readonly activeOnly?: boolean
  readonly when?: (query: QueryOf<P>, held: Held) => true | string | null
  readonly value: number | string | ((query: QueryOf<P>, held: Held) => number | string)
  /** A label that depends on the query ("Strength 5: -2"); `label` is the hashed summary. */
  readonly describe?: (query: QueryOf<P>, held: Held) => string
  /**
   * The entry also acts for a unit when a character who has joined it holds it (a character's
   * Magic Resistance covers its unit); otherwise a joined character's gear acts for him alone.
   */
  readonly joined?: boolean
  /**
   * The entry a unit holds (its gear, rules or command) also acts for the characters who joined it, through
   * their own views (the Hydra Banner's "all Dark Elves"); otherwise a unit's gear and rules act for its own
   * models alone.
   */
  readonly unitWide?: boolean
}

/** How long an active effect lasts (DESIGN §3: durations are data). */
export type Duration =
  | { readonly kind: 'this-round'; readonly combat: string }
  | { readonly kind: 'first-round'; readonly combat: string }
  | { readonly kind: 'end-of-turn' }
  | { readonly kind: 'casters-next-magic-phase'; readonly caster: string }
  | { readonly kind: 'one-use' }
  /** Through `player`'s next `phase` (Dominion: "in its next movement phase"), ending with it or with that player's turn. */
  | { readonly kind: 'next-phase-of'; readonly player: string; readonly phase: string }
  /** Until the phase is over (a failed Fear test: "for the following combat phase"). */
  | { readonly kind: 'end-of-phase' }
  /** Until `player`'s next turn starts, or, with `orEngaged`, until the unit is engaged in combat (Stupidity). */
  | { readonly kind: 'players-next-turn'; readonly player: string; readonly orEngaged: boolean }

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

/**
 * The trigger points (DESIGN §3): moments of a procedure ("a model strikes", "a model falls") at which catalogue
 * entries contribute steps, small generators that may ask for dice and choices, as they contribute modifier
 * records at the timing points. The procedures that ask a point say what it carries and what its steps give back,
 * by adding the point here (declaration merging, next to the procedure), so the engine names no ruleset's idea:
 * `{ 'model-strikes': { query: …; result: … } }`. Every query names the `subject` who must hold the entry.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the procedures that ask a trigger point add it (declaration merging).
export interface TriggerMoments {}
export type TriggerPoint = keyof TriggerMoments & string
export type TriggerQueryOf<T extends TriggerPoint> = TriggerMoments[T] extends { readonly query: infer Q } ? Q : never
export type TriggerResultOf<T extends TriggerPoint> = TriggerMoments[T] extends { readonly result: infer R } ? R : never

/** What every trigger says, whatever its point: where, which clause it carries out (its citation), its label. */
export interface TriggerHead {
  readonly on: string
  readonly clause: string
  readonly label: string
  /** Core mechanics act for every unit; other entries only for the units that hold them. */
  readonly always?: boolean
}

/** A step an entry contributes at a trigger point, for the units that hold it (the query's `subject`). */
export interface TriggerSpec<T extends TriggerPoint, Clause extends string = string> extends TriggerHead {
  readonly on: T
  readonly clause: Clause
  /** Whether the step acts for this query at all (a spell's step, for its own casting); always when absent. */
  readonly when?: (query: TriggerQueryOf<T>, held: Held) => boolean
  /** `source`: the clause it carries out (`<ruleset>/<entry> §<clause>`), for its explanations to cite. */
  readonly step: (
    ctx: ProcedureContext,
    query: TriggerQueryOf<T>,
    held: Held,
    source: RuleRef,
  ) => Generator<RequestSpec, TriggerResultOf<T>, Answer>
}
export type AnyTriggerSpec<Clause extends string = string> = {
  [T in TriggerPoint]: TriggerSpec<T, Clause>
}[TriggerPoint]

/** A step the catalogue contributes at a trigger point for one query: run it, in catalogue order. */
export interface TriggeredStep<T extends TriggerPoint> {
  readonly source: RuleRef
  readonly label: string
  run(): Generator<RequestSpec, TriggerResultOf<T>, Answer>
}
