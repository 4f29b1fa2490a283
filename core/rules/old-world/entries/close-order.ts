import { defineEntry } from '../../../engine/catalogue.js'
import type { Held } from '../../../engine/effects.js'
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
      "side's combat result; each such unit counts (old-world/variants §combat-order-bonus)",
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
        const reasons = closeOrderUnits(q.side.units, held).map((unit) =>
          whyNot(unit, held.decision('combat-order-bonus')),
        )
        return reasons.some((reason) => reason === null) ? true : reasons.join('; ')
      },
      // Each Close Order unit in Combat Order counts (tow:the-combat-phase/other-bonuses-multiple-combats).
      value: (q, held) =>
        closeOrderUnits(q.side.units, held).filter((unit) => whyNot(unit, held.decision('combat-order-bonus')) === null)
          .length,
      describe: (q, held) => {
        const counted = closeOrderUnits(q.side.units, held).filter(
          (unit) => whyNot(unit, held.decision('combat-order-bonus')) === null,
        )
        return `Close Order in Combat Order: ${
          counted.map((unit) => `${unit.name} (Unit Strength ${unitStrengthOf(unit)})`).join(', ') || 'no unit'
        }`
      },
    },
  ],
})

/** The side's units that hold Close Order: listed, or through an entry that grants it (Lumbering). */
function closeOrderUnits(units: readonly UnitState[], held: Held): UnitState[] {
  return units.filter((unit) => held.holds(unit, 'close-order'))
}

/** Why a Close Order unit claims no Combat Order bonus, or null when it does. */
function whyNot(unit: UnitState, decision: string): string | null {
  const needed = neededStrength(decision)
  if (inCombatOrder(unit) !== true)
    return `${unit.name} is not in Combat Order (${unit.files === null ? 'no files given' : 'deeper than wide'})`
  if (unitStrengthOf(unit) < needed) return `${unit.name} has Unit Strength ${unitStrengthOf(unit)}, under ${needed}`
  return null
}
