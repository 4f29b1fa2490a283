import { z } from 'zod'
import { slug as id } from './slug.js'

/**
 * The move a unit that failed its Stupidity test makes (seed 000, Stupidity §2), as the table measured it: half its M
 * straight ahead, stopping 1" short of what it meets. What it ran into is the table's to say; the engine acts on it
 * (issue 16, item 9): an enemy reached is charged, a friend bumped into is confused.
 */
export const stupidityEvents = {
  StupidMoveMade: {
    version: 1,
    schema: z.strictObject({
      /** The stupid unit. */
      unit: id,
      /** Inches it moved straight ahead, as measured: half its M, or less where it stopped short. */
      moved: z.number().min(0).max(100),
      /** What its move ran into: nothing, an enemy unit (reached: a charge) or a friendly unit (bumped: confused). */
      reached: z.enum(['nothing', 'enemy', 'friend']),
      /** The unit it reached or bumped into (with `reached` enemy or friend). */
      other: id.optional(),
      /** An enemy reached: the enemy's facing it comes in from (its front, flank or rear arc). */
      facing: z.enum(['front', 'flank', 'rear']).optional(),
    }),
  },
} as const
