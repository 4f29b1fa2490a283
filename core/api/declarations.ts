import type { CharacterState, GameState, Outcome, UnitState } from '../engine/types.js'
import { type EventType, eventSchemas } from '../events/event-types.js'
import type { RuleEntry, StepView } from './game-api-contract.js'

/**
 * One description of every event a player records: each field of its schema (`eventSchemas`), in a player's
 * words, with what it means, the values it takes and the ruleset it applies to. The declaration forms, the
 * command line's `declare TYPE --help` and their tests are built from it; `declarationForm` turns it into the
 * fields a situation asks for, with the options named from the game and the catalogue.
 */

/** What a field asks for: how a form offers it and where its options come from. */
export type FieldKind =
  | 'own-unit'
  | 'enemy-unit'
  | 'unit'
  | 'units'
  | 'combat-unit'
  | 'character'
  | 'wizard'
  | 'weapon'
  | 'spell'
  | 'item'
  | 'model'
  | 'combat'
  | 'combat-name'
  | 'charge'
  | 'inches'
  | 'count'
  | 'number'
  | 'dice'
  | 'choice'
  | 'yes-no'
  | 'turn'
  | 'phase'
  | 'player'
  | 'text'
  | 'fixed'
  | 'sides'
  | 'contact'
  | 'other'

/** Who records an event, and where: most in a declaration form; the rest on their own screens or as answers. */
export type RecordedBy = 'form' | 'new-game' | 'muster' | 'answer'

export interface Choice {
  readonly value: string
  readonly label: string
  readonly help?: string
  /** The rulesets that take this value; every ruleset when absent. */
  readonly rulesets?: readonly string[]
}

/** A field as every situation shares it. */
export interface FieldDescription {
  /** The payload's key. */
  readonly name: string
  readonly label: string
  readonly help: string
  readonly kind: FieldKind
  /** The payload must have it (no default and not optional). */
  readonly required: boolean
  /** The schema's default, when it has one. */
  readonly default?: string | number | boolean
  /** An enum's values, each labelled; a literal's one value. */
  readonly choices?: readonly Choice[]
  readonly min?: number
  readonly max?: number
  readonly integer?: boolean
  /** A distance is given in inches. */
  readonly unit?: 'inches'
  /** The rulesets the field applies to; every ruleset when absent. */
  readonly rulesets?: readonly string[]
  /** When the field is asked, in a player's words; always when absent. */
  readonly when?: string
  /** How the command line gives it, where that differs from a form (an id rather than a name). */
  readonly cli?: string
  /** A single value (a command-line flag) or a list or object (given with --payload). */
  readonly shape: 'value' | 'list' | 'object'
}

export interface DeclarationDescription {
  readonly type: EventType
  /** What a player calls it. */
  readonly title: string
  readonly help: string
  readonly recordedBy: RecordedBy
  readonly fields: readonly FieldDescription[]
}

type FieldMeta = Omit<FieldDescription, 'name' | 'required' | 'default' | 'min' | 'max' | 'integer' | 'shape'> & {
  /** Labels (and help, rulesets) for an enum's values, by value; each value of the schema must have one. */
  readonly labels?: Readonly<Record<string, Omit<Choice, 'value'>>>
}
type ShapeOf<T extends EventType> = (typeof eventSchemas)[T]['schema']['shape']
type Meta = {
  readonly [T in EventType]: {
    readonly title: string
    readonly help: string
    readonly recordedBy: RecordedBy
    readonly fields: { readonly [K in keyof ShapeOf<T>]-?: Omit<FieldMeta, 'choices'> }
  }
}

const OW = ['old-world'] as const
const CLASSIC = ['classic'] as const
const FACING = {
  front: { label: 'Front', help: "in the target's front arc" },
  flank: { label: 'Flank', help: "in the target's flank arc" },
  rear: { label: 'Rear', help: "in the target's rear arc" },
}
const TERRAIN = {
  difficult: { label: 'Difficult terrain' },
  dangerous: { label: 'Dangerous terrain', help: 'hinders as difficult terrain does, and the unit tests' },
}
const unitField = (label: string, help: string, kind: FieldKind = 'own-unit') => ({ label, help, kind })

