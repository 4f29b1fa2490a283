import { defineEntry } from '../../../engine/catalogue.js'
import type { UnitState } from '../../../engine/types.js'
import { CORE } from './sources.js'

/** The unit's models besides its champion (who is protected on its own terms, classic/champion). */
function rankAndFileOf(unit: UnitState): number {
  return unit.models - (unit.command.champion && unit.models > 0 ? 1 : 0)
}

/**
 * How characters fight in close combat (7th-edition conventions, core-mechanics A.10; the seed's Champion is
 * "attacked separately ... like characters"). Enforced by the close-combat round through each character's own
 * view: its profile, gear and rules answer the timing points.
 */
export const characters = defineEntry({
  id: 'characters',
  name: 'Characters in close combat',
  kind: 'core',
  source: `${CORE} A.5, A.10; seed Champion`,
  text:
    'A character fights with its own profile, weapons, armour and special rules, strikes in its own Initiative ' +
    'step, and is attacked on its own: only the attacks directed at it by enemies in base contact can wound it. ' +
    'It saves with its own armour, is slain on its own, and wounds neither spill from it onto its unit nor from ' +
    'its unit onto it.',
  clauses: {
    'own-profile': 'a character fights with its own profile, gear and special rules',
    'own-initiative': 'it strikes in the Initiative step of its own profile',
    'in-contact': 'the players say which characters are in base contact; only those fight and can be attacked',
    'directed-attacks': 'enemies in base contact say how many of their attacks go at the character',
    'own-save': 'it saves with its own armour and ward',
    'slain-alone': 'its wounds are recorded on their own; at 0 Wounds it is slain',
    'no-spill':
      'wounds beyond what the character has left are wasted, and wounds on its unit never reach it (outside a ' +
      'challenge)',
    'slain-do-not-strike': 'a character slain before its Initiative step does not strike',
    'last-standing':
      'when its unit has no rank and file left, the one character or champion still standing takes the attacks at it',
    'ranged-protection':
      'ranged attacks at a unit cannot pick out a character who joined it while the unit has at least 5 rank and ' +
      'file (the protection the seed\'s Champion borrows "like characters")',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'ranged-protection',
      clause: 'ranged-protection',
      label: 'character protected by its unit',
      kind: 'set',
      // Only a joined character's own view: a lone character has no unit to hide in.
      when: (q) => {
        if (!q.subject.character || q.subject.id === q.unit.id) return null
        const rankAndFile = rankAndFileOf(q.unit)
        return rankAndFile >= 5
          ? true
          : `only ${rankAndFile} rank and file in ${q.unit.name} (it needs at least 5): it can be picked out`
      },
      value: 'protected',
      describe: (q) => `character protected: ${rankAndFileOf(q.unit)} rank and file in ${q.unit.name}`,
    },
  ],
})
