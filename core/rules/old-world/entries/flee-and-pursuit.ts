import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const fleeAndPursuit = defineEntry({
  id: 'flee-and-pursuit',
  name: 'Flee and pursuit',
  kind: 'core',
  source: `${CORE} B.2, B.6`,
  anchor: 'tow:the-combat-phase/the-pursuit-move',
  text:
    'A broken unit flees 2D6" straight away from the winner; a unit that falls back in good order flees the higher of ' +
    '2D6" and rallies at once; a unit that gives ground moves 2" back and stays in the combat. The winners follow up a ' +
    'unit that gave ground, pursue 2D6" towards a broken or falling-back enemy, or restrain and reform with a ' +
    'Leadership test; a pursuer that reaches a fleeing unit runs it down and destroys it.',
  clauses: {
    flee: 'a broken unit flees 2D6" away from the winning unit with the highest Unit Strength',
    pursue: 'a winner may pursue 2D6" towards a broken or falling-back enemy',
    'fresh-enemy':
      'a pursuer or overrunning unit that reaches an enemy unit it was not fighting charges it: a fleeing one is ' +
      'destroyed, any other is fought in the next close-combat phase, the pursuer counting as having charged (variants §after-the-rout)',
    overrun:
      'a unit that destroys its enemy in the round it charged may overrun, moving on with its pursuit dice, or attempt ' +
      'to restrain and reform (a Restraint test; failed, it overruns); a unit that must pursue (Hatred) must overrun; ' +
      'in a combat of several units, a charger whose every foe in contact is destroyed may overrun while the others ' +
      'fight on (variants §after-the-rout, §overrun-in-a-larger-combat)',
    reform:
      'a winner that passed its Restraint test (instead of following up, pursuing or overrunning) stays where it is ' +
      'and may make a free reform; one that failed it, pursued, overran or followed up may not (variants ' +
      '§reform-after-combat)',
    'held-in-contact':
      'a winner still in contact with an enemy unit that held (did not break) stays in the combat: it cannot pursue',
    restraint:
      'a winner that would rather restrain and reform tests its Leadership; failed, it must pursue or follow up',
    caught:
      'a pursuer that reaches the fleeing unit runs it down: it is destroyed (old-world/variants §pursuit-contact)',
    escaped: 'a fleeing unit the pursuers do not reach escapes',
    'fall-back':
      'a unit that falls back in good order flees the higher of 2D6", leaves the combat and rallies at once: it is ' +
      'not fleeing afterwards',
    'give-ground': 'a unit that gives ground moves 2" straight back, keeps its facing and stays in the combat',
    'follow-up': 'a winner whose enemy gave ground may follow up, moving back into contact: the combat goes on',
    contact:
      'a pursuer that reaches a unit which fell back in good order does not destroy it; it counts as having charged ' +
      'it, and the two fight next turn (old-world/variants §pursuit-contact)',
    apart:
      'when the losers gave ground and no winner followed up, the two sides are out of contact: the combat ends ' +
      '(old-world/variants §combat-apart)',
  },
  enforcement: 'enforced',
})
