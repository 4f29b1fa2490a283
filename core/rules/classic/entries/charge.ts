import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * Charges as the classic ruleset plays them (core-mechanics A.2, A.10): the declaration, the
 * target's response, the charge range against the distance the players measured, a failed charge.
 * Charge markers are held as active effects of this entry until the end of the turn.
 */
export const charge = defineEntry({
  id: 'charge',
  name: 'Charges',
  kind: 'core',
  source: `${CORE} A.2, A.10`,
  anchor: '8e:movement/roll-charge-range-and-move-chargers',
  text:
    'Charges are declared at the start of the Movement phase; the target responds at once: hold, stand and shoot, or ' +
    'flee. The charge reaches when the charge range covers the measured distance; otherwise it fails and the charger ' +
    'moves a short way towards the target.',
  clauses: {
    declare:
      'charges are declared at the start of the movement phase, before any other move, by the player whose turn it is, ' +
      'against an enemy unit',
    'who-may-charge':
      'a unit that is fleeing, engaged in close combat or has declared a charge this turn cannot charge',
    responses:
      'the target responds at once: hold, stand and shoot, or flee; a unit in combat can only hold, a fleeing one flees',
    hold: 'the target holds its ground',
    'stand-and-shoot': 'the target shoots at the charger (with a missile weapon) before it moves in, then holds',
    'stand-and-shoot-close':
      'no stand and shoot when the charger is within half its charge move (classic/variants §stand-and-shoot-range)',
    flee: 'the target flees from the charger with its flee dice',
    'flee-caught': 'a charger whose charge range reaches the fleeing unit destroys it',
    range: 'the charge range (classic/variants §charge-range)',
    reached: 'a charge range that covers the measured distance brings the charger into contact',
    combat:
      'a charge that reaches makes the combat, or joins the combat its target is in: the charger fights as having charged, ' +
      'against the facing it charged into; its charge bonuses are for its own first round',
    'contact-claims':
      'who charged, and into which facing, is what the charges recorded say: a declaration of contact may not say otherwise',
    failed: 'a charge that falls short fails: the charger moves towards the target (classic/variants §failed-charge)',
  },
  enforcement: 'enforced',
})
