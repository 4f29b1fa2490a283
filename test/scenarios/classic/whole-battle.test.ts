import { describe, expect, it } from 'vitest'
import { exportText, type GameView, type LocalGameApi, replaySteps, type StepView } from '../../../core/api/index.js'
import type { Outcome } from '../../../core/engine/index.js'
import { canonicalJson } from '../../../core/events/index.js'
import { renderExplanationText } from '../../../core/explain/index.js'
import { openApi } from '../../helpers/api-game.js'
import { type Draft, EngineGame, HASH, unitDef } from '../../helpers/classic-game.js'
import { useTempDir } from '../../helpers/temp.js'

/**
 * A whole recorded battle (issue #16), variant `classic` (7th-edition conventions: core-mechanics A.10 and
 * core/rules/classic/decisions.ts). The Druchii (Dark Elves) meet an Empire army for six turns each. Every event
 * is below, numbered by its seq; every number the engine gives was worked out by hand first, here and beside the
 * expectations. An answer comes right after the event that asked for it: seq 49's dice answer seq 48's request.
 *
 * Druchii (player `druchii`), 700 points:
 * - Highborn Malrith, the General (the highest Ld): a character on his own, M5 WS6 BS6 S4 T3 W2 I7 A3 Ld10; hand
 *   weapon, heavy armour, shield. 140 points.
 * - Sorceress Ylva: a level-2 Wizard on her own, M5 WS4 BS4 S3 T3 W2 I5 A1 Ld8. 125 points.
 * - Warriors: 20 Dark Elves five wide, M5 WS4 BS4 S3 T3 W1 I5 A1 Ld8; spear, light armour, shield; standard,
 *   musician. 175 points.
 * - Crossbowmen: 10 Dark Elves five wide (two ranks); repeater crossbow (24", S3, Multiple Shots 2), light armour.
 *   130 points.
 * - Executioners: 10 Dark Elves five wide, WS5; draich (two-handed, +2 S), heavy armour; Killing Blow. 130 points.
 * Empire (player `empire`), 700 points:
 * - Captain Albrecht, the General: on his own, M4 WS5 BS5 S4 T4 W2 I5 A3 Ld8; hand weapon, heavy armour, shield.
 *   100 points.
 * - Wizard Konrad: a level-2 Wizard on his own, M4 WS3 BS3 S3 T3 W2 I3 A1 Ld7. 110 points.
 * - Swordsmen: 20 five wide, M4 WS3 BS3 S3 T3 W1 I3 A1 Ld7; hand weapon, light armour, shield; standard, musician.
 *   150 points.
 * - Spearmen: 20 five wide, the same soldiers with spears; standard, musician. 150 points.
 * - Knights: 5 cavalry five wide, the riders M8 WS4 BS3 S3 T3 W1 I3 A1 Ld8 with lance, heavy armour and shield, on
 *   Warhorses M8 WS3 S3 T3 I3 A1 (no gear of their own); standard. 190 points.
 *
 * Charts used throughout (core-mechanics A.4, A.5, A.10): to hit in close combat, the higher WS 3+, else 4+, 5+
 * only against more than twice the WS (WS3 against WS6 is 4+); shooting 7 - BS; to wound, S equal to T 4+, one
 * above 3+, two above 2+; armour: light 6+, heavy 5+, shield +1, mounted +1 (classic/armour-save), worsened by 1
 * per point of Strength above 3. Only models in base contact fight (classic/variants §supporting-attacks), and
 * spears add their second rank except in the turn the unit charged (classic/spear §two-ranks). Chargers strike
 * first, then Initiative (classic/variants §charge-bonus). The combat result: wounds, +1 a rank of five behind
 * the front as the round began (at most 3; none for a unit flanked by an enemy of Unit Strength 5 or more),
 * +1 outnumbering, +1 standard, +1 flank (classic/combat-result). A unit that loses 25% of the models it began a
 * phase with tests for Panic as the next phase starts (classic/panic §heavy-casualties), but not for the losses of
 * a close-combat phase (classic/variants §panic-close-combat-losses).
 *
 * Turn 1, Druchii (seq 4-21).
 * - Movement: the Warriors and the Executioners march 2 x M5 = 10", no enemy within 8"; the Highborn moves 5".
 * - Magic (classic/variants §magic-dice, per Wizard): power 2 + level 2 = 4; the Empire's dispel 2 + 1 for its
 *   level-2 Wizard = 3. Doombolt at the Spearmen with 3 dice (level + 1, the most): 5 + 4 + 2 = 11 >= 7, cast (the
 *   dice alone). The Empire dispels with 2 dice: 3 + 3 = 6 < 11. D6 hits: 4. S5 against T3: 2+: 6, 3, 1, 5 -> 3
 *   wounds; light armour and shield 5+, S5 -2: 7+, no save. Spearmen 20 -> 17 (15%: no Panic).
 * - Shooting: the Crossbowmen, 20" from the Spearmen (long range, beyond 12"), take Multiple Shots. Only the front
 *   rank fires (classic/shooting §firing-ranks): 5 of the 10, 2 shots each = 10 at BS4 3+, long range -1,
 *   Multiple Shots -1: 5+. 5, 6, 1, 2, 5, 3, 4, 6, 2, 1 -> 4 hits; 4+: 4, 2, 6, 3 -> 2 wounds; saves 5+ (S3 takes
 *   nothing off): 5, 2 -> 1 saved. Spearmen 17 -> 16.
 * Turn 1, Empire (seq 22-30): the Swordsmen march 8", the Spearmen move 4", the Knights 8", the Captain 4".
 *   Power 4 against the Druchii's 3 dispel dice; nothing is cast.
 * Turn 2, Druchii (seq 31-56).
 * - Movement: the Warriors charge the Spearmen 8" away: 2 x M5 = 10" (classic/variants §charge-range). The
 *   Spearmen, with no missile weapon, hold. The charge reaches and makes the combat charge-33 (classic/charge
 *   §combat): the Warriors charging, into the front, 8" moved. The Executioners move 5" and the Highborn joins
 *   them (classic/joining): a unit of 10 and its character, tested on his Ld 10.
 * - Magic: power 4, dispel 3. Doombolt at the Knights: 6 + 2 + 3 = 11, cast; all 3 dispel dice: 5 + 4 + 4 = 13,
 *   dispelled.
 * - Shooting: the front rank at the Knights, 18" (long range): 10 shots at 5+: 6, 5, 2, 3, 1, 4, 5, 2, 6, 3 ->
 *   4 hits; 4+: 4, 5, 1, 2 -> 2 wounds; heavy armour, shield, mounted: 3+: 3, 1 -> 1 saved. Knights 5 -> 4.
 * - Close combat, charge-33 round 1: the Warriors 5 in contact (no spear rank in their charge turn), the Spearmen
 *   5 and 5 behind. Warriors first: 5 at 3+: 5, 3, 2, 6, 4 -> 4 hits; 4+: 4, 1, 5, 6 -> 3; 5+: 5, 2, 1 -> 1
 *   saved: Spearmen 16 -> 14. Spearmen: 5 - 2 slain + 5 = 8 at 4+: 4, 5, 2, 6, 3, 1, 4, 2 -> 4 hits; 5, 3, 4, 1
 *   -> 2 wounds; 6, 3 -> 1 saved: Warriors 20 -> 19. Result: Warriors 2 + 3 ranks (20: four ranks) + outnumbering
 *   (19 against 14) + standard = 7; Spearmen 1 + 2 ranks (16: 5, 5, 5, 1) + standard = 4. The Captain is within
 *   12" (Inspiring Presence, classic/general): Ld 8 - 3 = 5: 2 + 2 = 4, held.
 * Turn 2, Empire (seq 57-92).
 * - Movement: the Knights charge the Crossbowmen 14" away (2 x M8 = 16"). The Crossbowmen stand and shoot (14" is
 *   more than half the charge move): the front rank, 10 shots at 3+, Stand and Shoot -1, long range -1, Multiple
 *   Shots -1: 6+: one 6 -> 1 hit; 5 -> 1 wound; 3+: 4, saved. The charge reaches: combat charge-59. The
 *   Swordsmen and the Captain move 4". Power 4; nothing is cast.
 * - Close combat, charge-33 round 2: no charger: Warriors (I5) first, 5 and 5 spears behind: 10 at 3+: 6, 5, 3,
 *   2, 4, 1, 3, 5, 6, 2 -> 7 hits; 4, 6, 2, 5, 1, 3, 5 -> 4 wounds; 5, 1, 2, 6 -> 2 saved: 14 -> 12. Spearmen
 *   5 - 2 + 5 = 8 at 4+: 4, 4, 1, 2, 6, 3, 5, 2 -> 4; 6, 2, 4, 1 -> 2 wounds; 2, 3 -> none saved: 19 -> 17.
 *   Result: Warriors 2 + 2 ranks (19: 5, 5, 5, 4) + outnumbering + standard = 6; Spearmen 2 + 1 rank (14) +
 *   standard = 4. Ld 8 - 2 = 6: 3 + 3, held.
 * - Close combat, charge-59 round 1: rider and mount strike apart (classic/mounts §split-profile), both in the
 *   chargers' step. Riders: 4 at 4+ (WS4 against WS4): 5, 2, 6, 4 -> 3 hits; lance S5 (the rider's, classic/mounts
 *   §own-weapons) against T3: 2+: 3, 2, 1 -> 2 wounds; light armour 6+ at S5: no save: Crossbowmen 10 -> 8.
 *   Warhorses: 4 at 4+ (WS3 against WS4): 4, 1, 5, 3 -> 2 hits; S3: 4+: 5, 2 -> 1; 6+: 4, not saved: 8 -> 7.
 *   Crossbowmen: 5 - 3 slain = 2 at 4+: 6, 3 -> 1 hit; 5 -> 1 wound; the rider's 3+: 2, not saved: Knights 4 -> 3.
 *   Result: Knights 3 wounds + standard = 4 (one rank of 4: no rank bonus); Crossbowmen 1 + 1 rank (10: two ranks)
 *   + outnumbering (Unit Strength 7 against 3 cavalry x 2 = 6) = 3. The Highborn is not near: Ld 8 - 1 = 7:
 *   5 + 4 = 9, broken. They flee 2D6: 3 + 2 = 5; the Knights (M8) pursue 3D6 (classic/variants §flee-dice):
 *   4 + 3 + 2 = 9 >= 5: caught, destroyed.
 * Turn 3, Druchii (seq 93-124).
 * - The Knights lost 1 of 4 in the last phase, but a close-combat phase's losses call no Panic test in 7th
 *   (classic/variants §panic-close-combat-losses).
 * - Movement: the Executioners, the Highborn with them, charge the Spearmen's flank 7" away (10"): the Spearmen are
 *   fighting, so they hold, and the Executioners join charge-33 (classic/charge §combat): three units.
 * - Magic: Doombolt at the Knights: 4 + 4 + 3 = 11, cast; 2 dispel dice: 2 + 3 = 5, not dispelled. 2 hits; 2+:
 *   2, 1 -> 1 wound; 3+ at S5: 5+: 2, not saved: Knights 3 -> 2. Panic (1 of 3) as the shooting phase starts:
 *   2 + 5 = 7 <= 8, passed.
 * - Close combat, charge-33 round 3. The Executioners touch the Spearmen's flank with the Highborn and 2 of their
 *   own; the Spearmen's front and second rank fight the Warriors. Chargers first, the Highborn (I7) before the
 *   Executioners (I5): 3 at 3+ (WS6 against WS3): 5, 2, 6 -> 2 hits; S4: 3+: 3, 4 -> 2 wounds; 5+ at S4: 6+:
 *   6, 1 -> 1 saved: 12 -> 11. Executioners: 2 at 3+: 4, 3 -> 2 hits; draich S5: 2+: 2, 5 -> 2, no save: 11 -> 9.
 *   Warriors (I5, not charging): 10 at 3+: 3, 5, 1, 6, 2, 4, 4, 3, 6, 1 -> 7 hits; 4, 5, 2, 6, 3, 1, 4 -> 4 wounds;
 *   5, 6, 1, 2 -> 2 saved: 9 -> 7. Spearmen: their 5 in contact are slain; the 5 of the second rank fight with
 *   their spears: 5 at 4+: 4, 2, 6, 1, 3 -> 2 hits; 5, 2 -> 1 wound; 4, not saved: Warriors 17 -> 16.
 *   Result: Druchii 5 wounds + 2 ranks (the best unit's, the Warriors' 17) + flank + standard (one a side) +
 *   outnumbering (16 + 11 against 7) = 10; Empire 1 wound + standard = 2, no rank bonus: flanked by the
 *   Executioners' Unit Strength 11. Ld 8 - 8 = 0: 4 + 3, broken. Flee 2 + 4 = 6; the Warriors pursue 3 + 4 = 7:
 *   caught and destroyed, and the Executioners have no one left to pursue. Their standard, lost as they broke, is
 *   captured by the Warriors that ran them down (classic/standard §captured).
 * Turn 3, Empire (seq 125-137): the Knights charge the Sorceress 12" away; she holds. Charge-127: the riders first,
 *   2 at 4+: 5, 6 -> 2 hits; 2+: 4, 3 -> 2 wounds, no armour: the Sorceress (W2) is slain. The Warhorses have no
 *   one left to strike. Having wiped out their foe in the round they charged, the Knights overrun (classic/flee-and-
 *   pursuit §overrun): their pursuit dice, 3D6 for M8: 2 + 3 + 1 = 6", reaching no one.
 * Turn 4, Druchii (seq 138-146): the Highborn leaves the Executioners (classic/joining §leave) and moves 5"; the
 *   Executioners move 5", the Warriors reform. Power 2 + no Wizard = 2: no spell.
 * Turn 4, Empire (seq 147-154): the Knights move 6", the Swordsmen 4", and the Captain joins the Swordsmen.
 *   The Druchii's dispel dice are 2 with no Wizard.
 * Turn 5, Druchii (seq 155-166): the Highborn charges the Wizard 9" away (10"); he holds. Charge-157: 3 at 3+: 4, 2,
 *   6 -> 2 hits; 3+: 5, 3 -> 2 wounds: the Wizard (W2, no armour) is slain. The Highborn overruns 2D6: 4 + 2 = 6".
 * Turn 5, Empire (seq 167-182): the two Knights charge the Highborn 10" away; he holds. Charge-169: riders 2 at 4+
 *   (WS4 against WS6): 4, 2 -> 1 hit; lance 2+: 3; his heavy armour and shield 4+ at S5: 6+: 2, not saved: the
 *   Highborn has 1 Wound left. Warhorses 2 at 4+: 5, 1 -> 1 hit; 4+: 2, no wound. The Highborn: 3 at 3+: 5, 3, 6
 *   -> 3 hits; S4: 3+: 4, 6, 2 -> 2 wounds; the riders' 3+ at S4: 4+: 3, 1, none saved: the Knights are destroyed,
 *   and their standard is his (classic/standard §captured).
 * Turn 6, Druchii and Empire (seq 183-194): the Executioners and the Swordsmen move. Seq 195: GameEnded.
 *
 * Victory points (classic/victory-points, 7th-edition): the Druchii score the Spearmen destroyed 150, the Knights
 * destroyed 190, the Wizard slain 110, and two standards held (the Spearmen's by the Warriors, the Knights' by the
 * Highborn) 2 x 100: 650. The Empire scores the Crossbowmen destroyed 130, the Sorceress slain 125, and the
 * Highborn at 1 of his 2 Wounds (half or less: half of 140) 70: 325. The Warriors (16 of 20) and the Executioners
 * (10) are above half strength; the Swordsmen (20) and the Captain are untouched. The Druchii lead by 325: of the
 * battle's 700 points (both armies' size) that is 46%: a solid victory (25-49%, classic/variants §victory-bands).
 */
