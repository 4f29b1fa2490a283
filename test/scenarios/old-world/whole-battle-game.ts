import { type Draft, ev, profile } from '../../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../../helpers/old-world-game.js'

/**
 * A whole recorded battle of The Old World (issue 16): six units a side, six turns each, from the first move to the
 * victory points, recorded as the table records it and replayed twice, through the engine and through the api. Every
 * number below is worked out by hand from seed 001, core-mechanics B and the Old World variant table
 * (core/rules/old-world/decisions.ts); each moment's expectations carry their working beside them.
 *
 * The armies (regular infantry unless said; every unit but the characters and the Wolf Riders in Close Order), with
 * their points:
 * p1, the Empire:
 *   - Captain (90), the General: a character on his own, M4 WS5 BS5 S4 T4 W2 I5 A3 Ld8; hand weapon, heavy armour.
 *   - Battle Wizard (100): a Level 2 Wizard on his own, M4 WS3 BS3 S3 T3 W2 I3 A1 Ld7; hand weapon.
 *   - Halberdiers (150): 20, five wide, M4 WS3 BS3 S3 T3 W1 I3 A1 Ld7; halberds (S+1, AP -1; AP -2 against the unit
 *     they charged), light armour (6+); a standard bearer and a musician.
 *   - Archers (100): 10, five wide, the same profile; bows (24", S3), hand weapons. They stand on a hill.
 *   - Knights (130): 5 heavy cavalry, five wide: the knight M8 WS4 BS3 S3 T3 W1 I3 A1 Ld8 with lance, full plate,
 *     shield and barding (2+, the best a cavalry model may have), riding a Warhorse M8 WS3 S3 I3 A1 that strikes with
 *     its own profile.
 *   - Swordsmen (105): 15, five wide, M4 WS4 BS3 S3 T3 W1 I4 A1 Ld7; hand weapons, shields, light armour.
 * p2, the Orcs & Goblins:
 *   - Orc Boyz (160): 20, five wide, M4 WS3 BS3 S3 T4 W1 I2 A1 Ld7; hand weapons, shields, light armour (6+, 5+ with
 *     the shield, 4+ with Parry in combat); a standard bearer and a musician; joined by the Orc Warboss (110), the
 *     General: M4 WS5 BS3 S4 T5 W3 I3 A3 Ld8, hand weapon, heavy armour.
 *   - Orc Shaman (70): a Level 1 Wizard on his own, M4 WS3 BS3 S3 T4 W2 I2 A1 Ld6.
 *   - Orc Arrer Boyz (100): 10, five wide, the Boyz' profile; bows, hand weapons.
 *   - Goblin Wolf Riders (80): 5 light cavalry, M9 WS2 BS3 S3 T3 W1 I2 A1 Ld6; hand weapons, shields.
 *   - Night Goblins (90): 20, five wide, M4 WS2 BS3 S3 T3 W1 I3 A1 Ld6; hand weapons, shields.
 *
 * The story:
 *   Turn 1. The Captain joins the Halberdiers. The Archers shoot two ranks deep from their hill at the Boyz; the
 *     Battle Wizard's Fireball (a magic missile) survives the Shaman's dispel and burns two Night Goblins. The Arrer
 *     Boyz shoot the Halberdiers with their front rank.
 *   Turn 2. The Halberdiers charge the Boyz: the charge makes the combat. They win the first round (8 to 6), the Boyz
 *     give ground and are followed up; the Boyz win the second in p2's turn (6 to 5).
 *   Turn 3. The Knights charge the Boyz' flank and join the combat under way: three units in it. Rider and Warhorse
 *     strike apart. The Boyz lose 11 to 3, break, and are run down with their General; the Knights take the standard.
 *     In p2's turn the Night Goblins charge the Swordsmen, lose, break and get away.
 *   Turn 4. The Captain leaves the Halberdiers. The Night Goblins fail to rally; the Arrer Boyz shoot the Battle
 *     Wizard dead.
 *   Turn 5. The Knights charge the Wolf Riders and wipe them out, overrun into the Arrer Boyz, and rout them in p2's
 *     Combat phase. The Night Goblins fail to rally again, and again in turn 6.
 *   The end: after turn 6, p1 645 victory points, p2 100: a crushing victory for p1.
 */

