import { z } from 'zod'
import { characterEvents } from './character-events.js'
import { claimSchema, claimSchemaV1 } from './claim-schema.js'
import { firstControlCharacter } from './control-text.js'
import { sha256HexSchema } from './envelope.js'
import type { EventDefinitions } from './event-catalog.js'
import { gameEndEvents, gameTurnsSchema, pointsSchema } from './game-end-events.js'
import { listEvents } from './list-events.js'
import { pursuitEvents } from './pursuit-events.js'
import { signingEvents } from './signing-events.js'
import { slug as id } from './slug.js'
import { stupidityEvents } from './stupidity-events.js'

/**
 * One schema per event type and version. The engine only ever sees the current version of
 * each type; older stored versions are upcast on read (see event-catalog.ts).
 */
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
  // The Old World's own troop types ('infantry' is its regular infantry).
  'heavy-infantry',
  'light-cavalry',
  'heavy-cavalry',
  'monstrous-creature',
  'behemoth',
  'light-chariot',
  'heavy-chariot',
] as const
export type TroopType = (typeof troopTypes)[number]

/** ArmyMustered v1's unit: gear and rules as bare catalogue ids. Read only, upcast to v2. */
export const unitSchemaV1 = z.strictObject({
  id,
  name: z.string().min(1).max(120),
  troopType: z.enum(troopTypes),
  models: z.number().int().min(1).max(1000),
  profile: profileSchema,
  gear: z.array(id).max(50).default([]),
  rules: z.array(id).max(50).default([]),
})
export type UnitDefinitionV1 = z.infer<typeof unitSchemaV1>

const paramName = z.string().regex(/^[a-zA-Z][a-zA-Z0-9-]{0,39}$/, 'expected a parameter name (letters, digits, -)')
const paramValues = z.record(paramName, z.union([z.string().min(1).max(200), z.number(), z.boolean()]))

/**
 * A rule as a list writes it, with its parameters: "Regeneration (5+)" is
 * `{ id: 'regeneration', params: { save: 5 } }`. A bare id is accepted and stored as `{ id, params: {} }`.
 */
const ruleRef = z.union([
  id.transform((ruleId) => ({ id: ruleId, params: {} })),
  z.strictObject({ id, params: paramValues.default({}) }),
])
/** A piece of gear with its options (a lance "when mounted", a banner's owner). */
const gearRef = z.union([
  id.transform((gearId) => ({ id: gearId, options: {} })),
  z.strictObject({ id, options: paramValues.default({}) }),
])

/** What a model rides (a horse, a Cold One, a monster): rider and mount strike apart, each with its own profile and gear. */
const mountSchema = z.strictObject({
  name: z.string().min(1).max(120),
  profile: profileSchema,
  gear: z.array(gearRef).max(50).default([]),
  rules: z.array(ruleRef).max(50).default([]),
})
export type MountDefinition = z.infer<typeof mountSchema>

/** A character model: its own profile, gear and rules; it joins a unit or is a unit of one. */
export const characterSchema = z.strictObject({
  id,
  name: z.string().min(1).max(120),
  profile: profileSchema,
  gear: z.array(gearRef).max(50).default([]),
  rules: z.array(ruleRef).max(50).default([]),
  /** A Wizard's level (1-4); absent for a model that is no Wizard. */
  wizardLevel: z.number().int().min(1).max(4).optional(),
  /** The player designates the general when several characters share the highest Ld (seed: General). */
  general: z.boolean().default(false),
  /** The model starts the game hidden in the unit it joins (seed: Concealed); one a unit at most. */
  concealed: z.boolean().optional(),
  mount: mountSchema.optional(),
  /** What it is on its own (a Lord on a horse is cavalry), asked as it joins at muster; absent: its unit's. */
  troopType: z.enum(troopTypes).optional(),
  points: pointsSchema,
})
export type CharacterDefinition = z.infer<typeof characterSchema>

