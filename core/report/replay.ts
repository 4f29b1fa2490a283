import { correctionsOf, foldEvents } from '../audit/corrected-fold.js'
import type { Engine, EngineState } from '../engine/driver.js'
import type { GameState, OpenRequest, OutcomeValues, StepResult, UnitState } from '../engine/types.js'
import type { PayloadOf } from '../events/event-types.js'
import { gameEvents } from '../events/index.js'
import type { FoldedEvent } from '../store/event-store.js'
import { RollBook } from './rolls.js'
import { Narrator } from './story.js'
import type { Figure, RolledRequest, Sentence, TurnReport } from './types.js'
import { type Named, Names, phaseLabel, seqList } from './words.js'

/**
 * The one fold a report is built from (the game as corrected, without explanations): as each step comes, the story is
 * told (story.ts), each player turn's casualties and victory points are kept, every dice request is paired with the
 * dice that answered it (and its re-roll or second die), and each unit lost, standard taken and combat result noted.
 */

/** A unit or character lost: its models down to none (a unit destroyed, a character slain). */
export interface Lost {
  readonly id: string
  readonly seq: number
  readonly turn: number
  /** It was a unit then (a unit, or a character on its own), not a character in a unit. */
  readonly unit: boolean
  /** How, in words that follow "destroyed" or "slain": ", caught by the Warriors", " in the close combat phase". */
  readonly how: string
}

export interface Taken {
  readonly seq: number
  readonly turn: number
  readonly values: OutcomeValues['standard-captured']
}

export interface LargestResult {
  readonly seq: number
  readonly turn: number
  readonly values: OutcomeValues['combat-result']
  /** The units on each side as the round was fought, by player. */
  readonly sides: readonly { readonly player: string; readonly units: readonly string[] }[]
}

export interface ReportReplay {
  readonly state: EngineState
  readonly game: GameState
  readonly names: Names
  readonly musters: readonly { readonly player: string; readonly seq: number; readonly named: readonly Named[] }[]
  readonly turns: readonly TurnReport[]
  readonly rolls: readonly RolledRequest[]
  readonly lost: readonly Lost[]
  readonly standards: readonly Taken[]
  readonly largest: LargestResult | null
  /** Each player's General as the ruleset names him when the first turn starts (at the head in a game not begun). */
  readonly generals: Readonly<Record<string, string | null>>
}

interface TurnUnderWay {
  readonly turn: number
  readonly player: string
  readonly fromSeq: number
  toSeq: number
  phase: string
  readonly phases: { phase: string; story: readonly Sentence[] }[]
  readonly casualties: Map<string, { value: number; seqs: number[] }>
}

/** What the fold keeps as it goes: the story, the turns, the rolls, the losses, the standards and combat results. */
class ReportFold {
  names = new Names([])
  private narrator = new Narrator(this.names, () => '')
  readonly musters: { player: string; seq: number; named: Named[] }[] = []
  readonly turns: TurnReport[] = []
  readonly book = new RollBook()
  readonly lost: Lost[] = []
  readonly standards: Taken[] = []
  largest: LargestResult | null = null
  /** Requests open, by id: what an answer answers. */
  private readonly open = new Map<string, OpenRequest>()
  /** Models on the table by unit and character id, as last counted. */
  private readonly alive = new Map<string, number>()
  private turn: TurnUnderWay | null = null
  private lastVp: Record<string, number> = {}

  constructor(
    private readonly spellNames: ReadonlyMap<string, string>,
    private readonly endSentence: (game: GameState, names: Names) => string,
  ) {}

  /** A voided event: the game moves past its seq unchanged. */
  skipped(seq: number): void {
    if (this.turn) this.turn.toSeq = seq
  }

