import type { AuditReport } from '../audit/audit.js'
import type { WhatIfEdit, WhatIfResult } from '../audit/what-if.js'
import type { CatalogueEntry } from '../engine/catalogue.js'
import type { ParamKind } from '../engine/params.js'
import type { GameState, OpenRequest, Outcome, TroopTemplate } from '../engine/types.js'
import type { TroopType, UnitDefinitionInput } from '../events/event-types.js'
import type { Explanation } from '../explain/explanation.js'
import type { ImportedList } from '../lists/types.js'
import type { GameSummary } from '../store/event-store.js'
import type { ExportedList } from './lists.js'
import type { ReportOptions, ReportText } from './report.js'
import type { SignatureSummary, SigningView } from './signatures.js'

export type { AuditEntry, AuditReport, CitedRule } from '../audit/audit.js'
export type { ComparedStep, StepDifference, UnitDifference, WhatIfEdit, WhatIfResult } from '../audit/what-if.js'
/** The data the contract carries, for a client (the renderer) to name without reaching into the engine. */
export type { ParamValue } from '../engine/catalogue.js'
export type {
  ChoiceRequestSpec,
  CombatState,
  DiceRequestSpec,
  GameState,
  OpenRequest,
  Outcome,
  TroopTemplate,
  UnitState,
} from '../engine/types.js'
export type { ErrorData, ErrorField } from '../events/errors.js'
export type { Profile, TroopType, UnitDefinitionInput } from '../events/event-types.js'
export type { Explanation, RuleRef } from '../explain/explanation.js'
export type { ImportedList, ImportNeed, ImportRow, ImportStatus, ListFormat, ProfileSource } from '../lists/types.js'
export type { ExportedList } from './lists.js'
export type { ReportOptions, ReportText } from './report.js'
export type { GameSummary, ParamKind, SignatureSummary, SigningView }

/**
 * The one contract every host implements: `LocalGameApi` in-process (the CLI, tests), the
 * Electron IPC bridge and the web host over their transports. Plain data in and out, no store and
 * no callbacks, async everywhere; a refusal rejects with an ArbiterError, which crosses a transport
 * as `ErrorData` (`toErrorData`).
 */
