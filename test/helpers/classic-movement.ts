import type { Draft } from './classic-game.js'

export { RulesetGame } from './classic-game.js'

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