  step(step: StepResult, seq: number, type: string, payload: unknown): void {
    const game = step.state
    if (type === 'GameCreated') {
      this.names = new Names(game.players)
      this.narrator = new Narrator(
        this.names,
        (spell) => spell.spellName ?? this.spellNames.get(spell.spell) ?? spell.spell,
      )
    }
    let answered: OpenRequest | undefined
    if (type === 'DiceRolled' || type === 'ChoiceMade') {
      const requestId = (payload as { requestId: string }).requestId
      answered = this.open.get(requestId)
      this.open.delete(requestId)
    }
    for (const request of step.requests) this.open.set(request.id, request)
    const dice = answered?.kind === 'dice' ? answered : undefined
    this.book.step(game, seq, dice, dice ? (payload as PayloadOf<'DiceRolled'>).faces : [], step.requests)
    if (type === 'TurnStarted') this.startTurn(payload as PayloadOf<'TurnStarted'>, seq)
    else if (type === 'PhaseStarted') {
      this.closePhase()
      if (this.turn) this.turn.phase = phaseLabel((payload as PayloadOf<'PhaseStarted'>).phase)
    } else if (type === 'ArmyMustered') {
      const army = payload as PayloadOf<'ArmyMustered'>
      this.musters.push({ player: army.player, seq, named: this.names.muster(army, seq) })
    }
    this.narrator.take({ seq, type, payload, outcomes: step.outcomes, answered, game })
    if (type === 'ArmyMustered') for (const unit of Object.values(game.units)) this.count(unit, seq, game, step, false)
    else this.countNamed(game, step, seq)
    this.note(step, game)
    if (type === 'GameEnded') {
      this.closePhase()
      if (this.turn) this.turn.phase = 'End of the game'
      this.narrator.tell(this.endSentence(game, this.names), [seq])
    }
    if (game.score) this.lastVp = { ...game.score.vp }
    if (this.turn) this.turn.toSeq = seq
  }

  private startTurn(started: PayloadOf<'TurnStarted'>, seq: number): void {
    this.closeTurn()
    // What was told before the first turn (the muster, deployment) belongs to no player turn.
    if (this.turns.length === 0) this.narrator.story()
    this.turn = {
      turn: started.turn,
      player: started.player,
      fromSeq: seq,
      toSeq: seq,
      phase: 'Start of the turn',
      phases: [],
      casualties: new Map(),
    }
  }

  private closePhase(): void {
    const story = this.narrator.story()
    if (this.turn && story.length > 0) this.turn.phases.push({ phase: this.turn.phase, story })
  }

  closeTurn(): void {
    const turn = this.turn
    if (!turn) return
    this.closePhase()
    const casualties: Record<string, Figure> = {}
    for (const player of this.names.playerIds()) {
      const figure = turn.casualties.get(player)
      casualties[player] = { value: figure?.value ?? 0, seqs: seqList(figure?.seqs ?? []) }
    }
    const { fromSeq, toSeq, phases } = turn
    this.turns.push({
      turn: turn.turn,
      player: turn.player,
      fromSeq,
      toSeq,
      phases,
      casualties,
      vpAfter: { ...this.lastVp },
    })
    this.turn = null
  }

  /** After a step, the units its outcomes name (no other has changed). */
  private countNamed(game: GameState, step: StepResult, seq: number): void {
    for (const outcome of step.outcomes)
      for (const value of Object.values(outcome.values as Record<string, unknown>))
        if (typeof value === 'string' && Object.hasOwn(game.units, value))
          this.count(game.units[value] as UnitState, seq, game, step, true)
  }

  /** A unit's models and its characters' now; a drop is a casualty of the player turn under way. */
  private count(unit: UnitState, seq: number, game: GameState, step: StepResult, counting: boolean): void {
    this.models(unit.id, unit.player, unit.models, seq, game, step, counting, true)
    for (const character of unit.characters)
      this.models(character.id, unit.player, character.slain ? 0 : 1, seq, game, step, counting, false)
  }

