import type { EventType, GameEvent, PayloadOf, Profile, TroopType, UnitDefinition } from '../events/event-types.js'
import type { Explanation, RuleRef } from '../explain/explanation.js'
import type { Catalogue, EntryDefinition, ParamValue } from './catalogue.js'
import type {
  ActiveEffect,
  Facing,
  ModifierRecord,
  QueryOf,
  TimingPoint,
  TriggeredStep,
  TriggerPoint,
  TriggerQueryOf,
} from './effects.js'
import type { OutcomeInit } from './outcomes.js'
import type { GameProgress } from './turn-sequence.js'
import type { GameResult, ScoreState, VictoryRules } from './victory.js'

export type { Outcome, OutcomeInit, OutcomeKind, OutcomeValues } from './outcomes.js'

/** An event as the engine sees it: validated, upcast to the current version, placed in the log. */
export type EngineEvent = GameEvent & { readonly seq: number; readonly actor: string; readonly gameId: string }
export type EventOf<T extends EventType> = {
  readonly type: T
  readonly payload: PayloadOf<T>
  readonly seq: number
  readonly actor: string
  readonly gameId: string
}

export type Characteristic = keyof Profile

/** A character who has joined a unit: fights, saves and is slain on its own. */
export interface CharacterState {
  readonly id: string
  readonly name: string
  readonly profile: Profile
  readonly gear: UnitState['gear']
  readonly rules: UnitState['rules']
  readonly wizardLevel: number | null
  readonly general: boolean
  /** Wounds the character has lost; below 0 when it has gained Wounds above its profile (Soul Stealer). */
  woundsLost: number
  slain: boolean
  /** Hidden in its unit (seed: Concealed) until it is revealed; absent for a model that never hid. */
  concealed?: boolean
  /**
   * What it was as a unit of one before it joined during the game, or what its muster says it is on its own (its
   * `troopType`); absent for a character mustered in its unit with no troop type of its own.
   */
  alone?: { readonly troopType: TroopType; readonly race: string | null; readonly musteredAt: number }
  /** The player turn it joined its unit in during the game (it may not leave in that turn). */
  joinedIn?: { readonly turn: number; readonly player: string | null }
  /** What it rides; absent on foot. */
  readonly mount?: MountState
  /** Its points cost as the muster gives it (victory points); absent when the list gives none. */
  readonly points?: number
}

/** What a model rides, as mustered: the mount strikes with its own profile and gear (rules/battle/mounts.ts). */
export interface MountState {
  readonly name: string
  readonly profile: Profile
  readonly gear: UnitState['gear']
  readonly rules: UnitState['rules']
  /** Wounds a ridden monster has lost, recorded apart from its rider's where the ruleset says so; absent until then. */
  woundsLost?: number
}