const META: Meta = {
  GameCreated: {
    title: 'New game',
    help: 'Starts a game: its rules, variant and players (the library\'s "Start a new game", or `arbiter new`).',
    recordedBy: 'new-game',
    fields: {
      ruleset: { label: 'Rules', help: 'the ruleset the game is played under: classic or old-world', kind: 'text' },
      variant: { label: 'Variant', help: "the ruleset's variant (classic: classic or classic-8th)", kind: 'text' },
      catalogueHash: { label: 'Catalogue', help: 'the hash of the rule catalogue the game is pinned to', kind: 'text' },
      players: { label: 'Players', help: 'two to eight players, each {"id", "name"}', kind: 'other' },
      scenario: { label: 'Scenario', help: 'the scenario played, in words', kind: 'text' },
      title: { label: 'Title', help: 'a title for the game', kind: 'text' },
    },
  },
  ArmyMustered: {
    title: 'Muster an army',
    help: "A player's army, unit by unit (the muster screen, or `arbiter muster ARMY.json`).",
    recordedBy: 'muster',
    fields: {
      player: { label: 'Player', help: 'the player whose army it is', kind: 'player' },
      units: { label: 'Units', help: 'the units: profile, gear, rules, characters (see the README)', kind: 'other' },
    },
  },
  TurnStarted: {
    title: 'Start a turn',
    help: "A player's turn begins.",
    recordedBy: 'form',
    fields: {
      turn: { label: 'Turn', help: 'the game turn, from 1', kind: 'turn' },
      player: { label: 'Player', help: 'the player whose turn it is', kind: 'player' },
    },
  },
  PhaseStarted: {
    title: 'Start a phase',
    help: "A phase of the player's turn begins; the rules that open it (tests, rallies) ask at once.",
    recordedBy: 'form',
    fields: {
      phase: {
        label: 'Phase',
        help: 'the phase that begins',
        cli: 'its id, as listed below (The Old World\'s Combat phase is close-combat, not "combat")',
        kind: 'phase',
      },
    },
  },
  ChargeDeclared: {
    title: 'Charge',
    help:
      'A unit charges an enemy, at the start of the movement phase: the engine checks it, asks for the response, ' +
      'the charge roll and says whether it reaches.',
    recordedBy: 'form',
    fields: {
      unit: unitField('Charging unit', 'the unit that charges (one of yours, not fleeing, not in combat)'),
      target: unitField('Target', 'the enemy unit it charges', 'enemy-unit'),
      distance: {
        label: 'Distance',
        help: 'inches from the charger to the target, as measured',
        kind: 'inches',
        unit: 'inches',
      },
      facing: {
        label: 'Into its',
        help: "the target's facing the charger comes in from: front, flank or rear (as the charger stands in its arc)",
        kind: 'choice',
        labels: FACING,
      },
      terrain: {
        label: 'Terrain crossed',
        help: 'the worst terrain the charge crosses: difficult or dangerous; open ground when not given',
        kind: 'choice',
        labels: TERRAIN,
        rulesets: OW,
      },
    },
  },
  MoveDeclared: {
    title: 'Move',
    help: 'A move in the remaining-moves step, with what the table measured.',
    recordedBy: 'form',
    fields: {
      unit: unitField('Unit', 'the unit that moves (one of yours)'),
      kind: {
        label: 'Move',
        help: 'how the unit moves: a reform covers no distance; only a unit with the Flying Model rule flies',
        kind: 'choice',
        labels: {
          normal: { label: 'Normal move' },
          march: { label: 'March' },
          reform: { label: 'Reform', help: 'the unit turns or changes formation; it moves no distance' },
          fly: { label: 'Fly', help: 'a unit with the Flying Model rule', rulesets: CLASSIC },
        },
      },
      distance: {
        label: 'Distance',
        help: 'inches the unit moves, as measured (0 for a reform)',
        kind: 'inches',
        unit: 'inches',
        when: 'not for a reform',
      },
      enemiesWithin8: {
        label: 'Enemies within 8"',
        help: 'the enemy units within 8" of the unit when it marches (they may block the march)',
        kind: 'units',
        when: 'for a march',
      },
      terrain: {
        label: 'Terrain',
        help: 'the worst terrain the unit begins, crosses or ends in: difficult or dangerous; open ground when not given',
        kind: 'choice',
        labels: TERRAIN,
        rulesets: OW,
      },
    },
  },
  UnitDeployed: {
    title: 'Deploy a scout',
    help: 'A unit with Scout is set up after both armies, with what the table sees of where it stands.',
    recordedBy: 'form',
    fields: {
      unit: unitField('Scout', 'the unit with Scout that deploys'),
      as: { label: 'Deployed as', help: 'always scout', kind: 'fixed', labels: { scout: { label: 'Scout' } } },
      fromEnemyZone: {
        label: "From the enemy's zone",
        help: "inches from the opponent's deployment zone (0 when inside it)",
        kind: 'inches',
        unit: 'inches',
      },
      hidden: {
        label: 'Out of sight or in cover',
        help: 'completely out of sight of every enemy unit, or within cover',
        kind: 'yes-no',
      },
      inOwnZone: {
        label: 'In its own zone',
        help: 'it stands inside its own deployment zone',
        kind: 'yes-no',
      },
      nearestEnemy: {
        label: 'Nearest enemy',
        help: 'inches to the nearest enemy unit',
        kind: 'inches',
        unit: 'inches',
      },
    },
  },
  MeleeAttacksDeclared: {
    title: "One unit's attacks",
    help: "One unit's close-combat attacks alone, outside a whole round (a combat round is CombatJoined).",
    recordedBy: 'form',
    fields: {
      attacker: unitField('Attacker', 'the unit that attacks', 'unit'),
      target: unitField('Target', 'the enemy unit it attacks', 'unit'),
      models: {
        label: 'Models fighting',
        help: 'models of the attacker in base contact; all of them when not given',
        kind: 'count',
      },
    },
  },
  CombatJoined: {
    title: 'Fight a combat',
    help:
      'Units locked in combat: the two sides, who charged (into which facing, and in The Old World how many inches ' +
      'it moved), who is in base contact. The first round is fought at once.',
    recordedBy: 'form',
    fields: {
      combat: {
        label: 'Combat name',
        help: 'a short name for the combat',
        cli: 'an id: a-z, 0-9 and -',
        kind: 'combat-name',
      },
      sides: {
        label: 'Sides',
        help:
          'two sides, each {"player", "units": [{"unit", "charged": true|false, "facing": front|flank|rear, "moved": ' +
          "INCHES}]}: facing is the enemy's facing the unit fights against; moved (The Old World) the whole inches a " +
          'charger moved before contact, for its Initiative bonus',
        kind: 'sides',
      },
      contact: {
        label: 'In base contact',
        help:
          'each unit fighting: {"unit", "models" in base contact, "supporting", "target", "weapon", "champion": true, ' +
          '"characters": [ID…], "directed": [{"by", "at", "attacks"}]}',
        kind: 'contact',
      },
      highGround: {
        label: 'Higher ground',
        help: 'the player whose side fights from higher ground, if one does',
        kind: 'player',
      },
    },
  },
  CombatRoundDeclared: {
    title: 'Next round of a combat',
    help: 'The next round of a combat that goes on, with who is in base contact now.',
    recordedBy: 'form',
    fields: {
      combat: { label: 'Combat', help: 'the combat that goes on', kind: 'combat' },
      contact: {
        label: 'In base contact',
        help:
          'each unit fighting: {"unit", "models" in base contact, "supporting", "target", "weapon", "champion", ' +
          '"characters", "directed"}',
        kind: 'contact',
      },
      highGround: {
        label: 'Higher ground',
        help: 'the player whose side fights from higher ground, if one does',
        kind: 'player',
      },
    },
  },
  ShotDeclared: {
    title: 'Shoot',
    help:
      'A unit shoots (shooting phase) or stands and shoots at its charger (movement phase): what the table measured ' +
      'and saw; the engine does the rest.',
    recordedBy: 'form',
    fields: {
      shooter: unitField('Shooting unit', 'the unit that shoots'),
      target: unitField('Target', 'the enemy unit it shoots at', 'enemy-unit'),
      weapon: {
        label: 'Weapon',
        help: 'the missile weapon (or breath weapon) it shoots with, one it carries',
        kind: 'weapon',
      },
      models: {
        label: 'Models shooting',
        help: 'models in range and line of sight; all of the unit (as many as its rules let fire) when not given',
        kind: 'count',
      },
      distance: {
        label: 'Distance',
        help: 'inches to the target, as measured; the range band follows from it',
        kind: 'inches',
        unit: 'inches',
        when: 'for a weapon that shoots (not a template)',
      },
      range: {
        label: 'Range band',
        help: "short or long (beyond half the weapon's range), when the distance is not given",
        kind: 'choice',
        labels: { short: { label: 'Short range' }, long: { label: 'Long range' } },
        when: 'when no distance is given',
      },
      moved: {
        label: 'Moved this turn',
        help: 'the shooter moved this turn',
        kind: 'yes-no',
        when: 'not for a Stand and Shoot',
      },
      marched: {
        label: 'Marched this turn',
        help: 'the shooter marched this turn',
        kind: 'yes-no',
        when: 'not for a Stand and Shoot',
      },
      cover: {
        label: 'Cover',
        help: 'the cover the target is in, as the table sees it',
        cli: 'classic: soft or hard; The Old World: partial or full; none',
        kind: 'choice',
        labels: {
          none: { label: 'No cover' },
          soft: { label: 'Soft cover', rulesets: CLASSIC },
          hard: { label: 'Hard cover', rulesets: CLASSIC },
          partial: { label: 'Partial cover', rulesets: OW },
          full: { label: 'Full cover', rulesets: OW },
        },
      },
      multipleShots: {
        label: 'Multiple Shots',
        help: "take the weapon's Multiple Shots (X shots at -1 to hit) rather than one shot",
        kind: 'yes-no',
        when: 'for a weapon with Multiple Shots',
      },
      underTemplate: {
        label: 'Models under the template',
        help: 'models wholly under the template (in line of sight)',
        kind: 'count',
        when: 'for a template weapon',
      },
      partlyUnderTemplate: {
        label: 'Models partly under it',
        help: 'models the template only partly covers',
        kind: 'count',
        when: 'for a template weapon',
      },
      standAndShoot: {
        label: 'Stand and shoot',
        help: 'a Stand and Shoot response to a charge at the shooter',
        kind: 'yes-no',
        when: 'in the movement phase, answering a charge',
      },
      charge: {
        label: 'At the charge',
        help: 'the charge it answers',
        cli: 'the seq of its ChargeDeclared',
        kind: 'charge',
        when: 'for a Stand and Shoot',
      },
      at: {
        label: 'Picking out',
        help:
          "the target's champion or joined character the shot picks out, when fewer than 5 rank and file protect it; " +
          'the rank and file when not given',
        cli: '"champion", or the character\'s id',
        kind: 'model',
        when: 'when the target has a champion or a joined character',
      },
      hill: {
        label: 'On a hill',
        help: 'the shooter stands on a hill: one more rank fires',
        kind: 'yes-no',
        rulesets: OW,
      },
    },
  },
  SpellCast: {
    title: 'Cast a spell',
    help:
      "A Wizard casts a spell: classic in the magic phase with power dice; The Old World in the phase of the spell's " +
      "type, the spell entered from the player's lore.",
    recordedBy: 'form',
    fields: {
      caster: {
        label: 'Wizard',
        help: 'the Wizard who casts (a joined character, or a lone character)',
        kind: 'wizard',
      },
      spell: {
        label: 'Spell',
        help: "the spell cast: classic, one of the catalogue's spells; The Old World, the one named from your lore",
        cli: 'its catalogue id (chill-wind, doombolt…); The Old World: an id for the spell entered',
        kind: 'spell',
      },
      target: unitField(
        'Target',
        'the unit the spell targets (an enemy; a friend for an augment or enchantment)',
        'unit',
      ),
      powerDice: { label: 'Power dice', help: 'the power dice the Wizard uses', kind: 'count', rulesets: CLASSIC },
      distance: {
        label: 'Distance',
        help: 'inches from the caster to the target, as measured',
        kind: 'inches',
        unit: 'inches',
      },
      inArc: {
        label: 'In its front arc',
        help: "the target is in the caster's front (vision) arc",
        kind: 'yes-no',
      },
      lineOfSight: {
        label: 'Line of sight',
        help: 'the caster sees the target (a magic missile needs it)',
        kind: 'yes-no',
        when: 'for a magic missile',
      },
      modelsUnderTemplate: {
        label: 'Models under the template',
        help: 'models under the template once placed',
        kind: 'count',
        when: 'for a spell with a template (Soul Stealer)',
      },
      spellName: { label: 'Spell name', help: 'the spell as your lore names it', kind: 'text', rulesets: OW },
      spellType: {
        label: 'Type of spell',
        help: 'its type, which says the phase it is cast in and what it targets',
        kind: 'choice',
        rulesets: OW,
        labels: {
          'magic-missile': { label: 'Magic Missile', help: 'shooting phase, an enemy in line of sight; hits' },
          hex: { label: 'Hex', help: 'strategy phase, an enemy' },
          enchantment: { label: 'Enchantment', help: 'strategy phase, a friend' },
          assailment: { label: 'Assailment', help: 'combat phase, an enemy in the same combat; hits' },
          conveyance: { label: 'Conveyance', help: 'movement phase' },
          vortex: { label: 'Vortex', help: 'shooting phase' },
        },
      },
      castingValue: { label: 'Casting value', help: 'the casting value, 2 to 20', kind: 'number', rulesets: OW },
      hits: {
        label: 'Hits',
        help: 'the hits it makes: a number or dice ("D6", "2D3+1")',
        kind: 'dice',
        rulesets: OW,
        when: 'for a Magic Missile or an Assailment',
      },
      strength: {
        label: 'Strength',
        help: 'the Strength of its hits',
        kind: 'number',
        rulesets: OW,
        when: 'for a Magic Missile or an Assailment',
      },
    },
  },
  PanicTestDeclared: {
    title: 'Panic test',
    help: 'A Panic test the table owes: a friend destroyed or broken within 6", or fleeing through the unit.',
    recordedBy: 'form',
    fields: {
      unit: unitField('Unit testing', 'the unit that takes the Panic test', 'unit'),
      cause: {
        label: 'Because',
        help:
          'a friend destroyed or broken within 6" (in The Old World also one that fell back in good order), or a ' +
          'friend fleeing through it',
        kind: 'choice',
        labels: {
          'friend-destroyed': { label: 'A friend was destroyed within 6"' },
          'friend-broke': { label: 'A friend broke within 6"' },
          'fled-through': { label: 'A friend fled through it' },
        },
      },
      friend: unitField('Friend', 'the friendly unit that caused the test', 'unit'),
    },
  },
  ItemUsed: {
    title: 'Use an item',
    help: 'A model uses a one-use item it carries (a Potion of Strength at the start of a close-combat phase).',
    recordedBy: 'form',
    fields: {
      unit: unitField('Unit', 'the unit of the model that uses it'),
      item: { label: 'Item', help: 'the one-use item, one it carries (potion-of-strength)', kind: 'item' },
      character: {
        label: 'Used by',
        help: 'the joined character who uses it; the unit itself when not given',
        cli: "the character's id",
        kind: 'character',
      },
    },
  },
  ChallengeIssued: {
    title: 'Issue a challenge',
    help: "A character or champion challenges the enemy before its combat's next round of blows.",
    recordedBy: 'form',
    fields: {
      combat: { label: 'Combat', help: 'the combat the challenge is issued in', kind: 'combat' },
      unit: unitField('Unit', "the challenger's unit (or a lone character)", 'combat-unit'),
      character: {
        label: 'Character',
        help: 'the joined character who challenges',
        cli: "the character's id",
        kind: 'character',
      },
      champion: {
        label: 'Its champion',
        help: "the unit's champion challenges",
        kind: 'yes-no',
        when: 'when the unit has a champion',
      },
    },
  },
  DiceRolled: {
    title: 'Dice rolled',
    help: 'The answer to a dice request (`arbiter roll`).',
    recordedBy: 'answer',
    fields: {
      requestId: { label: 'Request', help: 'the id of the request answered', kind: 'text' },
      faces: { label: 'Faces', help: 'the faces rolled', kind: 'other' },
      source: { label: 'Rolled by', help: 'physical (at the table) or app', kind: 'choice' },
    },
  },
  ChoiceMade: {
    title: 'Choice made',
    help: 'The answer to a choice request (`arbiter choose`).',
    recordedBy: 'answer',
    fields: {
      requestId: { label: 'Request', help: 'the id of the request answered', kind: 'text' },
      option: { label: 'Option', help: 'the option chosen', kind: 'text' },
    },
  },
  Note: {
    title: 'Note',
    help: 'A note in the log, in words.',
    recordedBy: 'form',
    fields: { text: { label: 'Note', help: 'the text of the note', kind: 'text' } },
  },
}