export interface GameApi {
  /** Every game in the library, each checked against its hashed events; archived ones too, marked so. */
  listGames(): Promise<GameListing[]>
  /**
   * Archives a game (`archived` true: the library hides it, never deletes it) or restores it (false).
   * Library metadata, not a game event: the game's events and its export are untouched.
   */
  archiveGame(gameId: string, archived: boolean): Promise<void>
  /**
   * The library's sample game (the one `arbiter demo` records): recorded the first time it is asked
   * for (`created`), the same game every time after, restored to the list if it was archived.
   */
  sampleGame(): Promise<{ gameId: string; created: boolean }>
  createGame(input: NewGame): Promise<{ gameId: string; step: StepView }>
  /**
   * Appends one event after validating it and stepping it through the engine. `expectedVersion`
   * is the seq the writer last saw (default: the head); a stale one is a `store/conflict`.
   */
  append(gameId: string, draft: EventDraft, expectedVersion?: number): Promise<WrittenStep>
  /** Rolls the dice a request asks for with the app's CSPRNG and records them like physical ones. */
  rollDice(gameId: string, requestId: string, actor: string): Promise<WrittenStep>
  /**
   * Takes back `actor`'s last event (the last the game still counts) with a Correction that voids it; refused when
   * that event is another player's, or when voiding it needs the others' agreement (app dice) and `agreedBy`
   * does not name them all (docs/corrections.md).
   */
  undo(gameId: string, actor: string, options?: UndoOptions): Promise<WrittenStep>
  /**
   * A what-if fork (core/audit/what-if.ts): the game replayed in memory with `edits` applied, beside the game as
   * recorded, and where and how the two differ. Nothing is written; an edit the rules refuse is `api/bad-edit`.
   */
  whatIf(gameId: string, edits: readonly WhatIfEdit[]): Promise<WhatIfResult>
  /**
   * Where the game departs from the rules (core/audit): each claim that differs from what the rules give, each
   * table ruling, each correction, with both explanations, the rule text and whether it changed the game.
   */
  audit(gameId: string): Promise<AuditReport>
  /**
   * The battle report (core/report): Markdown or one self-contained HTML page, with the log's head hash and
   * signatures so a reader holding the exported log can check it (`arbiter verify --report`). Read-only.
   */
  report(gameId: string, options?: ReportOptions): Promise<ReportText>
  /** The game at its head, or at `atSeq`. */
  openGame(gameId: string, atSeq?: number): Promise<GameView>
  /** Where the game stands: turn, phase, what the table owes, what can be declared. */
  status(gameId: string): Promise<GameStatus>
  /** One page of a replay from seq `fromSeq` (default 1); follow `nextSeq` until it is null. */
  replay(gameId: string, page?: PageRequest): Promise<ReplayPage>
  /** The whole game checked: its hash chain, a replay under its rules, and its keys and signatures. */
  verifyGame(gameId: string): Promise<ChainCheck>
  /** The head hash and how far the game is signed, each signature checked; what each player would sign now. */
  signatures(gameId: string): Promise<SigningView>
  /** One page of the export text (JSON Lines); the last page ends with the closing line. */
  exportGame(gameId: string, page?: PageRequest): Promise<ExportPage>
  /** Takes an exported game back, verified and replayed whole before anything is written. */
  importGame(text: string): Promise<{ gameId: string; events: number }>
  /** The rulesets this Arbiter knows, with their variants and phases. */
  rulesets(): Promise<RulesetSummary[]>
  /** Every entry of a ruleset's catalogue, in catalogue order. */
  catalogue(ruleset: string): Promise<RuleEntry[]>
  /**
   * The catalogue entries that match a player's words (names, text, clauses), best first. The
   * query is taken as plain words, never as search syntax: any text is a valid query.
   */
  searchRules(ruleset: string, query: string): Promise<RuleEntry[]>
  /**
   * Ready units of a ruleset for a muster screen to load and edit; with `army` (a faction's name or its slug), only
   * that army's and those of no army.
   */
  troops(ruleset: string, army?: string): Promise<TroopTemplate[]>
  /**
   * An army list file read (issue 20; docs/lists.md): Old World Builder `.owb.json` / `.owb.lists.json`, New Recruit
   * `.json`, BattleScribe `.ros` / `.rosz`, its bytes as base64. Gives the units as a muster takes them and the
   * import report (mapped, assumed, not mapped, needs, where each profile came from: the unit library first).
   * Reads only: the game record keeps it when the player appends ListImported (`listImportedPayload`), then the
   * ArmyMustered with `list` set to its `fileHash`.
   */
  importList(ruleset: string, fileName: string, bytesBase64: string): Promise<ImportedList>
  /**
   * Keeps a unit's definition in the unit library under its army (a faction's name; null for no named army), with
   * where it came from in words ("typed by a player"); library data, never part of a game's log. Returns the entry
   * as the library holds it (a unit it held with this very definition keeps its first source).
   */
  saveLibraryUnit(
    ruleset: string,
    faction: string | null,
    unit: UnitDefinitionInput,
    source: string,
  ): Promise<LibraryEntry>
  /** The unit library's units of a ruleset: of one army when `faction` is given ('' for no named army), else all. */
  libraryUnits(ruleset: string, faction?: string): Promise<LibraryEntry[]>
  /** A player's army as the game mustered it, written back as an Old World Builder list (`.owb.json`). Reads only. */
  exportArmy(gameId: string, player: string): Promise<ExportedList>
  close(): Promise<void>
}

/**
 * Every GameApi method by name, at run time: the hosts expose exactly these (one IPC channel or
 * HTTP route each). `GameApiMethodsAreComplete` fails to compile when the list and the interface
 * drift apart, in either direction.
 */
export const gameApiMethods = [
  'listGames',
  'archiveGame',
  'sampleGame',
  'createGame',
  'append',
  'rollDice',
  'undo',
  'whatIf',
  'audit',
  'report',
  'openGame',
  'status',
  'replay',
  'verifyGame',
  'signatures',
  'exportGame',
  'importGame',
  'rulesets',
  'catalogue',
  'searchRules',
  'troops',
  'importList',
  'saveLibraryUnit',
  'libraryUnits',
  'exportArmy',
  'close',
] as const satisfies readonly (keyof GameApi)[]

export type GameApiMethod = (typeof gameApiMethods)[number]

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T
/** Compiles only while `gameApiMethods` names every GameApi method and nothing else. */
export type GameApiMethodsAreComplete = Assert<Same<GameApiMethod, keyof GameApi>>

/** A ruleset as the game library offers it. */
export interface RulesetSummary {
  readonly id: string
  readonly name: string
  readonly variants: readonly { readonly id: string; readonly name: string; readonly description: string }[]
  readonly defaultVariant: string
  /** The phases of a player turn, in order. */
  readonly phases: readonly string[]
  /** The troop types its units may be, for a muster screen to offer. */
  readonly troopTypes: readonly TroopType[]
}

