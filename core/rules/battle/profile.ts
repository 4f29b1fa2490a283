import type { DecisionIndexOf, EntryDefinition, TableDecision } from '../../engine/catalogue.js'
import type { SideTally } from '../../engine/effects.js'
import type { BaseValue } from '../../engine/modifiers.js'
import type { Answer, CombatState, RequestSpec, UnitState } from '../../engine/types.js'
import type { Explanation, RuleRef } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import type { General } from './leadership.js'
import type { CloseCombatWeapons } from './weapons.js'

/** How a losing unit's break test ends: it holds (pass/fail tests), gives ground, falls back in good order, breaks. */
export type BreakVerdict = 'hold' | 'give-ground' | 'fall-back' | 'break'

/** What a break test is asked about: the losing unit, both sides as the combat result counted them, the margin. */
export interface BreakQuestion {
  readonly unit: UnitState
  readonly winners: SideTally
  readonly losers: SideTally
  readonly combat: CombatState
  /** By how much the unit's side lost. */
  readonly difference: number
  /** The combat result's explanation, which the test's explanation points back to. */
  readonly resultWhy: Explanation
}

/**
 * A value of a profile with the rule it rests on: a variant switch or a ruling of the ruleset's table of variants, or
 * the clause of a catalogue entry that says it.
 */
export interface Cited<Value> {
  readonly value: Value
  readonly rule: RuleRef
}

/**
 * The value a decision of a ruleset's table of variants takes in one variant, with its citation
 * (`<ruleset>/variants §<id>`): how a profile reads its table, once, as it is made.
 */
export function citedDecision<const Decisions extends readonly TableDecision[], Id extends Decisions[number]['id']>(
  ruleset: string,
  decisions: Decisions,
  variant: string,
  id: Id,
): Cited<Extract<DecisionIndexOf<Decisions>[Id], string>> {
  const value = decisions.find((decision) => decision.id === id)?.values[variant]
  if (value === undefined) throw new Error(`ruleset ${ruleset} has no decision ${id} for variant ${variant}`)
  return {
    value: value as Extract<DecisionIndexOf<Decisions>[Id], string>,
    rule: Object.freeze({ ruleset, id: 'variants', clause: id }),
  }
}

/** The profile's members that a ruleset's table of variants gives as they are, each by the decision it reads. */
const TABLE_MEMBERS = {
  chargeRange: 'charge-range',
  closeCombatWeapon: 'close-combat-weapon',
  excessWounds: 'excess-wounds',
  failedCharge: 'failed-charge',
  fleeDice: 'flee-dice',
  marchBlocking: 'march-blocking',
  rallyBelowQuarter: 'rally-below-quarter',
  rankCount: 'rank-count',
  standAndShootRange: 'stand-and-shoot-range',
  templatePartial: 'template-partial',
  terrorChargeRange: 'terror-charge-range',
} as const
type TableMember = keyof typeof TABLE_MEMBERS

/**
 * Those members as one ruleset's table gives them: a table that lacks one of the decisions gives a member that is no
 * `Cited` value, so a profile made from it does not compile.
 */
export type TableMembers<Decisions extends readonly TableDecision[]> = {
  readonly [M in TableMember]: (typeof TABLE_MEMBERS)[M] extends keyof DecisionIndexOf<Decisions>
    ? Cited<Extract<DecisionIndexOf<Decisions>[(typeof TABLE_MEMBERS)[M]], string>>
    : { readonly missingDecision: (typeof TABLE_MEMBERS)[M] }
}

/** The members of a profile that a ruleset's table of variants gives as they are, in one of its variants, cited. */
export function tableMembers<const Decisions extends readonly TableDecision[]>(
  ruleset: string,
  decisions: Decisions,
  variant: string,
): TableMembers<Decisions> {
  const table: readonly TableDecision[] = decisions
  const members = Object.entries(TABLE_MEMBERS).map(([member, id]) => [
    member,
    citedDecision(ruleset, table, variant, id),
  ])
  return Object.fromEntries(members) as TableMembers<Decisions>
}

/** A kind of cover a shot may declare, besides none. */
export type Cover = 'soft' | 'hard' | 'partial' | 'full'

/** The profile's cover members from the clause each kind of cover rests on: the kinds, in order, and their citations. */
export function coverKinds(
  rules: Readonly<Partial<Record<Cover, RuleRef>>>,
): Pick<RulesetProfile, 'cover' | 'coverRules'> {
  return { cover: Object.keys(rules) as Cover[], coverRules: rules }
}

