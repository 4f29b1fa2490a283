import type { LocalGameApi } from '../../../core/api/index.js'
import { type Draft, EngineGame, HASH, unitDef } from '../../helpers/classic-game.js'
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
export const DRUCHII = 'druchii'
export const EMPIRE = 'empire'

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
export const by = (actor: string, type: string, payload: unknown): Draft => ({ type, payload, actor })
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
export const events: Draft[] = [
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
export const log = recorded()

export function play(upTo = log.length): EngineGame {
  const game = new EngineGame()
  for (const draft of log.slice(0, upTo)) game.apply(draft)
  return game
}

/** The battle recorded through the api, event by event, as the app records it; returns the game's id. */
export async function record(api: LocalGameApi): Promise<string> {
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
