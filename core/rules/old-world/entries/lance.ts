import { defineEntry } from '../../../engine/catalogue.js'
import type { CombatMoment } from '../../../engine/effects.js'
import type { UnitState } from '../../../engine/types.js'
import { fightsWith } from '../weapon-choice.js'
import { CORE } from './sources.js'

/** Cavalry and monsters (tow:troop-types-in-detail/cavalry, …/monsters): who may use a lance. */
const LANCERS = new Set([
  'light-cavalry',
  'heavy-cavalry',
  'monstrous-cavalry',
  'war-beast',
  'monstrous-creature',
  'behemoth',
])

/** Whether the lance counts for `unit` now: its wielder, a lancer troop type, in the turn it charged. */
function lanceCounts(unit: UnitState, combat: CombatMoment | null): true | string | null {
  const using = fightsWith(unit, combat, 'lance')
  if (using !== true || combat === null) return using
  if (!LANCERS.has(unit.troopType)) return `${unit.name} is ${unit.troopType}: a lance is for cavalry and monsters only`
  if (!combat.charging)
    return `only in the turn the wielder charged (round ${combat.round}, charged: ${combat.charged})`
  return true
}

export const lance = defineEntry({
  id: 'lance',
  name: 'Lance',
  kind: 'weapon',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/lance',
  text:
    'Combat, S+2, AP -2. Cavalry and monsters only; used only in a turn the wielder charged, against the enemy it ' +
    'charged.',
  clauses: {
    strength: "S+2 in the turn the wielder charged: the wielder's Strength +2",
    'armour-piercing': 'AP -2 in the turn the wielder charged',
    'charge-only': 'only models of the cavalry or monster troop types, and only in a turn they charged',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'strength',
      label: 'lance S+2 on the charge',
      kind: 'add',
      when: (q) => (q.characteristic === 'S' ? lanceCounts(q.subject, q.combat) : null),
      value: 2,
    },
    {
      at: 'armour-piercing',
      clause: 'armour-piercing',
      label: 'lance AP -2 on the charge',
      kind: 'add',
      holder: 'opponent',
      when: (q) => lanceCounts(q.opponent, q.combat),
      value: 2,
    },
  ],
})
