import { type Explanation, explain } from '../explain/explanation.js'
import { RuleError } from './errors.js'
import { requireGame, requireNoOpenRequests } from './guards.js'
import type { Handler, HandlerParts } from './handlers.js'
import type { Outcome } from './outcomes.js'
import { nextTurn, progressOf, turnsEach, whatComesNext } from './turn-sequence.js'
import type { EngineEvent, GameState, ProcedureContext, UnitState } from './types.js'

/** What one unit is worth in victory points now, were the game to end, as its ruleset counts them. */
export interface UnitScore {
  /** VP its losses give its enemies: the unit's, its joined characters', a slain or fleeing General's bonus. */
  readonly lost: number
  /** VP its trophies give its own player: the enemy standards it captured and holds. */
  readonly held: number
  /** Something about the unit scores (losses, flight, trophies), even where its points are unknown and give 0. */
  readonly scores: boolean
  /** Each figure with its rule and the events it rests on. */
  readonly why: Explanation
}

/** The result a ruleset reads from the players' victory points (its bands: draw, victory, massacre...). */
export interface ResultReading {
  readonly winner: string | null
  /** The winner's lead in VP over the next best (0 in a draw). */
  readonly margin: number
  /** The ruleset's name for the result: `draw`, `marginal-victory`, `crushing-victory`... */
  readonly band: string
  readonly why: Explanation
}

/** How a ruleset counts victory points (a plug-in, as its procedures are; the engine knows none). */
export interface VictoryRules {
  unitScore(ctx: ProcedureContext, unit: UnitState): UnitScore
  /** The result from each player's VP; `conceded`, the player who conceded, or null at the end of the last turn. */
  result(ctx: ProcedureContext, vp: Readonly<Record<string, number>>, conceded: string | null): ResultReading
  /** The id of the player's General (the character model) as the ruleset names him now; null for an army with none. */
  general(ctx: ProcedureContext, player: string): string | null
}

/** The running score in the state: each player's VP so far, and what each unit that gives any gives. */
export interface ScoreState {
  vp: Record<string, number>
  /** Only units that give VP now; each unit's share, so a change to it moves the totals by the difference. */
  units: Record<string, { lost: number; held: number }>
}

/** How the game ended: its reason, the final VP and the ruleset's reading of them. */
export interface GameResult {
  readonly seq: number
  readonly reason: 'last-turn' | 'concession'
  /** The player who conceded; null when the last turn was played out. */
  readonly conceded: string | null
  readonly vp: Readonly<Record<string, number>>
  readonly winner: string | null
  readonly margin: number
  readonly band: string
}

export function newScore(players: readonly { id: string }[]): ScoreState {
  return { vp: Object.fromEntries(players.map((player) => [player.id, 0])), units: {} }
}

/** Moves the totals by what a unit now gives: its losses to each of its enemies, its trophies to its own player. */
function applyShare(game: GameState, score: ScoreState, unit: UnitState, share: { lost: number; held: number }): void {
  const before = score.units[unit.id] ?? { lost: 0, held: 0 }
  for (const player of game.players) {
    const delta = player.id === unit.player ? share.held - before.held : share.lost - before.lost
    score.vp[player.id] = (score.vp[player.id] ?? 0) + delta
  }
  if (share.lost === 0 && share.held === 0) delete score.units[unit.id]
  else score.units[unit.id] = { lost: share.lost, held: share.held }
}

/** The ids of the units a step's outcomes name (whichever field names them): the units whose worth may have moved. */
function unitsNamed(game: GameState, outcomes: readonly Outcome[]): string[] {
  const ids = new Set<string>()
  for (const outcome of outcomes)
    for (const value of Object.values(outcome.values as Record<string, unknown>))
      if (typeof value === 'string' && Object.hasOwn(game.units, value)) ids.add(value)
  return [...ids]
}

/**
 * The running score after a step: the units its outcomes named are counted again and the totals move by the
 * difference (a unit no outcome names has not changed). Returns what changed, explained, or null.
 */
