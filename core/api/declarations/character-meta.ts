import type { Meta } from './field-meta.js'

/** Characters joining and leaving units in the movement phase (issue 16): their forms in a player's words. */
export const CHARACTER_META: Pick<Meta, 'CharacterJoined' | 'CharacterLeft'> = {
  CharacterJoined: {
    title: 'Join a unit',
    help:
      'A character on its own moves into a friendly unit in your movement phase and joins it: it moves, tests and ' +
      'is shot at with the unit; the unit moves no further this turn.',
    recordedBy: 'form',
    fields: {
      character: {
        label: 'Character',
        help: 'the character on its own that joins (not fleeing, not in combat, did not charge)',
        cli: "the character's id (its unit's)",
        kind: 'own-unit',
      },
      unit: {
        label: 'Joins',
        help: 'the friendly unit it joins (not fleeing, not in combat)',
        kind: 'own-unit',
      },
    },
  },
  CharacterLeft: {
    title: 'Leave a unit',
    help:
      'A joined character moves out of its unit in your movement phase, before the unit moves: a unit of one again. ' +
      'Not in the turn it joined.',
    recordedBy: 'form',
    fields: {
      unit: { label: 'Unit', help: 'the unit the character leaves', kind: 'own-unit' },
      character: {
        label: 'Character',
        help: 'the joined character that leaves',
        cli: "the character's id",
        kind: 'character',
      },
    },
  },
}