export const unitSchema = z.strictObject({
  id,
  name: z.string().min(1).max(120),
  troopType: z.enum(troopTypes),
  /** The race or army the unit belongs to, for rules such as "all Dark Elves" (e.g. `dark-elves`). */
  race: id.optional(),
  models: z.number().int().min(1).max(1000),
  profile: profileSchema,
  /** Catalogue ids of the unit's weapons, armour and items, with options. */
  gear: z.array(gearRef).max(50).default([]),
  /** Catalogue ids of the unit's special rules, with parameters. */
  rules: z.array(ruleRef).max(50).default([]),
  /** How the unit is ranked up: models per rank (files); ranks follow from the models left. */
  formation: z.strictObject({ files: z.number().int().min(1).max(100) }).optional(),
  /** The command group: counted among the unit's models, in its front rank. */
  command: z
    .strictObject({
      champion: z.boolean().default(false),
      standard: z.boolean().default(false),
      musician: z.boolean().default(false),
    })
    .optional(),
  /** The champion's own stat line, when it has one (seed: Champion); else the rank and file's. */
  championProfile: profileSchema.optional(),
  /** Characters who have joined the unit; they are not counted in `models`. Optional, not defaulted,
   * so that games recorded before characters existed stay in the form Arbiter writes. */
  characters: z
    .array(characterSchema)
    .max(10)
    .refine((characters) => characters.filter((c) => c.concealed).length <= 1, {
      message: 'no more than one model can be hidden in a unit (concealed)',
    })
    .optional(),
  /** The unit is a character on its own (its one model is the character; no characters join it). */
  character: z.boolean().optional(),
  /** A lone character's Wizard level (1-4); a joined character's is in `characters`. */
  wizardLevel: z.number().int().min(1).max(4).optional(),
  /** A lone character the player designates as the general among equals (seed: General). */
  general: z.boolean().optional(),
  /** What each model rides (a lone character its own); optional, not defaulted, so older games keep their form. */
  mount: mountSchema.optional(),
  points: pointsSchema,
})
export type UnitDefinition = z.infer<typeof unitSchema>
export type UnitDefinitionInput = z.input<typeof unitSchema>

/** v1 -> v2: bare ids become references with no parameters; nothing else changes. */
export function upcastUnitV1(unit: UnitDefinitionV1): z.input<typeof unitSchema> {
  return {
    ...unit,
    gear: unit.gear.map((gearId) => ({ id: gearId, options: {} })),
    rules: unit.rules.map((ruleId) => ({ id: ruleId, params: {} })),
  }
}

const facing = z.enum(['front', 'flank', 'rear'])
/** Who is in base contact this round: the players say, the engine does the rest. */
const contactSchema = z
  .array(
    z.strictObject({
      unit: id,
      /** Models in base contact with the enemy (they fight with their full Attacks). */
      models: z.number().int().min(0).max(1000),
      /** Models behind them making supporting attacks, where the variant allows them. */
      supporting: z.number().int().min(0).max(1000).default(0),
      /** The enemy unit they attack; the only enemy when there is one. */
      target: id.optional(),
      /** The close-combat weapon they fight with (a catalogue id); the special weapon when omitted. */
      weapon: id.optional(),
      /** The unit's champion is one of the `models` in contact: it fights with its own stat line and is attacked
       * on its own (seed: Champion). Optional, not defaulted, so recorded games keep their form. */
      champion: z.boolean().optional(),
      /** Characters joined to the unit who are in base contact: each fights and is attacked on its own. */
      characters: z.array(id).max(10).optional(),
      /** Attacks directed at an enemy champion or character in contact: `by` a character of this unit or
       * `champion` (the rank and file when omitted), `at` a character of the target unit or `champion`. */
      directed: z
        .array(z.strictObject({ by: id.optional(), at: id, attacks: z.number().int().min(1).max(100) }))
        .max(20)
        .optional(),
    }),
  )
  .min(2)
  .max(20)

/**
 * Text a player typed (names, titles, notes), checked when it is recorded: no control characters, so
 * no output can be steered by it (issue 17). Only new events are checked (`input` below): a stored or
 * imported log that holds them still reads, and output escapes them.
 */
function typedText(what: string, allowed = '') {
  return z.string().superRefine((text, ctx) => {
    const found = firstControlCharacter(text, allowed)
    if (found) ctx.addIssue(controlCharacterIssue(what, found))
  })
}
/** The refusal, with `params.problem` for a message that names the field its own way (the muster's). */
function controlCharacterIssue(what: string, found: { index: number; escape: string }) {
  const problem = `cannot hold control characters (${found.escape} at character ${found.index + 1})`
  return { code: 'custom', message: `${what} ${problem}`, params: { problem } } as const
}
const nameText = typedText('a name')
/** A gear option's or a rule parameter's value: a number, a flag or words the player typed. */
const typedValues = z.record(
  z.string(),
  z.unknown().superRefine((value, ctx) => {
    const found = typeof value === 'string' ? firstControlCharacter(value) : undefined
    if (found) ctx.addIssue(controlCharacterIssue('an option', found))
  }),
)
const typedRefs = z.array(z.looseObject({ options: typedValues.optional(), params: typedValues.optional() }))
const typedModel = { name: nameText, gear: typedRefs, rules: typedRefs }
const typedRider = { ...typedModel, mount: z.looseObject(typedModel).optional() }