const DRUCHII = 'druchii'
const EMPIRE = 'empire'

const darkElf = { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 }
const soldier = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }

const druchiiArmy = [
  unitDef('highborn', {
    points: 140,
    name: 'Highborn Malrith',
    race: 'dark-elves',
    character: true,
    general: true,
    models: 1,
    profile: { M: 5, WS: 6, BS: 6, S: 4, T: 3, W: 2, I: 7, A: 3, Ld: 10 },
    gear: ['hand-weapon', 'heavy-armour', 'shield'],
  }),
  unitDef('sorceress', {
    points: 125,
    name: 'Sorceress Ylva',
    race: 'dark-elves',
    character: true,
    models: 1,
    wizardLevel: 2,
    profile: { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 2, I: 5, A: 1, Ld: 8 },
  }),
  unitDef('warriors', {
    points: 175,
    name: 'Warriors',
    race: 'dark-elves',
    models: 20,
    formation: { files: 5 },
    profile: darkElf,
    gear: ['hand-weapon', 'spear', 'light-armour', 'shield'],
    command: { standard: true, musician: true },
  }),
  unitDef('crossbowmen', {
    points: 130,
    name: 'Crossbowmen',
    race: 'dark-elves',
    models: 10,
    formation: { files: 5 },
    profile: darkElf,
    gear: ['hand-weapon', 'repeater-crossbow', 'light-armour'],
  }),
  unitDef('executioners', {
    points: 130,
    name: 'Executioners',
    race: 'dark-elves',
    models: 10,
    formation: { files: 5 },
    profile: { ...darkElf, WS: 5 },
    gear: ['hand-weapon', 'draich', 'heavy-armour'],
    rules: ['killing-blow'],
  }),
]
const empireArmy = [
  unitDef('captain', {
    points: 100,
    name: 'Captain Albrecht',
    character: true,
    general: true,
    models: 1,
    profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8 },
    gear: ['hand-weapon', 'heavy-armour', 'shield'],
  }),
  unitDef('wizard', {
    points: 110,
    name: 'Wizard Konrad',
    character: true,
    models: 1,
    wizardLevel: 2,
    profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 2, I: 3, A: 1, Ld: 7 },
  }),
  unitDef('swordsmen', {
    points: 150,
    name: 'Swordsmen',
    models: 20,
    formation: { files: 5 },
    profile: soldier,
    gear: ['hand-weapon', 'light-armour', 'shield'],
    command: { standard: true, musician: true },
  }),
  unitDef('spearmen', {
    points: 150,
    name: 'Spearmen',
    models: 20,
    formation: { files: 5 },
    profile: soldier,
    gear: ['hand-weapon', 'spear', 'light-armour', 'shield'],
    command: { standard: true, musician: true },
  }),
  unitDef('knights', {
    points: 190,
    name: 'Knights',
    troopType: 'cavalry',
    models: 5,
    formation: { files: 5 },
    profile: { M: 8, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8 },
    gear: ['hand-weapon', 'lance', 'heavy-armour', 'shield'],
    command: { standard: true },
    mount: { name: 'Warhorse', profile: { M: 8, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 5 } },
  }),
]

