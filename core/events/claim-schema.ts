import { z } from 'zod'
import { slug as id } from './slug.js'

/** Claim v1: what the table did about an event's outcome. Read as is, and the base of v2. */
export const claimSchemaV1 = z.strictObject({
  /** The seq of the event whose outcome the claim is about. */
  about: z.number().int().min(2),
  /** The unit the claim is about (models removed, fled, break test). */
  unit: id.optional(),
  /** The combat the claim is about (its result). */
  combat: id.optional(),
  modelsRemoved: z.number().int().min(0).max(1000).optional(),
  fledInches: z.number().int().min(0).max(100).optional(),
  breakTest: z.enum(['passed', 'failed']).optional(),
  /** The combat result as the table counted it, by player. */
  scores: z.record(id, z.number().int().min(-100).max(1000)).optional(),
  note: z.string().min(1).max(2000).optional(),
})

/** Claim v2: v1, and how the table played the event's roll and rules (docs/audit.md). */
export const claimSchema = claimSchemaV1.extend({
  /** The roll the claim's `need`, `leadership` and `rerolled` speak of; absent: the one the `about` event answered. */
  request: z
    .string()
    .regex(/^[0-9]{1,9}\.[0-9]{1,4}$/, 'expected a request id (seq.n, as "12.1")')
    .optional(),
  /** The score each die needed at the table (to hit, to wound, an armour or a ward save). */
  need: z.number().int().min(1).max(10).optional(),
  /** The value the table took a test on (2D6 at or under it: a break test's, a Leadership test's). */
  leadership: z.number().int().min(-20).max(20).optional(),
  /** Whether the table re-rolled the dice of the roll (the dice a rule such as Hatred re-rolls). */
  rerolled: z.boolean().optional(),
  /** A special rule (its catalogue id) the table applied to the event, or (`ruleApplied` false) did not. */
  rule: id.optional(),
  ruleApplied: z.boolean().optional(),
})
