import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/** The cap on overkill, by the variant's decision. */
export function overkillCap(decision: string): number {
  return decision === 'plus-5' ? 5 : 0
}

export const challenge = defineEntry({
  id: 'challenge',
  name: 'Challenges',
  kind: 'core',
  source: `${CORE} A.6, A.10; seed Champion`,
  anchor: '6e:characters/overkill',
  text:
    'At the start of a combat round, before any blows, a character or champion may issue a challenge. The enemy ' +
    'accepts with one of its characters or champions in the combat, or refuses: then the challenger names one who ' +
    'could have accepted, and that model does not fight this round, nor may its Leadership be used that turn. The ' +
    'two in a challenge fight only each other ' +
    'until one falls or the combat ends. Wounds caused beyond what the slain model had left count for combat ' +
    'result (Overkill), at most +5.',
  clauses: {
    issue: 'a character or champion in the combat issues a challenge before the blows of a round',
    accept: 'the enemy accepts with one of its characters or champions in the combat',
    refuse:
      'a refusal: the challenger names an enemy who could have accepted, who does not fight this round; a trooper ' +
      'of its unit out of contact takes its place (classic/variants §challenge-refusal)',
    'refuser-leadership':
      "the refuser's Leadership may not be used for any Leadership test that turn: not by its unit, nor as the " +
      "General's Inspiring Presence (classic/variants §challenge-refusal)",
    unanswered: 'with no enemy character or champion in the combat, nobody can answer and the challenge lapses',
    'fight-each-other': 'the two fight only each other; nobody else may attack them',
    overkill: 'wounds caused beyond what the slain model had left count for combat result',
    'overkill-cap': 'overkill adds at most +5 (classic/variants §overkill-cap)',
    ends: 'the challenge ends when one of the two is slain or leaves the combat, or the combat ends',
  },
  enforcement: 'enforced',
  effects: [
    {
      // Started on the refuser as the challenge is refused, until the end of the turn (battle/challenges.ts).
      at: 'permission',
      clause: 'refuser-leadership',
      label: 'refused a challenge: its Leadership may not be used this turn',
      kind: 'set',
      value: 'forbidden',
      always: false,
      activeOnly: true,
      when: (q) => (q.action === 'lend-leadership' ? true : null),
    },
    {
      at: 'overkill',
      clause: 'overkill',
      label: 'overkill',
      kind: 'add',
      when: (q) => (q.slain && q.woundsCaused > q.woundsLeft ? true : null),
      value: (q) => q.woundsCaused - q.woundsLeft,
      describe: (q) => `overkill: ${q.woundsCaused - q.woundsLeft} wounds beyond the ${q.woundsLeft} it had left`,
    },
    {
      at: 'overkill',
      clause: 'overkill-cap',
      label: 'overkill maximum',
      kind: 'cap',
      when: (q) => (q.slain ? true : null),
      value: (q, held) => q.woundsLeft + overkillCap(held.decision('overkill-cap')),
      describe: (q, held) =>
        `overkill at most +${overkillCap(held.decision('overkill-cap'))} over the ${q.woundsLeft} wounds it had left ` +
        '(classic/variants §overkill-cap)',
    },
  ],
})
