import { z } from 'zod'
import { sha256HexSchema } from './envelope.js'
import type { EventDefinitions } from './event-catalog.js'
import { slug as id } from './slug.js'

/** The most rows of an import report a ListImported keeps (a list of 200 units with their options stays far below). */
export const LIST_ROWS_KEPT = 5000
/** The longest text a kept row holds; longer text is cut with "…" when the payload is made (core/lists/list-event.ts). */
export const LIST_TEXT_KEPT = 500

const text = (max: number) => z.string().max(max)

/** One row of the import report as the game record keeps it (core/lists/types.ts ImportRow). */
const importRowSchema = z.strictObject({
  path: text(LIST_TEXT_KEPT),
  kind: z.enum(['army', 'unit', 'character', 'mount', 'command', 'option', 'item', 'rule', 'lore', 'profile']),
  text: text(LIST_TEXT_KEPT),
  status: z.enum(['mapped', 'assumed', 'not-mapped']),
  mappedTo: text(LIST_TEXT_KEPT).optional(),
  note: text(LIST_TEXT_KEPT).optional(),
  unit: text(200).optional(),
})

/**
 * An army list a player brought from a list builder (issue 20; docs/lists.md), frozen into the game record before
 * the game starts: the file's name, format and sha256, the army as the file names it, and how Arbiter mapped it
 * (the import report's rows, where each unit's profile came from, what the player had to give). Recorded by the
 * player whose list it is, before the ArmyMustered that names it (`ArmyMustered.list` is the file's sha256).
 */
export const listEvents = {
  ListImported: {
    version: 1,
    schema: z.strictObject({
      player: id,
      file: z.strictObject({ name: z.string().min(1).max(255), format: id, sha256: sha256HexSchema }),
      army: z.strictObject({
        name: text(200),
        faction: text(200).nullable(),
        points: z.number().int().min(0).max(1_000_000).nullable(),
      }),
      rows: z.array(importRowSchema).max(LIST_ROWS_KEPT),
      /** Where each unit's stat line came from, by unit id. */
      profiles: z
        .record(text(200), z.enum(['file', 'catalogue', 'library', 'player']))
        .refine((profiles) => Object.keys(profiles).length <= 1000, { message: 'at most 1000 units' })
        .default({}),
      /** What only the player could give (a stat line the file lacks), by unit. */
      needs: z
        .array(
          z.strictObject({
            unit: text(200),
            what: z.enum(['profile', 'troop-type', 'mount-profile']),
            text: text(LIST_TEXT_KEPT),
          }),
        )
        .max(1000)
        .default([]),
    }),
  },
} as const satisfies EventDefinitions
