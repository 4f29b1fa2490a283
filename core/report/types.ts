import type { AuditEntry } from '../audit/audit.js'
import type { Probability } from '../engine/odds.js'
import type { DiceRequestSpec, OpenRequest } from '../engine/types.js'
import type { RuleRef } from '../explain/explanation.js'

/**
 * The battle report (issue 19): everything a report says, built from one replay of the game's log (core/report/build.ts),
 * then written as Markdown or HTML (core/report/markdown.ts, html.ts). Pure data, deterministic: the same log gives
 * the same model and the same bytes, so `arbiter verify --report` can write the report again and compare.
 * Every figure carries the seqs of the events it comes from.
 */

/** The version of the report's shape; a report names it, so a later Arbiter can tell which it is reading. */
export const REPORT_VERSION = 1

export type ReportFormat = 'md' | 'html'
/** The languages a report is written in (its sentences and headings). */
export const REPORT_LANGS = ['en'] as const
export type ReportLang = (typeof REPORT_LANGS)[number]

/** A number with the events it comes from. */
export interface Figure {
  readonly value: number
  readonly seqs: readonly number[]
}

/** A sentence of the report with the events it tells of (and the rules it cites, where it rests on one). */
export interface Sentence {
  readonly text: string
  readonly seqs: readonly number[]
  readonly rules?: readonly RuleRef[]
}

export interface ReportPlayer {
  readonly id: string
  readonly name: string
}

/** One unit or character of an army, as mustered and as it ended. */
export interface ArmyEntry {
  readonly id: string
  readonly name: string
  readonly kind: 'unit' | 'character'
  /** Models it was mustered with, and left at the end (or at the head of a game still going on). */
  readonly startingModels: number
  readonly modelsLeft: number
  /** Its points where the list gave them; null where it did not. */
  readonly points: number | null
  /** The unit a character was mustered in (null: on its own, or a unit). */
  readonly joinedTo: string | null
  /** How it ended, in words: "fought on", "destroyed (seq 88)", "fled the table"... */
  readonly fate: string
  readonly seqs: readonly number[]
}

export interface ArmyReport {
  readonly player: string
  /** The ArmyMustered event. */
  readonly seq: number
  readonly units: readonly ArmyEntry[]
  /** The sum of the points the list gave (units without points count 0, and are named in `unpriced`). */
  readonly points: number
  readonly unpriced: readonly string[]
}

/** One line of the victory points: what a unit gave a player, and why. */
export interface ScoreLine {
  /** The player who scores it. */
  readonly player: string
  readonly unit: string
  readonly vp: number
  /** How it was scored, in words, with the rules it cites (core/engine/victory.ts's explanation). */
  readonly why: Sentence
}

export interface ReportResult {
  /** The game ended (GameEnded); false for a report of a game still going on (then the figures are "so far"). */
  readonly ended: boolean
  readonly reason: 'last-turn' | 'concession' | null
  readonly conceded: string | null
  readonly winner: string | null
  readonly margin: number
  /** The ruleset's name for the result (`draw`, `solid-victory`, `crushing-victory`...); null while it goes on. */
  readonly band: string | null
  readonly vp: Readonly<Record<string, Figure>>
  readonly lines: readonly ScoreLine[]
  /** The result in one sentence: "Druchii win a solid victory, 650 VP to 325". */
  readonly summary: Sentence
}

/** One player turn of the game: what happened in it, told in order. */
export interface TurnReport {
  readonly turn: number
  readonly player: string
  /** The TurnStarted event, and the last event of the player turn. */
  readonly fromSeq: number
  readonly toSeq: number
  /** Phase by phase ("Shooting"), the story's sentences in the order they happened. */
  readonly phases: readonly { readonly phase: string; readonly story: readonly Sentence[] }[]
  /** Models (wounds for single models counted as models lost) each player lost in this player turn. */
  readonly casualties: Readonly<Record<string, Figure>>
  /** Each player's victory points at the end of this player turn, were the game to end then. */
  readonly vpAfter: Readonly<Record<string, number>>
}

export type KeyMomentKind =
  | 'largest-combat-result'
  | 'unit-destroyed'
  | 'general'
  | 'standard-captured'
  | 'luckiest-roll'
  | 'unluckiest-roll'

export interface KeyMoment {
  readonly kind: KeyMomentKind
  readonly turn: number
  readonly sentence: Sentence
  /** For a roll: the chance of doing at least that well (luckiest) or at most that badly (unluckiest). */
  readonly chance?: Probability
}

/** The kinds of roll luck is counted by. */
export const ROLL_KINDS = ['to-hit', 'to-wound', 'save', 'leadership', 'charge', 'casting', 'dispel', 'other'] as const
export type RollKind = (typeof ROLL_KINDS)[number]

