import { defineEntry } from '../../../engine/catalogue.js'
import type { UnitState } from '../../../engine/types.js'
import { seedLines } from './sources.js'

/** Whether a unit's own list (or a character's, through its own view) names Tree Spirit. */
function hasTreeSpirit(unit: UnitState | null): boolean {
  return unit?.rules.some((rule) => rule.id === 'tree-spirit') ?? false
}

/**
 * Tree Spirit (seed 001). Joining is checked at muster, where the `permission` point is asked whether each
 * character may `join` its unit (old-world/muster.ts). Leadership: a Tree Spirit unit bars a character without
 * it from lending Ld (`lend-leadership`, asked with the receiving unit as opponent). The exception, as the seed
 * words it: any friendly Tree Spirit character who is not fleeing lends it his Ld inside his own Command range
 * (`lend-leadership-in-command-range`, battle/leadership.ts): the General's through Inspiring Presence, any other
 * character's as far as his Ld in inches (old-world/variants §tree-spirit-leadership).
 */
export const treeSpirit = defineEntry({
  id: 'tree-spirit',
  name: 'Tree Spirit',
  kind: 'special-rule',
  source: seedLines(48, 52),
  anchor: 'tow:special-rules/tree-spirit',
  text:
    'Restriction: Character or unit with Tree Spirit. Result: Such a character may not join a unit that lacks Tree ' +
    'Spirit. Such a unit may be neither joined by, nor draw Leadership characteristic from, a character that lacks ' +
    'Tree Spirit. Exception: it draws Leadership characteristic from a Tree Spirit friendly character, not fleeing, ' +
    "when inside that character's Command range.",
  clauses: {
    'no-joining': 'a Tree Spirit character may not join a unit that lacks Tree Spirit',
    'not-joined': 'a Tree Spirit unit may not be joined by a character that lacks Tree Spirit',
    leadership: 'a Tree Spirit unit draws no Leadership from a character that lacks Tree Spirit',
    exception:
      "it draws Leadership from a friendly Tree Spirit character who is not fleeing, inside that character's Command " +
      'range, whoever he is (old-world/variants §tree-spirit-leadership)',
  },
  enforcement: 'prompted',
  effects: [
    {
      at: 'permission',
      clause: 'no-joining',
      label: 'Tree Spirit: may not join a unit that lacks Tree Spirit',
      kind: 'set',
      value: 'forbidden',
      when: (q) => (q.action === 'join' && !hasTreeSpirit(q.opponent) ? true : null),
    },
    {
      at: 'permission',
      clause: 'not-joined',
      label: 'Tree Spirit: may not be joined by a character that lacks Tree Spirit',
      kind: 'set',
      holder: 'opponent',
      value: 'forbidden',
      when: (q) => (q.action === 'join' && !hasTreeSpirit(q.subject) ? true : null),
    },
    {
      at: 'permission',
      clause: 'leadership',
      label: 'Tree Spirit: the unit draws no Leadership from a character that lacks Tree Spirit',
      kind: 'set',
      holder: 'opponent',
      value: 'forbidden',
      // Which Tree Spirit characters may lend it (joined, or the General) is the variant table's: read, it is cited.
      when: (q, held) =>
        q.action === 'lend-leadership' && held.decision('tree-spirit-leadership') && !hasTreeSpirit(q.subject)
          ? true
          : null,
    },
    {
      at: 'permission',
      clause: 'exception',
      label: "Tree Spirit: it draws Leadership from a Tree Spirit character inside that character's Command range",
      kind: 'set',
      holder: 'opponent',
      value: 'allowed',
      when: (q, held) =>
        q.action === 'lend-leadership-in-command-range' &&
        held.decision('tree-spirit-leadership') &&
        hasTreeSpirit(q.subject)
          ? true
          : null,
    },
  ],
})