export interface UnitState {
  readonly id: string
  readonly name: string
  readonly player: string
  readonly troopType: UnitDefinition['troopType']
  /** The race or army the unit belongs to ("all Dark Elves"), when the list says. */
  readonly race: string | null
  readonly profile: Profile
  readonly gear: readonly { readonly id: string; readonly options: Readonly<Record<string, ParamValue>> }[]
  readonly rules: readonly { readonly id: string; readonly params: Readonly<Record<string, ParamValue>> }[]
  /** How many models wide the unit is ranked up; null when the list does not say. A reform after combat changes it. */
  files: number | null
  /** The command group; a slain champion or a lost standard leaves it (outcomes change it, never rule code). */
  command: { readonly champion: boolean; readonly standard: boolean; readonly musician: boolean }
  /** The champion's own stat line; null when it fights with the rank and file's. */
  readonly championProfile: Profile | null
  /** Characters who have joined the unit (not counted in `models`). */
  characters: CharacterState[]
  /** What each of its models rides (a lone character's, its own); absent on foot. */
  readonly mount?: MountState
  /** Its rider was slain and its ridden monster fights on as the unit (classic/mounts §rider-slain); absent else. */
  riderSlain?: true
  /** The unit is one character model on its own. */
  readonly character: boolean
  /** A lone character's Wizard level (a joined character's is on its CharacterState). */
  readonly wizardLevel?: number | null
  /** Models the unit was mustered with. */
  readonly startingModels: number
  /** Models still on the table. */
  models: number
  /** Wounds already lost by the model that takes the next wound (multi-wound models fill up first). */
  woundsOnNextModel: number
  /** Wounds the champion has lost, recorded on their own (seed: Champion); absent until it loses one. */
  championWoundsLost?: number
  /** Ids of the units whose standards this unit has captured (seed: Standard); absent until it captures one. */
  capturedStandards?: string[]
  /**
   * Seq at which the unit lost its standard by breaking from combat, and with it the magic banner its bearer bore
   * (classic/variants §magic-banner-lost); absent while it keeps it. A joined character's view carries its unit's.
   */
  standardLostAt?: number
  /** Only on a joined character's own view (never in the state): the unit it fights in; it shares its active effects. */
  readonly joinedTo?: string
  fleeing: boolean
  /** Seq of the event that mustered the unit, and of the last that changed it. */
  readonly musteredAt: number
  changedAt: number
  /** A lone character the player designated as the general (seed: General). */
  readonly general?: boolean
  /** The player turn the unit last began to flee in (a unit does not rally in the turn it fled). */
  fledAt?: { readonly turn: number; readonly player: string | null }
  /** The phase (its key) the unit last fell back in good order in: it may cause Panic nearby then (The Old World). */
  fellBackIn?: string
  /** What the unit last did after its combat's break tests, and in which phase (its key): pursuit, overrun, reform. */
  afterCombat?: { readonly phase: string; readonly move: AfterCombatMove }
  /** Models the unit had when the phase of its last loss started, and which phase (Panic's heavy casualties). */
  phaseStart?: { readonly phase: string; readonly models: number }
  /** The phase (`turn/player/phase`) in which the unit last took each psychology test. */
  testedIn?: Record<string, string>
  /** Panic tests the unit has taken in the game (the General's auto-pass is for the first). */
  panicTests?: number
  /** Break tests the unit has taken in the game, a skipped one included (Stubborn is for the first). */
  breakTests?: number
  /** Its points cost as the muster gives it, its joined characters' apart (victory points); absent when not given. */
  readonly points?: number
}

/** A winner's move after the break tests (flee-and-pursuit): it pursued, overran, restrained, followed up or reformed. */
export type AfterCombatMove = 'pursued' | 'overran' | 'restrained' | 'followed-up' | 'reformed'

/** A model that fights on its own in a combat: a unit's champion, a joined character, or a lone character unit. */
export type ModelRef =
  | { readonly kind: 'champion'; readonly unit: string }
  | { readonly kind: 'character'; readonly unit: string; readonly character: string }
  | { readonly kind: 'lone'; readonly unit: string }
  /** The monster a lone rider rides, where its wounds are its own (classic/mounts §ridden-monster). */
  | { readonly kind: 'mount'; readonly unit: string }

/** A challenge in a combat: issued, then accepted (fought until one falls) or refused. */
export interface ChallengeState {
  readonly combat: string
  readonly challenger: ModelRef
  /** Seq of the ChallengeIssued. */
  readonly issuedAt: number
  status: 'issued' | 'accepted' | 'refused'
  /** Who accepted; or, when refused, who the challenger named as the refuser (null: nobody could accept). */
  answerer: ModelRef | null
}

export interface CombatUnit {
  readonly unit: string
  readonly charged: boolean
  /** The enemy's facing this unit fights against. */
  readonly facing: Facing
  /** Whole inches it moved before contact when it charged, as its charge (or the table) said. */
  readonly moved?: number
  /** The combat round it first fights in, when it joined a combat under way (its charge bonuses are for that round). */
  readonly firstRound?: number
  /** Seq of the ChargeDeclared whose charge brought it into the combat. */
  readonly charge?: number
}

