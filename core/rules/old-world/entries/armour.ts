import { defineEntry } from '../../../engine/catalogue.js'
import { requiresTwoHands } from '../weapon-choice.js'
import { CORE } from './sources.js'

/** Armour and shields bar casting and dispelling (core-mechanics B.3): asked at the `permission` point. */
const wizardsCannotCast = {
  at: 'permission',
  clause: 'wizards',
  label: 'wears armour',
  kind: 'set',
  when: (q: { readonly action: string }) => (q.action === 'cast' || q.action === 'dispel' ? true : null),
  value: 'forbidden',
} as const

/** A suit of armour: it sets the armour value (old-world/armour-save §armour). */
function armourEntry<const Id extends string>(id: Id, name: string, save: number, anchor: string) {
  return defineEntry({
    id,
    name,
    kind: 'armour',
    source: `${CORE} B.5`,
    anchor,
    text: `${name}: armour value ${save}+. A Wizard wearing it cannot cast or dispel.`,
    params: { save },
    clauses: { save: `armour value ${save}+`, wizards: 'a Wizard wearing it cannot cast or dispel' },
    enforcement: 'enforced',
    effects: [
      {
        at: 'armour-save',
        clause: 'save',
        label: name.toLowerCase(),
        kind: 'set',
        value: (_q, held) => Number(held.params.save),
        describe: (_q, held) => `${name.toLowerCase()}: ${held.params.save}+`,
      },
      wizardsCannotCast,
    ],
  })
}

export const lightArmour = armourEntry('light-armour', 'Light armour', 6, 'tow:weapons-of-war/light-armour')
export const heavyArmour = armourEntry('heavy-armour', 'Heavy armour', 5, 'tow:weapons-of-war/heavy-armour')
export const fullPlateArmour = armourEntry(
  'full-plate-armour',
  'Full plate armour',
  4,
  'tow:weapons-of-war/full-plate-armour',
)

export const shield = defineEntry({
  id: 'shield',
  name: 'Shield',
  kind: 'armour',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/shield',
  text:
    'A model that carries a shield improves its armour value by 1. A model that uses a weapon that Requires Two ' +
    'Hands in combat cannot also use a shield. A Wizard with a shield cannot cast or dispel.',
  params: { improves: 1 },
  clauses: {
    improves: 'improves the armour value by 1 (an unarmoured model with a shield has 6+)',
    'two-hands': 'not in a combat where the model fights with a weapon that Requires Two Hands',
    wizards: 'a Wizard with a shield cannot cast or dispel',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'improves',
      label: 'shield',
      kind: 'add',
      when: (q) => {
        const twoHanded = q.combat === null ? null : requiresTwoHands(q.subject, q.combat)
        return twoHanded === null
          ? true
          : `${q.subject.name} fights with its ${twoHanded}, which Requires Two Hands: no shield (§two-hands)`
      },
      value: (_q, held) => -Number(held.params.improves),
    },
    { ...wizardsCannotCast, label: 'carries a shield' },
  ],
})

export const barding = defineEntry({
  id: 'barding',
  name: 'Barding',
  kind: 'armour',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/barding',
  text: 'A model that rides a barded mount improves its armour value by 1.',
  params: { improves: 1 },
  clauses: { improves: 'a model riding a barded mount improves its armour value by 1' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'improves',
      label: 'barded mount',
      kind: 'add',
      value: (_q, held) => -Number(held.params.improves),
    },
  ],
})