/** What zod says of one field: whether it is required, its default, its bounds, its enum values. */
interface ZodLike {
  readonly def: { readonly type: string; readonly innerType?: ZodLike; readonly defaultValue?: unknown }
  readonly options?: readonly unknown[]
  readonly values?: ReadonlySet<unknown>
  readonly minValue?: number | null
  readonly maxValue?: number | null
  readonly isInt?: boolean
}

function describeField(name: string, schema: ZodLike, meta: FieldMeta): FieldDescription {
  let inner = schema
  let required = true
  let fallback: unknown
  while (inner.def.type === 'optional' || inner.def.type === 'default') {
    required = false
    if (inner.def.type === 'default') fallback = inner.def.defaultValue
    inner = inner.def.innerType as ZodLike
  }
  const type = inner.def.type
  const values =
    type === 'enum' ? (inner.options as string[]) : type === 'literal' ? ([...(inner.values ?? [])] as string[]) : null
  const choices = values?.map((value) => {
    const label = meta.labels?.[value]
    if (!label) throw new Error(`declarations: no label for ${name}=${value}`)
    return { value, ...label }
  })
  const { labels: _labels, ...rest } = meta
  return {
    name,
    ...rest,
    required,
    ...(fallback !== undefined ? { default: fallback as string | number | boolean } : {}),
    ...(choices ? { choices } : {}),
    ...(type === 'number' && typeof inner.minValue === 'number' ? { min: inner.minValue } : {}),
    ...(type === 'number' && typeof inner.maxValue === 'number' && inner.maxValue < 1e6 ? { max: inner.maxValue } : {}),
    ...(type === 'number' && inner.isInt ? { integer: true } : {}),
    shape: type === 'array' ? 'list' : type === 'object' ? 'object' : 'value',
  }
}