/** Every event carries the player who records it, as the api needs (the active player, or the one who answers). */
const by = (actor: string, type: string, payload: unknown): Draft => ({ type, payload, actor })
const turn = (n: number, player: string) => by(player, 'TurnStarted', { turn: n, player })
const phase = (player: string, name: string) => by(player, 'PhaseStarted', { phase: name })
/** An answer to the one request open when it is recorded: its id is filled in as the game is played (`recorded`). */
const OPEN = 'open'
/** Stands for the seq of the charge declared last (`recorded` fills it in). */
const LAST_CHARGE = 1_000_000
const dice = (actor: string, faces: number[]) => by(actor, 'DiceRolled', { requestId: OPEN, faces, source: 'physical' })
const choice = (actor: string, option: string) => by(actor, 'ChoiceMade', { requestId: OPEN, option })
const move = (player: string, unit: string, kind: string, distance: number) =>
  by(player, 'MoveDeclared', { unit, kind, distance, enemiesWithin8: [] })
const charge = (player: string, unit: string, target: string, distance: number, facing = 'front') =>
  by(player, 'ChargeDeclared', { unit, target, distance, facing })
const doombolt = (target: string, powerDice: number, distance: number) =>
  by(DRUCHII, 'SpellCast', {
    caster: 'sorceress',
    spell: 'doombolt',
    target,
    powerDice,
    distance,
    inArc: true,
    lineOfSight: true,
  })
/** Who is in base contact in a combat: models fighting, models behind them that fight too, and whom they attack. */
type Contact = { unit: string; models: number; supporting?: number; target?: string; characters?: string[] }
/**
 * The combat `unit` is in, which a charge made: its id is filled in by `recorded` (`@unit`). The first round says who
 * is in contact (CombatJoined, naming the units the charges put in it), later rounds again (CombatRoundDeclared).
 */
const firstRound = (player: string, unit: string, sides: Record<string, string[]>, contact: Contact[]) =>
  by(player, 'CombatJoined', {
    combat: `@${unit}`,
    sides: Object.entries(sides).map(([side, units]) => ({ player: side, units: units.map((u) => ({ unit: u })) })),
    contact,
  })
const nextRound = (player: string, unit: string, contact: Contact[]) =>
  by(player, 'CombatRoundDeclared', { combat: `@${unit}`, contact })
/** The Crossbowmen's Stand and Shoot at the charge declared last (its seq filled in by `recorded`). */
const standAndShoot = (target: string, distance: number) =>
  by(DRUCHII, 'ShotDeclared', {
    shooter: 'crossbowmen',
    target,
    weapon: 'repeater-crossbow',
    distance,
    multipleShots: true,
    standAndShoot: true,
    charge: LAST_CHARGE,
  })
const crossbows = (target: string, distance: number) =>
  by(DRUCHII, 'ShotDeclared', {
    shooter: 'crossbowmen',
    target,
    weapon: 'repeater-crossbow',
    distance,
    multipleShots: true,
  })

