import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/** Rank and file a champion needs around it, besides itself, to be protected from ranged attacks. */
const PROTECTING_RANK_AND_FILE = 5

/**
 * Enforced in close combat (its own stat line, attacked on its own, wasted excess wounds, its own wounds,
 * challenges) by the close-combat round; its ranged clause answers the `ranged-protection` point for the
 * shooting procedure. Moving inside its unit is a table matter with nothing to check; not counting as a
 * character for spells is the champion's view (`character: false`) that spells read.
 */
export const champion = defineEntry({
  id: 'champion',
  name: 'Champion',
  kind: 'special-rule',
  source: SEED,
  text:
    '- Champions have a separate stat line which is used instead of the rank & file stat line and may sometimes be ' +
    'equipped with different equipment (see army list). - Champions can move inside their unit like characters. - ' +
    'Champions do not count as characters for spells. - Champions are treated like characters for ranged attacks ' +
    'against the unit with the champion. But the champion only benefits from the protection if the unit consists of ' +
    'at least 5 rank and file models other than itself. - Champions have to be attacked separately in close combat. ' +
    'Excess wounds are wasted (unless the champion is fighting in a challenge). - Champions may declare, accept and ' +
    'deny challenges like characters. - For champions with multiple wounds, record their wounds separately. - ' +
    'Champions do not count as characters for spells.',
  clauses: {
    'stat-line': 'the champion fights with its own stat line instead of the rank and file one',
    'moves-like-character': 'it moves inside its unit like a character (a table matter)',
    'not-character-for-spells': 'it does not count as a character for spells',
    'ranged-protection':
      'ranged attacks at its unit treat it like a character, protected only while the unit has at least 5 rank ' +
      'and file besides it',
    'attacked-separately': 'in close combat only attacks directed at the champion can wound it',
    'excess-wasted': 'wounds beyond what it has left are wasted, unless it fights in a challenge',
    challenges: 'it may issue, accept and refuse challenges like a character',
    'wounds-recorded': "a multi-wound champion's wounds are recorded on their own",
  },
  params: { protectingRankAndFile: PROTECTING_RANK_AND_FILE },
  enforcement: 'enforced',
  effects: [
    {
      at: 'ranged-protection',
      clause: 'ranged-protection',
      label: 'champion protected by its unit',
      kind: 'set',
      // Asked of the champion's own view (it holds the champion slot); the unit's models count it once.
      when: (q, held) => {
        if (q.subject.character) return null
        const rankAndFile = q.unit.models - 1
        const needed = Number(held.params.protectingRankAndFile)
        return rankAndFile >= needed
          ? true
          : `only ${rankAndFile} rank and file besides the champion (it needs at least ${needed}): it can be picked out`
      },
      value: 'protected',
      describe: (q) => `champion protected: ${q.unit.models - 1} rank and file besides it`,
    },
  ],
})
