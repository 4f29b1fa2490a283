import { z } from 'zod'
import type { EventDefinitions } from './event-catalog.js'

/** Player turns each player takes when GameCreated agrees no other length (7e:victory: "six turns" each). */
export const DEFAULT_GAME_TURNS = 6

/** GameCreated's agreed length: player turns each. Optional, so games recorded before it replay as they were. */
export const gameTurnsSchema = z.number().int().min(1).max(100).optional()

/** A unit's or a character's points cost, as the army list gives it: what victory points are worked out from. */
export const pointsSchema = z.number().int().min(0).max(100_000).optional()

/**
 * The end of the game (issue 16): at the end of its agreed last turn, or when a player concedes (the conceding
 * player records it). The engine works out the victory points and the result, each ruleset by its own rules.
 */
export const gameEndEvents = {
  GameEnded: {
    version: 1,
    schema: z.strictObject({
      /** The agreed last turn is over, or the player recording it concedes. */
      reason: z.enum(['last-turn', 'concession']).default('last-turn'),
    }),
  },
} as const satisfies EventDefinitions
