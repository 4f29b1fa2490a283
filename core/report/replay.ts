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
  const spellNames = new Map(engine.ruleset.catalogue.entries.map((entry) => [entry.id, entry.name]))
  let names = new Names([])
  let narrator = new Narrator(names, () => '')
  const musters: { player: string; seq: number; named: Named[] }[] = []
  const turns: TurnReport[] = []
  const book = new RollBook()
  const lost: Lost[] = []
  const standards: Taken[] = []
  let largest: LargestResult | null = null
  const open = new Map<string, OpenRequest>()
  const alive = new Map<string, number>()
  let turn: TurnUnderWay | null = null
  let lastVp: Record<string, number> = {}

  const closePhase = () => {
    const story = narrator.story()
    if (turn && story.length > 0) turn.phases.push({ phase: turn.phase, story })
  }
  const closeTurn = () => {
    if (!turn) return
    closePhase()
    const casualties: Record<string, Figure> = {}
    for (const player of names.playerIds()) {
      const figure = turn.casualties.get(player)
      casualties[player] = { value: figure?.value ?? 0, seqs: seqList(figure?.seqs ?? []) }
    }
    turns.push({
      turn: turn.turn,
      player: turn.player,
      fromSeq: turn.fromSeq,
      toSeq: turn.toSeq,
      phases: turn.phases,
      casualties,
      vpAfter: { ...lastVp },
    })
    turn = null
  }

  /** Models on the table now by unit and character id; a drop is a casualty of the player turn under way. */
  const countUnit = (unit: UnitState, seq: number, counting: boolean, game: GameState) => {
    note(unit.id, unit.player, unit.models, seq, counting, game, true)
    for (const character of unit.characters)
      note(character.id, unit.player, character.slain ? 0 : 1, seq, counting, game, false)
  }
  /** Every unit at a muster; after a step, only the units its outcomes name (no other has changed). */
  const count = (game: GameState, step: StepResult, seq: number, mustered: boolean) => {
    if (mustered) {
      for (const unit of Object.values(game.units)) countUnit(unit, seq, false, game)
      return
    }
    for (const outcome of step.outcomes)
      for (const value of Object.values(outcome.values as Record<string, unknown>))
        if (typeof value === 'string' && Object.hasOwn(game.units, value))
          countUnit(game.units[value] as UnitState, seq, true, game)
  }
  let stepNow: StepResult | null = null
  const note = (
    id: string,
    player: string,
    now: number,
    seq: number,
    counting: boolean,
    game: GameState,
    unit: boolean,
  ) => {
    const before = alive.get(id)
    alive.set(id, now)
    if (!counting || before === undefined || before === now || !turn) return
    const figure = turn.casualties.get(player) ?? { value: 0, seqs: [] }
    figure.value += before - now
    figure.seqs.push(seq)
    turn.casualties.set(player, figure)
    if (now === 0 && before > 0) lost.push({ id, seq, turn: game.turn, unit, how: lossHow(id, game, stepNow, names) })
    // A unit a ruling gives its models back is lost no more.
    if (before === 0 && now > 0) for (let i = lost.length - 1; i >= 0; i--) if (lost[i]?.id === id) lost.splice(i, 1)
  }

  foldEvents(
    engine,
    state,
    events,
    (step, event, mark) => {
      if (!step) {
        if (turn) turn.toSeq = event.seq
        return
      }
      stepNow = step
      const game = step.state
      const type = mark?.replacement?.type ?? event.type
      const payload = mark?.replacement ? mark.replacement.payload : storedPayload(event)
      if (type === 'GameCreated') {
        names = new Names(game.players)
        narrator = new Narrator(names, (spell) => spell.spellName ?? spellNames.get(spell.spell) ?? spell.spell)
      }
      let answered: OpenRequest | undefined
      if (type === 'DiceRolled' || type === 'ChoiceMade') {
        const requestId = (payload as { requestId: string }).requestId
        answered = open.get(requestId)
        open.delete(requestId)
      }
      for (const request of step.requests) open.set(request.id, request)
      const dice = answered?.kind === 'dice' ? answered : undefined
      book.step(game, event.seq, dice, dice ? (payload as PayloadOf<'DiceRolled'>).faces : [], step.requests)
      if (type === 'TurnStarted') {
        closeTurn()
        if (turns.length === 0) narrator.story()
        const started = payload as PayloadOf<'TurnStarted'>
        turn = {
          turn: started.turn,
          player: started.player,
          fromSeq: event.seq,
          toSeq: event.seq,
          phase: 'Start of the turn',
          phases: [],
          casualties: new Map(),
        }
      } else if (type === 'PhaseStarted') {
        closePhase()
        if (turn) turn.phase = phaseLabel((payload as PayloadOf<'PhaseStarted'>).phase)
      } else if (type === 'ArmyMustered') {
        const army = payload as PayloadOf<'ArmyMustered'>
        musters.push({ player: army.player, seq: event.seq, named: names.muster(army, event.seq) })
      }
      narrator.take({ seq: event.seq, type, payload, outcomes: step.outcomes, answered, game })
      if (step.outcomes.length > 0 || type === 'ArmyMustered') count(game, step, event.seq, type === 'ArmyMustered')
      for (const outcome of step.outcomes) {
        if (outcome.kind === 'standard-captured')
          standards.push({ seq: outcome.seq, turn: game.turn, values: outcome.values })
        if (outcome.kind === 'combat-result' && Object.keys(outcome.values.scores).length > 0) {
          if (largest && largest.values.difference >= outcome.values.difference) continue
          const combat = game.combats[outcome.values.combat]
          const sides = (combat?.sides ?? []).map((side) => ({
            player: side.player,
            units: side.units.map((u) => u.unit),
          }))
          largest = { seq: outcome.seq, turn: game.turn, values: outcome.values, sides }
        }
      }
      if (type === 'GameEnded') {
        closePhase()
        if (turn) turn.phase = 'End of the game'
        narrator.tell(endSentence(game, names), [event.seq])
      }
      if (game.score) lastVp = { ...game.score.vp }
      if (turn) turn.toSeq = event.seq
    },
    correctionsOf(events),
    { explanations: false },
  )
  closeTurn()
  const game = state.game as GameState
  return { state, game, names, musters, turns, rolls: book.rolls, lost, standards, largest }
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
