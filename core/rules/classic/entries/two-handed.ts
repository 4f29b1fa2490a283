import { defineEntry } from '../../../engine/catalogue.js'
import { isTwoHanded, weaponOf } from '../weapon-choice.js'
import { SEED } from './sources.js'

export const twoHanded = defineEntry({
  id: 'two-handed',
  name: 'Two-handed',
  kind: 'special-rule',
  source: SEED,
  text: 'The weapon cannot be used in combination with a shield.',
  clauses: {
    'no-shield':
      'a unit fighting with a two-handed weapon gets no armour bonus from its shield in close combat; against ' +
      'shooting and spells it keeps it (classic/variants §two-handed-shield)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'no-shield',
      label: 'two-handed weapon: the shield is not used',
      kind: 'add',
      // A property of the weapons, not an item a unit carries: every unit is checked.
      always: true,
      when: (q) => {
        const shield = q.subject.gear.find((g) => g.id === 'shield')
        if (!shield || q.combat === null) return null
        return isTwoHanded(weaponOf(q.subject, q.combat)) ? true : null
      },
      // Takes back exactly what the shield gave.
      value: (q) => Number(q.subject.gear.find((g) => g.id === 'shield')?.options.improves ?? 1),
      describe: (q) =>
        `${q.subject.name} fights with its ${q.combat ? weaponOf(q.subject, q.combat) : null}, two-handed: ` +
        'no shield in close combat (classic/variants §two-handed-shield)',
    },
  ],
})