/**
 * One typed profile per ruleset and variant (boardgame.io's game object): every way the rulesets and their variants
 * differ inside the procedures they share (core-mechanics C). Each ruleset hands one for each of its variants as
 * `Ruleset.profiles`, and the shared procedures read the game's as `ctx.profile`, never a decision by its id. A
 * difference that a catalogue entry can carry (a save modifier, a combat-result bonus) is an entry instead; a
 * variant switch the profile reads changes a core mechanic without touching any entry's clause.
 */
export interface RulesetProfile {
  /** How far a charge may reach (`variants §charge-range`). */
  readonly chargeRange: Cited<'twice-move' | 'move-plus-2d6' | 'move-plus-higher-die'>
  /** Whether a model fights with its special weapon or chooses its weapon each round (`variants §close-combat-weapon`). */
  readonly closeCombatWeapon: Cited<'special-weapon' | 'chosen-each-round'>
  /** Whether wounds beyond a model's last count for the combat result (`variants §excess-wounds`). */
  readonly excessWounds: Cited<'not-counted'>
  /** How far a failed charger moves (`variants §failed-charge`). */
  readonly failedCharge: Cited<'normal-move' | 'higher-die'>
  /** How many dice a unit flees and pursues with (`variants §flee-dice`). */
  readonly fleeDice: Cited<'three-if-m-over-6' | 'two'>
  /** What keeps a unit from marching (`variants §march-blocking`). */
  readonly marchBlocking: Cited<'unit-strength-5-blocks' | 'leadership-test'>
  /** Whether a unit below a quarter of its models may rally (`variants §rally-below-quarter`). */
  readonly rallyBelowQuarter: Cited<'not-below-25-percent' | 'double-one-at-25-percent' | 'double-one-below-25-percent'>
  /** When ranks are counted for the rank bonus (`variants §rank-count`). */
  readonly rankCount: Cited<'round-start' | 'combat-result'>
  /** How far a Stand and Shoot reaction reaches (`variants §stand-and-shoot-range`). */
  readonly standAndShootRange: Cited<'half-charge-move' | 'own-move'>
  /** Which models partly under a template are hit (`variants §template-partial`). */
  readonly templatePartial: Cited<'four-plus'>
  /** When a charge test against a Terror causer is taken (`variants §terror-charge-range`). */
  readonly terrorChargeRange: Cited<'within-charge-range' | 'on-declaration'>
  /** The close-combat to-hit chart's cell, WS against WS, as the base of the to-hit modifiers. */
  toHitChart(ctx: BattleContext, ws: number, targetWs: number): BaseValue
  /** The to-wound chart's cell, S against T; its value is null where the chart says it cannot wound. */
  toWoundChart(ctx: BattleContext, strength: number, toughness: number): BaseValue
  /**
   * When a close-combat Regeneration roll is made: at the round's end, the wounds it restores not
   * counted for the combat result (classic); or right after each wound is lost, still counted (The Old World).
   */
  readonly regeneration: Cited<'round-end-not-counted' | 'on-wound-counted'>
  /**
   * The maximum possible charge range (M + 6 in The Old World): a charge declared on a target
   * farther away is refused. Null where the ruleset sets none (classic: a long charge simply fails).
   */
  maxChargeRange(ctx: BattleContext, charger: UnitState, m: number): BaseValue | null
  /**
   * Natural doubles in a Leadership test outside break tests: none (classic: double 1 only on a
   * break test); or double 1 passes and double 6 fails in every test (The Old World, B.1).
   */
  readonly leadershipDoubles: { readonly double1: RuleRef; readonly double6: RuleRef } | null
  /**
   * The Movement modifier of difficult or dangerous terrain for a move through it, as a base the
   * `movement` point's `terrain` records may replace (-1, to a minimum of 1, in The Old World). Null:
   * the ruleset has no terrain rules (classic), and a move that names terrain is refused.
   */
  terrainMovement(ctx: BattleContext, unit: UnitState, terrain: 'difficult' | 'dangerous'): BaseValue | null
  /**
   * A losing unit's break test: classic's passes or fails (hold / break); The Old World's gives ground, falls
   * back in good order or breaks.
   */
  breakTest(ctx: BattleContext, question: BreakQuestion): Generator<RequestSpec, BreakVerdict, Answer>
  /** Where the General must stand to lend his Leadership to `unit`, as the table is asked it (Inspiring Presence). */
  commandRange(ctx: BattleContext, general: General, unit: UnitState): string
  /** The ruling a pursuit's catch rests on, where the ruleset's table decides it (null: the entry says it all). */
  pursuitContact(ctx: BattleContext): Explanation | null
  /** The ruleset's own catalogue entry with this id (the missile weapon a shot names), or undefined. */
  entry(id: string): EntryDefinition | undefined
  /** The ruleset's close-combat weapons: which one a unit fights with. */
  readonly weapons: CloseCombatWeapons
  /**
   * The kinds of cover a shot may declare: classic soft and hard, The Old World partial and full ('none' always). A
   * list (`coverRules` cites each kind) because `Ruleset.mechanics.cover` has always been one.
   */
  readonly cover: readonly Cover[]
  /** The clause each kind of cover rests on (the to-hit chart's penalty for it). */
  readonly coverRules: Readonly<Partial<Record<Cover, RuleRef>>>
  /** Where the rulesets' Panic tests differ (classic A.7; The Old World B.7): the shared procedure is panic.ts. */
  readonly panic: PanicMechanics
  /**
   * What a rallied unit may not do until the turn ends: nothing (classic), or charge (The Old World, B.2: the
   * shared rally test starts its `rally` entry on the unit until the end of the turn, whose effect bars it).
   */
  readonly ralliedBar: RuleRef | null
  /**
   * A Stand and Shoot reaction at a charger beyond its weapon's maximum range: refused (classic), or fired at long
   * range (The Old World, B.2: "may fire beyond max range"; old-world/shooting §beyond-range).
   */
  readonly standAndShootBeyondRange: RuleRef | null
  /** The Unit Strength of what is left of a unit, as the ruleset's Unit Strength entry counts it. */
  unitStrength(unit: UnitState): number
  /** Who strikes first at equal Initiative: both at once, or (7th) the last round's winner, else a roll-off. */
  readonly initiativeTies: Cited<'simultaneous' | 'last-winner-else-roll-off'>
  /** The ruling by which a to-wound score of 7 to 9 is rolled as a 6 and then a second die (classic), or null: none. */
  readonly toWoundSevenPlus: RuleRef | null
  /** How many models a rank of the unit needs to count as a rank (and the unit to be wide enough), with its rule. */
  rankWidth(unit: UnitState): Cited<number>
  /**
   * The clauses that keep a hidden model off the table (classic's Concealed and its variant ruling), or null where
   * the ruleset hides no model (no character is ever marked concealed there).
   */
  readonly hiddenModels: HiddenModelRules | null
  /** The clauses of a Breath Weapon (classic), or null where the ruleset has none. */
  readonly breathWeapons: BreathWeaponRules | null
  /** The clause that limits the ranks that shoot (classic/shooting, old-world/shooting §firing-ranks), or null: none. */
  readonly firingRanks: RuleRef | null
  /** Where riders and mounts differ (rules/battle/mounts.ts). */
  readonly mounts: {
    /** The rider's special rules are its mount's too (The Old World); null: a mount has its own only. */
    readonly sharedRules: RuleRef | null
    /** A ridden monster's wounds are its own and attacks may be directed at it (classic); null: all at the rider. */
    readonly monsterApart: RuleRef | null
    /** A ridden monster's rider saves with the better armour value of the two (The Old World); null: its own. */
    readonly betterArmour: RuleRef | null
    /**
     * Shooting hits on a ridden monster are shared by a D6 each, the rider hit on `value` or more, the monster below
     * (classic); null: every hit is the rider's.
     */
    readonly shotsShared: { readonly value: number; readonly rule: RuleRef } | null
    /**
     * A ridden monster whose rider is slain takes a Monster Reaction test on its own Ld (`rule`), whose table of
     * results is played at the table (`table`: the ruling that says so); null: no such test (The Old World).
     */
    readonly monsterReaction: { readonly rule: RuleRef; readonly table: RuleRef } | null
  }
  /**
   * The clause by which a standard is a trophy, claimed only from a unit run down or destroyed in combat and never
   * reclaimed (old-world/standard §captured), or null: a unit that breaks loses its standard, which is captured by a
   * pursuer, removed when none pursues, and recaptured from its holder (classic/standard).
   */
  readonly standardTrophies: RuleRef | null
  /**
   * The clause by which a unit's champion lends it its higher Leadership, as any model of the unit does (The Old
   * World: the highest Ld among its models, old-world/unit-leadership §champion), or null: the unit's own stat line.
   */
  readonly championLeadership: RuleRef | null
  /** The clauses of a graded break test's other ends, or null where a break test is passed or failed (classic). */
  readonly gradedBreak: GradedBreakRules | null
  /**
   * The ruling by which wiping out its foes restrains a unit that does not overrun, free to reform (classic, 8e
   * wipe-out); null: staying is an attempt to restrain, a Restraint test that overruns when failed (The Old World).
   */
  readonly wipeOutRestrains: RuleRef | null
  /** The clauses of the terrain rules, or null where the ruleset has none (classic). */
  readonly terrain: TerrainRules | null
  /** The clauses a flying move rests on (classic's Flying Model and its variant ruling), or null: no Fly rule. */
  readonly flyingMoves: FlyingMoveRules | null
}

