import { defineEntry } from '../../../engine/catalogue.js'
import type { UnitState } from '../../../engine/types.js'
import { weaponArmourBane } from '../weapon-choice.js'
import { seedLines } from './sources.js'

/** The model's own Armour Bane (X), from its list (0 when it has none). */
function ownArmourBane(unit: UnitState): number {
  const rule = unit.rules.find((r) => r.id === 'armour-bane')
  return rule === undefined ? 0 : Number(rule.params.X ?? 1)
}

/** Armour Bane (X), seed 001: a natural 6 to wound improves that wound's Armour Piercing by X. */
export const armourBane = defineEntry({
  id: 'armour-bane',
  name: 'Armour Bane',
  kind: 'special-rule',
  source: seedLines(3, 4),
  anchor: 'tow:special-rules/armour-bane',
  text:
    "Condition: natural 6 on a roll To Wound made by the model. Result: the weapon's Armour Piercing characteristic " +
    'improves by the (X) figure of Armour Bane when an Armour Save is rolled against that wound (e.g. AP "-" with ' +
    'Armour Bane (1) counts as -1)',
  params: { X: 1 },
  clauses: {
    'natural-6':
      "a natural 6 to wound: the armour save against that wound is X worse (X from the list's `X`, or the weapon's " +
      "Armour Bane, such as a great weapon's (1)); other wounds of the roll save as usual",
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'natural-6',
      clause: 'natural-6',
      label: 'Armour Bane',
      kind: 'add',
      // Held as the model's own rule or through the weapon it fights with: every striker is asked.
      always: true,
      when: (q) => {
        if (q.roll !== 'to-wound') return null
        return Math.max(ownArmourBane(q.subject), weaponArmourBane(q.subject, q.combat)) > 0 ? true : null
      },
      value: (q) => Math.max(ownArmourBane(q.subject), weaponArmourBane(q.subject, q.combat)),
      describe: (q) =>
        `Armour Bane (${Math.max(ownArmourBane(q.subject), weaponArmourBane(q.subject, q.combat))}): natural 6 to wound`,
    },
  ],
})