const D = DRUCHII
const E = EMPIRE
const events: Draft[] = [
  by(D, 'GameCreated', {
    ruleset: 'classic',
    variant: 'classic',
    catalogueHash: HASH,
    title: 'A whole battle',
    players: [
      { id: D, name: 'Druchii' },
      { id: E, name: 'Empire' },
    ],
  }), // 1
  by(D, 'ArmyMustered', { player: D, units: druchiiArmy }), // 2
  by(E, 'ArmyMustered', { player: E, units: empireArmy }), // 3
  // Turn 1, Druchii.
  turn(1, D), // 4
  phase(D, 'movement'), // 5
  move(D, 'warriors', 'march', 10), // 6
  move(D, 'executioners', 'march', 10), // 7
  move(D, 'highborn', 'normal', 5), // 8
  phase(D, 'magic'), // 9: power 4, dispel 3
  doombolt('spearmen', 3, 16), // 10
  dice(D, [5, 4, 2]), // 11: 11, cast
  choice(E, '2'), // 12
  dice(E, [3, 3]), // 13: 6 < 11, not dispelled
  dice(D, [4]), // 14: 4 hits
  dice(D, [6, 3, 1, 5]), // 15: 3 wounds at 2+, no save: 20 -> 17
  phase(D, 'shooting'), // 16
  crossbows('spearmen', 20), // 17
  dice(D, [5, 6, 1, 2, 5, 3, 4, 6, 2, 1]), // 18: 4 hits at 5+
  dice(D, [4, 2, 6, 3]), // 19: 2 wounds at 4+
  dice(E, [5, 2]), // 20: 1 saved at 5+: 17 -> 16
  phase(D, 'close-combat'), // 21
  // Turn 1, Empire.
  turn(1, E), // 22
  phase(E, 'movement'), // 23
  move(E, 'swordsmen', 'march', 8), // 24
  move(E, 'spearmen', 'normal', 4), // 25
  move(E, 'knights', 'normal', 8), // 26
  move(E, 'captain', 'normal', 4), // 27
  phase(E, 'magic'), // 28: power 4, dispel 3
  phase(E, 'shooting'), // 29
  phase(E, 'close-combat'), // 30
  // Turn 2, Druchii.
  turn(2, D), // 31
  phase(D, 'movement'), // 32
  charge(D, 'warriors', 'spearmen', 8), // 33
  choice(E, 'hold'), // 34: the charge reaches (10" against 8")
  move(D, 'executioners', 'normal', 5), // 35
  by(D, 'CharacterJoined', { character: 'highborn', unit: 'executioners' }), // 36
  phase(D, 'magic'), // 37
  doombolt('knights', 3, 15), // 38
  dice(D, [6, 2, 3]), // 39: 11, cast
  choice(E, '3'), // 40
  dice(E, [5, 4, 4]), // 41: 13 >= 11, dispelled
  phase(D, 'shooting'), // 42
  crossbows('knights', 18), // 43
  dice(D, [6, 5, 2, 3, 1, 4, 5, 2, 6, 3]), // 44: 4 hits at 5+
  dice(D, [4, 5, 1, 2]), // 45: 2 wounds at 4+
  dice(E, [3, 1]), // 46: 1 saved at 3+: 5 -> 4
  phase(D, 'close-combat'), // 47
  firstRound(D, 'warriors', { [D]: ['warriors'], [E]: ['spearmen'] }, [
    { unit: 'warriors', models: 5 },
    { unit: 'spearmen', models: 5, supporting: 5 },
  ]), // 48: charge-33, round 1
  dice(D, [5, 3, 2, 6, 4]), // 49: Warriors to hit, 3+: 4 hits
  dice(D, [4, 1, 5, 6]), // 50: to wound, 4+: 3
  dice(E, [5, 2, 1]), // 51: Spearmen's saves, 5+: 1 saved, 16 -> 14
  dice(E, [4, 5, 2, 6, 3, 1, 4, 2]), // 52: Spearmen to hit, 4+: 4
  dice(E, [5, 3, 4, 1]), // 53: to wound: 2
  dice(D, [6, 3]), // 54: Warriors' saves: 1 saved, 20 -> 19; the result 7 to 4
  choice(E, 'yes'), // 55: the Captain is within 12"
  dice(E, [2, 2]), // 56: break test on 5: 4, held
  // Turn 2, Empire.
  turn(2, E), // 57
  phase(E, 'movement'), // 58
  charge(E, 'knights', 'crossbowmen', 14), // 59: 16" against 14"
  choice(D, 'stand-and-shoot'), // 60: the charge reaches: charge-59
  standAndShoot('knights', 14), // 61: the front rank, 10 shots at 6+
  dice(D, [6, 2, 3, 1, 5, 4, 2, 3, 5, 1]), // 62: 1 hit
  dice(D, [5]), // 63: 1 wound
  dice(E, [4]), // 64: saved at 3+
  move(E, 'swordsmen', 'normal', 4), // 65
  move(E, 'captain', 'normal', 4), // 66
  phase(E, 'magic'), // 67
  phase(E, 'shooting'), // 68
  phase(E, 'close-combat'), // 69
  nextRound(E, 'warriors', [
    { unit: 'warriors', models: 5, supporting: 5 },
    { unit: 'spearmen', models: 5, supporting: 5 },
  ]), // 70: charge-33, round 2
  dice(D, [6, 5, 3, 2, 4, 1, 3, 5, 6, 2]), // 71: Warriors to hit, 3+: 7
  dice(D, [4, 6, 2, 5, 1, 3, 5]), // 72: to wound: 4
  dice(E, [5, 1, 2, 6]), // 73: 2 saved: 14 -> 12
  dice(E, [4, 4, 1, 2, 6, 3, 5, 2]), // 74: Spearmen to hit: 4
  dice(E, [6, 2, 4, 1]), // 75: to wound: 2
  dice(D, [2, 3]), // 76: none saved: 19 -> 17; the result 6 to 4
  choice(E, 'yes'), // 77: the Captain is within 12"
  dice(E, [3, 3]), // 78: break test on 6: 6, held
  firstRound(E, 'knights', { [D]: ['crossbowmen'], [E]: ['knights'] }, [
    { unit: 'knights', models: 4 },
    { unit: 'crossbowmen', models: 5 },
  ]), // 79: charge-59, round 1
  dice(E, [5, 2, 6, 4]), // 80: riders to hit, 4+: 3
  dice(E, [3, 2, 1]), // 81: lance S5, 2+: 2 wounds, no save: 10 -> 8
  dice(E, [4, 1, 5, 3]), // 82: Warhorses to hit, 4+: 2
  dice(E, [5, 2]), // 83: S3, 4+: 1 wound
  dice(D, [4]), // 84: light armour 6+: not saved, 8 -> 7
  dice(D, [6, 3]), // 85: Crossbowmen to hit, 4+: 1
  dice(D, [5]), // 86: to wound: 1
  dice(E, [2]), // 87: the rider's 3+: not saved, 4 -> 3; the result 4 to 3
  choice(D, 'no'), // 88: the Highborn is not within 12"
  dice(D, [5, 4]), // 89: break test on 7: 9, broken
  dice(D, [3, 2]), // 90: flee 5"
  choice(E, 'pursue'), // 91
  dice(E, [4, 3, 2]), // 92: pursue 3D6: 9 >= 5, caught
  // Turn 3, Druchii.
  turn(3, D), // 93
  phase(D, 'movement'), // 94
  charge(D, 'executioners', 'spearmen', 7, 'flank'), // 95: joins charge-33: three units
  move(D, 'sorceress', 'normal', 5), // 96
  phase(D, 'magic'), // 97
  doombolt('knights', 3, 14), // 98: cast with 3 dice
  dice(D, [4, 4, 3]), // 99: 11, cast
  choice(E, '2'), // 100: 2 dispel dice
  dice(E, [2, 3]), // 101: 5: not dispelled
  dice(D, [2]), // 102: 2 hits
  dice(D, [2, 1]), // 103: to wound, 2+: 1
  dice(E, [2]), // 104: 5+: not saved, 3 -> 2
  phase(D, 'shooting'), // 105
  dice(E, [2, 5]), // 106: the Knights' Panic test (1 of 3 lost): 7, passed
  phase(D, 'close-combat'), // 107
  nextRound(D, 'warriors', [
    { unit: 'warriors', models: 5, supporting: 5, target: 'spearmen' },
    { unit: 'executioners', models: 2, characters: ['highborn'], target: 'spearmen' },
    { unit: 'spearmen', models: 5, supporting: 5, target: 'warriors' },
  ]), // 108: charge-33, round 3
  dice(D, [5, 2, 6]), // 109: the Highborn to hit, 3+: 2
  dice(D, [3, 4]), // 110: S4, 3+: 2 wounds
  dice(E, [6, 1]), // 111: 6+: 1 saved, 12 -> 11
  dice(D, [4, 3]), // 112: Executioners to hit, 3+: 2
  dice(D, [2, 5]), // 113: draich S5, 2+: 2, no save: 11 -> 9
  dice(D, [3, 5, 1, 6, 2, 4, 4, 3, 6, 1]), // 114: Warriors to hit, 3+: 7
  dice(D, [4, 5, 2, 6, 3, 1, 4]), // 115: to wound: 4
  dice(E, [5, 6, 1, 2]), // 116: 2 saved: 9 -> 7
  dice(E, [4, 2, 6, 1, 3]), // 117: the Spearmen's second rank, 4+: 2
  dice(E, [5, 2]), // 118: to wound: 1
  dice(D, [4]), // 119: not saved: 17 -> 16; the result 10 to 2
  choice(E, 'yes'), // 120: the Captain is within 12"
  dice(E, [4, 3]), // 121: break test on 0: 7, broken
  dice(E, [2, 4]), // 122: flee 6"; the standard is lost
  choice(D, 'pursue'), // 123: the Warriors pursue
  dice(D, [3, 4]), // 124: 7 >= 6: caught; the Warriors hold the Spearmen's standard
  // Turn 3, Empire.
  turn(3, E), // 125
  phase(E, 'movement'), // 126
  charge(E, 'knights', 'sorceress', 12), // 127: 16" against 12"
  choice(D, 'hold'), // 128: charge-127
  move(E, 'swordsmen', 'normal', 4), // 129
  phase(E, 'magic'), // 130
  phase(E, 'shooting'), // 131
  phase(E, 'close-combat'), // 132
  firstRound(E, 'knights', { [D]: ['sorceress'], [E]: ['knights'] }, [
    { unit: 'knights', models: 2 },
    { unit: 'sorceress', models: 1 },
  ]), // 133: charge-127, round 1
  dice(E, [5, 6]), // 134: riders to hit, 4+: 2
  dice(E, [4, 3]), // 135: 2+: 2 wounds, the Sorceress slain
  choice(E, 'overrun'), // 136: the Knights overrun
  dice(E, [2, 3, 1]), // 137: 3D6: 6"
  // Turn 4, Druchii.
  turn(4, D), // 138
  phase(D, 'movement'), // 139
  by(D, 'CharacterLeft', { unit: 'executioners', character: 'highborn' }), // 140: a unit of one again
  move(D, 'highborn', 'normal', 5), // 141
  move(D, 'executioners', 'normal', 5), // 142
  move(D, 'warriors', 'reform', 0), // 143: the Warriors reform
  phase(D, 'magic'), // 144: power 2, no Wizard
  phase(D, 'shooting'), // 145
  phase(D, 'close-combat'), // 146
  // Turn 4, Empire.
  turn(4, E), // 147
  phase(E, 'movement'), // 148
  move(E, 'knights', 'normal', 6), // 149
  move(E, 'swordsmen', 'normal', 4), // 150
  by(E, 'CharacterJoined', { character: 'captain', unit: 'swordsmen' }), // 151: the Swordsmen tested on his Ld 8 now
  phase(E, 'magic'), // 152: the Druchii's dispel dice: 2, no Wizard
  phase(E, 'shooting'), // 153
  phase(E, 'close-combat'), // 154
  // Turn 5, Druchii.
  turn(5, D), // 155
  phase(D, 'movement'), // 156
  charge(D, 'highborn', 'wizard', 9), // 157: 10" against 9"
  choice(E, 'hold'), // 158: charge-157
  phase(D, 'magic'), // 159
  phase(D, 'shooting'), // 160
  phase(D, 'close-combat'), // 161
  firstRound(D, 'highborn', { [D]: ['highborn'], [E]: ['wizard'] }, [
    { unit: 'highborn', models: 1 },
    { unit: 'wizard', models: 1 },
  ]), // 162: charge-157, round 1
  dice(D, [4, 2, 6]), // 163: 3+: 2 hits
  dice(D, [5, 3]), // 164: 3+: 2 wounds, the Wizard slain
  choice(D, 'overrun'), // 165: the Highborn overruns
  dice(D, [4, 2]), // 166: 2D6: 6"
  // Turn 5, Empire.
  turn(5, E), // 167
  phase(E, 'movement'), // 168
  charge(E, 'knights', 'highborn', 10), // 169: 16" against 10"
  choice(D, 'hold'), // 170: charge-169
  phase(E, 'magic'), // 171
  phase(E, 'shooting'), // 172
  phase(E, 'close-combat'), // 173
  firstRound(E, 'knights', { [D]: ['highborn'], [E]: ['knights'] }, [
    { unit: 'knights', models: 2 },
    { unit: 'highborn', models: 1 },
  ]), // 174: charge-169, round 1
  dice(E, [4, 2]), // 175: riders to hit, 4+: 1
  dice(E, [3]), // 176: lance 2+: 1 wound
  dice(D, [2]), // 177: 6+: not saved, the Highborn has 1 Wound left
  dice(E, [5, 1]), // 178: Warhorses to hit, 4+: 1
  dice(E, [2]), // 179: 4+: no wound
  dice(D, [5, 3, 6]), // 180: the Highborn to hit, 3+: 3
  dice(D, [4, 6, 2]), // 181: S4, 3+: 2 wounds
  dice(E, [3, 1]), // 182: 4+: none saved, the Knights destroyed; their standard his
  // Turn 6, Druchii.
  turn(6, D), // 183
  phase(D, 'movement'), // 184
  move(D, 'executioners', 'normal', 5), // 185
  phase(D, 'magic'), // 186
  phase(D, 'shooting'), // 187
  phase(D, 'close-combat'), // 188
  // Turn 6, Empire.
  turn(6, E), // 189
  phase(E, 'movement'), // 190
  move(E, 'swordsmen', 'normal', 4), // 191
  phase(E, 'magic'), // 192
  phase(E, 'shooting'), // 193
  phase(E, 'close-combat'), // 194
  by(E, 'GameEnded', { reason: 'last-turn' }), // 195: the sixth turn each is played: 650 to 325
]

