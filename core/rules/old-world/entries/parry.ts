import { defineEntry } from '../../../engine/catalogue.js'
import { armourValueBefore } from '../armour-value.js'
import { weaponOf } from '../weapon-choice.js'
import { CORE } from './sources.js'

/** The troop types that have Parry (tow:troop-types-in-detail/regular-infantry, …/heavy-infantry). */
const PARRY = new Set(['infantry', 'heavy-infantry'])

export const parry = defineEntry({
  id: 'parry',
  name: 'Parry',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:troop-types-in-detail/parry',
  text:
    'Regular and heavy infantry: whilst engaged in close combat, a model that uses a hand weapon and a shield ' +
    'improves its armour value by 1, to a maximum of 3+.',
  clauses: {
    improves: 'regular or heavy infantry fighting with a hand weapon and a shield in combat: armour value +1',
    maximum: 'Parry improves the armour value to 3+ at most: a model already at 3+ or better gains nothing',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'improves',
      label: 'Parry',
      kind: 'add',
      when: (q, held) => {
        if (q.combat === null || !PARRY.has(q.subject.troopType)) return null
        if (!q.subject.gear.some((g) => g.id === 'shield')) return null
        const weapon = weaponOf(q.subject, q.combat)
        if (weapon !== 'hand-weapon')
          return `${q.subject.name} fights with ${weapon === null ? 'no weapon' : `its ${weapon}`}, not a hand weapon`
        const before = armourValueBefore(q, held, 'parry')
        if (before === null) return null
        return before > 3 ? true : `armour value already ${before}+: Parry improves it to 3+ at most (§maximum)`
      },
      value: -1,
      describe: (q) => `Parry: ${q.subject.name} fights with hand weapon and shield`,
    },
  ],
})
