import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const challenge = defineEntry({
  id: 'challenge',
  name: 'Challenges',
  kind: 'core',
  source: `${CORE} B.5, B.6`,
  anchor: 'tow:characters/challenges',
  text:
    'Before the blows a character or champion may issue a challenge; an enemy character or champion accepts, or the ' +
    'challenger names one who refuses: it does not fight this round and its Leadership may not be used that turn. ' +
    'The two fight only each other; wounds beyond what the loser had left add to the combat result, at most +5.',
  clauses: {
    issue: 'a character or champion in the combat issues a challenge before the blows of a round',
    accept: 'the enemy accepts with one of its characters or champions in the combat',
    refuse:
      'a refusal: the challenger names an enemy who could have accepted, who does not fight this round ' +
      '(old-world/variants §challenge-refusal)',
    'refuser-leadership':
      "the refuser's Leadership may not be used for any Leadership test that turn: not by its unit, nor as the " +
      "General's Inspiring Presence (old-world/variants §challenge-refusal)",
    unanswered: 'with no enemy character or champion in the combat, nobody can answer and the challenge lapses',
    'fight-each-other': 'the two fight only each other; nobody else may attack them',
    overkill: 'wounds caused beyond what the slain model had left count for combat result',
    'overkill-cap': 'overkill adds at most +5',
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
      label: 'overkill at most +5',
      kind: 'cap',
      when: (q) => (q.slain && q.woundsCaused - q.woundsLeft > 5 ? true : null),
      value: (q) => q.woundsLeft + 5,
      describe: (q) => `overkill at most +5 over the ${q.woundsLeft} wounds it had left`,
    },
  ],
})
