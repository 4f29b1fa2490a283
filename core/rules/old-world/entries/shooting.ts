import { defineEntry } from '../../../engine/catalogue.js'
import { rankAndFile } from '../../battle/models.js'
import { CORE } from './sources.js'

/**
 * Shooting in The Old World (core-mechanics B.4), run by the procedure it shares with the classic ruleset: the
 * clause ids are the ones that procedure cites. Only the front rank fires (one more on a hill).
 */
export const shooting = defineEntry({
  id: 'shooting',
  name: 'Shooting',
  kind: 'core',
  source: `${CORE} B.4`,
  anchor: 'tow:the-shooting-phase/who-can-shoot',
  text:
    'A unit that is not engaged, not fleeing, and did not charge or march may shoot once in its Shooting phase at ' +
    'an enemy unit in range that is not in combat. Models of its front rank fire (one more rank from a hill); hits ' +
    "wound on the weapon's Strength, then armour (modified by the weapon's AP) and ward saves, then casualties. A " +
    "Stand and Shoot reaction may fire at a charger beyond the weapon's maximum range, at long range.",
  clauses: {
    'who-shoots': 'a unit engaged in combat or fleeing cannot shoot',
    marched: 'a unit that marched this turn cannot shoot',
    once: 'a unit shoots once a turn: its shot marks it until the turn ends',
    target: 'the target is an enemy unit that is not engaged in combat',
    range: "the target must be within the weapon's range as measured; beyond half the range is long range",
    models: 'the models of the firing ranks in range and line of sight fire, as the players say',
    'firing-ranks': "a unit's front rank fires; from a hill, one more rank fires (the players say it stands on one)",
    shots: 'each model firing makes one shot with its weapon unless the weapon says otherwise',
    strength: "a missile weapon hits with its own Strength, not the shooter's",
    wounds: "hits wound, and are saved, as in combat: S against T, armour (the weapon's AP), then ward",
    'hits-on-rank-and-file':
      'hits on a unit with characters or a champion fall on its rank and file while it has five or more of them',
    'stand-and-shoot': 'a charged unit may stand and shoot at its charger in the Movement phase',
    'beyond-range':
      "a Stand and Shoot reaction may fire at a charger beyond the weapon's maximum range: the shots are at long range",
    templates: 'a template hits the models wholly under it',
    'template-partial': 'a model only partly under a template is hit on 4+',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'firing-ranks',
      clause: 'firing-ranks',
      label: 'the front rank fires',
      kind: 'add',
      value: 1,
    },
    {
      at: 'firing-ranks',
      clause: 'firing-ranks',
      label: 'on a hill: one more rank fires',
      kind: 'add',
      when: (q) => (q.shot.hill ? true : null),
      value: 1,
    },
    {
      at: 'ranged-protection',
      clause: 'hits-on-rank-and-file',
      label: 'protected by its unit',
      kind: 'set',
      // A champion's or joined character's own view: a lone character has no unit to hide in.
      when: (q) => {
        if (q.unit.character) return null
        const left = rankAndFile(q.unit)
        return left >= 5
          ? true
          : `only ${left} rank and file in ${q.unit.name} (it needs at least 5): it can be picked out`
      },
      value: 'protected',
      describe: (q) => `protected: ${rankAndFile(q.unit)} rank and file in ${q.unit.name}`,
    },
  ],
})
