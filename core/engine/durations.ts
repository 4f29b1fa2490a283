import { explain } from '../explain/explanation.js'
import type { ActiveEffect } from './effects.js'
import { evolve, type Outcome, type OutcomeInit } from './outcomes.js'
import type { StepScratch } from './step-scratch.js'
import type { GameState } from './types.js'

/**
 * Active effects and when they end (DESIGN §3: durations are data on an active effect). Each
 * moment a duration can end at has its function here; the driver calls it when the moment comes,
 * and each ending is an `effect-ended` outcome saying why.
 */

type Ends = (duration: ActiveEffect['duration'], effect: ActiveEffect) => string | null

/** Records an outcome in the step and applies it; ends the durations it closes. */
export function record(game: GameState, step: StepScratch, outcome: OutcomeInit): void {
  const placed = Object.assign({}, outcome, { seq: step.seq }) as Outcome
  step.outcomes.push(placed)
  evolve(game, placed)
  if (placed.kind === 'round-ended') {
    const { combat, round } = placed.values
    expire(game, step, (d) =>
      (d.kind === 'this-round' || (d.kind === 'first-round' && round >= 1)) && d.combat === combat
        ? `the round ${round} of ${combat} is over`
        : null,
    )
  }
  if (placed.kind === 'combat-joined' || placed.kind === 'combat-unit-joined') {
    const engaged = new Set(
      placed.kind === 'combat-joined'
        ? placed.values.sides.flatMap((side) => side.units.map((u) => u.unit))
        : [placed.values.unit.unit],
    )
    expire(game, step, (d, effect) =>
      d.kind === 'players-next-turn' && d.orEngaged && engaged.has(effect.unit)
        ? 'the unit is engaged in combat'
        : null,
    )
  }
}

/** Ends every active effect whose duration `ends` says is over (with the reason). */
export function expire(game: GameState, step: StepScratch, ends: Ends): void {
  for (const effect of [...game.effects]) {
    const why = ends(effect.duration, effect)
    if (why === null) continue
    record(game, step, {
      kind: 'effect-ended',
      text: `${effect.entry} on ${effect.unit} ends: ${why}`,
      values: { effect: effect.id, entry: effect.entry, unit: effect.unit, why },
      explanation: explain(`${effect.entry} on ${effect.unit} ends: ${why}`, { from: [effect.startedAt] }),
    })
  }
}

/** Ends a one-use effect that has just applied. */
export function expireUsed(game: GameState, step: StepScratch, used: ActiveEffect): void {
  expire(game, step, (d) => (d === used.duration ? 'it has been used' : null))
}

/** Ends the effects that last through a player's phase which is now over (`next-phase-of`). */
export function expirePhaseOver(game: GameState, step: StepScratch, turnOver: boolean): void {
  const phase = game.phase
  const player = game.activePlayer
  if (player === null) return
  expire(game, step, (d) =>
    d.kind === 'next-phase-of' && d.player === player && (d.phase === phase || turnOver)
      ? `${player}'s ${d.phase} phase is over`
      : null,
  )
}

/** A turn has started for `player`: what lasted to the end of the turn or phase, or to this player's next turn, ends. */
export function expireAtTurnStart(game: GameState, step: StepScratch, player: string): void {
  expire(game, step, (d) => (d.kind === 'end-of-turn' || d.kind === 'end-of-phase' ? 'the turn is over' : null))
  expire(game, step, (d) =>
    d.kind === 'players-next-turn' && d.player === player ? `${d.player}'s next turn has begun` : null,
  )
}

/** A phase has started: what lasted to the caster's next magic phase (this one, if it is), or to the phase's end, ends. */
export function expireAtPhaseStart(game: GameState, step: StepScratch, phase: string, active: string | null): void {
  expire(game, step, (d) =>
    d.kind === 'casters-next-magic-phase' && phase === 'magic' && d.caster === active
      ? "the caster's next magic phase has begun"
      : null,
  )
  expire(game, step, (d) => (d.kind === 'end-of-phase' ? 'the phase is over' : null))
}