/** A combat made by a charge that reached, or declared by the players: its sides and how far it has gone. */
export interface CombatState {
  readonly id: string
  readonly sides: readonly { readonly player: string; readonly units: readonly CombatUnit[] }[]
  /** Rounds fought so far (a round in progress counts). */
  round: number
  ended: boolean
  /** Seq of the declaration. */
  readonly joinedAt: number
  /** The player turn its last round was fought in: a combat fights once a close-combat phase. */
  lastFought: { readonly turn: number; readonly player: string | null } | null
  /** The player who won its last round (null: a draw); absent before its first result (7th's ties at equal I). */
  lastWinner?: string | null
}

/** A roll or a choice the table owes the engine; answered by DiceRolled / ChoiceMade naming `id`. */
export type RequestSpec = DiceRequestSpec | ChoiceRequestSpec

export interface DiceRequestSpec {
  readonly kind: 'dice'
  readonly purpose: string
  readonly count: number
  readonly sides: number
  /** The score each die needs, when one applies. */
  readonly need?: number
  /** The dice a rule will have re-rolled once this roll is in (Hatred: the failed ones), for the odds. */
  readonly reroll?: 'failed' | 'successful'
  /** The player who rolls. */
  readonly roller: string
  readonly text: string
  readonly explanation: Explanation
  /** How the procedure judges the faces, for the odds before the roll (core/engine/odds.ts `rollOdds`). */
  readonly odds?: DiceJudging
}

/**
 * How a procedure will judge a dice request's faces, set where it yields the request from the values it then
 * judges with, so that the odds shown before the roll are the engine's own. Ruleset-neutral: a count of dice
 * that each succeed, or a total.
 */
export type DiceJudging = EachDieJudging | TotalJudging

/** Each die is judged on its own and the successes are counted (to hit, to wound, saves, channelling). */
export interface EachDieJudging {
  readonly kind: 'each-die'
  /** The score a die needs; null: none does (only a natural 6 that always succeeds can). */
  readonly need: number | null
  /** A natural 1 fails whatever the need. */
  readonly naturalOneFails: boolean
  /** A natural 6 succeeds whatever the need. */
  readonly naturalSixSucceeds: boolean
  /** The dice re-rolled once once the roll is in: the failed ones or the successful ones. */
  readonly reroll: 'failed' | 'successful' | null
  /** Each success rolls a second die that must score this, and only those count (7+ to hit: a 6, then 4+). */
  readonly secondNeed?: number
}

/** A natural roll that decides a test whatever the total: `count` or more of the dice showing `face`. */
export interface NaturalRoll {
  readonly face: number
  readonly count: number
  readonly passes: boolean
}

/** The dice are added up, plus `add`: the total is a count (hits, inches), or a test passes on it. */
export interface TotalJudging {
  readonly kind: 'total'
  /** Only the highest or the lowest `count` dice are added (M + the higher of 2D6); absent: every die. */
  readonly keep?: { readonly which: 'highest' | 'lowest'; readonly count: number }
  /** Added to the dice (a charger's M, a Wizard's level bonus, Stomp's +1 a model). */
  readonly add?: number
  /**
   * The test: passed on a total at or below a value (Leadership), at or above one (a charge range, a casting
   * value); `never` when only a natural roll passes it (a rally on a double 1 only). Absent: no test, a count.
   */
  readonly pass?: { readonly atMost: number } | { readonly atLeast: number } | { readonly never: true }
  /** Natural rolls that decide the test first, the first that applies winning (double 1 passes, double 6 fails). */
  readonly naturals?: readonly NaturalRoll[]
  /** The dice alone totalling this or less fail the test whatever is added (classic-8th: a natural 2 casting). */
  readonly naturalAtMostFails?: number
  /**
   * A graded test: the dice alone totalling more than this fail it the worse way whatever is added, as does a
   * natural roll that fails it (The Old World's break test: a natural roll above Ld, or a double 6, breaks; a
   * modified one above Ld only falls back). Judged after `naturals`, before `pass`.
   */
  readonly worseAbove?: number
}