/** DiceRolled's `source` is labelled here: its meta keeps one shape with the rest. */
const SOURCE_LABELS = { physical: { label: 'At the table' }, app: { label: 'By the app' } }

/** Every event type, described from its schema and its fields' meta, in the schemas' order. */
export const declarations: Readonly<Record<EventType, DeclarationDescription>> = Object.fromEntries(
  (Object.keys(eventSchemas) as EventType[]).map((type) => {
    const meta = META[type]
    const shape = eventSchemas[type].schema.shape as unknown as Record<string, ZodLike>
    const fieldMeta = meta.fields as Record<string, FieldMeta>
    const fields = Object.entries(shape).map(([name, schema]) => {
      const own = fieldMeta[name]
      if (!own) throw new Error(`declarations: ${type}.${name} has no description`)
      return describeField(
        name,
        schema,
        type === 'DiceRolled' && name === 'source' ? { ...own, labels: SOURCE_LABELS } : own,
      )
    })
    return [type, { type, title: meta.title, help: meta.help, recordedBy: meta.recordedBy, fields }]
  }),
) as unknown as Record<EventType, DeclarationDescription>

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type)
}

/** Whether a field (or a choice) applies under a ruleset. */
export function appliesTo(item: { readonly rulesets?: readonly string[] }, ruleset: string): boolean {
  return item.rulesets === undefined || item.rulesets.includes(ruleset)
}

