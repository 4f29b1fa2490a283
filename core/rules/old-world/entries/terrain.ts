import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * Difficult and dangerous terrain as a move crosses it (the table names it on MoveDeclared): the
 * Movement modifier is the ruleset's `terrainMovement`, asked of the `movement` point (`terrain`);
 * the Dangerous Terrain tests are rolled after the move (classic/terrain.ts, shared).
 */
export const terrain = defineEntry({
  id: 'terrain',
  name: 'Difficult and dangerous terrain',
  kind: 'core',
  source: `${CORE} B.2`,
  anchor: 'tow:movement-in-detail/difficult-terrain-movement',
  text:
    'If any part of a unit moves through difficult terrain (beginning, passing through or ending its move in it), the ' +
    'unit has -1 to its Movement characteristic, to a minimum of 1. Dangerous terrain hinders movement just as ' +
    'difficult terrain does; in addition each model that begins, passes through or ends its move in it makes a ' +
    'Dangerous Terrain test: a D6, on a 1 it loses a single Wound. A unit charging through difficult terrain discards ' +
    'the highest of its 2D6 Charge roll.',
  clauses: {
    difficult: 'a unit moving through difficult terrain has -1 to its Movement characteristic, to a minimum of 1',
    dangerous: 'dangerous terrain hinders movement as difficult terrain does: -1 to Movement, to a minimum of 1',
    'dangerous-test':
      'each model moving through dangerous terrain makes a Dangerous Terrain test: a D6, on a 1 it loses a Wound',
    charge:
      'a unit charging through difficult terrain rolls its 2D6 Charge roll and discards the highest: the lower die is ' +
      'the Charge roll (tow:battlefield-terrain/difficult-terrain)',
  },
  enforcement: 'enforced',
})