// ---------------------------------------------------------------------------------------------------------------
// The armies

const captain = owUnit('captain', {
  points: 90,
  name: 'Captain',
  character: true,
  general: true,
  models: 1,
  profile: { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8 },
  gear: ['hand-weapon', 'heavy-armour'],
})
const wizard = owUnit('wizard', {
  points: 100,
  name: 'Battle Wizard',
  character: true,
  models: 1,
  wizardLevel: 2,
  profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 2, I: 3, A: 1, Ld: 7 },
})
const stateTroop = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }
const halberdiers = owUnit('halberdiers', {
  points: 150,
  name: 'Halberdiers',
  models: 20,
  formation: { files: 5 },
  profile: stateTroop,
  gear: ['hand-weapon', 'halberd', 'light-armour'],
  rules: ['close-order'],
  command: { champion: false, standard: true, musician: true },
})
const archers = owUnit('archers', {
  points: 100,
  name: 'Archers',
  models: 10,
  formation: { files: 5 },
  profile: stateTroop,
  gear: ['hand-weapon', 'bow'],
  rules: ['close-order'],
})
const knights = owUnit('knights', {
  points: 130,
  name: 'Knights',
  troopType: 'heavy-cavalry',
  models: 5,
  formation: { files: 5 },
  profile: { M: 8, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8 },
  gear: ['hand-weapon', 'lance', 'full-plate-armour', 'shield', 'barding'],
  rules: ['close-order'],
  mount: { name: 'Warhorse', profile: profile({ M: 8, WS: 3, BS: 0, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 5 }) },
})
const swordsmen = owUnit('swordsmen', {
  points: 105,
  name: 'Swordsmen',
  models: 15,
  formation: { files: 5 },
  profile: { M: 4, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 4, A: 1, Ld: 7 },
  gear: ['hand-weapon', 'shield', 'light-armour'],
  rules: ['close-order'],
})

const orcs = 'orcs-and-goblins'
const orcProfile = { M: 4, WS: 3, BS: 3, S: 3, T: 4, W: 1, I: 2, A: 1, Ld: 7 }
const warboss = {
  id: 'warboss',
  name: 'Orc Warboss',
  general: true,
  points: 110,
  profile: profile({ M: 4, WS: 5, BS: 3, S: 4, T: 5, W: 3, I: 3, A: 3, Ld: 8 }),
  gear: ['hand-weapon', 'heavy-armour'],
}
const boyz = owUnit('boyz', {
  points: 160,
  name: 'Orc Boyz',
  race: orcs,
  models: 20,
  formation: { files: 5 },
  profile: orcProfile,
  gear: ['hand-weapon', 'shield', 'light-armour'],
  rules: ['close-order'],
  command: { champion: false, standard: true, musician: true },
  characters: [warboss],
})
const shaman = owUnit('shaman', {
  points: 70,
  name: 'Orc Shaman',
  race: orcs,
  character: true,
  models: 1,
  wizardLevel: 1,
  profile: { M: 4, WS: 3, BS: 3, S: 3, T: 4, W: 2, I: 2, A: 1, Ld: 6 },
})
const arrers = owUnit('arrers', {
  points: 100,
  name: 'Orc Arrer Boyz',
  race: orcs,
  models: 10,
  formation: { files: 5 },
  profile: orcProfile,
  gear: ['hand-weapon', 'bow'],
  rules: ['close-order'],
})
const wolves = owUnit('wolves', {
  points: 80,
  name: 'Goblin Wolf Riders',
  race: orcs,
  troopType: 'light-cavalry',
  models: 5,
  formation: { files: 5 },
  profile: { M: 9, WS: 2, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6 },
  gear: ['hand-weapon', 'shield'],
})
const goblins = owUnit('goblins', {
  points: 90,
  name: 'Night Goblins',
  race: orcs,
  models: 20,
  formation: { files: 5 },
  profile: { M: 4, WS: 2, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 6 },
  gear: ['hand-weapon', 'shield'],
  rules: ['close-order'],
})