/**
 * One dice request the engine asked for and the table answered, as the report's fold saw it: the request (with
 * the odds the screen showed before the roll, `request.odds`), the dice that answered it, and the dice of its
 * re-roll or second die where the engine asked for them (their requests are not counted again on their own).
 */
export interface RolledRequest {
  readonly request: OpenRequest & DiceRequestSpec
  /** The DiceRolled that answered it. */
  readonly seq: number
  readonly faces: readonly number[]
  /** Follow-up dice that belong to this roll (a re-roll of failed dice, a 7+'s second die), in order. */
  readonly followUps: readonly { readonly purpose: string; readonly seq: number; readonly faces: readonly number[] }[]
  /** The game turn and player turn it was rolled in. */
  readonly turn: number
  readonly activePlayer: string | null
}

/**
 * Luck over a set of trials: each die that succeeds or fails (to hit, to wound, saves), each test passed or failed
 * (Leadership, a charge's range), each as likely as the engine's odds said before the roll.
 */
export interface LuckTally {
  readonly trials: number
  /** Expected successes (the sum of each trial's chance). */
  readonly expected: number
  readonly actual: number
  /** `actual` above `expected`: luckier than expected; below: unluckier; equal: as expected. */
  readonly direction: 'luckier' | 'unluckier' | 'as-expected'
  /**
   * The exact chance of doing at least that well (luckier or as expected) or at most that badly (unluckier):
   * P(X >= actual) or P(X <= actual) for X the number of successes, each trial independent with its own chance.
   */
  readonly chance: Probability
  /**
   * Absent: `chance` is exact (`chance.exact` a fraction in lowest terms). false: too many trials for exact sums (a
   * whole game's dice), so `chance.value` was summed in floating point (relative error under 1e-9 for any chance
   * above 1e-280) and `chance.exact` gives it rounded, as "≈0.0123457".
   */
  readonly exact?: false
}

/** One roll's luck: how it came out against its odds. */
export interface RollLuck {
  readonly seq: number
  readonly requestId: string
  readonly roller: string
  readonly kind: RollKind
  readonly turn: number
  /** What was rolled, in words ("8 dice to hit, 4+, re-roll failed"). */
  readonly text: string
  readonly tally: LuckTally
  /** The seqs of its dice (the answer, and any re-roll or second die). */
  readonly seqs: readonly number[]
}

export interface PlayerLuck {
  readonly player: string
  /** Every roll the player made that is judged success or failure. */
  readonly overall: LuckTally
  readonly byKind: readonly { readonly kind: RollKind; readonly tally: LuckTally }[]
  readonly byTurn: readonly { readonly turn: number; readonly tally: LuckTally }[]
}

export interface LuckReport {
  readonly players: readonly PlayerLuck[]
  /** The single roll least likely to do as well as it did, and the one least likely to do as badly. */
  readonly luckiest: RollLuck | null
  readonly unluckiest: RollLuck | null
  /** Rolls not counted (a total that is only a count, such as flee distances), how many, for honesty. */
  readonly uncounted: number
}

/** What the appendix lists: the audit's entries (claims, rulings, corrections), with their seqs. */
export interface ReportAppendix {
  readonly rulings: readonly AuditEntry[]
  readonly corrections: readonly AuditEntry[]
  readonly claims: readonly AuditEntry[]
}

/** The log the report tells of: its head and signatures, so a reader holding the exported log can check it. */
export interface ReportLog {
  readonly gameId: string
  readonly headSeq: number
  readonly headHash: string
  /** Each player's newest signature, checked by the api before the report was built. */
  readonly signatures: readonly {
    readonly player: string
    readonly seq: number
    readonly head: string
    readonly turn: number
    readonly end: 'turn' | 'game'
  }[]
  /** The signatures in one sentence ("signed by both through seq 195 (turn 6, the end of the game)..."). */
  readonly signed: string
}

export interface ReportModel {
  readonly version: typeof REPORT_VERSION
  readonly lang: ReportLang
  readonly title: string
  readonly ruleset: { readonly id: string; readonly name: string; readonly variant: string }
  readonly players: readonly ReportPlayer[]
  /** Game turns agreed, and played (the last game turn started). */
  readonly turnsAgreed: number
  readonly turnsPlayed: number
  readonly log: ReportLog
  readonly armies: readonly ArmyReport[]
  readonly result: ReportResult
  readonly turns: readonly TurnReport[]
  readonly keyMoments: readonly KeyMoment[]
  readonly luck: LuckReport
  readonly appendix: ReportAppendix
}