/** One catalogue entry as the rules browser shows it (its effects' code stays in the engine). */
export interface RuleEntry {
  readonly id: string
  readonly name: string
  readonly kind: CatalogueEntry['kind']
  readonly text: string
  readonly clauses: CatalogueEntry['clauses']
  /** The entry's parameters and their defaults; empty when it takes none. */
  readonly params: NonNullable<CatalogueEntry['params']>
  /** How a list writes each parameter the entry takes (those without a default too), for `parseParam`. */
  readonly paramKinds: Readonly<Record<string, ParamKind>>
  readonly enforcement: CatalogueEntry['enforcement']
}

/** A unit the unit library keeps (issue 20 §4): per ruleset and army, outside every game's log. */
export interface LibraryEntry {
  readonly ruleset: string
  /** The army's key: its faction's name as a slug (`wood-elf-realms`); '' for a unit of no named army. */
  readonly army: string
  readonly name: string
  readonly unit: UnitDefinitionInput
  /** Where it came from, in words ("typed by a player at muster", "read from Dark Elves.json"). */
  readonly source: string
  readonly savedAt: string
}

export interface EventDraft {
  readonly type: string
  /** Defaults to the type's current version. */
  readonly v?: number
  readonly actor: string
  readonly payload: unknown
}

export interface UndoOptions {
  /** Why, in the player's words (default: "undo"). */
  readonly reason?: string
  /** The other players who agreed, where the undo needs them (docs/corrections.md). */
  readonly agreedBy?: readonly string[]
}

export interface NewGame {
  readonly ruleset: string
  readonly variant?: string
  readonly players: readonly { readonly id: string; readonly name: string }[]
  readonly title?: string
  readonly scenario?: string
  /** Turns each player plays before the game ends (GameCreated's `turns`; 6 when not given). */
  readonly turns?: number
  readonly actor: string
}

/** What one event did, as the UI and the CLI show it. */
export interface StepView {
  readonly seq: number
  readonly type: string
  readonly actor: string
  /** The host that recorded it (`cli`, `desktop`, `web`, `second-screen`); absent from events recorded before hosts named themselves. */
  readonly host?: string
  /** What was declared or answered, as recorded: the log's facts a form reuses (a charge's facing). */
  readonly payload: unknown
  readonly outcomes: readonly Outcome[]
  readonly explanation: Explanation | null
  /** Requests this event opened. */
  readonly requests: readonly OpenRequest[]
  /**
   * When a later Correction voided or replaced this event (docs/corrections.md): which, by whom and why. A voided
   * event has no outcomes; a replaced one's outcomes and explanation are its replacement's.
   */
  readonly correction?: StepCorrection
}

/** A correction of one event, as its step shows it. */
export interface StepCorrection {
  /** The seq of the Correction. */
  readonly by: number
  readonly author: string
  readonly reason: string
  readonly agreedBy: readonly string[]
  /** The event folded in its place; absent when the event is voided. */
  readonly replacement?: { readonly type: string; readonly payload: unknown }
}

/**
 * What a write did and everything a screen shows next, so that an answer at the table costs one
 * call: the step, where the game stands after it, and the game itself.
 */
export interface WrittenStep extends StepView {
  /** Where the game stands after this event (`status.seq` is the step's seq). */
  readonly status: GameStatus
  /**
   * The game after this event, as `openGame(gameId, seq)` gives it. In-process it is a getter that
   * copies the state when first read, and is not enumerable (JSON.stringify leaves it out): an
   * append does not pay for a copy of the whole state nobody asked for, and a printed step does not
   * carry it. A host's transport reads it by name and sends it as plain data.
   */
  readonly view: GameView
}

export interface GameView {
  readonly gameId: string
  readonly seq: number
  /** The hash of the event at `seq`: at the head, what the players sign (issue 17). */
  readonly hash: string
  readonly state: GameState
  /** The rolls and choices the table owes now, oldest first. */
  readonly openRequests: readonly OpenRequest[]
  /** What the state shown was checked against, when it is not simply the events folded (see StateChecks). */
  readonly checks?: StateChecks
}

/**
 * How far a state shown rests on what was checked. The whole hash chain is always checked before a
 * game is shown; the state is the events folded, except where it was restored from a stored snapshot
 * that this GameApi has not yet shown to be what the events give (`unverifiedSnapshot`), which a
 * screen should say. Absent from a view or status when the state is the events folded and no stored
 * snapshot was found wrong.
 */
export interface StateChecks {
  /**
   * The seq of the stored snapshot the state was restored from, taken on trust: it matches its digest
   * and the chain anchors it, but the events before it were not folded again to show it is their
   * state (a full `replay` does that). Absent when the state is what the events give.
   */
  readonly unverifiedSnapshot?: number
  /** Stored snapshots found wrong and not used (the state was folded from the events instead), each named. */
  readonly setAside?: readonly SetAsideSnapshot[]
}

