import { defineEntry } from '../../../engine/catalogue.js'
import type { TroopType } from '../../../events/event-types.js'
import { CORE } from './sources.js'

/** Troop types that neither join a unit as a character nor are joined (classic/variants §character-joining). */
const MOUNTED_APART: readonly TroopType[] = ['monster', 'chariot']
const NOT_JOINED: readonly TroopType[] = ['monster', 'chariot', 'war-machine', 'swarm']

/**
 * Characters joining and leaving units during the game (7th- and 8th-edition conventions, core-mechanics A.2, A.7;
 * classic/variants §character-joining). The CharacterJoined and CharacterLeft procedures check the clauses; what
 * bars a join is asked at the `permission` point (`join`: the character on its own as subject, the unit as opponent),
 * where this entry's troop types and the seed's Skirmish answer.
 */
export const joining = defineEntry({
  id: 'joining',
  name: 'Characters joining and leaving units',
  kind: 'core',
  source: `${CORE} A.2, A.7; seed Skirmish, General`,
  anchor: '8e:characters/joining-a-unit',
  text:
    "In its own side's movement phase a character on its own that is not fleeing, not in combat and did not charge " +
    'may join a friendly unit of troops by moving into it; a unit that is fleeing or in combat cannot be joined, and ' +
    'the unit moves no further that phase. A joined character may leave by moving out of its unit before the unit ' +
    'moves, not in the turn it joined and not while the unit is fleeing, in combat or may not move. While joined it ' +
    "is one of the unit's models: it moves with the unit, is shot at as the unit and takes its cover, and the unit " +
    'tests on the best Leadership in it; once it leaves it is a unit of one again. A character riding a monster or a ' +
    'chariot joins no unit, and monsters, chariots, war machines and swarms are joined by no character.',
  clauses: {
    when: "characters join and leave units in their own side's movement phase, as part of their move",
    'who-joins': 'a character on its own that is not fleeing, not in combat and did not charge this turn may join',
    'into-troops':
      'it joins a friendly unit of troops, not another character on its own (classic/variants §character-joining)',
    'not-engaged': 'a unit that is fleeing or in combat cannot be joined, and no character can leave it',
    'unit-stops': 'a unit a character joined moves no further in that movement phase',
    leave:
      'a joined character leaves by moving out of its unit before the unit moves, and not when the unit may not move',
    'not-same-turn': 'a character may not leave a unit in the turn it joined it',
    'barred-types':
      'a character riding a monster or a chariot joins no unit; monsters, chariots, war machines and swarms are ' +
      'joined by no character (classic/variants §character-joining)',
    shared:
      "while joined it is one of the unit's models: it moves with the unit, is shot at and hit as the unit and takes " +
      'its cover, and the unit tests on the best Leadership in it; once it leaves it is a unit of one again',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'permission',
      clause: 'barred-types',
      label: 'a character riding a monster or a chariot joins no unit',
      kind: 'set',
      value: 'forbidden',
      // A character on its own only: a joined one's view borrows its unit's troop type.
      when: (q) =>
        q.action === 'join' && q.subject.joinedTo === undefined && MOUNTED_APART.includes(q.subject.troopType)
          ? true
          : null,
      describe: (q) => `${q.subject.name} is a ${q.subject.troopType}: a character so mounted joins no unit`,
    },
    {
      at: 'permission',
      clause: 'barred-types',
      label: 'monsters, chariots, war machines and swarms are joined by no character',
      kind: 'set',
      value: 'forbidden',
      when: (q) => (q.action === 'join' && q.opponent && NOT_JOINED.includes(q.opponent.troopType) ? true : null),
      describe: (q) => `${q.opponent?.name} is a ${q.opponent?.troopType} unit: no character joins it`,
    },
  ],
})
