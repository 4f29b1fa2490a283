import { defineEntry } from '../../../engine/catalogue.js'
import type { TroopType } from '../../../events/event-types.js'
import { CORE } from './sources.js'

/** The troop types core-mechanics B gives Lumbering: they join no unit and are joined by no character. */
const LUMBERING_TYPES: readonly TroopType[] = ['monstrous-creature', 'behemoth', 'heavy-chariot']

/**
 * Characters joining and leaving units during the game (core-mechanics B.2, B.7, B.8; old-world/variants
 * §character-joining). The CharacterJoined and CharacterLeft procedures check the clauses; what bars a join is asked
 * at the `permission` point (`join`: the character on its own as subject, the unit as opponent), where this entry's
 * troop types, the seed's Lumbering and Tree Spirit answer.
 */
export const joining = defineEntry({
  id: 'joining',
  name: 'Characters joining and leaving units',
  kind: 'core',
  source: `${CORE} B.2, B.7, B.8; seed Lumbering, Tree Spirit, Stubborn`,
  anchor: 'tow:characters/joining-a-unit',
  text:
    "In its own side's Movement phase a character on its own that is not fleeing, not in combat and did not charge " +
    'may join a friendly unit of troops by moving into it; a unit that is fleeing or in combat cannot be joined, and ' +
    'the unit moves no further that phase. A joined character may leave by moving out of its unit before the unit ' +
    'moves, not in the turn it joined and not while the unit is fleeing, in combat or may not move. While joined it ' +
    "is one of the unit's models: it moves with the unit, is shot at as the unit and takes its cover, and the unit " +
    'tests on the best Leadership in it; once it leaves it is a unit of one again. Monstrous creatures, behemoths and ' +
    'heavy chariots (Lumbering) neither join nor are joined, and war machines are joined by no character.',
  clauses: {
    when: "characters join and leave units in their own side's Movement phase, as part of their move",
    'who-joins': 'a character on its own that is not fleeing, not in combat and did not charge this turn may join',
    'into-troops':
      'it joins a friendly unit of troops, not another character on its own (old-world/variants §character-joining)',
    'not-engaged': 'a unit that is fleeing or in combat cannot be joined, and no character can leave it',
    'unit-stops': 'a unit a character joined moves no further in that Movement phase',
    leave:
      'a joined character leaves by moving out of its unit before the unit moves, and not when the unit may not move',
    'not-same-turn': 'a character may not leave a unit in the turn it joined it',
    'barred-types':
      'monstrous creatures, behemoths and heavy chariots are Lumbering: they join no unit and no character joins ' +
      'them; war machines are joined by no character (old-world/variants §character-joining)',
    shared:
      "while joined it is one of the unit's models: it moves with the unit, is shot at and hit as the unit and takes " +
      'its cover, and the unit tests on the best Leadership in it; once it leaves it is a unit of one again',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'permission',
      clause: 'barred-types',
      label: 'a Lumbering troop type joins no unit',
      kind: 'set',
      value: 'forbidden',
      // A character on its own only (a joined one's view borrows its unit's type); one listing Lumbering is its rule's.
      when: (q, held) =>
        q.action === 'join' &&
        q.subject.joinedTo === undefined &&
        LUMBERING_TYPES.includes(q.subject.troopType) &&
        !held.holds(q.subject, 'lumbering')
          ? true
          : null,
      describe: (q) => `${q.subject.name} is a ${q.subject.troopType}, Lumbering: it joins no unit`,
    },
    {
      at: 'permission',
      clause: 'barred-types',
      label: 'Lumbering troop types and war machines are joined by no character',
      kind: 'set',
      value: 'forbidden',
      when: (q, held) =>
        q.action === 'join' &&
        q.opponent &&
        [...LUMBERING_TYPES, 'war-machine'].includes(q.opponent.troopType) &&
        !held.holds(q.opponent, 'lumbering')
          ? true
          : null,
      describe: (q) => `${q.opponent?.name} is a ${q.opponent?.troopType} unit: no character joins it`,
    },
  ],
})