/** The clauses of a graded break test's other ends (The Old World: Give Ground, Fall Back in Good Order, Follow Up). */
export interface GradedBreakRules {
  readonly giveGround: RuleRef
  readonly fallBack: RuleRef
  readonly followUp: RuleRef
  /** A pursuer that reaches a unit fallen back in good order. */
  readonly contact: RuleRef
  /** The combat ends with the sides apart. */
  readonly apart: RuleRef
  readonly combatApart: RuleRef
}

/** The clauses of difficult and dangerous terrain (The Old World). */
export interface TerrainRules {
  readonly difficult: RuleRef
  readonly dangerous: RuleRef
  readonly dangerousTest: RuleRef
  readonly charge: RuleRef
}

export interface HiddenModelRules {
  /** A hidden model is not on the table. */
  readonly hidden: RuleRef
  /** No attack, shot or spell can harm it. */
  readonly unharmed: RuleRef
  /** The ruling that a hidden character lends no Leadership. */
  readonly lendsNoLeadership: RuleRef
}

export interface BreathWeaponRules {
  readonly rangedAttack: RuleRef
  readonly template: RuleRef
  readonly lineOfSight: RuleRef
  readonly hits: RuleRef
}

export interface FlyingMoveRules {
  readonly flies: RuleRef
  readonly distance: RuleRef
}

