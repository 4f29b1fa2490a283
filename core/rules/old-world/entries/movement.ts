import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * Moves in the Remaining Moves (core-mechanics B.2), run by the procedure shared with the classic
 * ruleset (classic/moves.ts): normal moves up to M, marches of 2 x M, reforms, and the Enemy Sighted
 * test for a march within 8" of an enemy (old-world/variants §march-blocking). Move markers are
 * active effects of this entry until the end of the turn.
 */
export const movement = defineEntry({
  id: 'movement',
  name: 'Movement',
  kind: 'core',
  source: `${CORE} B.2`,
  anchor: 'tow:movement-in-detail/marching',
  text:
    'A unit moves once in a turn: up to its M, or a march of up to 2 x M. Within 8" of a non-fleeing enemy it must ' +
    'pass a Leadership test to march (Enemy Sighted); a failed test still counts as marching. A reform is the whole move.',
  clauses: {
    'who-may-move': 'engaged and fleeing units do not make a normal move',
    once: 'a unit moves once a turn; a unit that declared a charge has made its move',
    normal: 'a normal move is up to the unit’s M',
    march: 'a march is up to 2 x M',
    'march-blocked': 'a non-fleeing enemy within 8" makes a march need an Enemy Sighted test',
    'march-test': 'Enemy Sighted: a Leadership test; failed, the unit moves only its M and still counts as marching',
    'march-block-unit-strength': 'not used in The Old World: any non-fleeing enemy within 8" calls for the test',
    reform: 'a reform is the whole move',
  },
  enforcement: 'enforced',
})