export interface ChoiceRequestSpec {
  readonly kind: 'choice'
  readonly purpose: string
  readonly options: readonly { readonly id: string; readonly text: string }[]
  readonly chooser: string
  readonly text: string
  readonly explanation: Explanation
}

export type OpenRequest = RequestSpec & {
  readonly id: string
  /** Seq of the event whose step opened the request. */
  readonly openedAt: number
  readonly procedure: string
}

export type Answer =
  | {
      readonly kind: 'dice'
      readonly faces: readonly number[]
      readonly source: 'physical' | 'app'
      readonly seq: number
    }
  | { readonly kind: 'choice'; readonly option: string; readonly seq: number }

/** The game as a replay has built it: plain JSON, snapshotted whenever no procedure is open. */
export interface GameState {
  gameId: string
  ruleset: string
  variant: string
  catalogueHash: string
  title: string | null
  players: { readonly id: string; readonly name: string }[]
  /** Seq of the last event applied. */
  seq: number
  turn: number
  activePlayer: string | null
  phase: string | null
  units: Record<string, UnitState>
  combats: Record<string, CombatState>
  /** Entries units hold for a while, with their durations. */
  effects: ActiveEffect[]
  /** One-use items already used (absent in games that never used one). */
  itemsUsed?: { unit: string; item: string; character: string | null; turn: number; seq: number }[]
  /** Seq of the last character joining or leaving a unit: lists of units with characters are made again after it. */
  rosterChangedAt?: number
  /** Challenges by combat id; absent until one is issued. */
  challenges?: Record<string, ChallengeState>
  requests: Record<string, OpenRequest>
  /** Scouts set up after both armies: who deploys first (the roll-off), and the units deployed, in order. */
  scouts?: { first: string | null; deployed: string[] }
  /** The current magic phase's dice and casts; absent before the first magic phase. */
  magic?: MagicState
  /** The phase that ended last, as `turn/player/phase` (Panic's heavy casualties are tested after it). */
  lastPhase?: string
  /** Seq of the TurnStarted or PhaseStarted that began the current phase: a phase's key is unique by it. */
  phaseStartedAt?: number
  /** The units that lost models in a phase (`turn/player/phase`), so Panic looks at those alone. */
  phaseLosses?: { readonly phase: string; readonly units: string[] }
  /** The players' keys and signatures (issue 17); absent until a key is recorded, so older games fold as before. */
  signing?: SigningState
  /** The turn sequence and the game's agreed length (core/engine/turn-sequence.ts); set by GameCreated. */
  progress?: GameProgress
  /** Victory points so far, were the game to end now (core/engine/victory.ts); set by GameCreated. */
  score?: ScoreState
  /** How the game ended (GameEnded): absent while it goes on. */
  result?: GameResult
  /** Each player's army list as imported (ListImported), by player; absent until one is, so older games fold as before. */
  lists?: Record<string, ImportedListRecord>
}

/** A player's ListImported as the game keeps it: the payload, and the seq that recorded it. */
export type ImportedListRecord = import('../events/event-types.js').PayloadOf<'ListImported'> & { readonly seq: number }

/** A player's public key as the game records it. */
export interface PlayerKey {
  /** Raw Ed25519 public key, base64url. */
  readonly publicKey: string
  readonly holder: 'device' | 'pin'
  /** The seq of the PlayerKeyRecorded. */
  readonly seq: number
}

/** One player's signature over the game as it stood at `seq`. */
export interface HeadSignature {
  readonly player: string
  /** The seq whose hash (`head`) is signed. */
  readonly seq: number
  readonly head: string
  readonly turn: number
  readonly end: 'turn' | 'game'
  /** The Ed25519 signature, base64url. */
  readonly signature: string
  /** The seq of the HeadSigned itself. */
  readonly at: number
}

