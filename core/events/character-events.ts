import { z } from 'zod'
import { slug as id } from './slug.js'

/**
 * Characters joining and leaving units during the game (issue 16, part 4). A character is one model with one id
 * throughout: on its own it is a unit of one under that id; joined, it is one of its unit's characters under the
 * same id; when it leaves it is a unit of one again.
 */
export const characterEvents = {
  /** A lone character moves into a friendly unit in its own movement phase and joins it. */
  CharacterJoined: {
    version: 1,
    schema: z.strictObject({
      /** The lone character that joins (its unit's id). */
      character: id,
      /** The friendly unit it joins. */
      unit: id,
    }),
  },
  /** A joined character moves out of its unit in its own movement phase: a unit of one again, under its own id. */
  CharacterLeft: {
    version: 1,
    schema: z.strictObject({
      /** The unit it leaves. */
      unit: id,
      /** The joined character that leaves (its id in the unit). */
      character: id,
    }),
  },
} as const