// ---------------------------------------------------------------------------------------------------------------
// The battle as the table records it

/**
 * What the table does next: an event (or one made from the game as it stands: a combat's id is the seq of the charge
 * that made it), or the answer to the one request the game has open; or a mark naming the moment the acts after it
 * belong to (it records nothing: the expectations below look a moment's outcomes up by it).
 */
type Act = Draft | { roll: number[] } | { choose: string } | { moment: string } | ((game: OldWorldGame) => Draft)
const moment = (name: string): Act => ({ moment: name })
const roll = (...faces: number[]): Act => ({ roll: faces })
const choose = (option: string): Act => ({ choose: option })
const move = (unit: string, distance: number, kind = 'normal'): Draft => ({
  type: 'MoveDeclared',
  payload: { unit, kind, distance },
})
/** A player turn starts, and its Strategy phase (where the Rally tests are opened). */
const turn = (n: number, player: string): Draft[] => [owEv.turn(n, player), owEv.phase('strategy')]
/** A unit's entry in a round's base contact: its rank and file, its characters, the enemy it fights. */
type Contact = { unit: string; models: number; characters?: string[]; target?: string }
/** The id of the combat a unit is in: a charge names its combat after its own seq (charge §combat). */
function combatOf(game: OldWorldGame, unit: string): string {
  const combat = Object.values(game.game.combats).find(
    (c) => !c.ended && c.sides.some((side) => side.units.some((u) => u.unit === unit)),
  )
  if (!combat) throw new Error(`${unit} is in no combat`)
  return combat.id
}
/** CombatJoined for the combat a charge made: who is in contact (who charged, where and how far is the charge's). */
const joined =
  (sides: [string[], string[]], ...contact: Contact[]) =>
  (game: OldWorldGame): Draft => ({
    type: 'CombatJoined',
    payload: {
      combat: combatOf(game, sides[0][0] as string),
      sides: sides.map((units, i) => ({ player: `p${i + 1}`, units: units.map((unit) => ({ unit })) })),
      contact,
    },
  })
/** The next round of the combat a unit is in, with who is in contact now. */
const nextRound =
  (unit: string, ...contact: Contact[]) =>
  (game: OldWorldGame): Draft => ({ type: 'CombatRoundDeclared', payload: { combat: combatOf(game, unit), contact } })
/** Who is in base contact this round: rank and file, and the characters among them. */
const contact = (unit: string, models: number, characters?: string[]): Contact => ({
  unit,
  models,
  ...(characters ? { characters } : {}),
})

