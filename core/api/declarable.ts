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
  // Before the first turn the armies are deploying (scouts are set up then).
  const phase = game.phase ?? (game.turn === 0 ? 'deployment' : null)
  const inPhase = Object.entries(ruleset.procedures)
    .filter(([, procedure]) => phase !== null && procedure?.phases.includes(phase))
    .map(([type]) => type)
  // Armies are mustered before the first turn.
  const setup = game.turn === 0 ? ['ArmyMustered'] : []
  return [...setup, ...inPhase, ...ALWAYS_DECLARABLE]
}