  private models(
    id: string,
    player: string,
    now: number,
    seq: number,
    game: GameState,
    step: StepResult,
    counting: boolean,
    unit: boolean,
  ): void {
    const before = this.alive.get(id)
    this.alive.set(id, now)
    const turn = this.turn
    if (!counting || before === undefined || before === now || !turn) return
    const figure = turn.casualties.get(player) ?? { value: 0, seqs: [] }
    figure.value += before - now
    figure.seqs.push(seq)
    turn.casualties.set(player, figure)
    const lost = this.lost
    if (now === 0 && before > 0) lost.push({ id, seq, turn: game.turn, unit, how: lossHow(id, game, step, this.names) })
    // A unit a ruling gives its models back is lost no more.
    if (before === 0 && now > 0) for (let i = lost.length - 1; i >= 0; i--) if (lost[i]?.id === id) lost.splice(i, 1)
  }

  /** The standards captured and the largest combat result (the earliest of equals). */
  private note(step: StepResult, game: GameState): void {
    for (const outcome of step.outcomes) {
      if (outcome.kind === 'standard-captured')
        this.standards.push({ seq: outcome.seq, turn: game.turn, values: outcome.values })
      if (outcome.kind !== 'combat-result' || Object.keys(outcome.values.scores).length === 0) continue
      if (this.largest && this.largest.values.difference >= outcome.values.difference) continue
      const sides = (game.combats[outcome.values.combat]?.sides ?? []).map((side) => ({
        player: side.player,
        units: side.units.map((u) => u.unit),
      }))
      this.largest = { seq: outcome.seq, turn: game.turn, values: outcome.values, sides }
    }
  }
}

/**
 * Folds the game once and keeps what the report tells. `endSentence` words the end of the game (told in its last
 * player turn, under "End of the game").
 */
export function replayForReport(
  engine: Engine,
  events: readonly FoldedEvent[],
  endSentence: (game: GameState, names: Names) => string,
): ReportReplay {
  const state = engine.initialState()
  let generals: Record<string, string | null> | null = null
  // The ruleset's own choice of General (seed: General §general), read once the armies stand on the table.
  const generalsNow = () => {
    const game = state.game
    if (!game) return {}
    const ctx = engine.contextFor(state)
    return Object.fromEntries(game.players.map((p) => [p.id, engine.ruleset.victory?.general(ctx, p.id) ?? null]))
  }
  const fold = new ReportFold(
    new Map(engine.ruleset.catalogue.entries.map((entry) => [entry.id, entry.name])),
    endSentence,
  )
  foldEvents(
    engine,
    state,
    events,
    (step, event, mark) => {
      if (!step) {
        fold.skipped(event.seq)
        return
      }
      const type = mark?.replacement?.type ?? event.type
      if (type === 'TurnStarted' && generals === null) generals = generalsNow()
      fold.step(step, event.seq, type, mark?.replacement ? mark.replacement.payload : storedPayload(event))
    },
    correctionsOf(events),
    { explanations: false },
  )
  fold.closeTurn()
  const { names, musters, turns, book, lost, standards, largest } = fold
  const game = state.game as GameState
  return {
    state,
    game,
    names,
    musters,
    turns,
    rolls: book.rolls,
    lost,
    standards,
    largest,
    generals: generals ?? generalsNow(),
  }
}

/** A stored event's payload as the fold takes it (core/audit/corrected-fold.ts `toEngineEvent`), without a copy. */
function storedPayload(event: FoldedEvent): unknown {
  return event.v === gameEvents.currentVersion(event.type)
    ? event.payload
    : gameEvents.readPayload(event.type, event.v, event.payload)
}

/** How a unit or character came to be lost in a step: caught fleeing, or in the phase it fell in. */
function lossHow(id: string, game: GameState, step: StepResult | null, names: Names): string {
  for (const outcome of step?.outcomes ?? [])
    if (
      outcome.kind === 'caught' &&
      (outcome.values.unit === id || game.units[outcome.values.unit]?.characters.some((c) => c.id === id))
    )
      return `, caught by ${names.the(outcome.values.by)}`
  return game.phase ? ` in the ${phaseLabel(game.phase).toLowerCase()} phase` : ''
}