// ---------------------------------------------------------------------------------------------------------------
// The concrete form: the fields a situation asks for, with their options by name and their defaults.

export type FieldValue = string | number | boolean | readonly string[] | readonly unknown[] | undefined

export interface Option {
  readonly value: string
  readonly label: string
}

/** A field as a form shows it now. */
export interface FormField extends FieldDescription {
  /** The value it holds: the one given, else its default. */
  readonly value: FieldValue
  /** The values to pick from, named from the game and the catalogue (a select's options). */
  readonly options?: readonly Option[]
  /** The situation settles it (a reform moves 0", a Stand and Shoot is one): kept in the payload, not asked. */
  readonly settled?: boolean
}

export interface DeclarationForm {
  readonly type: EventType
  readonly title: string
  readonly help: string
  /** Only the fields the rules need in this situation, in the schema's order. */
  readonly fields: readonly FormField[]
}

/** A field a select cannot leave blank: required, or with a default the schema would put in its place. */
export function mustPick(field: FieldDescription): boolean {
  return field.required || field.default !== undefined
}

/** What a form is filled from. */
export interface FormContext {
  /** The ruleset's id and its phases, in order (as `rulesets()` reports them). */
  readonly ruleset: { readonly id: string; readonly phases: readonly string[] }
  readonly state: GameState
  /** The ruleset's catalogue (`catalogue()`), for weapons, spells and items. */
  readonly catalogue: readonly RuleEntry[]
  /** The player declaring. */
  readonly actor: string
  /** The game's steps so far (the timeline's), for what the log says: the charges that reached. */
  readonly steps?: readonly StepView[]
}

type Values = Readonly<Record<string, unknown>>
/** Per field: its options and default, or null when the situation does not ask for it. */
type Situation = Readonly<Record<string, { options?: readonly Option[]; value?: FieldValue; settled?: boolean } | null>>

const PHASE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  classic: { movement: 'Movement', magic: 'Magic', shooting: 'Shooting', 'close-combat': 'Close combat' },
  'old-world': { strategy: 'Strategy', movement: 'Movement', shooting: 'Shooting', 'close-combat': 'Combat' },
}

const alive = (unit: UnitState) => unit.models > 0

const blank = (value: unknown) =>
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'number' && Number.isNaN(value))

function openCombatOf(game: GameState, unitId: string) {
  return Object.values(game.combats).find(
    (combat) => !combat.ended && combat.sides.some((side) => side.units.some((u) => u.unit === unitId)),
  )
}

/** Units as options, by name; a name two units share gets its player's. */
function unitOptions(game: GameState, units: readonly UnitState[]): Option[] {
  const all = Object.values(game.units)
  return units.map((unit) => {
    const shared = all.filter((other) => other.name === unit.name).length > 1
    const player = game.players.find((p) => p.id === unit.player)?.name ?? unit.player
    return { value: unit.id, label: shared ? `${unit.name} (${player})` : unit.name }
  })
}

/** The first option, or the given value when it is one of them. */
function pick(options: readonly Option[], given: unknown): string | undefined {
  return options.some((o) => o.value === given) ? (given as string) : options[0]?.value
}

function entryOf(catalogue: readonly RuleEntry[], id: string): RuleEntry | undefined {
  return catalogue.find((entry) => entry.id === id)
}

/** The weapons a unit carries that shoot: a Strength and a range or a template (what the engine's shot takes). */
function missileWeapons(catalogue: readonly RuleEntry[], unit: UnitState): RuleEntry[] {
  const held = [...unit.gear.map((g) => g.id), ...unit.rules.map((r) => r.id)]
  return held
    .map((id) => entryOf(catalogue, id))
    .filter((entry): entry is RuleEntry => {
      const params = entry?.params ?? {}
      return (
        typeof params.strength === 'number' && (typeof params.range === 'number' || typeof params.template === 'string')
      )
    })
}

/** A model's one-use items: catalogue items with a one-use clause. */
function oneUseItems(catalogue: readonly RuleEntry[], holder: { gear: UnitState['gear']; rules: UnitState['rules'] }) {
  const held = [...holder.gear.map((g) => g.id), ...holder.rules.map((r) => r.id)]
  return held
    .map((id) => entryOf(catalogue, id))
    .filter((entry): entry is RuleEntry => entry?.kind === 'item' && Object.hasOwn(entry.clauses, 'one-use'))
}

interface WizardOption {
  readonly id: string
  readonly name: string
  readonly unit: UnitState
}

function wizardsOf(game: GameState, player: string): WizardOption[] {
  return Object.values(game.units)
    .filter((unit) => unit.player === player && alive(unit))
    .flatMap((unit) => [
      ...(unit.character && unit.wizardLevel ? [{ id: unit.id, name: unit.name, unit }] : []),
      ...unit.characters
        .filter((c) => c.wizardLevel && !c.slain && c.concealed !== true)
        .map((c) => ({ id: c.id, name: `${c.name} (${unit.name})`, unit })),
    ])
}

const liveCharacters = (unit: UnitState | undefined): CharacterState[] =>
  unit ? unit.characters.filter((c) => !c.slain) : []

function combatOptions(game: GameState): Option[] {
  return Object.values(game.combats)
    .filter((combat) => !combat.ended)
    .map((combat) => {
      const names = combat.sides.map((side) => side.units.map((u) => game.units[u.unit]?.name ?? u.unit).join(' and '))
      return { value: combat.id, label: `${names.join(' against ')} (round ${combat.round})` }
    })
}

/** The declarer's side, or the player whose turn it is when the declarer has no units (a spectator). */
function sideOf(context: FormContext): string {
  const game = context.state
  const own = Object.values(game.units).some((unit) => unit.player === context.actor)
  return own ? context.actor : (game.activePlayer ?? context.actor)
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)

