import { z } from 'zod'
import { sha256HexSchema } from './envelope.js'
import type { EventDefinitions } from './event-catalog.js'

/**
 * One schema per event type and version. The engine only ever sees the current version of
 * each type; older stored versions are upcast on read (see event-catalog.ts).
 */
const id = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'expected a lower-case slug (a-z, 0-9, -)')
const characteristic = z.number().int().min(0).max(10)

export const profileSchema = z.strictObject({
  M: characteristic,
  WS: characteristic,
  BS: characteristic,
  S: characteristic,
  T: characteristic,
  W: characteristic,
  I: characteristic,
  A: characteristic,
  Ld: characteristic,
})
export type Profile = z.infer<typeof profileSchema>

export const troopTypes = [
  'infantry',
  'cavalry',
  'monstrous-infantry',
  'monstrous-cavalry',
  'monstrous-beast',
  'war-beast',
  'monster',
  'chariot',
  'war-machine',
  'swarm',
] as const

export const unitSchema = z.strictObject({
  id,
  name: z.string().min(1).max(120),
  troopType: z.enum(troopTypes),
  models: z.number().int().min(1).max(1000),
  profile: profileSchema,
  /** Catalogue ids of the unit's weapons, armour and items (e.g. `hand-weapon`, `shield`). */
  gear: z.array(id).max(50).default([]),
  /** Catalogue ids of the unit's special rules. */
  rules: z.array(id).max(50).default([]),
})
export type UnitDefinition = z.infer<typeof unitSchema>

const playerSchema = z.strictObject({ id, name: z.string().min(1).max(120) })

export const eventSchemas = {
  GameCreated: {
    version: 1,
    schema: z.strictObject({
      ruleset: id,
      variant: id,
      /** sha256 of the rule catalogue the game is played under (DESIGN §2). */
      catalogueHash: sha256HexSchema,
      players: z.array(playerSchema).min(2).max(8),
      scenario: z.string().max(200).optional(),
      title: z.string().max(200).optional(),
    }),
  },
  ArmyMustered: {
    version: 1,
    schema: z.strictObject({ player: id, units: z.array(unitSchema).min(1).max(200) }),
  },
  TurnStarted: {
    version: 1,
    schema: z.strictObject({ turn: z.number().int().min(1).max(100), player: id }),
  },
  PhaseStarted: {
    version: 1,
    schema: z.strictObject({ phase: id }),
  },
  MeleeAttacksDeclared: {
    version: 1,
    schema: z.strictObject({
      attacker: id,
      target: id,
      /** How many of the attacker's models are fighting (in base contact); all of them when omitted. */
      models: z.number().int().min(1).max(1000).optional(),
    }),
  },
  DiceRolled: {
    version: 1,
    schema: z.strictObject({
      requestId: z.string().min(1).max(100),
      faces: z.array(z.number().int().min(1).max(100)).min(1).max(200),
      source: z.enum(['physical', 'app']),
    }),
  },
  ChoiceMade: {
    version: 1,
    schema: z.strictObject({ requestId: z.string().min(1).max(100), option: z.string().min(1).max(100) }),
  },
  Note: {
    version: 1,
    schema: z.strictObject({ text: z.string().min(1).max(10_000) }),
  },
} as const satisfies EventDefinitions

export type EventType = keyof typeof eventSchemas
export type PayloadOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]['schema']>

/** The domain events as one discriminated union, at their current versions. */
export type GameEvent = { [T in EventType]: { readonly type: T; readonly payload: PayloadOf<T> } }[EventType]
