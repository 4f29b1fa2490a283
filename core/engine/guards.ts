import type { EngineState } from './engine-state.js'
import { RuleError } from './errors.js'
import type { EngineEvent, GameState, UnitState } from './types.js'

/** What every event but GameCreated needs: a game. */
export function requireGame(state: EngineState, event: EngineEvent): GameState {
  if (!state.game) throw new RuleError('engine/no-game', `seq ${event.seq}: ${event.type} before GameCreated`)
  return state.game
}

export function requireNoOpenRequests(game: GameState, event: EngineEvent): void {
  const open = Object.keys(game.requests)
  if (open.length > 0) {
    throw new RuleError(
      'engine/requests-open',
      `seq ${event.seq}: ${event.type} while request ${open.join(', ')} is still open; answer it first`,
    )
  }
}

export function requirePlayer(game: GameState, player: string, event: EngineEvent): void {
  if (!game.players.some((p) => p.id === player)) {
    throw new RuleError(
      'engine/unknown-player',
      `seq ${event.seq}: ${event.type} names player "${player}", who is not in this game ` +
        `(${game.players.map((p) => p.id).join(', ')})`,
    )
  }
}

export function unitOf(game: GameState, id: string, seq: number): UnitState {
  const unit = Object.hasOwn(game.units, id) ? game.units[id] : undefined
  if (!unit) throw new RuleError('engine/unknown-unit', `seq ${seq}: no unit "${id}" has been mustered`)
  return unit
}