/** The id of the combat under way that `unit` fights in. */
function combatOf(game: EngineGame, unit: string): string {
  const combat = Object.values(game.game.combats).find(
    (c) => !c.ended && c.sides.some((side) => side.units.some((u) => u.unit === unit)),
  )
  if (!combat) throw new Error(`${unit} is in no combat`)
  return combat.id
}

/** The events as recorded: each answer names the request it answers (the only one open as it comes). */
function recorded(): Draft[] {
  const game = new EngineGame()
  let lastCharge = 0
  return events.map((draft, index) => {
    const payload = draft.payload as { requestId?: string; charge?: number; combat?: string }
    const filled =
      payload.requestId === OPEN
        ? { requestId: game.openRequest() }
        : payload.charge === LAST_CHARGE
          ? { charge: lastCharge }
          : payload.combat?.startsWith('@')
            ? { combat: combatOf(game, payload.combat.slice(1)) }
            : null
    const answer = filled ? { ...draft, payload: { ...payload, ...filled } } : draft
    if (draft.type === 'ChargeDeclared') lastCharge = index + 1
    game.apply(answer)
    return answer
  })
}
const log = recorded()

function play(upTo = log.length): EngineGame {
  const game = new EngineGame()
  for (const draft of log.slice(0, upTo)) game.apply(draft)
  return game
}

/** Values read loosely: each expectation names the fields it checks. */
type Picked = [number, Record<string, unknown>]
/** Each outcome of a kind as [seq, values], in seqs first..last. */
function picker(game: EngineGame) {
  const outcomes = game.steps.flatMap((step) => step.outcomes)
  return (kind: string, first = 1, last = Number.POSITIVE_INFINITY): Picked[] =>
    outcomes
      .filter((o) => o.kind === kind && o.seq >= first && o.seq <= last)
      .map((o): Picked => [o.seq, o.values as Record<string, unknown>])
}

/** The battle recorded through the api, event by event, as the app records it; returns the game's id. */
async function record(api: LocalGameApi): Promise<string> {
  const created = events[0]!.payload as { variant: string; title: string; players: { id: string; name: string }[] }
  const { gameId } = await api.createGame({
    ruleset: 'classic',
    variant: created.variant,
    title: created.title,
    players: created.players,
    actor: DRUCHII,
  })
  for (const draft of log.slice(1)) await api.append(gameId, draft as Parameters<LocalGameApi['append']>[1])
  return gameId
}

/** A replay of the whole game through the api: every step, then the game at its head. */
async function replayAll(api: LocalGameApi, gameId: string): Promise<{ steps: StepView[]; final: GameView }> {
  const steps: StepView[] = []
  const replay = replaySteps(api, gameId)
  for (;;) {
    const next = await replay.next()
    if (next.done) return { steps, final: next.value }
    steps.push(next.value)
  }
}

const outcomeValues = (outcomes: readonly Outcome[]) => outcomes.map((o) => [o.seq, o.kind, o.values])
const tempDir = useTempDir()

