import { defineEntry } from '../../../engine/catalogue.js'
import type { TroopType } from '../../../events/event-types.js'
import { seedLines } from './sources.js'
import { STOMP_BLOW } from './stomp-attacks.js'

/** Targets too huge to trample effectively (seed 001 line 83). */
const TOO_HUGE: readonly TroopType[] = ['monstrous-creature', 'behemoth']

/**
 * The behemoth stomp rule (Thunderstomp), seed 001: a behemoth's Stomp Attacks have AP -2, except against monstrous
 * creatures and behemoths. Every behemoth has it by its troop type: the effect acts for any unit and reads it.
 */
export const thunderstomp = defineEntry({
  id: 'thunderstomp',
  name: 'Thunderstomp (the behemoth stomp rule)',
  kind: 'special-rule',
  source: seedLines(80, 85),
  anchor: 'tow:troop-types-in-detail/thunderstomp',
  text:
    'Restriction: behemoth. Select: target of its Stomp Attacks. Result: monstrous creatures or behemoth: no bonus, ' +
    'being too huge to trample effectively. Any other target: Armour Piercing characteristic of -2. Related: ' +
    'Behemoths.',
  clauses: {
    behemoth: 'every behemoth has it, by its troop type',
    'armour-piercing': "a behemoth's Stomp Attacks have AP -2: the target's armour save is 2 worse",
    'too-huge': 'against monstrous creatures and behemoths the stomps get no bonus',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-piercing',
      clause: 'armour-piercing',
      label: 'Thunderstomp: AP -2',
      kind: 'add',
      holder: 'opponent',
      // Held by every unit: it is the behemoth troop type's (thunderstomp §behemoth), not a listed rule.
      always: true,
      when: (q) => {
        if (q.combat?.special !== STOMP_BLOW || q.opponent.troopType !== 'behemoth') return null
        return TOO_HUGE.includes(q.subject.troopType)
          ? `${q.subject.name} is a ${q.subject.troopType}: too huge to trample effectively, no bonus`
          : true
      },
      value: 2,
    },
  ],
})
