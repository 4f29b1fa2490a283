import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/**
 * Prompted: the hidden model is marked at muster (`concealed` on the character, one a unit); at the
 * start of its owner's turns and of every close-combat phase Arbiter asks whether to reveal it, and
 * says where to place it. A hidden model takes no harm (`isHidden`, for whoever allocates hits and
 * wounds to characters); if its unit is destroyed first, the next start of a turn or of a
 * close-combat phase records it lost, as a casualty.
 */
export const concealed = defineEntry({
  id: 'concealed',
  name: 'Concealed',
  kind: 'special-rule',
  source: SEED,
  text:
    'Instead of deploying this model during setup, it can start the game concealed in any Dark Elf infantry. No more ' +
    'than one model can be hidden in a unit. An Assassin does not count to the limit of character models per unit but ' +
    'no more than one Assassin may be part of a unit (hidden or not) at any time. The DE player may reveal the ' +
    'Assassin at the start of any of his turns or at the start of any combat phase. When the Assassin is revealed ' +
    'place it in btb with the enemy (cc) or in the front rank of the unit (when the unit is not in cc). If possible, ' +
    'a model of the unit is placed in the back of the unit to make space, if not a character model may be moved. If ' +
    'the unit, the Assassin is hiding in, is destroyed before the Assassin is revealed, the Assassin is lost and ' +
    'counts as a casualty. A concealed Assassin cannot be damaged in any kind of way.',
  clauses: {
    hide: 'the model may start the game hidden in a Dark Elf infantry unit',
    'one-per-unit': 'no more than one model can be hidden in a unit',
    reveal: "it may be revealed at the start of any of its owner's turns or at the start of any close-combat phase",
    placement: 'revealed, it is placed in base contact with the enemy (in combat) or in the front rank',
    lost: 'if its unit is destroyed before it is revealed, it is lost and counts as a casualty',
    unharmed: 'while hidden it cannot be damaged in any way',
    hidden:
      'while hidden it is not on the table (it is placed when revealed): it does not fight, cannot be attacked, ' +
      'picked out by ranged attacks or challenged, and lends its unit no Leadership',
  },
  enforcement: 'prompted',
  effects: [
    {
      at: 'deployment',
      clause: 'hide',
      label: 'Concealed: may start the game hidden',
      kind: 'set',
      value: 'allowed',
      when: (q) => (q.deployment === 'concealed' ? true : null),
    },
  ],
})