describe('recorded: a whole battle, six turns each (classic)', () => {
  const game = play()
  const pick = picker(game)
  const requestAt = (seq: number) => game.steps[seq - 1]?.requests[0]
  const explained = (seq: number) =>
    game.steps[seq - 1]?.outcomes.map((o) => renderExplanationText(o.explanation)).join('\n') ?? ''
  const powerOf = (v: Record<string, unknown>) => {
    const magic = v.magic as { power: number; dispel: Record<string, number> }
    return [magic.power, ...Object.values(magic.dispel)]
  }

  it('turn 1, Druchii: marches, a Doombolt not dispelled, crossbows from the front rank only', () => {
    expect(pick('move-checked', 4, 21)).toEqual([
      [6, { unit: 'warriors', move: 'march', distance: 10, limit: 10, legal: true }],
      [7, { unit: 'executioners', move: 'march', distance: 10, limit: 10, legal: true }],
      [8, { unit: 'highborn', move: 'normal', distance: 5, limit: 5, legal: true }],
    ])
    // Power 2 + 2 = 4 and dispel 2 + 1 = 3; 3 dice cast, 2 used to dispel.
    expect(pick('magic-dice', 9, 15).map(([seq, v]) => [seq, ...powerOf(v)])).toEqual([
      [9, 4, 3],
      [10, 1, 3],
      [12, 1, 1],
    ])
    expect(pick('casting-roll', 9, 15)).toEqual([
      [11, { caster: 'sorceress', spell: 'doombolt', faces: [5, 4, 2], total: 11, need: 7, result: 'cast' }],
    ])
    expect(pick('dispel-roll', 9, 15)).toEqual([
      [13, { spell: 'doombolt', faces: [3, 3], total: 6, need: 11, dispelled: false }],
    ])
    // Doombolt: D6 = 4 hits, 2+ to wound; crossbows: 10 shots at 5+, 4+ to wound, 5+ saves.
    expect(pick('hits', 4, 21)).toEqual([
      [14, { attacks: 4, need: 0, hits: 4 }],
      [18, { attacks: 10, need: 5, hits: 4 }],
    ])
    expect(pick('wounds', 4, 21)).toEqual([
      [15, { hits: 4, need: 2, wounds: 3 }],
      [19, { hits: 4, need: 4, wounds: 2 }],
    ])
    expect(pick('casualties', 4, 21)).toEqual([
      [15, { unit: 'spearmen', unsaved: 3, removed: 3, modelsLeft: 17, woundsOnNextModel: 0 }],
      [20, { unit: 'spearmen', unsaved: 1, removed: 1, modelsLeft: 16, woundsOnNextModel: 0 }],
    ])
    // The shot declared no number of models: the engine takes the front rank, 5 wide x 1 rank.
    expect(renderExplanationText(requestAt(17)!.explanation)).toContain('at most 5 models fire: 5 wide x 1 rank')
    expect(game.cites('shooting', 'firing-ranks')).toBe(true)
  })

  it('turn 1, Empire: an advance; nothing is cast', () => {
    expect(pick('move-checked', 22, 30).map(([seq, v]) => [seq, v.unit, v.move, v.distance, v.limit])).toEqual([
      [24, 'swordsmen', 'march', 8, 8],
      [25, 'spearmen', 'normal', 4, 4],
      [26, 'knights', 'normal', 8, 8],
      [27, 'captain', 'normal', 4, 4],
    ])
    expect(pick('magic-dice', 22, 30).map(([seq, v]) => [seq, ...powerOf(v)])).toEqual([[28, 4, 3]])
  })

  it('turn 2, Druchii: the charge makes the combat; the Highborn joins the Executioners', () => {
    expect(pick('charge-response', 31, 56)).toEqual([[34, { unit: 'spearmen', charger: 'warriors', response: 'hold' }]])
    expect(pick('charge-result', 31, 56)).toEqual([
      [34, { unit: 'warriors', target: 'spearmen', reached: true, range: 10, distance: 8, moved: 8 }],
    ])
    // The combat is the charge's: who charged, the facing and the inches come from it, not from a declaration.
    expect(pick('combat-joined', 31, 56)).toEqual([
      [
        34,
        {
          combat: 'charge-33',
          sides: [
            { player: DRUCHII, units: [{ unit: 'warriors', charged: true, facing: 'front', moved: 8, charge: 33 }] },
            { player: EMPIRE, units: [{ unit: 'spearmen', charged: false, facing: 'front' }] },
          ],
        },
      ],
    ])
    expect(pick('character-joined', 31, 56)).toEqual([[36, { character: 'highborn', unit: 'executioners' }]])
    expect(play(36).game.units.executioners?.characters.map((c) => c.id)).toEqual(['highborn'])
    expect(play(36).game.units.highborn).toBeUndefined()
  })

  it('turn 2, Druchii: Doombolt dispelled; the front rank thins the Knights', () => {
    expect(pick('dispel-roll', 31, 56)).toEqual([
      [41, { spell: 'doombolt', faces: [5, 4, 4], total: 13, need: 11, dispelled: true }],
    ])
    expect(pick('hits', 42, 46)).toEqual([[44, { attacks: 10, need: 5, hits: 4 }]])
    expect(requestAt(45)).toMatchObject({ purpose: 'armour-save', count: 2, need: 3 })
    expect(pick('casualties', 42, 46)).toEqual([
      [46, { unit: 'knights', unsaved: 1, removed: 1, modelsLeft: 4, woundsOnNextModel: 0 }],
    ])
  })

  it('turn 2, Druchii: the first round of charge-33, won 7 to 4; the Spearmen hold', () => {
    expect(pick('strike-order', 47, 56)).toEqual([
      [48, { combat: 'charge-33', round: 1, steps: [['warriors'], ['spearmen']] }],
    ])
    // Warriors 5 attacks (no spear rank: they charged); Spearmen 5 - 2 slain + 5 behind = 8.
    expect(pick('hits', 47, 56)).toEqual([
      [49, { attacks: 5, need: 3, hits: 4 }],
      [52, { attacks: 8, need: 4, hits: 4 }],
    ])
    expect(pick('casualties', 47, 56)).toEqual([
      [51, { unit: 'spearmen', unsaved: 2, removed: 2, modelsLeft: 14, woundsOnNextModel: 0 }],
      [54, { unit: 'warriors', unsaved: 1, removed: 1, modelsLeft: 19, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-result', 47, 56)).toEqual([
      [54, { combat: 'charge-33', round: 1, scores: { druchii: 7, empire: 4 }, winner: 'druchii', difference: 3 }],
    ])
    expect(explained(54)).toContain('rank bonus: Warriors, 4 ranks of five as the round began (+3): 2 -> 5')
    // Inspiring Presence: the Captain's Ld 8 - 3 = 5; 4, held.
    expect(requestAt(54)).toMatchObject({ kind: 'choice', purpose: 'inspiring-presence', chooser: EMPIRE })
    expect(pick('break-test', 47, 56)).toEqual([[56, { unit: 'spearmen', passed: true, roll: 4, leadership: 5 }]])
  })

  it('turn 2, Empire: a Stand and Shoot; the Knights charge home and make a combat of their own', () => {
    expect(pick('charge-response', 57, 64)).toEqual([
      [60, { unit: 'crossbowmen', charger: 'knights', response: 'stand-and-shoot' }],
    ])
    expect(pick('charge-result', 57, 64)).toEqual([
      [60, { unit: 'knights', target: 'crossbowmen', reached: true, range: 16, distance: 14, moved: 14 }],
    ])
    expect(pick('combat-joined', 57, 64).map(([seq, v]) => [seq, v.combat])).toEqual([[60, 'charge-59']])
    // The front rank's 10 shots at 6+ (3+, -1 Stand and Shoot, -1 long range, -1 Multiple Shots): one hit, saved.
    expect(pick('hits', 57, 64)).toEqual([[62, { attacks: 10, need: 6, hits: 1 }]])
    expect(pick('casualties', 57, 64)).toEqual([
      [64, { unit: 'knights', unsaved: 0, removed: 0, modelsLeft: 4, woundsOnNextModel: 0 }],
    ])
  })

  it('turn 2, Empire: charge-33 round 2, won by the Warriors 6 to 4; the Spearmen hold again', () => {
    expect(pick('hits', 70, 78)).toEqual([
      [71, { attacks: 10, need: 3, hits: 7 }],
      [74, { attacks: 8, need: 4, hits: 4 }],
    ])
    expect(pick('casualties', 70, 78)).toEqual([
      [73, { unit: 'spearmen', unsaved: 2, removed: 2, modelsLeft: 12, woundsOnNextModel: 0 }],
      [76, { unit: 'warriors', unsaved: 2, removed: 2, modelsLeft: 17, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-result', 70, 78)).toEqual([
      [76, { combat: 'charge-33', round: 2, scores: { druchii: 6, empire: 4 }, winner: 'druchii', difference: 2 }],
    ])
    expect(pick('break-test', 70, 78)).toEqual([[78, { unit: 'spearmen', passed: true, roll: 6, leadership: 6 }]])
  })

  it('turn 2, Empire: rider and mount strike apart; the Crossbowmen break and are run down', () => {
    expect(pick('strike-order', 79, 92)).toEqual([
      [79, { combat: 'charge-59', round: 1, steps: [['knights', 'knights:mount'], ['crossbowmen']] }],
    ])
    // Riders: 4+ to hit, the lance's S5 wounds on 2+ (no save at 6+ - 2); Warhorses: 4+ to hit (WS3 against WS4), S3:
    // 4+, light armour 6+.
    expect(pick('hits', 79, 92)).toEqual([
      [80, { attacks: 4, need: 4, hits: 3 }],
      [82, { attacks: 4, need: 4, hits: 2 }],
      [85, { attacks: 2, need: 4, hits: 1 }],
    ])
    expect(pick('wounds', 79, 92)).toEqual([
      [81, { hits: 3, need: 2, wounds: 2 }],
      [83, { hits: 2, need: 4, wounds: 1 }],
      [86, { hits: 1, need: 4, wounds: 1 }],
    ])
    expect(requestAt(81)!.text).toContain("Knights's Warhorse")
    expect(requestAt(83)).toMatchObject({ purpose: 'armour-save', count: 1, need: 6, roller: DRUCHII })
    expect(requestAt(86)).toMatchObject({ purpose: 'armour-save', count: 1, need: 3, roller: EMPIRE })
    expect(pick('casualties', 79, 92)).toEqual([
      [81, { unit: 'crossbowmen', unsaved: 2, removed: 2, modelsLeft: 8, woundsOnNextModel: 0 }],
      [84, { unit: 'crossbowmen', unsaved: 1, removed: 1, modelsLeft: 7, woundsOnNextModel: 0 }],
      [87, { unit: 'knights', unsaved: 1, removed: 1, modelsLeft: 3, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-result', 79, 92)).toEqual([
      [87, { combat: 'charge-59', round: 1, scores: { druchii: 3, empire: 4 }, winner: 'empire', difference: 1 }],
    ])
    expect(explained(87)).toContain('outnumbering: Unit Strength 7 against 6 (+1): 2 -> 3')
    expect(pick('break-test', 79, 92)).toEqual([[89, { unit: 'crossbowmen', passed: false, roll: 9, leadership: 7 }]])
    expect(pick('fled', 79, 92)).toEqual([[90, { unit: 'crossbowmen', roll: 5 }]])
    expect(requestAt(91)).toMatchObject({ purpose: 'pursue', count: 3 })
    expect(pick('caught', 79, 92)).toEqual([[92, { unit: 'crossbowmen', by: 'knights', modelsLost: 7 }]])
    expect(pick('combat-ended', 79, 92)).toEqual([[92, { combat: 'charge-59', round: 1 }]])
  })

  it('turn 3, Druchii: no Panic test for losses in close combat; one for the Doombolt; Doombolt not dispelled', () => {
    // The Knights lost 1 of 4 in the close-combat phase that ended at seq 93: 7th calls no test for it. The movement
    // phase opens with nothing owed, and the charge comes next.
    expect(game.steps[93]!.requests).toEqual([])
    expect(pick('psychology-test', 93, 107)).toEqual([
      [106, { unit: 'knights', test: 'panic', passed: true, roll: 7, leadership: 8, phase: '3/druchii/magic@97' }],
    ])
    expect(pick('dispel-roll', 93, 107)).toEqual([
      [101, { spell: 'doombolt', faces: [2, 3], total: 5, need: 11, dispelled: false }],
    ])
    expect(pick('casualties', 93, 107)).toEqual([
      [104, { unit: 'knights', unsaved: 1, removed: 1, modelsLeft: 2, woundsOnNextModel: 0 }],
    ])
  })

  it('turn 3, Druchii: a charge into the flank joins the combat, which grows to three units', () => {
    expect(pick('charge-response', 93, 96)).toEqual([
      [95, { unit: 'spearmen', charger: 'executioners', response: 'hold' }],
    ])
    expect(pick('combat-unit-joined', 93, 96)).toEqual([
      [
        95,
        {
          combat: 'charge-33',
          player: DRUCHII,
          unit: { unit: 'executioners', charged: true, facing: 'flank', moved: 7, firstRound: 3, charge: 95 },
        },
      ],
    ])
    const combat = play(96).game.combats['charge-33']!
    expect(combat.sides.map((side) => side.units.map((u) => u.unit))).toEqual([
      ['warriors', 'executioners'],
      ['spearmen'],
    ])
    // Chargers first (the Highborn at I7, then the Executioners), then the Warriors (I5), the Spearmen (I3) last.
    expect(pick('strike-order', 107, 124)).toEqual([
      [
        108,
        {
          combat: 'charge-33',
          round: 3,
          steps: [['character:highborn'], ['executioners'], ['warriors'], ['spearmen']],
        },
      ],
    ])
  })

  it('turn 3, Druchii: round 3 of charge-33, 10 to 2; the Spearmen rout, are run down, and lose their standard', () => {
    expect(pick('hits', 107, 124)).toEqual([
      [109, { attacks: 3, need: 3, hits: 2 }],
      [112, { attacks: 2, need: 3, hits: 2 }],
      [114, { attacks: 10, need: 3, hits: 7 }],
      [117, { attacks: 5, need: 4, hits: 2 }],
    ])
    expect(pick('wounds', 107, 124)).toEqual([
      [110, { hits: 2, need: 3, wounds: 2 }],
      [113, { hits: 2, need: 2, wounds: 2 }],
      [115, { hits: 7, need: 4, wounds: 4 }],
      [118, { hits: 2, need: 4, wounds: 1 }],
    ])
    expect(requestAt(110)).toMatchObject({ purpose: 'armour-save', count: 2, need: 6 })
    expect(pick('casualties', 107, 124)).toEqual([
      [111, { unit: 'spearmen', unsaved: 1, removed: 1, modelsLeft: 11, woundsOnNextModel: 0 }],
      [113, { unit: 'spearmen', unsaved: 2, removed: 2, modelsLeft: 9, woundsOnNextModel: 0 }],
      [116, { unit: 'spearmen', unsaved: 2, removed: 2, modelsLeft: 7, woundsOnNextModel: 0 }],
      [119, { unit: 'warriors', unsaved: 1, removed: 1, modelsLeft: 16, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-result', 107, 124)).toEqual([
      [119, { combat: 'charge-33', round: 3, scores: { druchii: 10, empire: 2 }, winner: 'druchii', difference: 8 }],
    ])
    const result = explained(119)
    expect(result).toContain('rank bonus: Warriors, 3 ranks of five as the round began (+2)')
    expect(result).toContain('flank attack (+1): 7 -> 8')
    // The Spearmen's two ranks of five count nothing: the Executioners (Unit Strength 11) fight in their flank.
    expect(result).toContain('Spearmen is fought in the flank or rear by Executioners (classic/variants §disruption)')
    expect(result).toContain('outnumbering: Unit Strength 27 against 7 (+1)')
    expect(pick('break-test', 107, 124)).toEqual([[121, { unit: 'spearmen', passed: false, roll: 7, leadership: 0 }]])
    expect(pick('fled', 107, 124)).toEqual([[122, { unit: 'spearmen', roll: 6 }]])
    expect(pick('standard-lost', 107, 124)).toEqual([[122, { unit: 'spearmen' }]])
    expect(pick('pursued', 107, 124)).toEqual([[124, { unit: 'warriors', roll: 7 }]])
    expect(pick('caught', 107, 124)).toEqual([[124, { unit: 'spearmen', by: 'warriors', modelsLost: 7 }]])
    expect(pick('standard-captured', 107, 124)).toEqual([[124, { standard: 'spearmen', by: 'warriors' }]])
    expect(pick('combat-ended', 107, 124)).toEqual([[124, { combat: 'charge-33', round: 3 }]])
  })

  it('turn 3, Empire: the Knights ride down the Sorceress in their charge, and overrun', () => {
    expect(pick('combat-joined', 125, 137).map(([seq, v]) => [seq, v.combat])).toEqual([[128, 'charge-127']])
    expect(pick('hits', 125, 135)).toEqual([[134, { attacks: 2, need: 4, hits: 2 }]])
    expect(pick('wounds', 125, 135)).toEqual([[135, { hits: 2, need: 2, wounds: 2 }]])
    expect(pick('casualties', 125, 135)).toEqual([
      [135, { unit: 'sorceress', unsaved: 2, removed: 1, modelsLeft: 0, woundsOnNextModel: 0 }],
    ])
    expect(pick('combat-ended', 125, 137)).toEqual([[135, { combat: 'charge-127', round: 1 }]])
    // Wiped out in the round the Knights charged: they may overrun, with their pursuit dice (3D6: M8).
    expect(requestAt(135)).toMatchObject({ kind: 'choice', purpose: 'overrun', chooser: EMPIRE })
    expect(requestAt(136)).toMatchObject({ kind: 'dice', purpose: 'overrun', count: 3, roller: EMPIRE })
    expect(pick('overran', 125, 137)).toEqual([[137, { unit: 'knights', roll: 6 }]])
  })

  it('turn 4: the Highborn leaves the Executioners; the Captain joins the Swordsmen; no Wizard, no magic', () => {
    expect(pick('character-left', 138, 146)).toEqual([[140, { unit: 'executioners', character: 'highborn' }]])
    const left = play(140).game
    expect(left.units.executioners?.characters).toEqual([])
    expect(left.units.highborn).toMatchObject({ models: 1, character: true, general: true, points: 140 })
    expect(pick('move-checked', 138, 146).map(([seq, v]) => [seq, v.unit, v.move])).toEqual([
      [141, 'highborn', 'normal'],
      [142, 'executioners', 'normal'],
      [143, 'warriors', 'reform'],
    ])
    expect(pick('character-joined', 147, 154)).toEqual([[151, { character: 'captain', unit: 'swordsmen' }]])
    // Power: 2 and no Wizard left to the Druchii; dispel: 2 with no Wizard.
    expect(pick('magic-dice', 138, 154).map(([seq, v]) => [seq, ...powerOf(v)])).toEqual([
      [144, 2, 3],
      [152, 4, 2],
    ])
  })

  it('turn 5: the Highborn slays the Wizard; the Knights wound him, and he destroys them and takes their standard', () => {
    expect(pick('casualties', 155, 166)).toEqual([
      [164, { unit: 'wizard', unsaved: 2, removed: 1, modelsLeft: 0, woundsOnNextModel: 0 }],
    ])
    expect(requestAt(165)).toMatchObject({ kind: 'dice', purpose: 'overrun', count: 2, roller: DRUCHII })
    expect(pick('overran', 155, 166)).toEqual([[166, { unit: 'highborn', roll: 6 }]])
    expect(pick('strike-order', 167, 182)).toEqual([
      [174, { combat: 'charge-169', round: 1, steps: [['knights', 'knights:mount'], ['highborn']] }],
    ])
    expect(pick('hits', 167, 182)).toEqual([
      [175, { attacks: 2, need: 4, hits: 1 }],
      [178, { attacks: 2, need: 4, hits: 1 }],
      [180, { attacks: 3, need: 3, hits: 3 }],
    ])
    expect(pick('wounds', 167, 182)).toEqual([
      [176, { hits: 1, need: 2, wounds: 1 }],
      [179, { hits: 1, need: 4, wounds: 0 }],
      [181, { hits: 3, need: 3, wounds: 2 }],
    ])
    expect(requestAt(176)).toMatchObject({ purpose: 'armour-save', count: 1, need: 6, roller: DRUCHII })
    expect(requestAt(181)).toMatchObject({ purpose: 'armour-save', count: 2, need: 4, roller: EMPIRE })
    expect(pick('casualties', 167, 182)).toEqual([
      [177, { unit: 'highborn', unsaved: 1, removed: 0, modelsLeft: 1, woundsOnNextModel: 1 }],
      [182, { unit: 'knights', unsaved: 2, removed: 2, modelsLeft: 0, woundsOnNextModel: 0 }],
    ])
    expect(pick('standard-captured', 167, 182)).toEqual([[182, { standard: 'knights', by: 'highborn' }]])
  })

  it('the end: GameEnded after the sixth turn each; 650 victory points to 325, a solid victory for the Druchii', () => {
    const end = game.steps[log.length - 1]!
    expect(log[log.length - 1]!.type).toBe('GameEnded')
    expect(game.game.result).toEqual({
      seq: 195,
      reason: 'last-turn',
      conceded: null,
      vp: { druchii: 650, empire: 325 },
      winner: DRUCHII,
      margin: 325,
      band: 'solid-victory',
    })
    // The running score the state carries: each unit that gives victory points, and to whom.
    expect(game.game.score).toEqual({
      vp: { druchii: 650, empire: 325 },
      units: {
        sorceress: { lost: 125, held: 0 },
        crossbowmen: { lost: 130, held: 0 },
        highborn: { lost: 70, held: 100 },
        warriors: { lost: 0, held: 100 },
        spearmen: { lost: 150, held: 0 },
        knights: { lost: 190, held: 0 },
        wizard: { lost: 110, held: 0 },
      },
    })
    const why = renderExplanationText(end.explanation!)
    expect(why).toContain('Highborn Malrith has 1 of 2 Wounds left, half strength or less: 50% of 140 points = 70')
    expect(why).toContain("Warriors holds Spearmen's standard: +100")
    expect(why).toContain("druchii leads by 325 victory points, 46% of the battle's 700 points: a solid victory")
    expect(why).toContain('size of the battle: 700 points, the largest army (druchii 700, empire 700)')
    // Nothing more is declared once the game has ended.
    const after = play()
    expect(() => after.apply(by(EMPIRE, 'GameEnded', { reason: 'last-turn' }))).toThrow(/a second GameEnded/)
  })

  it('the units at the end', () => {
    const units = Object.fromEntries(
      Object.values(game.game.units).map((u) => [u.id, [u.models, u.woundsOnNextModel, u.fleeing]]),
    )
    expect(units).toEqual({
      highborn: [1, 1, false],
      sorceress: [0, 0, false],
      warriors: [16, 0, false],
      crossbowmen: [0, 0, true],
      executioners: [10, 0, false],
      wizard: [0, 0, false],
      swordsmen: [20, 0, false],
      spearmen: [0, 0, true],
      knights: [0, 0, false],
    })
    expect(game.game.units.swordsmen?.characters.map((c) => c.id)).toEqual(['captain'])
    expect(game.game.units.warriors?.capturedStandards).toEqual(['spearmen'])
    expect(Object.keys(game.game.requests)).toEqual([])
  })

  it('replays the same way twice', () => {
    const second = play()
    expect(canonicalJson(second.steps)).toBe(canonicalJson(game.steps))
    expect(canonicalJson(second.game)).toBe(canonicalJson(game.game))
  })

  it('through the api: recorded, exported as JSON Lines, imported, and replayed twice byte for byte', async () => {
    const recorder = await openApi(tempDir())
    const recorded = await record(recorder)
    const file = await exportText(recorder, recorded)
    await recorder.close()

    const api = await openApi(tempDir())
    const { gameId, events: count } = await api.importGame(file)
    expect(count).toBe(events.length)
    const first = await replayAll(api, gameId)
    const second = await replayAll(api, gameId)
    expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
    expect(canonicalJson(second.final.state)).toBe(canonicalJson(first.final.state))
    // The api's game is the engine's: the same outcomes, seq by seq, and the same units at the end.
    expect(outcomeValues(first.steps.flatMap((s) => s.outcomes))).toEqual(
      outcomeValues(game.steps.flatMap((s) => s.outcomes)),
    )
    expect(canonicalJson(first.final.state.units)).toBe(canonicalJson(game.game.units))
    expect(first.final.openRequests).toEqual([])
    await api.close()
  })
})
