import { defineEntry } from '../../../engine/catalogue.js'
import type { UnitState } from '../../../engine/types.js'
import { inCombatOrder } from '../rank-bonus.js'
import { seedLines } from './sources.js'
import { unitStrengthOf } from './unit-strength.js'

/** The Unit Strength a Close Order unit in Combat Order needs for its combat result bonus (old-world/variants). */
function neededStrength(decision: string): number {
  return decision === 'unit-strength-5' ? 5 : 10
}

/** Close Order, seed 001: the unit may form up in Close Order; in Combat Order it adds +1 to its side's result. */
export const closeOrder = defineEntry({
  id: 'close-order',
  name: 'Close Order',
  kind: 'special-rule',
  source: seedLines(46, 46),
  anchor: 'tow:special-rules/close-order',
  text: 'Such a unit is able to form up in Close Order.',
  clauses: {
    formation: 'the unit may form up in Close Order: ranks and files in base contact (its list gives its files)',
    'combat-order':
      'a Close Order unit in Combat Order (at least as wide as deep) with enough Unit Strength adds +1 to its ' +
      "side's combat result, once a side (old-world/variants §combat-order-bonus)",
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'combat-result',
      clause: 'combat-order',
      label: 'Close Order in Combat Order',
      kind: 'add',
      when: (q, held) => {
        if (q.stage !== 'score') return null
        const needed = neededStrength(held.decision('combat-order-bonus'))
        const holders = q.side.units.filter((u) => u.rules.some((r) => r.id === 'close-order'))
        const why = (unit: UnitState) =>
          inCombatOrder(unit) !== true
            ? `${unit.name} is not in Combat Order (${unit.files === null ? 'no files given' : 'deeper than wide'})`
            : unitStrengthOf(unit) < needed
              ? `${unit.name} has Unit Strength ${unitStrengthOf(unit)}, under ${needed}`
              : null
        const reasons = holders.map(why)
        return reasons.some((reason) => reason === null) ? true : reasons.join('; ')
      },
      value: 1,
      describe: (q) => {
        const unit = q.side.units.find((u) => u.rules.some((r) => r.id === 'close-order') && inCombatOrder(u))
        return `Close Order in Combat Order: ${unit?.name ?? 'a unit'} (Unit Strength ${unit ? unitStrengthOf(unit) : 0})`
      },
    },
  ],
})
