import { defineEntry } from '../../../engine/catalogue.js'
import type { CombatMoment } from '../../../engine/effects.js'
import type { UnitState } from '../../../engine/types.js'
import { fightsWith } from '../weapon-choice.js'
import { CORE } from './sources.js'

/** The infantry troop types, who alone may use a thrusting spear. */
const INFANTRY = new Set(['infantry', 'heavy-infantry', 'monstrous-infantry'])

function spearCounts(unit: UnitState, combat: CombatMoment | null): true | string | null {
  const using = fightsWith(unit, combat, 'spear')
  if (using !== true) return using
  return INFANTRY.has(unit.troopType)
    ? true
    : `${unit.name} is ${unit.troopType}: a thrusting spear is for infantry only`
}

/** The thrusting spear (the classic id `spear`, so that the shared weapon choice knows it). */
export const spear = defineEntry({
  id: 'spear',
  name: 'Thrusting spear',
  kind: 'weapon',
  source: `${CORE} B.5`,
  anchor: 'tow:weapons-of-war/thrusting-spear',
  text:
    "Combat, S as the wielder's, AP -; Fight in Extra Rank. Infantry only. No supporting attack in a turn the wielder " +
    'charged; in a turn it was charged in its front arc, +1 Initiative against the charging unit(s).',
  clauses: {
    'extra-rank':
      'Fight in Extra Rank: each model the players enter as supporting (the rank behind the fighting rank) makes one ' +
      'supporting attack, never to an enemy flank or rear',
    'charged-turn': 'no supporting attacks in a turn the wielder charged',
    'front-chargers': 'in a turn it was charged in its front arc: +1 Initiative against the charging unit(s)',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'attacks',
      clause: 'extra-rank',
      label: 'thrusting spear: supporting attacks',
      kind: 'add',
      when: (q) => {
        if (q.supporting === 0) return null
        const counts = spearCounts(q.subject, q.combat)
        if (counts !== true) return counts
        if (q.combat?.charged && q.combat.charging) return 'not in the turn it charged (§charged-turn)'
        if (q.combat && q.combat.facing !== 'front') return `supporting attacks never go to an enemy ${q.combat.facing}`
        return true
      },
      value: (q) => q.supporting,
      describe: (q) => `thrusting spear: ${q.supporting} supporting model${q.supporting === 1 ? '' : 's'} x 1 attack`,
    },
    {
      at: 'profile',
      clause: 'front-chargers',
      label: 'thrusting spear +1 I against front chargers',
      kind: 'add',
      when: (q) => {
        if (q.characteristic !== 'I' || q.combat === null || q.opponent === null) return null
        const facing = q.combat.chargers?.[q.opponent.id]
        if (facing === undefined) return null
        const counts = spearCounts(q.subject, q.combat)
        if (counts !== true) return counts
        return facing === 'front' ? true : `${q.opponent.name} charged it in the ${facing}, not its front arc`
      },
      value: 1,
    },
  ],
})
