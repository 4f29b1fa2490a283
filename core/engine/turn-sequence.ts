import { DEFAULT_GAME_TURNS } from '../events/game-end-events.js'
import { RuleError } from './errors.js'
import type { EngineEvent, EventOf, GameState } from './types.js'

/** The turn sequence as a game has played it (issue 16), and its agreed length. */
export interface GameProgress {
  /** Player turns each player takes: GameCreated's `turns`, or six. */
  readonly turns: number
  /** The players in the order they took their turns in game turn 1: every later game turn keeps it. */
  order: string[]
  /** The players who have started their turn in the current game turn, in order. */
  played: string[]
}

/** "6 turns each", "1 turn each": a game's agreed length in words. */
export function turnsEach(turns: number): string {
  return `${turns} turn${turns === 1 ? '' : 's'} each`
}

export function newProgress(turns: number | undefined): GameProgress {
  return { turns: turns ?? DEFAULT_GAME_TURNS, order: [], played: [] }
}

/** A game's progress; a state folded before it was kept has none, and starts from the turn it is at. */
export function progressOf(game: GameState): GameProgress {
  game.progress ??= newProgress(undefined)
  return game.progress
}

/** The turn that may start next: its number and the players who may take it; null once the last turn is played. */
export function nextTurn(game: GameState): { turn: number; players: string[] } | null {
  const progress = progressOf(game)
  const everyone = game.players.map((player) => player.id)
  if (game.turn === 0) return { turn: 1, players: everyone }
  if (progress.played.length < everyone.length) {
    // Game turn 1 sets the order: any player who has not played yet may go next.
    const players =
      progress.order.length < everyone.length
        ? everyone.filter((id) => !progress.played.includes(id))
        : [progress.order[progress.played.length] as string]
    return { turn: game.turn, players }
  }
  if (game.turn >= progress.turns) return null
  return { turn: game.turn + 1, players: [progress.order[0] as string] }
}

/** What may be recorded next, in words: the next phase of this turn, else the next turn, else the game's end. */
export function whatComesNext(game: GameState, phases: readonly string[]): string {
  const at = game.phase === null ? -1 : phases.indexOf(game.phase)
  const phase = game.turn > 0 ? phases[at + 1] : undefined
  const turn = nextTurn(game)
  const turnText =
    turn === null
      ? `GameEnded (the game's ${turnsEach(progressOf(game).turns)} are played)`
      : `TurnStarted turn ${turn.turn} for player ${turn.players.join(' or ')}`
  return phase === undefined ? `next: ${turnText}` : `next: PhaseStarted ${phase}, or ${turnText}`
}

/**
 * A turn starts only in its place (the ruleset's turn-sequence entry, §phases): players take one turn each per game
 * turn, in the order of game turn 1, for the game's agreed length; a turn is never started twice.
 */
export function checkTurnStart(game: GameState, event: EventOf<'TurnStarted'>, phases: readonly string[]): void {
  const { turn, player } = event.payload
  const progress = progressOf(game)
  const next = whatComesNext(game, phases)
  const where = `seq ${event.seq}: TurnStarted turn ${turn} for ${player}`
  const allowed = nextTurn(game)
  if (turn < game.turn || (turn === game.turn && progress.played.includes(player)))
    throw new RuleError('rules/turn-repeated', `${where}: ${player} has started turn ${turn} already (${next})`)
  if (allowed === null)
    throw new RuleError(
      'rules/game-length',
      `${where}: the game was agreed at ${turnsEach(progress.turns)}, and every player has played turn ` +
        `${progress.turns} (${next})`,
    )
  if (turn !== allowed.turn)
    throw new RuleError(
      'rules/turn-order',
      `${where}: turn ${allowed.turn} is under way or due, not turn ${turn} (${next})`,
    )
  if (!allowed.players.includes(player))
    throw new RuleError(
      'rules/turn-order',
      `${where}: players take their turns in turn; it is ${allowed.players.join(' or ')} to play (${next})`,
    )
}

/** The turn has started: its player is recorded in the game turn's order. */
export function turnTaken(game: GameState, turn: number, player: string): void {
  const progress = progressOf(game)
  if (turn !== game.turn) progress.played = []
  progress.played.push(player)
  if (turn === 1) progress.order.push(player)
}

/** Phases come in the ruleset's order (§phases): one may be passed over, never started twice or gone back to. */
export function checkPhaseStart(game: GameState, event: EventOf<'PhaseStarted'>, phases: readonly string[]): void {
  if (game.phase === null) return
  const { phase } = event.payload
  const next = whatComesNext(game, phases)
  const where = `seq ${event.seq}: PhaseStarted ${phase} in turn ${game.turn} of ${game.activePlayer}`
  if (phase === game.phase)
    throw new RuleError('rules/phase-repeated', `${where}: the ${phase} phase has started already (${next})`)
  if (phases.indexOf(phase) < phases.indexOf(game.phase))
    throw new RuleError(
      'rules/phase-order',
      `${where}: phases come in order (${phases.join(', ')}), and the ${game.phase} phase has begun (${next})`,
    )
}

/** What may still be recorded once the game has ended: notes, claims, corrections, keys and signatures. */
const AFTER_THE_END: readonly string[] = ['Note', 'Claim', 'Correction', 'PlayerKeyRecorded', 'HeadSigned']

/** Nothing is declared after GameEnded: the game is over (a Correction of the GameEnded itself reopens it). */
export function checkGameGoesOn(game: GameState | null, event: EngineEvent): void {
  const ended = game?.result
  if (!ended || AFTER_THE_END.includes(event.type)) return
  const what = event.type === 'GameEnded' ? 'a second GameEnded' : event.type
  throw new RuleError(
    'rules/game-over',
    `seq ${event.seq}: ${what} after the game ended at seq ${ended.seq}; only notes, claims, corrections, keys and ` +
      'signatures are recorded now (void the GameEnded with a Correction to play on)',
  )
}
