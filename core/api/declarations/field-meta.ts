import type { EventType, eventSchemas } from '../../events/event-types.js'
import { CHARACTER_META } from './character-meta.js'
import type { Choice, FieldDescription, FieldKind, RecordedBy } from './description.js'
import { GAME_END_META } from './game-end-meta.js'
import { LIST_META } from './list-meta.js'
import { SIGNING_AND_DISPUTE_META } from './record-meta.js'
import { STUPIDITY_META } from './stupidity-meta.js'

/** Each event field in a player's words: the data `describeField` joins to what zod says of the field. */
export type FieldMeta = Omit<
  FieldDescription,
  'name' | 'required' | 'default' | 'min' | 'max' | 'integer' | 'shape'
> & {
  /** Labels (and help, rulesets) for an enum's values, by value; each value of the schema must have one. */
  readonly labels?: Readonly<Record<string, Omit<Choice, 'value'>>>
}
type ShapeOf<T extends EventType> = (typeof eventSchemas)[T]['schema']['shape']
export type Meta = {
  readonly [T in EventType]: {
    readonly title: string
    readonly help: string
    readonly recordedBy: RecordedBy
    readonly fields: { readonly [K in keyof ShapeOf<T>]-?: Omit<FieldMeta, 'choices'> }
  }
}

export const OW = ['old-world'] as const
export const CLASSIC = ['classic'] as const
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

export const META: Meta = {
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
      turns: {
        label: 'Turns',
        help: 'the turns each player plays before the game ends (6 when not given)',
        kind: 'count',
      },
    },
  },
  ArmyMustered: {
    title: 'Muster an army',
    help: "A player's army, unit by unit (the muster screen, or `arbiter muster ARMY.json`).",
    recordedBy: 'muster',
    fields: {
      player: { label: 'Player', help: 'the player whose army it is', kind: 'player' },
      units: { label: 'Units', help: 'the units: profile, gear, rules, characters (see the README)', kind: 'other' },
      list: {
        label: 'List',
        help: "the sha256 of the list file it was mustered from (the player's ListImported)",
        kind: 'text',
      },
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
      'Who is in base contact, and the round fought at once. A charge that reached made its combat already: name it ' +
      '(its id, charge-<seq>) and who charged, the facing and the inches moved come from the charge. A new name makes ' +
      'a new combat; naming a combat under way adds the units the table moved into contact and fights its next round.',
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
          '"characters": [ID…], "directed": [{"by", "at", "attacks"}]}; "at" names a character, "champion", or ' +
          '"mount" (a classic ridden monster, wounded apart from its rider)',
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
        help: 'the shooter stands on a hill: one more rank fires (classic-8th: none, it fires in two ranks)',
        kind: 'yes-no',
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
  ...CHARACTER_META,
  ...STUPIDITY_META,
  PursuitReached: {
    title: 'Pursuit reaches a fresh enemy',
    help:
      'A winner whose pursuit or overrun move reached an enemy unit it was not fighting charges it: the engine makes ' +
      'the combat, fought next close-combat phase as a charge.',
    recordedBy: 'form',
    fields: {
      unit: unitField('Pursuer', 'the unit whose pursuit or overrun reached the enemy'),
      target: unitField('Enemy reached', 'the fresh enemy unit it reached', 'enemy-unit'),
      facing: {
        label: 'Into its',
        help: "the enemy's facing the pursuer reached: front, flank or rear",
        kind: 'choice',
        labels: FACING,
      },
      moved: {
        label: 'Inches moved',
        help: 'whole inches the pursuer moved before contact (The Old World: its charge Initiative bonus)',
        kind: 'inches',
        unit: 'inches',
        rulesets: OW,
      },
    },
  },
  UnitReformed: {
    title: 'Unit reforms after combat',
    help:
      'A winner that restrained its pursuit (or, classic, wiped out its foes and did not overrun) reforms: the engine ' +
      'records its new frontage, which its rank bonus counts.',
    recordedBy: 'form',
    fields: {
      unit: unitField('Unit', 'the winner that reforms'),
      files: { label: 'Files', help: 'models in its front rank after the reform', kind: 'count' },
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
  ...SIGNING_AND_DISPUTE_META,
  ...GAME_END_META,
  ...LIST_META,
  Note: {
    title: 'Note',
    help: 'A note in the log, in words.',
    recordedBy: 'form',
    fields: { text: { label: 'Note', help: 'the text of the note', kind: 'text' } },
  },
}