/** A stored snapshot that was not used: its seq and what is wrong with it. */
export interface SetAsideSnapshot {
  readonly seq: number
  readonly problem: string
}

export interface GameStatus {
  readonly gameId: string
  readonly seq: number
  readonly turn: number
  readonly activePlayer: string | null
  readonly phase: string | null
  /** The rolls and choices the table owes now, oldest first; each says what is needed. */
  readonly openRequests: readonly OpenRequest[]
  /** The event types a player may declare now. */
  readonly canDeclare: readonly string[]
  /** What the state was checked against, when it is not simply the events folded (see StateChecks). */
  readonly checks?: StateChecks
}

/**
 * A game in the list: intact (what the games table says, checked against the game's hashed
 * GameCreated), or broken at `seq` (its row is not shown: it cannot be trusted).
 */
export type GameListing =
  | (GameSummary & {
      readonly intact: true
      /** The players, from the hashed GameCreated, for the library to name them. */
      readonly players: readonly { readonly id: string; readonly name: string }[]
    })
  | {
      readonly intact: false
      readonly gameId: string
      readonly seq: number
      readonly problem: string
      readonly archived?: true
    }

export type ChainCheck =
  | {
      readonly ok: true
      readonly events: number
      readonly head: string
      /** How far the game is signed (`verifyGame` replays the game and checks every signature). */
      readonly signatures?: SignatureSummary
    }
  | {
      readonly ok: false
      readonly seq: number
      readonly problem: string
      /**
       * When the events verify but stored snapshots do not (`verifyGame` compares each with the state the
       * replay gives at its seq): every one that differs, by seq; `seq` and `problem` are the first's.
       */
      readonly snapshots?: readonly SetAsideSnapshot[]
    }

export interface PageRequest {
  /** First seq of the page (default 1). */
  readonly fromSeq?: number
  /** At most this many events (default 1000). */
  readonly limit?: number
}

/**
 * One page of a replay. The last page (`nextSeq` null) carries the game after the replay's last
 * step; the pages before it carry no state (the state at any seq is `openGame(gameId, seq)`): a
 * copy of the state per page would cost a replay about a tenth of its time.
 */
export type ReplayPage =
  | { readonly steps: readonly StepView[]; readonly view: GameView; readonly nextSeq: null }
  | { readonly steps: readonly StepView[]; readonly view: null; readonly nextSeq: number }

export interface ExportPage {
  /** Whole lines, each ending in a newline. */
  readonly text: string
  /** Events on this page. */
  readonly events: number
  readonly nextSeq: number | null
}

/**
 * What a page is told when a game changes: an event was appended, a game was created or imported, or
 * the library's marks on a game changed.
 */
export interface GameEventNotice {
  readonly gameId: string
  readonly seq: number
  /**
   * The event's type; `GameImported` for a whole game taken in by importGame, `SampleGameRecorded` for the
   * library's sample game (`seq` is then the game's head); `GameArchived` or `GameRestored` when a game is
   * archived or restored (no event is written: `seq` is 0).
   */
  readonly type: string
}

/** The desktop app's native menu commands that the page carries out itself; Import is done in main (it reads a file). */
export type MenuCommand = 'new-game' | 'open-game' | 'export-game' | 'export-report' | 'import-list' | 'undo'

/** The desktop app's PDF of a battle report: where it was saved (null: the user cancelled the save), and its size. */
export interface ReportPdfSaved {
  readonly file: string | null
  readonly bytes: number
}

/**
 * `window.arbiterHost` in the Electron window (electron/preload.ts), beside `window.arbiter` (the
 * GameApi): what main tells the page. Each returns a function that unsubscribes.
 */
export interface ArbiterHostBridge {
  /** Every event written (in this window or from the web host), and games created or imported. */
  onEvent(listener: (notice: GameEventNotice) => void): () => void
  /** New, Open, Export and Export Report from the native menu. */
  onMenu(listener: (command: MenuCommand) => void): () => void
  /**
   * The game's battle report (`report`'s arguments, HTML) printed to PDF by Electron and saved where the user
   * says (electron/report-pdf.ts); a refusal rejects with `{ code, message }`.
   */
  saveReportPdf(gameId: string, options?: { readonly lang?: string }): Promise<ReportPdfSaved>
}

/**
 * What a host serves the page it shows (the web host's `GET /api/screen`): the whole library, or,
 * on a second screen, one game. `writes: 'none'` is a screen that only watches; `'with-a-key'` is
 * one where a player who joins with their key may record (the host checks each write).
 */
export type ScreenInfo =
  | { readonly kind: 'library' }
  | { readonly kind: 'game'; readonly gameId: string; readonly writes: 'none' | 'with-a-key' }