export const battle: Act[] = [
  owEv.created(),
  owEv.mustered('p1', captain, wizard, halberdiers, archers, knights, swordsmen),
  owEv.mustered('p2', boyz, shaman, arrers, wolves, goblins),

  // Turn 1, p1 ------------------------------------------------------------------------------------------------
  ...turn(1, 'p1'),
  owEv.phase('movement'),
  moment('turn 1: p1 moves'),
  move('halberdiers', 4),
  // The Captain moves into the Halberdiers and joins them (they have made their move).
  moment('turn 1: the Captain joins the Halberdiers'),
  { type: 'CharacterJoined', payload: { character: 'captain', unit: 'halberdiers' } },
  moment('turn 1: p1 moves'),
  move('knights', 8),
  move('swordsmen', 8, 'march'),
  owEv.phase('shooting'),
  // The Archers on their hill: two ranks fire at the Boyz, 18" away.
  moment('turn 1: the Archers shoot from their hill'),
  { type: 'ShotDeclared', payload: { shooter: 'archers', target: 'boyz', weapon: 'bow', distance: 18, hill: true } },
  roll(5, 6, 2, 5, 1, 3, 5, 6, 4, 2), // to hit, 5+: 5 hits
  roll(5, 2, 6, 1, 3), // to wound, 5+: 2 wounds
  roll(5, 2), // armour, 5+: 1 saved
  // The Battle Wizard's Fireball at the Night Goblins, 14" away.
  moment('turn 1: a Fireball'),
  {
    type: 'SpellCast',
    payload: {
      caster: 'wizard',
      spell: 'fireball',
      spellName: 'Fireball',
      spellType: 'magic-missile',
      castingValue: 8,
      hits: 'D6',
      strength: 4,
      target: 'goblins',
      distance: 14,
      inArc: true,
      lineOfSight: true,
    },
  },
  roll(4, 4), // casting: 8 + 1 = 9 >= 8
  choose('wizardly:shaman'),
  roll(3, 4), // dispel: 7 + 1 = 8, not more than 9
  roll(4), // D6 hits: 4
  roll(6, 3, 2, 5), // to wound, 3+: 3 wounds
  roll(6, 1, 4), // armour, 6+: 1 saved
  owEv.phase('close-combat'),
  moment('turn 1: p2'),

  // Turn 1, p2 ------------------------------------------------------------------------------------------------
  ...turn(1, 'p2'),
  owEv.phase('movement'),
  move('boyz', 4),
  move('goblins', 4),
  move('wolves', 18, 'march'),
  move('shaman', 4),
  owEv.phase('shooting'),
  moment('turn 1: the Arrer Boyz shoot'),
  { type: 'ShotDeclared', payload: { shooter: 'arrers', target: 'halberdiers', weapon: 'bow', distance: 10 } },
  roll(4, 1, 6, 3, 5), // to hit, 4+: 3 hits
  roll(4, 2, 5), // to wound, 4+: 2 wounds
  roll(6, 3), // armour, 6+: 1 saved
  owEv.phase('close-combat'),

  // Turn 2, p1 ------------------------------------------------------------------------------------------------
  ...turn(2, 'p1'),
  owEv.phase('movement'),
  moment('turn 2: the Halberdiers charge'),
  { type: 'ChargeDeclared', payload: { unit: 'halberdiers', target: 'boyz', distance: 6, facing: 'front' } },
  choose('hold'),
  roll(3, 5), // charge range 4 + 5 = 9 >= 6
  owEv.phase('shooting'),
  owEv.phase('close-combat'),
  moment('turn 2: the first round'),
  joined([['halberdiers'], ['boyz']], contact('halberdiers', 4, ['captain']), contact('boyz', 4, ['warboss'])),
  roll(4, 2, 6), // Captain to hit, 3+: 2 hits
  roll(5, 3), // to wound, 4+: 1 wound
  roll(2), // armour, 4+: not saved
  roll(4, 5, 1, 6), // Halberdiers to hit, 4+: 3 hits
  roll(6, 4, 2), // to wound, 4+: 2 wounds
  roll(2, 3), // armour, 6+: none saved
  roll(3, 5, 1), // Warboss to hit, 3+: 2 hits
  roll(4, 2), // to wound, 3+: 1 wound
  roll(3), // armour, 6+: not saved
  roll(5), // Boyz to hit, 4+: 1 hit
  roll(4), // to wound, 4+: 1 wound
  roll(1), // armour, 6+: not saved
  roll(2, 3), // break test: 5 + 2 = 7 <= 8: give ground
  choose('follow-up'),

  // Turn 2, p2 ------------------------------------------------------------------------------------------------
  ...turn(2, 'p2'),
  owEv.phase('movement'),
  move('goblins', 4),
  move('wolves', 9),
  owEv.phase('shooting'),
  owEv.phase('close-combat'),
  moment('turn 2: the second round'),
  nextRound('boyz', contact('halberdiers', 4, ['captain']), contact('boyz', 4, ['warboss'])),
  roll(5, 5, 2), // Captain to hit, 3+: 2 hits
  roll(4, 1), // to wound, 4+: 1 wound
  roll(4), // armour, 4+: saved
  roll(3, 4, 6, 2), // Halberdiers to hit, 4+: 2 hits
  roll(5, 5), // to wound, 4+: 2 wounds
  roll(5, 1), // armour, 5+: 1 saved
  roll(6, 4, 3), // Warboss to hit, 3+: 3 hits
  roll(3, 3, 2), // to wound, 3+: 2 wounds
  roll(6, 2), // armour, 6+: 1 saved
  roll(4, 4, 1), // Boyz to hit, 4+: 2 hits
  roll(5, 2), // to wound, 4+: 1 wound
  roll(4), // armour, 6+: not saved
  roll(4, 2), // break test: 6 + 1 = 7 <= 8: give ground
  choose('follow-up'),

  // Turn 3, p1 ------------------------------------------------------------------------------------------------
  ...turn(3, 'p1'),
  owEv.phase('movement'),
  moment('turn 3: the Knights charge into the flank of the Boyz'),
  { type: 'ChargeDeclared', payload: { unit: 'knights', target: 'boyz', distance: 7, facing: 'flank' } },
  roll(2, 5), // charge range 8 + 5 = 13 >= 7
  owEv.phase('shooting'),
  moment('turn 3: the Archers shoot the Wolf Riders'),
  { type: 'ShotDeclared', payload: { shooter: 'archers', target: 'wolves', weapon: 'bow', distance: 20, hill: true } },
  roll(5, 1, 2, 6, 3, 4, 2, 5, 1, 3), // to hit, 5+: 3 hits
  roll(4, 6, 2), // to wound, 4+: 2 wounds
  roll(3, 6), // armour, 6+: 1 saved
  owEv.phase('close-combat'),
  moment('turn 3: the third round, with the Knights'),
  nextRound(
    'boyz',
    contact('halberdiers', 4, ['captain']),
    { ...contact('boyz', 4, ['warboss']), target: 'halberdiers' },
    { ...contact('knights', 3), target: 'boyz' },
  ),
  roll(4, 5, 2), // Knights to hit, 3+: 2 hits
  roll(3, 6), // lance S5 to wound, 3+: 2 wounds
  roll(1, 5), // armour 4+ -> 6+ (AP -2): none saved
  roll(4, 3, 6), // Warhorses to hit, 4+: 2 hits
  roll(5, 2), // S3 to wound, 5+: 1 wound
  roll(3), // armour, 4+: not saved
  roll(6, 3, 1), // Captain to hit, 3+: 2 hits
  roll(4, 4), // to wound, 4+: 2 wounds
  roll(5, 2), // armour, 4+: 1 saved
  roll(5, 2, 4, 3), // Halberdiers to hit, 4+: 2 hits
  roll(6, 1), // to wound, 4+: 1 wound
  roll(2), // armour, 5+: not saved
  roll(2, 2, 5), // Warboss to hit, 3+: 1 hit
  roll(6), // to wound, 3+: 1 wound
  roll(4), // armour, 6+: not saved
  roll(4, 5), // break test: a natural 9 > 8: broken
  roll(3, 2), // the Boyz flee 5"
  choose('hold'), // the Halberdiers hold
  roll(3, 3), // restraint: 6 <= 8, they stay
  choose('pursue'), // the Knights pursue
  roll(4, 4), // 8 >= 5: caught

  // Turn 3, p2 ------------------------------------------------------------------------------------------------
  ...turn(3, 'p2'),
  owEv.phase('movement'),
  moment('turn 3: the Night Goblins charge the Swordsmen'),
  { type: 'ChargeDeclared', payload: { unit: 'goblins', target: 'swordsmen', distance: 5, facing: 'front' } },
  choose('hold'),
  roll(4, 2), // charge range 4 + 4 = 8 >= 5
  owEv.phase('shooting'),
  owEv.phase('close-combat'),
  moment('turn 3: the Goblins fight the Swordsmen'),
  joined([['swordsmen'], ['goblins']], contact('swordsmen', 5), contact('goblins', 5)),
  roll(2, 1, 5, 2, 3), // Night Goblins to hit, 4+: 1 hit
  roll(2), // to wound, 4+: none
  roll(3, 5, 6, 2, 4), // Swordsmen to hit, 3+: 4 hits
  roll(4, 5, 1, 6), // to wound, 4+: 3 wounds
  roll(5, 2, 1), // armour, 5+: 1 saved
  roll(4, 3), // break test: a natural 7 > 6: broken
  roll(3, 4), // they flee 7"
  choose('pursue'),
  roll(2, 3), // 5 < 7: not caught

  // Turn 4, p1 ------------------------------------------------------------------------------------------------
  ...turn(4, 'p1'),
  owEv.phase('movement'),
  moment('turn 4: the Captain leaves the Halberdiers'),
  { type: 'CharacterLeft', payload: { unit: 'halberdiers', character: 'captain' } },
  moment('turn 4: p1 moves'),
  move('halberdiers', 0, 'reform'),
  move('knights', 8),
  owEv.phase('shooting'),
  moment('turn 4: the Archers shoot the Wolf Riders again'),
  { type: 'ShotDeclared', payload: { shooter: 'archers', target: 'wolves', weapon: 'bow', distance: 20, hill: true } },
  roll(6, 2, 5, 1, 3, 4, 2, 1, 5, 3), // to hit, 5+: 3 hits
  roll(5, 3, 4), // to wound, 4+: 2 wounds
  roll(2, 6), // armour, 6+: 1 saved
  owEv.phase('close-combat'),

  // Turn 4, p2 ------------------------------------------------------------------------------------------------
  ...turn(4, 'p2'),
  moment('turn 4: the Night Goblins try to rally'),
  roll(5, 4), // rally: 9 > 6, they flee on
  owEv.phase('movement'),
  moment('turn 4: p2 moves'),
  move('wolves', 9),
  move('shaman', 4),
  owEv.phase('shooting'),
  moment('turn 4: the Arrer Boyz shoot the Battle Wizard'),
  { type: 'ShotDeclared', payload: { shooter: 'arrers', target: 'wizard', weapon: 'bow', distance: 11 } },
  roll(4, 5, 6, 2, 1), // to hit, 4+: 3 hits
  roll(4, 5, 2), // to wound, 4+: 2 wounds
  owEv.phase('close-combat'),

  // Turn 5, p1 ------------------------------------------------------------------------------------------------
  ...turn(5, 'p1'),
  owEv.phase('movement'),
  moment('turn 5: the Knights charge the Wolf Riders'),
  { type: 'ChargeDeclared', payload: { unit: 'knights', target: 'wolves', distance: 8, facing: 'front' } },
  choose('hold'),
  roll(3, 1), // charge range 8 + 3 = 11 >= 8
  owEv.phase('shooting'),
  moment('turn 5: the Archers shoot the Arrer Boyz'),
  { type: 'ShotDeclared', payload: { shooter: 'archers', target: 'arrers', weapon: 'bow', distance: 18, hill: true } },
  roll(5, 5, 1, 2, 6, 3, 4, 2, 1, 2), // to hit, 5+: 3 hits
  roll(6, 5, 1), // to wound, 5+: 2 wounds
  owEv.phase('close-combat'),
  moment('turn 5: the Knights ride down the Wolf Riders'),
  joined([['knights'], ['wolves']], contact('knights', 3), contact('wolves', 3)),
  roll(3, 4, 5), // Knights to hit, 3+: 3 hits
  roll(2, 3, 6), // lance S5 to wound, 2+: 3 wounds
  moment('turn 5: the Knights overrun into the Arrer Boyz'),
  choose('overrun'),
  roll(4, 3), // the overrun: 7"
  { type: 'PursuitReached', payload: { unit: 'knights', target: 'arrers', facing: 'front', moved: 7 } },

  // Turn 5, p2 ------------------------------------------------------------------------------------------------
  ...turn(5, 'p2'),
  moment('turn 5: the Night Goblins fail to rally again'),
  roll(6, 3), // rally: 9 > 6
  owEv.phase('movement'),
  moment('turn 5: p2 moves'),
  move('shaman', 4),
  owEv.phase('shooting'),
  owEv.phase('close-combat'),
  moment('turn 5: the Knights fight the Arrer Boyz'),
  joined([['knights'], ['arrers']], contact('knights', 3), contact('arrers', 4)),
  roll(5, 2, 4), // Knights to hit, 3+: 2 hits
  roll(4, 3), // lance S5 to wound, 3+: 2 wounds
  roll(6, 1, 4), // Warhorses to hit, 4+: 2 hits
  roll(5, 3), // S3 to wound, 5+: 1 wound
  roll(5), // Arrer Boyz to hit, 4+: 1 hit
  roll(4), // to wound, 4+: 1 wound
  roll(1), // armour, 2+: a natural 1 fails
  roll(5, 4), // break test: a natural 9 > 7: broken
  roll(2, 2), // they flee 4"
  choose('pursue'),
  roll(3, 5), // 8 >= 4: caught

  // Turn 6, p1 ------------------------------------------------------------------------------------------------
  ...turn(6, 'p1'),
  owEv.phase('movement'),
  moment('turn 6: p1 moves'),
  move('captain', 4),
  move('swordsmen', 4),
  owEv.phase('shooting'),
  owEv.phase('close-combat'),

  // Turn 6, p2 ------------------------------------------------------------------------------------------------
  ...turn(6, 'p2'),
  moment('turn 6: the Night Goblins fail to rally a third time'),
  roll(5, 5), // rally: 10 > 6
  owEv.phase('movement'),
  moment('turn 6: p2 moves'),
  move('shaman', 4),
  owEv.phase('shooting'),
  owEv.phase('close-combat'),
  moment('the end of the game'),
  { type: 'GameEnded', payload: { reason: 'last-turn' } },
]

