import { z } from 'zod'
import { slug as id } from './slug.js'

/**
 * After the rout (issue 16): what only the table sees of a pursuit or an overrun, the move that reached a fresh
 * enemy. Spread into `eventSchemas` (event-types.ts).
 */
export const pursuitEvents = {
  /**
   * A winner's pursuit or overrun move reached an enemy unit it was not fighting: it charges it (flee-and-pursuit
   * §fresh-enemy), and the two fight as a charge in the next close-combat phase.
   */
  PursuitReached: {
    version: 1,
    schema: z.strictObject({
      unit: id,
      target: id,
      /** The target's facing the pursuer reached (its front, flank or rear arc). */
      facing: z.enum(['front', 'flank', 'rear']).default('front'),
      /** Whole inches the pursuer moved before contact (The Old World's charge Initiative bonus). */
      moved: z.number().int().min(0).max(30).optional(),
    }),
  },
  /**
   * A winner that did not pursue, overrun or follow up reforms (flee-and-pursuit §reform): `files` is its new frontage,
   * which its rank bonus counts from now on. The engine keeps no positions: where it faces is the table's.
   */
  UnitReformed: {
    version: 1,
    schema: z.strictObject({
      unit: id,
      /** Models in its front rank after the reform. */
      files: z.number().int().min(1).max(100),
    }),
  },
} as const