/** What each declaration asks in the situation: options from the state and catalogue, defaults, fields not needed. */
const situations: Partial<Record<EventType, (context: FormContext, values: Values) => Situation>> = {
  TurnStarted({ state }) {
    const at = state.players.findIndex((player) => player.id === state.activePlayer)
    const next = at < 0 ? 0 : (at + 1) % state.players.length
    const turn = at < 0 ? Math.max(1, state.turn) : next === 0 ? state.turn + 1 : state.turn
    return {
      turn: { value: turn },
      player: { options: state.players.map((p) => ({ value: p.id, label: p.name })), value: state.players[next]?.id },
    }
  },
  PhaseStarted({ ruleset, state }) {
    const labels = PHASE_LABELS[ruleset.id] ?? {}
    const at = ruleset.phases.indexOf(state.phase ?? '')
    return {
      phase: {
        options: ruleset.phases.map((phase) => ({ value: phase, label: labels[phase] ?? phase })),
        value: ruleset.phases[at + 1] ?? ruleset.phases[0],
      },
    }
  },
  ChargeDeclared(context) {
    const game = context.state
    const side = sideOf(context)
    const chargers = Object.values(game.units).filter(
      (u) => u.player === side && alive(u) && !u.fleeing && !openCombatOf(game, u.id),
    )
    const targets = Object.values(game.units).filter((u) => u.player !== side && alive(u))
    return {
      unit: { options: unitOptions(game, chargers) },
      target: { options: unitOptions(game, targets) },
    }
  },
  MoveDeclared(context, values) {
    const game = context.state
    const side = sideOf(context)
    const movers = Object.values(game.units).filter((u) => u.player === side && alive(u) && !openCombatOf(game, u.id))
    const unit = pick(unitOptions(game, movers), values.unit)
    const mover = unit ? game.units[unit] : undefined
    const flies = mover?.rules.some((rule) => rule.id === 'flying-model') ?? false
    const kinds = (declarations.MoveDeclared.fields.find((f) => f.name === 'kind')?.choices ?? []).filter(
      (c) => appliesTo(c, context.ruleset.id) && (c.value !== 'fly' || flies),
    )
    const kind = pick(
      kinds.map((c) => ({ value: c.value, label: c.label })),
      values.kind,
    )
    const enemies = Object.values(game.units).filter((u) => u.player !== side && alive(u))
    return {
      unit: { options: unitOptions(game, movers) },
      kind: { options: kinds.map((c) => ({ value: c.value, label: c.label })), value: kind },
      distance: kind === 'reform' ? { value: 0, settled: true } : {},
      enemiesWithin8: kind === 'march' ? { options: unitOptions(game, enemies), value: [] } : null,
    }
  },
  UnitDeployed(context) {
    const game = context.state
    const side = sideOf(context)
    const scouts = Object.values(game.units).filter(
      (u) => u.player === side && alive(u) && u.rules.some((rule) => rule.id === 'scout'),
    )
    return { unit: { options: unitOptions(game, scouts) }, as: { value: 'scout', settled: true } }
  },
  MeleeAttacksDeclared(context, values) {
    const game = context.state
    const fighting = Object.values(game.units).filter((u) => alive(u) && openCombatOf(game, u.id))
    const attacker = game.units[pick(unitOptions(game, fighting), values.attacker) ?? '']
    const enemies = fighting.filter((u) => u.player !== attacker?.player)
    return { attacker: { options: unitOptions(game, fighting) }, target: { options: unitOptions(game, enemies) } }
  },
  CombatJoined({ state }) {
    return {
      combat: { value: `combat-${Object.keys(state.combats).length + 1}` },
      sides: { value: [] },
      contact: { value: [] },
      highGround: { options: state.players.map((p) => ({ value: p.id, label: p.name })) },
    }
  },
  CombatRoundDeclared({ state }) {
    return {
      combat: { options: combatOptions(state) },
      contact: { value: [] },
      highGround: { options: state.players.map((p) => ({ value: p.id, label: p.name })) },
    }
  },
  ShotDeclared(context, values) {
    const game = context.state
    const side = sideOf(context)
    const standing = game.phase === 'movement'
    // In the movement phase a unit shoots only to stand and shoot at its charger.
    const answers = game.effects.filter(
      (e) => e.entry === 'charge' && e.params.role === 'charged' && e.params.response === 'stand-and-shoot',
    )
    const shooters = Object.values(game.units).filter(
      (u) =>
        alive(u) &&
        missileWeapons(context.catalogue, u).length > 0 &&
        // A unit shoots once a turn (the shooting entry's marker says it has).
        !game.effects.some((e) => e.entry === 'shooting' && e.unit === u.id) &&
        (standing ? answers.some((e) => e.unit === u.id) : u.player === side && !openCombatOf(game, u.id)),
    )
    const shooterId = pick(unitOptions(game, shooters), values.shooter)
    const shooter = shooterId ? game.units[shooterId] : undefined
    const answer = answers.find((e) => e.unit === shooterId)
    const targets = standing
      ? Object.values(game.units).filter((u) => u.id === answer?.params.charger)
      : Object.values(game.units).filter((u) => u.player !== shooter?.player && alive(u) && !openCombatOf(game, u.id))
    const targetId = pick(unitOptions(game, targets), values.target)
    const target = targetId ? game.units[targetId] : undefined
    const weapons = shooter ? missileWeapons(context.catalogue, shooter) : []
    const weaponId = pick(
      weapons.map((w) => ({ value: w.id, label: w.name })),
      values.weapon,
    )
    const weapon = weapons.find((w) => w.id === weaponId)
    const template = typeof weapon?.params.template === 'string'
    const multiple = typeof weapon?.params.multipleShots === 'number'
    const models: Option[] = [
      ...(target?.command.champion ? [{ value: 'champion', label: `${target.name}'s champion` }] : []),
      ...liveCharacters(target)
        .filter((c) => c.concealed !== true)
        .map((c) => ({ value: c.id, label: c.name })),
    ]
    const covers = (declarations.ShotDeclared.fields.find((f) => f.name === 'cover')?.choices ?? []).filter((c) =>
      appliesTo(c, context.ruleset.id),
    )
    return {
      shooter: { options: unitOptions(game, shooters) },
      target: { options: unitOptions(game, targets) },
      weapon: { options: weapons.map((w) => ({ value: w.id, label: w.name })) },
      distance: template ? null : {},
      // A measured distance gives the band; the band is asked only when no distance is.
      range: template || !blank(values.distance) ? null : {},
      moved: standing ? null : {},
      marched: standing ? null : {},
      cover: { options: covers.map((c) => ({ value: c.value, label: c.label })) },
      multipleShots: multiple ? {} : null,
      underTemplate: template ? {} : null,
      partlyUnderTemplate: template ? {} : null,
      standAndShoot: standing ? { value: true, settled: true } : null,
      charge:
        standing && answer
          ? {
              options: [
                { value: String(answer.startedAt), label: `${target?.name ?? 'the'} charge at ${shooter?.name}` },
              ],
              value: answer.startedAt,
            }
          : null,
      at: template || models.length === 0 ? null : { options: models },
    }
  },
  SpellCast(context, values) {
    const game = context.state
    const side = sideOf(context)
    const wizards = wizardsOf(game, side)
    const casterId = pick(
      wizards.map((w) => ({ value: w.id, label: w.name })),
      values.caster,
    )
    const caster = wizards.find((w) => w.id === casterId)
    const oldWorld = context.ruleset.id === 'old-world'
    const spells = context.catalogue.filter((entry) => entry.kind === 'spell')
    const spellId = oldWorld
      ? undefined
      : pick(
          spells.map((s) => ({ value: s.id, label: s.name })),
          values.spell,
        )
    const spell = spells.find((s) => s.id === spellId)
    const friendly = oldWorld ? values.spellType === 'enchantment' : spell?.params.type === 'augment'
    const targets = Object.values(game.units).filter(
      (u) => alive(u) && (friendly ? u.player === caster?.unit.player : u.player !== caster?.unit.player),
    )
    const missile = oldWorld ? values.spellType === 'magic-missile' : spell?.params.type === 'magic-missile'
    const hitting = oldWorld && (values.spellType === 'magic-missile' || values.spellType === 'assailment')
    return {
      caster: { options: wizards.map((w) => ({ value: w.id, label: w.name })) },
      // The Old World's spell is the one the player names; its id is made from the name.
      spell: oldWorld ? null : { options: spells.map((s) => ({ value: s.id, label: s.name })) },
      target: { options: unitOptions(game, targets) },
      powerDice: oldWorld ? null : { value: Math.min(2, game.magic?.power ?? 2) },
      inArc: { value: (values.inArc as FieldValue) ?? true },
      lineOfSight: missile ? { value: (values.lineOfSight as FieldValue) ?? true } : null,
      modelsUnderTemplate: !oldWorld && typeof spell?.params.template === 'number' ? {} : null,
      spellType: oldWorld ? { value: (values.spellType as FieldValue) ?? 'magic-missile' } : null,
      hits: hitting ? {} : null,
      strength: hitting ? {} : null,
    }
  },
  PanicTestDeclared(context, values) {
    const game = context.state
    const testers = Object.values(game.units).filter((u) => alive(u) && !u.fleeing)
    const unitId = pick(unitOptions(game, testers), values.unit)
    const tester = unitId ? game.units[unitId] : undefined
    const cause = (values.cause as string | undefined) ?? 'friend-destroyed'
    const friends = Object.values(game.units).filter(
      (u) =>
        u.player === tester?.player &&
        u.id !== tester.id &&
        (cause === 'friend-destroyed' ? u.models === 0 : u.fleeing || u.fellBackIn !== undefined),
    )
    return {
      unit: { options: unitOptions(game, testers) },
      cause: { value: cause },
      friend: { options: unitOptions(game, friends) },
    }
  },
  ItemUsed(context, values) {
    const game = context.state
    const side = sideOf(context)
    const carriers = Object.values(game.units).filter(
      (u) =>
        u.player === side &&
        alive(u) &&
        (oneUseItems(context.catalogue, u).length > 0 ||
          liveCharacters(u).some((c) => oneUseItems(context.catalogue, c).length > 0)),
    )
    const unitId = pick(unitOptions(game, carriers), values.unit)
    const unit = unitId ? game.units[unitId] : undefined
    const users = liveCharacters(unit).filter((c) => oneUseItems(context.catalogue, c).length > 0)
    const character = users.find((c) => c.id === values.character)
    const items = character
      ? oneUseItems(context.catalogue, character)
      : unit
        ? oneUseItems(context.catalogue, unit)
        : []
    return {
      unit: { options: unitOptions(game, carriers) },
      character: users.length > 0 ? { options: users.map((c) => ({ value: c.id, label: c.name })) } : null,
      item: { options: items.map((i) => ({ value: i.id, label: i.name })) },
    }
  },
  ChallengeIssued(context, values) {
    const game = context.state
    const side = sideOf(context)
    const combats = combatOptions(game)
    const combatId = pick(combats, values.combat)
    const combat = combatId ? game.combats[combatId] : undefined
    const units = (combat?.sides ?? [])
      .flatMap((s) => s.units.map((u) => game.units[u.unit]))
      .filter((u): u is UnitState => u !== undefined && u.player === side && alive(u))
      .filter((u) => u.character || u.command.champion || liveCharacters(u).length > 0)
    const unitId = pick(unitOptions(game, units), values.unit)
    const unit = unitId ? game.units[unitId] : undefined
    const characters = liveCharacters(unit)
    return {
      combat: { options: combats },
      unit: { options: unitOptions(game, units) },
      character: characters.length > 0 ? { options: characters.map((c) => ({ value: c.id, label: c.name })) } : null,
      champion: unit?.command.champion && !values.character ? {} : null,
    }
  },
}

