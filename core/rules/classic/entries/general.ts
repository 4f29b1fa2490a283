import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/**
 * The General (seed 000). Who he is, his once-a-game auto-pass of a Panic test and Inspiring Presence
 * are worked out by battle/leadership.ts (generalOf, leadershipFor) and battle/panic.ts (panicTest); the 12" is the table's, so
 * Arbiter asks it whenever the General's Ld would change a test (prompted).
 */
export const general = defineEntry({
  id: 'general',
  name: 'General',
  kind: 'special-rule',
  source: SEED,
  text:
    '- Each army has to be led by a general. The general is the character model with the highest Ld ' +
    'in the army. If there are multiple characters with the highest LD, the player designates one of ' +
    'those models as the general when he musters his army. Character models which cannot be the ' +
    'general, are ignored for this purpose. - The general may choose to automatically pass the first ' +
    'panic test he, or the unit he is with, has to take in the game. o Inspiring Presence: If the ' +
    'general is not broken and is positioned in the front rank of a unit (or is on his own), ' +
    'friendly units within 12" of the general use its Ld for any Ld-tests.',
  clauses: {
    general:
      'the character with the highest Ld who can be the general; among equals, the one the player designates ' +
      '(classic/variants §general-undesignated)',
    'auto-pass': 'he may choose to pass automatically the first Panic test he or his unit has to take in the game',
    'inspiring-presence':
      'friendly units within 12" of a General who is not broken, in the front rank of a unit or on his own, ' +
      'use his Ld for any Ld test',
  },
  enforcement: 'prompted',
})