export interface SigningState {
  keys: Record<string, PlayerKey>
  /** Each player's newest signature. */
  signed: Record<string, HeadSignature>
  /** The newest HeadSigned: a signature right after it may sign the same seq (each player signs one point). */
  last: HeadSignature | null
  /** The seq of every HeadSigned, in order. */
  signatures: number[]
}

/** The dice pools of a magic phase (core-mechanics A.3, A.10) and what has been cast in it. */
export interface MagicState {
  readonly turn: number
  /** The player whose magic phase it is. */
  readonly player: string
  readonly power: number
  /** Dispel dice left, by player (every player but the caster's). */
  readonly dispel: Readonly<Record<string, number>>
  /** "caster/spell" for each spell attempted this phase (each once). */
  readonly attempted: readonly string[]
  /** Casters who may cast no more this phase (a miscast, or a failed cast under the 8th rules). */
  readonly done: readonly string[]
  /** Wizards of the dispelling side who may dispel no more this phase (8th: a natural 1-2). */
  readonly dispelDone: readonly string[]
  /** What a ruleset keeps of the phase besides, under names of its own (the engine gives them no meaning). */
  readonly [kept: string]: unknown
}

/** A procedure reads like the rulebook: it yields requests and receives their answers. */
export type Procedure = Generator<RequestSpec, void, Answer>

/** id -> its clause ids; a ruleset narrows it to literal types so citations are checked. */
export type RuleIndex = Record<string, string>
/** id -> the values a decision may take. */
export type DecisionIndex = Record<string, string>

export interface ProcedureContext<
  Rules extends RuleIndex = RuleIndex,
  Decisions extends DecisionIndex = DecisionIndex,
  RulesProfile = unknown,
> {
  readonly game: GameState
  /**
   * The ruleset's profile for the game's variant: how it differs inside the procedures it shares with other rulesets
   * (its charts, when Regeneration is rolled, how a break test ends, its variant switches), each value with the rule
   * it cites. Opaque to the engine, handed over from `Ruleset.profiles`.
   */
  readonly profile: RulesProfile
  /** The id of the variant the game is played under. */
  readonly variant: string
  /** Seq of the event being applied now (it moves on as the procedure receives answers). */
  readonly seq: number
  /**
   * Whether anything reads the explanations of the step being applied (`StepOptions.explanations`). When
   * not, a procedure may leave out a tree that goes only into its outcomes' explanations (giving
   * `NOT_EXPLAINED`), never one a request or the state holds.
   */
  readonly explaining: boolean
  unit(id: string): UnitState
  /**
   * The units of the game that are characters or have characters with them (as mustered: a slain character's unit
   * stays), in the game's order: who may be a general need not be looked for among every unit.
   */
  characterUnits(): readonly UnitState[]
  /**
   * Whether any unit of the game holds the entry (in its list, its characters', its command group, an
   * active effect or through an entry that grants it): a rule's own check at a turn's or a phase's
   * start need not look at every unit when none does.
   */
  holdsAnywhere<Id extends keyof Rules & string>(id: Id): boolean
  /** Whether `unit` holds the entry as the timing points see it (its list, command group, an active effect). */
  holds(unit: UnitState, id: string): boolean
  /** A reference to a clause of this ruleset's catalogue. */
  rule<Id extends keyof Rules & string>(id: Id, clause: Rules[Id]): RuleRef
  /** The value a variant decision takes for this game. */
  decision<Id extends keyof Decisions & string>(id: Id): Decisions[Id]
  /** Every modifier the catalogue's effects give at a timing point for this query, applied or not. */
  modifiers<P extends TimingPoint>(at: P, query: QueryOf<P>): ModifierRecord[]
  /** The steps the catalogue's entries contribute at a trigger point for this query, in catalogue order. */
  triggered<T extends TriggerPoint>(on: T, query: TriggerQueryOf<T>): TriggeredStep<T>[]
  /**
   * Whether any step may act at a trigger point in this game (one marked `always`, or one whose entry some unit
   * holds): a procedure that would ask the point for every unit need not when none may.
   */
  mayTrigger(on: TriggerPoint): boolean
  /** Records what the procedure decided; `evolve` applies it to the state at once. */
  emit(outcome: OutcomeInit): void
}

