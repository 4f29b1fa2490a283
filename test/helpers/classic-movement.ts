import { ArbiterError } from '../../core/events/errors.js'
import { classic } from '../../core/rules/classic/index.js'
import { type Draft, ev, RulesetGame, type unitDef } from './classic-game.js'

export { RulesetGame } from './classic-game.js'

/** Two armies in the movement phase of turn 1, p1 to play. */
export function movementGame(
  p1: ReturnType<typeof unitDef>[],
  p2: ReturnType<typeof unitDef>[],
  variant = 'classic',
  ruleset = classic,
) {
  return new RulesetGame(
    ruleset,
    ev.created(variant),
    ev.mustered('p1', ...p1),
    ev.mustered('p2', ...p2),
    ev.turn(1, 'p1'),
    ev.phase('movement'),
  )
}

/** The error a declaration is refused with (a test fails when it is not refused). */
export function refusal(run: () => unknown): ArbiterError {
  try {
    run()
  } catch (error) {
    if (error instanceof ArbiterError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

export const moveEv = {
  charge: (unit: string, target: string, distance: number, facing = 'front'): Draft => ({
    type: 'ChargeDeclared',
    payload: { unit, target, distance, facing },
  }),
  move: (unit: string, kind: string, distance: number, enemiesWithin8: string[] = []): Draft => ({
    type: 'MoveDeclared',
    payload: { unit, kind, distance, enemiesWithin8 },
  }),
  scout: (
    unit: string,
    facts: { fromEnemyZone: number; nearestEnemy: number; hidden?: boolean; inOwnZone?: boolean },
  ): Draft => ({ type: 'UnitDeployed', payload: { unit, as: 'scout', ...facts } }),
}