export function rescore(
  game: GameState,
  ctx: ProcedureContext,
  rules: VictoryRules | undefined,
  outcomes: readonly Outcome[],
  explaining: boolean,
): Explanation | null {
  if (!rules || !game.score || outcomes.length === 0) return null
  const score = game.score
  const changed: Explanation[] = []
  for (const id of unitsNamed(game, outcomes)) {
    const unit = game.units[id] as UnitState
    const counted = rules.unitScore(ctx, unit)
    const before = score.units[id] ?? { lost: 0, held: 0 }
    if (counted.lost === before.lost && counted.held === before.held) continue
    applyShare(game, score, unit, counted)
    if (explaining) changed.push(counted.why)
  }
  if (changed.length === 0 || !explaining) return null
  return explain(`victory points so far: ${scoreText(game, score.vp)}`, {}, changed)
}

function scoreText(game: GameState, vp: Readonly<Record<string, number>>): string {
  return game.players.map((player) => `${player.id} ${vp[player.id] ?? 0}`).join(', ')
}

/** Every unit counted afresh: the score GameEnded stands on, each player's VP with the units that give them. */
function finalScore(game: GameState, ctx: ProcedureContext, rules: VictoryRules | undefined) {
  const score = newScore(game.players)
  const byPlayer = new Map<string, Explanation[]>(game.players.map((player) => [player.id, []]))
  for (const unit of Object.values(game.units)) {
    if (!rules) break
    const counted = rules.unitScore(ctx, unit)
    applyShare(game, score, unit, counted)
    // The tree goes under the players it scores for (its trophies: its own; its losses: every enemy).
    if (!counted.scores) continue
    for (const player of game.players)
      if (player.id === unit.player ? counted.held > 0 : counted.held === 0 || counted.lost > 0)
        byPlayer.get(player.id)?.push(counted.why)
  }
  const trees = game.players.map((player) =>
    explain(`${player.id}: ${score.vp[player.id] ?? 0} victory points`, { value: score.vp[player.id] ?? 0 }, [
      ...(byPlayer.get(player.id) ?? []),
    ]),
  )
  return { score, trees }
}

/**
 * GameEnded (issue 16): at the end of the agreed last turn (every player has started turn `turns`), or a player
 * concedes (who records it). The victory points are counted afresh and the ruleset reads the result.
 */
export const gameEnded =
  (parts: HandlerParts): Handler<'GameEnded'> =>
  (state, event) => {
    const game = requireGame(state, event as EngineEvent)
    requireNoOpenRequests(game, event as EngineEvent)
    const { reason } = event.payload
    const progress = progressOf(game)
    if (reason === 'last-turn' && nextTurn(game) !== null)
      throw new RuleError(
        'rules/game-not-over',
        `seq ${event.seq}: GameEnded at the last turn, but the game was agreed at ${turnsEach(progress.turns)} and ` +
          `it is ${game.turn === 0 ? 'before the first turn' : `turn ${game.turn} of ${game.activePlayer}`}; a ` +
          `player may concede (reason: concession) (${whatComesNext(game, parts.index.ruleset.phases)})`,
      )
    const ctx = parts.runOf(game).context
    const rules = parts.index.ruleset.victory
    const { score, trees } = finalScore(game, ctx, rules)
    const conceded = reason === 'concession' ? event.actor : null
    const reading = rules
      ? rules.result(ctx, score.vp, conceded)
      : {
          winner: null,
          margin: 0,
          band: 'draw',
          why: explain(`${parts.index.ruleset.name} counts no victory points: a draw`),
        }
    game.score = score
    game.result = {
      seq: event.seq,
      reason,
      conceded,
      vp: { ...score.vp },
      winner: reading.winner,
      margin: reading.margin,
      band: reading.band,
    }
    const how = conceded === null ? `after turn ${game.turn}` : `as ${conceded} concedes in turn ${game.turn}`
    const outcome = reading.winner === null ? 'a draw' : `${reading.winner} wins (${reading.band}) by ${reading.margin}`
    return explain(`the game ends ${how}: ${scoreText(game, score.vp)}; ${outcome}`, { from: [event.seq] }, [
      ...trees,
      reading.why,
    ])
  }
