import type { GameState, Ruleset } from '../engine/types.js'

/** Flow and notes a player may record whenever no roll or choice is owed. */
const ALWAYS_DECLARABLE = ['TurnStarted', 'PhaseStarted', 'Note'] as const

/**
 * The event types a player may declare now: nothing while the table owes a roll or a choice (the
 * open request says what is needed), otherwise the declarations the ruleset resolves in this
 * phase, and the flow.
 */
export function declarableNow(ruleset: Ruleset, game: GameState): string[] {
  if (Object.keys(game.requests).length > 0) return []
  // After GameEnded nothing is declared (core/engine/turn-sequence.ts): a note is still written.
  if (game.result) return ['Note']
  // Before the first turn the armies are deploying (scouts are set up then).
  const phase = game.phase ?? (game.turn === 0 ? 'deployment' : null)
  const inPhase = Object.entries(ruleset.procedures)
    .filter(([, procedure]) => phase !== null && procedure?.phases.includes(phase))
    .map(([type]) => type)
  // Armies are mustered before the first turn.
  const setup = game.turn === 0 ? ['ArmyMustered'] : []
  // Once the game has begun it can end: at its last turn, or when a player concedes.
  const end = game.turn > 0 ? ['GameEnded'] : []
  return [...setup, ...inPhase, ...end, ...ALWAYS_DECLARABLE]
}