// ---------------------------------------------------------------------------------------------------------------
// Playing it

export interface Played {
  readonly game: OldWorldGame
  /** The moment each step belongs to, by step. */
  readonly moments: string[]
}

/** Plays the battle through the engine; each answer names the request open and is recorded by the player it asks. */
export function play(acts: readonly Act[] = battle): Played {
  const game = new OldWorldGame()
  const moments: string[] = []
  let current = 'muster'
  for (let act of acts) {
    if (typeof act === 'function') act = act(game)
    if ('moment' in act) {
      current = act.moment
      continue
    }
    if ('roll' in act || 'choose' in act) {
      const id = game.openRequest()
      const request = game.game.requests[id]!
      const by = request.kind === 'dice' ? request.roller : request.chooser
      game.apply({ ...('roll' in act ? ev.dice(id, act.roll) : ev.choice(id, act.choose)), actor: by })
    } else game.apply({ ...act, actor: act.actor ?? recorder(game, act) })
    moments.push(current)
  }
  return { game, moments }
}

/** Who records a declaration: an army's owner its muster, else the player whose turn it is (p1 before any). */
function recorder(game: OldWorldGame, draft: Draft): string {
  if (draft.type === 'ArmyMustered') return (draft.payload as { player: string }).player
  return game.state.game?.activePlayer ?? 'p1'
}