/**
 * The form for one declaration in this situation: the fields its ruleset takes and the situation needs, each with
 * its options by name (units, weapons the unit carries, spells, items) and a sensible default; `values` are what
 * the player has entered so far (payload-shaped), which later fields follow (the weapons of the chosen shooter).
 */
export function declarationForm(type: string, context: FormContext, values: Values = {}): DeclarationForm {
  if (!isEventType(type)) throw new Error(`no event type "${type}"`)
  const description = declarations[type]
  const situation = situations[type]?.(context, values) ?? {}
  const fields: FormField[] = []
  for (const field of description.fields) {
    if (!appliesTo(field, context.ruleset.id)) continue
    const asked = situation[field.name]
    if (asked === null) continue
    const choices = field.choices?.filter((choice) => appliesTo(choice, context.ruleset.id))
    const options = asked?.options ?? choices?.map((c) => ({ value: c.value, label: c.label }))
    const given = values[field.name]
    let value: FieldValue = given !== undefined ? (given as FieldValue) : (asked?.value ?? field.default)
    // A select holds one of its options: the first, when the value given is none of them.
    if (options && mustPick(field) && field.kind !== 'units' && !options.some((o) => o.value === value))
      value = options[0]?.value
    if (asked?.settled) value = asked.value
    fields.push({
      ...field,
      ...(choices ? { choices } : {}),
      ...(options ? { options } : {}),
      value,
      ...(asked?.settled ? { settled: true } : {}),
    })
  }
  return { type, title: description.title, help: description.help, fields }
}

