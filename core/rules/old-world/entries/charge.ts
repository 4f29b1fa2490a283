import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * Charges as The Old World plays them (core-mechanics B.2), run by the procedure it shares with the
 * classic ruleset (battle/charges.ts): the declaration within the maximum possible charge range (the
 * ruleset's `maxChargeRange`), the reaction, the range of M + the higher of 2D6 (old-world/variants
 * §charge-range), a failed charge that moves the higher die. Charge markers are active effects of this entry.
 */
export const charge = defineEntry({
  id: 'charge',
  name: 'Charges',
  kind: 'core',
  source: `${CORE} B.2`,
  anchor: 'tow:the-movement-phase/determine-charge-range',
  text:
    'Charges are declared in the Movement phase, only against a target within the maximum possible charge range ' +
    '(M + 6); the target reacts at once: Hold, Stand & Shoot or Flee. Charge range = M + the higher of 2D6; a charge ' +
    'that falls short moves the charge roll towards the target. Charging gives no automatic strike-first.',
  clauses: {
    declare: 'charges are declared in the movement phase, before other moves, by the player whose turn it is',
    'who-may-charge': 'engaged and fleeing units cannot charge, nor a unit that has declared a charge this turn',
    'max-range':
      'no impossible charges: the target must be within the maximum possible charge range, M + 6 ' +
      '(tow:the-movement-phase/maximum-possible-charge-range)',
    responses: 'the target reacts at once: Hold, Stand & Shoot or Flee; an engaged unit must Hold, a fleeing one Flees',
    hold: 'the target holds its ground',
    'stand-and-shoot': 'the target shoots at the charger with its missile weapons, then holds',
    'stand-and-shoot-close':
      'no Stand & Shoot when the charger is closer than its own M (old-world/variants §stand-and-shoot-range)',
    flee: 'the target pivots away from the charger and flees 2D6',
    'flee-caught': 'a charger whose charge range reaches the fleeing unit runs it down: it is destroyed',
    range: 'charge range = M + the higher of 2D6 (old-world/variants §charge-range)',
    reached: 'a charge range that covers the measured distance brings the charger into contact',
    combat:
      'a charge that reaches makes the combat, or joins the combat its target is in: the charger fights as having charged, ' +
      'against the facing it charged into, with the whole inches it moved; its charge bonuses are for its own first round',
    'contact-claims':
      'who charged, and into which facing, is what the charges recorded say: a declaration of contact may not say otherwise',
    failed:
      'a charge that falls short fails: the charger moves the higher die towards the target (old-world/variants §failed-charge)',
  },
  enforcement: 'enforced',
})
