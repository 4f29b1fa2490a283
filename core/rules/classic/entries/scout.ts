import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/**
 * Prompted: where a scout stands is the table's geometry. The players enter it (UnitDeployed: inches
 * from the enemy's deployment zone, hidden from sight or in cover, in its own zone, inches to the
 * nearest enemy) and Arbiter checks it against the entry, and the order of deployment.
 */
export const scout = defineEntry({
  id: 'scout',
  name: 'Scout',
  kind: 'special-rule',
  source: SEED,
  text:
    'A unit with this special rule may be set up after both armies have been deployed. In this case, the unit can be ' +
    'deployed in one of the following ways: - more than 18" away from the opponents deployment zone. - outside of the ' +
    'opponents deployment zone and at the same time completely out of sight of enemy units and/or within cover. For ' +
    'this purpose all enemy units have 360 degree AOS. If the unit is deployed outside of its own deployment zone it ' +
    'has to be deployed more than 12" away from enemy units. If both armies include scouts, both players roll a D6. ' +
    'The player with the highest roll, starts deploying one of his scout units. Thereafter players alternate ' +
    'deploying one scout unit at a time.',
  clauses: {
    late: 'the unit may be set up after both armies have been deployed',
    far: "more than 18 inches from the opponent's deployment zone",
    hidden: "outside the opponent's deployment zone, completely out of sight of enemy units (360 degrees) or in cover",
    'away-from-enemy': 'outside its own deployment zone, more than 12 inches from enemy units',
    'roll-off': 'if both armies include scouts, a D6 roll-off: the highest deploys a scout first, then they alternate',
  },
  enforcement: 'prompted',
  effects: [
    {
      at: 'deployment',
      clause: 'late',
      label: 'Scout',
      kind: 'set',
      value: 'allowed',
      when: (q) => (q.deployment === 'scout' ? true : null),
    },
  ],
})