export type ProcedureStarter<T extends EventType> = (ctx: ProcedureContext, event: EventOf<T>) => Procedure

/** A ready unit: an ArmyMustered unit a muster screen loads, then edits (size, profile, gear, rules, command). */
export interface TroopTemplate {
  readonly id: string
  readonly name: string
  /** What the unit is for, as a muster screen shows it. */
  readonly summary: string
  readonly unit: import('../events/event-types.js').UnitDefinitionInput
  /** The army it belongs to, as a slug (`wood-elves`); absent: its unit's race, and without one any army's. */
  readonly army?: string
}

/** A ruleset is a plug-in: the engine knows none, the api hands it the one GameCreated names. */
export interface Ruleset {
  readonly id: string
  readonly name: string
  /** The hashed data: entries, variants, decisions. */
  readonly catalogue: Catalogue
  /** The same entries with their effects' code. */
  readonly definitions: readonly EntryDefinition[]
  readonly defaultVariant: string
  /** The ruleset's profile for each of its variants, by variant id; procedures read the game's as `ctx.profile`. */
  readonly profiles?: Readonly<Record<string, unknown>>
  /**
   * An alias of the default variant's profile under its former name (`RulesetMechanics`): nothing in Arbiter reads it
   * (procedures read `ctx.profile`, the engine `profiles`); it stays because existing tests ask a ruleset through it
   * what is the same in every variant (the cover a shot may declare).
   */
  readonly mechanics?: unknown
  /** Ready units a muster screen offers to load and edit (generic troops, the seed's own units). */
  readonly troops?: readonly TroopTemplate[]
  /** The troop types its units may be (a unit of another is refused at muster). */
  readonly troopTypes: readonly TroopType[]
  /** The phases of a player turn, in order. */
  readonly phases: readonly string[]
  /**
   * What the rules open when a turn or a phase starts (DESIGN §2: "the engine opens the phase's
   * checks", e.g. Stupidity at the start of a turn, Fear at the start of close combat). Its
   * requests must be answered before the game moves on.
   */
  readonly openings?: {
    readonly turn?: ProcedureStarter<'TurnStarted'>
    readonly phases?: { readonly [phase: string]: ProcedureStarter<'PhaseStarted'> | undefined }
  }
  /** How the ruleset counts victory points and names the result (core/engine/victory.ts). */
  readonly victory?: VictoryRules
  /** Checks the ruleset makes on an army before it is mustered (where a Concealed model may hide); throws a RuleError. */
  readonly checkMuster?: (ctx: ProcedureContext, event: EventOf<'ArmyMustered'>) => void
  /** The declarations this ruleset resolves, each by the procedure it starts, and the phases it belongs to. */
  readonly procedures: {
    readonly [T in EventType]?: {
      readonly name: string
      readonly start: ProcedureStarter<T>
      readonly phases: readonly string[]
    }
  }
}

/** How a fold takes a step. */
export interface StepOptions {
  /**
   * False when nothing reads the explanations of this step, nor of any later step of this state while a
   * procedure it leaves open is open (a verify's fold, whose results are dropped): the trees that go only
   * into explanations are not built, and the step's `explanation` is null. The state, the outcomes'
   * values and texts, and every request (its explanation too) are what they are with explanations.
   * Default true.
   */
  readonly explanations?: boolean
}

export interface StepResult {
  readonly state: GameState
  readonly seq: number
  readonly outcomes: readonly import('./outcomes.js').Outcome[]
  /** Why this step did what it did; null when a procedure took the event and said nothing yet. */
  readonly explanation: Explanation | null
  /** Requests opened by this step. */
  readonly requests: readonly OpenRequest[]
}
