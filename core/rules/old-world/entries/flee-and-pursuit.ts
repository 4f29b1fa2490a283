import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const fleeAndPursuit = defineEntry({
  id: 'flee-and-pursuit',
  name: 'Flee and pursuit',
  kind: 'core',
  source: `${CORE} B.2, B.6`,
  anchor: 'tow:the-combat-phase/the-pursuit-move',
  text:
    'A broken unit flees 2D6" straight away from the winner. The winners may pursue 2D6" towards it, or restrain ' +
    'with a Leadership test; a pursuer that reaches a fleeing unit runs it down and destroys it.',
  clauses: {
    flee: 'a broken unit flees 2D6" away from the winning unit with the highest Unit Strength',
    pursue: 'a winner may pursue 2D6" towards a broken or falling-back enemy',
    restraint: 'a winner that would rather hold tests its Leadership; failed, it must pursue',
    caught: 'a pursuer that reaches the fleeing unit runs it down: it is destroyed',
    escaped: 'a fleeing unit the pursuers do not reach escapes',
  },
  enforcement: 'enforced',
})
