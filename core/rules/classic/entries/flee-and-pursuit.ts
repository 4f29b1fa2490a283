import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const fleeAndPursuit = defineEntry({
  id: 'flee-and-pursuit',
  name: 'Flee and pursuit',
  kind: 'core',
  source: `${CORE} A.6, A.10`,
  anchor: '8e:close-combat/caught',
  text:
    'A broken unit flees 2D6 (in the classic variant 3D6 when its Move is above 6); the winners may pursue with the same ' +
    'dice, and a pursuit roll equal to or above the flee roll catches and destroys the fleeing unit. A winner that wants ' +
    'to hold must pass a Leadership test.',
  clauses: {
    flee: 'the broken unit rolls its flee distance (classic/variants §flee-dice)',
    'fresh-enemy':
      'a pursuer or overrunning unit that reaches an enemy unit it was not fighting charges it: a fleeing one is ' +
      'destroyed, any other is fought in the next close-combat phase, the pursuer counting as having charged (variants §after-the-rout)',
    overrun:
      'a unit that destroys its enemy in the round it charged may overrun, moving on with its pursuit dice; a unit ' +
      'that must pursue (Hatred) must overrun; in a combat of several units, a charger whose every foe in contact ' +
      'is destroyed may overrun while the others fight on (variants §after-the-rout, §overrun-in-a-larger-combat)',
    reform:
      'a winner that restrained its pursuit (passed its Leadership test), or wiped out its enemy and did not overrun ' +
      '(which restrains it), may reform at once; one that pursued, overran or is still in combat may not (variants ' +
      '§reform-after-combat)',
    'held-in-contact':
      'a winner still in contact with an enemy unit that held (did not break) stays in the combat: it cannot pursue',
    restraint: 'a winner that does not want to pursue tests Leadership; if it fails, it pursues',
    pursue: 'each pursuing unit rolls its pursuit distance with the same dice',
    caught: 'a pursuit roll equal to or above the flee roll catches the fleeing unit: it is destroyed',
    escaped: 'otherwise the broken unit flees the combat',
  },
  enforcement: 'enforced',
})
