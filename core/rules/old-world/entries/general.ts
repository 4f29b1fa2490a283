import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * The General and Inspiring Presence (core-mechanics B.7), as the shared Leadership code (battle/leadership.ts
 * leadershipFor, generalOf) cites them. The Command range is the table's: the players are asked whether a unit
 * is within it whenever the General's Ld would change a test (prompted).
 */
export const general = defineEntry({
  id: 'general',
  name: 'General',
  kind: 'core',
  source: `${CORE} B.7`,
  anchor: 'tow:characters/inspiring-presence',
  text:
    'The army\'s General is a character; friendly units within his Command range (12", or 18" when he is a Large ' +
    'Target) may use his Leadership for their Leadership tests, unless he is fleeing.',
  clauses: {
    general:
      'the character with the highest Leadership leads the army; among equals, the one the player names ' +
      '(old-world/variants §general-undesignated)',
    'inspiring-presence':
      'friendly units inside the Command range of a General who is not fleeing may use his Leadership for any ' +
      'Leadership test',
    'command-range': 'the General\'s Command range is 12", 18" when he is a Large Target',
  },
  enforcement: 'prompted',
})