const NUMBER_KINDS: readonly FieldKind[] = ['inches', 'count', 'number', 'turn', 'charge']

/** A value as a player writes it, as the payload takes it: `6"` is 6 inches, "3" a count; "d6" is "D6" hits. */
function payloadValue(field: FormField, value: FieldValue): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (NUMBER_KINDS.includes(field.kind)) {
    const number = Number(text.replace(/\s*(["”″]|in(ches)?)$/i, ''))
    return Number.isNaN(number) ? text : number
  }
  if (field.kind === 'dice') return /^\d+$/.test(text) ? Number(text) : text.toUpperCase()
  if (field.kind === 'combat-name') return slug(text)
  return text
}

/**
 * The payload the form's fields make: its fields' values, blanks of optional fields left out, a combat's name
 * made into its id and an Old World spell's id made from its name. The api validates it and says what is wrong.
 */
export function formPayload(form: DeclarationForm): Record<string, unknown> {
  const payload: Record<string, unknown> = {}
  for (const field of form.fields) {
    const value = field.value
    if (blank(value)) continue
    if (!field.required && field.kind === 'units' && Array.isArray(value) && value.length === 0) continue
    payload[field.name] = payloadValue(field, value)
  }
  if (form.type === 'SpellCast' && typeof payload.spellName === 'string' && payload.spell === undefined)
    payload.spell = slug(payload.spellName) || 'spell'
  return payload
}

// ---------------------------------------------------------------------------------------------------------------
// A charge that reached leads to its combat.

/** A combat the log already knows: a charge this turn that reached its target, not yet fought. */
export interface ChargedCombat {
  /** "Chaos Knights charged Empire Swordsmen". */
  readonly title: string
  /** The CombatJoined payload, every field the log says filled in. */
  readonly payload: {
    readonly combat: string
    readonly sides: readonly {
      readonly player: string
      readonly units: readonly { unit: string; charged: boolean; facing: string; moved?: number }[]
    }[]
    readonly contact: readonly { unit: string; models: number }[]
  }
}

/** Models of a unit in base contact by default: its front rank. */
const frontRank = (unit: UnitState) => Math.min(unit.files ?? unit.models, unit.models)

/**
 * The combats the charges of this turn lead to: each charge marker the state keeps this turn (the `charge` entry's
 * `charging` effect) whose `charge-result` in the steps says it reached, and whose charger and target stand and fight
 * in no combat yet. The charger is marked charged, into the facing its ChargeDeclared named, and in The Old World
 * with the whole inches it moved (the result's `moved`: the Initiative bonus reads it as `moved` on CombatJoined).
 * Chargers that reached the same target share its combat.
 */
export function chargedCombats(context: FormContext): ChargedCombat[] {
  const game = context.state
  const markers = game.effects.filter((effect) => effect.entry === 'charge' && effect.params.role === 'charging')
  if (markers.length === 0) return []
  const steps = context.steps ?? []
  const bySeq = new Map(steps.map((step) => [step.seq, step]))
  const byTarget = new Map<string, { charger: UnitState; facing: string; moved: number }[]>()
  for (const marker of markers) {
    const charger = game.units[marker.unit]
    const target = game.units[String(marker.params.target)]
    if (!charger || !target || !alive(charger) || !alive(target)) continue
    if (openCombatOf(game, charger.id) || openCombatOf(game, target.id)) continue
    const result = steps
      .filter((step) => step.seq >= marker.startedAt)
      .flatMap((step) => step.outcomes)
      .find(
        (o): o is Outcome & { kind: 'charge-result' } =>
          o.kind === 'charge-result' && o.values.unit === charger.id && o.values.target === target.id,
      )
    if (result?.values.reached !== true) continue
    const declared = bySeq.get(marker.startedAt)
    const payload = declared?.payload as { facing?: string } | undefined
    const group = byTarget.get(target.id) ?? []
    group.push({ charger, facing: payload?.facing ?? 'front', moved: Number(result.values.moved) })
    byTarget.set(target.id, group)
  }
  const oldWorld = context.ruleset.id === 'old-world'
  let next = Object.keys(game.combats).length + 1
  return [...byTarget].map(([targetId, chargers]) => {
    const target = game.units[targetId] as UnitState
    const attackers = chargers.map(({ charger, facing, moved }) => ({
      unit: charger.id,
      charged: true,
      facing,
      // Whole inches moved before contact (old-world/strike-order §charging reads them).
      ...(oldWorld ? { moved: Math.min(30, Math.max(0, Math.floor(moved))) } : {}),
    }))
    const chargingPlayer = (chargers[0] as { charger: UnitState }).charger.player
    const sides = [
      { player: chargingPlayer, units: attackers },
      { player: target.player, units: [{ unit: target.id, charged: false, facing: 'front' }] },
    ]
    // The sides in the players' order, as the form lists them.
    const order = game.players.map((p) => p.id)
    sides.sort((a, b) => order.indexOf(a.player) - order.indexOf(b.player))
    const names = chargers.map(({ charger }) => charger.name).join(' and ')
    return {
      title: `${names} charged ${target.name}`,
      payload: {
        combat: `combat-${next++}`,
        sides,
        contact: [
          ...chargers.map(({ charger }) => ({ unit: charger.id, models: frontRank(charger) })),
          { unit: target.id, models: frontRank(target) },
        ],
      },
    }
  })
}
