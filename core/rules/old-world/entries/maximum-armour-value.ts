import { defineEntry } from '../../../engine/catalogue.js'
import type { TroopType } from '../../../events/event-types.js'
import { armourValueBefore } from '../armour-value.js'
import { CORE } from './sources.js'

/** The best armour value each troop type may have (tow:weapons-of-war/maximum-armour-value). */
const BEST: Readonly<Partial<Record<TroopType, number>>> = {
  infantry: 2,
  'heavy-infantry': 2,
  'monstrous-infantry': 2,
  swarm: 2,
  'light-cavalry': 2,
  'heavy-cavalry': 2,
  'monstrous-cavalry': 2,
  'war-beast': 2,
  'light-chariot': 3,
  'heavy-chariot': 3,
  'monstrous-creature': 3,
  behemoth: 3,
  'war-machine': 3,
}

export const maximumArmourValue = defineEntry({
  id: 'maximum-armour-value',
  name: 'Maximum armour value',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/maximum-armour-value',
  text:
    'Infantry and cavalry can never have an armour value better than 2+; chariots, monsters and war machines never ' +
    'better than 3+. Bonuses that would improve it further have no effect; Armour Piercing then worsens the value.',
  clauses: {
    'infantry-cavalry': 'infantry and cavalry (war beasts and swarms among them): never better than 2+',
    'chariots-monsters': 'chariots, monstrous creatures, behemoths and war machines: never better than 3+',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'infantry-cavalry',
      label: 'maximum armour value 2+',
      kind: 'cap',
      when: (q, held) => {
        if (BEST[q.subject.troopType] !== 2) return null
        const before = armourValueBefore(q, held, 'maximum-armour-value')
        return before !== null && before < 2 ? true : null
      },
      value: 2,
      describe: (q) => `maximum armour value of ${q.subject.troopType}: 2+`,
    },
    {
      at: 'armour-save',
      clause: 'chariots-monsters',
      label: 'maximum armour value 3+',
      kind: 'cap',
      when: (q, held) => {
        if (BEST[q.subject.troopType] !== 3) return null
        const before = armourValueBefore(q, held, 'maximum-armour-value')
        return before !== null && before < 3 ? true : null
      },
      value: 3,
      describe: (q) => `maximum armour value of a ${q.subject.troopType}: 3+`,
    },
  ],
})