/** The Panic rules a ruleset sets for the shared Panic procedure (battle/panic.ts). */
export interface PanicMechanics {
  /** Heavy casualties: 25% or more of the models held at the phase's start (classic), or more than 25% (The Old World). */
  readonly heavyCasualties: Cited<'quarter-or-more' | 'more-than-quarter'>
  /** Phases whose losses never cause a heavy-casualties test (The Old World: the Combat phase). */
  readonly heavyCasualtiesExcept: Cited<readonly string[]>
  /** When the heavy-casualties test is taken: as the next phase starts (7th), or once the attack is resolved. */
  readonly heavyCasualtiesWhen: Cited<'next-phase-start' | 'after-the-attack'>
  /** The clause by which a unit that declared a charge this turn takes no Panic test (The Old World, B.2 and B.7), or null. */
  readonly chargersExempt: RuleRef | null
  /** The clause by which the General may pass his unit's first Panic test of the game automatically (classic's General
   * §auto-pass), or null: the ruleset's General has none. */
  readonly generalAutoPass: RuleRef | null
  /** The clause by which a friend that fell back in good order causes Panic as one that broke or fled does (The Old
   * World), or null: it causes none. */
  readonly fallBackCounts: RuleRef | null
  /** The clause by which a failed test may end in a fall back in good order (`failed`), or null: it never does. */
  readonly fallBack: RuleRef | null
  /**
   * Whether a friend destroyed or breaking near the unit is big enough to cause Panic (The Old World: Unit
   * Strength 5 or more at the phase's start): null, any friend is (classic); else the ruling, refused or not.
   */
  friendCounts(ctx: BattleContext, friend: UnitState): { readonly counts: boolean; readonly why: Explanation } | null
  /**
   * A failed Panic test's end: the unit flees (classic); or it falls back in good order while more than half
   * its starting models remain and flees otherwise (The Old World). The ruling, with what it rests on.
   */
  failed(ctx: BattleContext, unit: UnitState): { readonly end: 'flee' | 'fall-back'; readonly why: Explanation | null }
}