/** A distance measured at the table, in inches. */
const inches = z.number().min(0).max(200)

const playerSchema = z.strictObject({ id, name: z.string().min(1).max(120) })

export const eventSchemas = {
  ...pursuitEvents,
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
      turns: gameTurnsSchema,
    }),
    input: z.looseObject({
      players: z.array(z.looseObject({ name: nameText })),
      scenario: typedText('a scenario').optional(),
      title: typedText('a title').optional(),
    }),
  },
  ArmyMustered: {
    version: 2,
    schema: z.strictObject({
      player: id,
      units: z.array(unitSchema).min(1).max(200),
      /** The sha256 of the list file this army was mustered from: the player's ListImported with that file. */
      list: sha256HexSchema.optional(),
    }),
    input: z.looseObject({
      units: z.array(z.looseObject({ ...typedRider, characters: z.array(z.looseObject(typedRider)).optional() })),
    }),
    legacy: {
      1: {
        schema: z.strictObject({ player: id, units: z.array(unitSchemaV1).min(1).max(200) }),
        upcast: (payload: unknown) => {
          const v1 = payload as { player: string; units: UnitDefinitionV1[] }
          return { player: v1.player, units: v1.units.map(upcastUnitV1) }
        },
      },
    },
  },
  TurnStarted: {
    version: 1,
    schema: z.strictObject({ turn: z.number().int().min(1).max(100), player: id }),
  },
  PhaseStarted: {
    version: 1,
    schema: z.strictObject({ phase: id }),
  },
  /** A charge as the table declares it: the distance the players measured, the target's side it comes in. */
  ChargeDeclared: {
    version: 1,
    schema: z.strictObject({
      unit: id,
      target: id,
      /** Inches from the charger to the target, as measured at the table. */
      distance: inches,
      /** The target's facing the charger is in (its front, flank or rear arc). */
      facing: facing.default('front'),
      /** The worst terrain the charge crosses, as the table sees it (The Old World); absent: open ground. */
      terrain: z.enum(['difficult', 'dangerous']).optional(),
    }),
  },
  /** A move in the remaining-moves step, with what the table measured. */
  MoveDeclared: {
    version: 1,
    schema: z.strictObject({
      unit: id,
      kind: z.enum(['normal', 'march', 'reform', 'fly']),
      /** Inches the unit moves, as measured (0 for a reform). */
      distance: inches,
      /** The enemy units the table says are within 8" of the unit when it moves. */
      enemiesWithin8: z.array(id).max(50).default([]),
      /**
       * The worst terrain the unit begins, crosses or ends this move in, as the table sees it (The Old
       * World): difficult, or dangerous (which hinders as difficult does, and tests). Absent: open ground.
       */
      terrain: z.enum(['difficult', 'dangerous']).optional(),
    }),
  },
  /** A unit with Scout set up after both armies, with the table's facts about where it stands. */
  UnitDeployed: {
    version: 1,
    schema: z.strictObject({
      unit: id,
      as: z.literal('scout'),
      /** Inches from the opponent's deployment zone (0 when inside it). */
      fromEnemyZone: inches,
      /** Completely out of sight of every enemy unit (all with 360 degree sight), or within cover. */
      hidden: z.boolean().default(false),
      /** It stands inside its own deployment zone. */
      inOwnZone: z.boolean().default(false),
      /** Inches to the nearest enemy unit. */
      nearestEnemy: inches,
    }),
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
  /** Units locked in combat: the sides, who charged, the facing each fights against; starts round 1. */
  CombatJoined: {
    version: 1,
    schema: z.strictObject({
      combat: id,
      sides: z
        .array(
          z.strictObject({
            player: id,
            units: z
              .array(
                z.strictObject({
                  unit: id,
                  /** Omitted: as the charges recorded say (a charge that reached), else false. */
                  charged: z.boolean().optional(),
                  /** Omitted: as the charge recorded says, else front. */
                  facing: facing.optional(),
                  /** Whole inches a charger moved before contact (The Old World's charge Initiative bonus). */
                  moved: z.number().int().min(0).max(30).optional(),
                }),
              )
              .min(1)
              .max(10),
          }),
        )
        .length(2),
      contact: contactSchema,
      /** The player whose side fights from higher ground this round, when one does (the table says). */
      highGround: id.optional(),
    }),
  },
  /** The next round of a combat that goes on, with who is in base contact now. */
  CombatRoundDeclared: {
    version: 1,
    schema: z.strictObject({ combat: id, contact: contactSchema, highGround: id.optional() }),
  },
  /**
   * A ranged attack (seed 000 shooting; also a Stand and Shoot charge response): what only the
   * table knows, as measured and seen there. The engine does the rest.
   */
  ShotDeclared: {
    version: 1,
    schema: z.strictObject({
      shooter: id,
      target: id,
      /** The catalogue id of the missile weapon (or breath weapon) the shooter uses. */
      weapon: id,
      /** Models shooting (in range and line of sight); all of the shooter's when omitted. */
      models: z.number().int().min(1).max(1000).optional(),
      /** The measured distance to the target, in inches; the range band follows from it. */
      distance: z.number().min(0).max(200).optional(),
      /** The range band as measured (long: beyond half the weapon's range). */
      range: z.enum(['short', 'long']).optional(),
      moved: z.boolean().default(false),
      marched: z.boolean().default(false),
      /** Classic: soft or hard cover; The Old World: partial or full cover (each ruleset names its own). */
      cover: z.enum(['none', 'soft', 'hard', 'partial', 'full']).default('none'),
      /** The shooter takes its weapon's Multiple Shots (X shots at -1) rather than one shot. */
      multipleShots: z.boolean().default(false),
      /** Templates: models wholly under the template, and models it only partly covers (in LoS only). */
      underTemplate: z.number().int().min(0).max(1000).optional(),
      partlyUnderTemplate: z.number().int().min(0).max(1000).optional(),
      /** A Stand and Shoot response to the charge declared at seq `charge`. */
      standAndShoot: z.boolean().optional(),
      charge: z.number().int().min(1).optional(),
      /**
       * The target's champion ("champion") or joined character (its id) the shot picks out, when its unit no
       * longer protects it (fewer than 5 rank and file); the hits fall on the rank and file when omitted.
       */
      at: id.optional(),
      /** The shooter stands on a hill, as the players say (classic and The Old World: one more rank fires from it). */
      hill: z.boolean().optional(),
    }),
  },
  /**
   * A Wizard casts a spell in the magic phase: the power dice it uses, and what only the table
   * knows (the range as measured, the target in the front arc, line of sight, models under a template).
   */
  SpellCast: {
    version: 1,
    schema: z.strictObject({
      /** The casting character's id (a joined character, or a lone character's unit id). */
      caster: id,
      /** The spell's catalogue id. */
      spell: id,
      target: id,
      /** Classic: the power dice the Wizard uses. The Old World has no dice pools (no power dice). */
      powerDice: z.number().int().min(1).max(12).optional(),
      /** Inches from the caster to the target (Soul Stealer: to the target point), as the players measured. */
      distance: z.number().min(0).max(200),
      /** The target is in the caster's front arc, as the players saw it. */
      inArc: z.boolean(),
      /** The caster sees the target (magic missiles need it), as the players saw it. */
      lineOfSight: z.boolean().optional(),
      /** Models under the template once placed (Soul Stealer), as the players counted. */
      modelsUnderTemplate: z.number().int().min(0).max(1000).optional(),
      /**
       * The Old World: the spell as the players enter it from their lore (seed 001 names none): its name, type
       * and casting value; a magic missile's or assailment's hits (a number or dice, "D6", "2D3+1") and Strength.
       */
      spellName: z.string().min(1).max(80).optional(),
      spellType: z.enum(['magic-missile', 'hex', 'enchantment', 'assailment', 'conveyance', 'vortex']).optional(),
      castingValue: z.number().int().min(2).max(20).optional(),
      hits: z.union([z.number().int().min(1).max(100), z.string().regex(/^[1-9]?D[36](\+[1-9])?$/)]).optional(),
      strength: z.number().int().min(1).max(10).optional(),
    }),
    input: z.looseObject({ spellName: typedText('a spell name').optional() }),
  },
  /**
   * A Panic test the table owes (core-mechanics A.7): a friend destroyed or broken within 6", or fled
   * through. Distances are the table's, so the players declare it; `friend` names the unit that caused it.
   */
  PanicTestDeclared: {
    version: 1,
    schema: z.strictObject({
      unit: id,
      cause: z.enum(['friend-destroyed', 'friend-broke', 'fled-through']),
      friend: id,
    }),
  },
  /** A model uses a one-use item (Potion of Strength at the start of a close-combat phase). */
  ItemUsed: {
    version: 1,
    schema: z.strictObject({ unit: id, item: id, character: id.optional() }),
  },
  /** A character or champion challenges the enemy, before the blows of its combat's next round (or first). */
  ChallengeIssued: {
    version: 1,
    schema: z.strictObject({
      combat: id,
      /** The challenger's unit; with `character` (a joined character) or `champion`, or alone a lone character. */
      unit: id,
      character: id.optional(),
      champion: z.boolean().optional(),
    }),
  },
  ...characterEvents,
  ...stupidityEvents,
  ...pursuitEvents,
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
  ...signingEvents,
  /**
   * A correction of the log (docs/corrections.md): earlier events voided (the game is folded as if they had not
   * been recorded) or each replaced by another event recorded in its place. Nothing is edited: the events stay in
   * the chain, and every view of the game folds them as corrected. Its author is the event's actor.
   */
  Correction: {
    version: 1,
    schema: z.strictObject({
      /** The seqs of the events voided. */
      voids: z.array(z.number().int().min(1)).max(1000).default([]),
      /** Events replaced, each by the event (type, version, payload) folded in its place. */
      replaces: z
        .array(
          z.strictObject({
            seq: z.number().int().min(1),
            type: z.string().min(1).max(100),
            v: z.number().int().min(1),
            payload: z.unknown(),
          }),
        )
        .max(100)
        .default([]),
      /** Why, in the players' words. */
      reason: z.string().min(1).max(2000),
      /** The other players who agreed to it: a correction that is not the author's own undo needs every one. */
      agreedBy: z.array(id).max(8).default([]),
    }),
    input: z.looseObject({ reason: typedText('a reason') }),
  },
  /**
   * The table decides an outcome otherwise than the rules (a disputed line of sight, a house rule, a modifier agreed
   * to stand): what the table applies to each unit from here on, about the event whose outcome it rules on, who
   * agreed and why (docs/corrections.md). The engine goes on from the ruled state; its explanation shows both.
   */
  Ruling: {
    version: 1,
    schema: z.strictObject({
      /** The seq of the event whose outcome the table rules otherwise. */
      about: z.number().int().min(2),
      /** What the table applies to each unit: models left, wounds on the next model, fleeing or not. */
      units: z
        .array(
          z.strictObject({
            unit: id,
            models: z.number().int().min(0).max(1000).optional(),
            woundsOnNextModel: z.number().int().min(0).max(100).optional(),
            fleeing: z.boolean().optional(),
          }),
        )
        .max(20)
        .default([]),
      /** The rolls and choices the rules still ask for are not owed: the table plays on from its ruling. */
      dropOpen: z.boolean().default(false),
      /** Why, in the players' words. */
      why: z.string().min(1).max(2000),
      /** The other players who agreed: a ruling needs every one. */
      agreedBy: z.array(id).max(8).default([]),
    }),
    input: z.looseObject({ why: typedText('a reason') }),
  },
  /**
   * What the players say they did at the table about an event (models removed, inches fled, a break test passed or
   * failed, a combat result; the score a roll needed, the Leadership a test was taken on, a re-roll taken or not, a
   * special rule applied), recorded beside the dice: the audit compares it with what the rules give (docs/audit.md).
   */
  Claim: {
    version: 2,
    schema: claimSchema,
    legacy: {
      // v1 said outcomes only (models, inches, a break test, a combat result): every v1 claim is a v2 claim.
      1: { schema: claimSchemaV1, upcast: (payload: unknown) => payload },
    },
    input: z.looseObject({ note: typedText('a note').optional() }),
  },
  Note: {
    version: 1,
    schema: z.strictObject({ text: z.string().min(1).max(10_000) }),
    // A note may run over lines and be laid out with tabs.
    input: z.looseObject({ text: typedText('a note', '\n\t') }),
  },
  ...gameEndEvents,
  ...listEvents,
} as const satisfies EventDefinitions

export type EventType = keyof typeof eventSchemas
export type PayloadOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]['schema']>

/** The domain events as one discriminated union, at their current versions. */
export type GameEvent = { [T in EventType]: { readonly type: T; readonly payload: PayloadOf<T> } }[EventType]
