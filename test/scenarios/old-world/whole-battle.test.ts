import { describe, expect, it } from 'vitest'
import { exportText } from '../../../core/api/export-file.js'
import { type GameView, LocalGameApi, replaySteps, type StepView } from '../../../core/api/index.js'
import { canonicalJson } from '../../../core/events/index.js'
import { renderExplanationText } from '../../../core/explain/index.js'
import { type Draft, ev, profile } from '../../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../../helpers/old-world-game.js'
import { refused } from '../../helpers/refused.js'
import { useTempDir } from '../../helpers/temp.js'

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

const battle: Act[] = [
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

interface Played {
  readonly game: OldWorldGame
  /** The moment each step belongs to, by step. */
  readonly moments: string[]
}

/** Plays the battle through the engine; each answer names the request open and is recorded by the player it asks. */
function play(acts: readonly Act[] = battle): Played {
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

/** The outcomes of some kinds at one moment, as [kind, values]. */
function seen(played: Played, name: string, ...kinds: string[]): [string, unknown][] {
  return played.game.steps.flatMap((step, i) =>
    played.moments[i] === name
      ? step.outcomes.filter((o) => kinds.includes(o.kind)).map((o): [string, unknown] => [o.kind, o.values])
      : [],
  )
}

/** The id of the first combat `unit` fought in: a charge names it `charge-<seq>`, a pursuit `pursuit-<seq>`. */
function combatMadeBy(played: Played, unit: string): string {
  const made = played.game
    .outcomes('combat-joined')
    .find((o) =>
      (o.values as { sides: { units: { unit: string }[] }[] }).sides.some((side) =>
        side.units.some((u) => u.unit === unit),
      ),
    )
  if (!made) throw new Error(`no combat made by ${unit}`)
  return (made.values as { combat: string }).combat
}

/** The game as it stood when a moment began: the battle's events before it, replayed. */
function gameAt(played: Played, name: string): OldWorldGame {
  const first = played.moments.indexOf(name)
  return new OldWorldGame(...played.game.drafts.slice(0, first))
}

const models = (played: Played) =>
  Object.fromEntries(Object.values(played.game.game.units).map((unit) => [unit.id, unit.models]))

// ---------------------------------------------------------------------------------------------------------------
// The battle, phase by phase

describe('recorded: a whole battle of The Old World, six turns each', () => {
  const played = play()
  const dice = ['hits', 'wounds', 'casualties']
  const c1 = combatMadeBy(played, 'halberdiers')

  it('turn 1, p1: the Captain joins the Halberdiers; the Archers shoot two ranks from their hill; a Fireball', () => {
    // The Captain, on his own, moves into the Halberdiers, who have made their move (joining §when, §unit-stops): he
    // is one of their models now, and his Ld 8 is the unit's (joining §shared).
    expect(seen(played, 'turn 1: the Captain joins the Halberdiers', 'character-joined')).toEqual([
      ['character-joined', { character: 'captain', unit: 'halberdiers' }],
    ])
    // Normal moves up to M (halberdiers 4 <= 4, knights 8 <= 8); the Swordsmen march 2 x M = 8", no enemy within 8".
    expect(seen(played, 'turn 1: p1 moves', 'move-checked')).toEqual([
      ['move-checked', { unit: 'halberdiers', move: 'normal', distance: 4, limit: 4, legal: true }],
      ['move-checked', { unit: 'knights', move: 'normal', distance: 8, limit: 8, legal: true }],
      ['move-checked', { unit: 'swordsmen', move: 'march', distance: 8, limit: 8, legal: true }],
    ])
    // The Archers, five wide, on a hill: the front rank and one more fire (shooting §firing-ranks), 10 bows.
    // BS 3 hits on 4+; 18" is beyond half the bow's 24": long range -1: 5+. 5, 6, 5, 5, 6: 5 hits.
    // Bow S3 against T4: 5+. 5, 6: 2 wounds. Light armour 6+ and shield: 5+ (no Parry against shooting). 5 saves, 2
    // does not: 20 -> 19. The Warboss is safe: the hits fall on the rank and file (19 of them, five or more).
    // The Fireball: 2D6 + 1 (Level 2: half of it rounded up, variants §casting-bonus) = 4 + 4 + 1 = 9 >= 8, cast. The
    // Shaman's Wizardly dispel: 2D6 + 1 = 3 + 4 + 1 = 8, not more than 9: it stands. D6 = 4 hits at S4 against T3: 3+.
    // 6, 3, 5: 3 wounds. A shield alone: 7+ -> 6+. 6 saves: 2 Night Goblins fall, 20 -> 18.
    expect(seen(played, 'turn 1: the Archers shoot from their hill', ...dice)).toEqual([
      ['hits', { attacks: 10, need: 5, hits: 5 }],
      ['wounds', { hits: 5, need: 5, wounds: 2 }],
      ['casualties', { unit: 'boyz', unsaved: 1, removed: 1, modelsLeft: 19, woundsOnNextModel: 0 }],
    ])
    expect(seen(played, 'turn 1: a Fireball', ...dice, 'casting-roll', 'dispel-roll')).toEqual([
      ['casting-roll', { caster: 'wizard', spell: 'fireball', faces: [4, 4], total: 9, need: 8, result: 'cast' }],
      ['dispel-roll', { spell: 'fireball', faces: [3, 4], total: 8, need: 10, dispelled: false }],
      ['hits', { attacks: 4, need: null, hits: 4 }],
      ['wounds', { hits: 4, need: 3, wounds: 3 }],
      ['casualties', { unit: 'goblins', unsaved: 2, removed: 2, modelsLeft: 18, woundsOnNextModel: 0 }],
    ])
    const asked = played.game.steps.flatMap((s) => s.requests)
    expect(asked.find((r) => r.purpose === 'to-hit')).toMatchObject({ count: 10, need: 5, roller: 'p1' })
  })

  it('turn 1, p2: the Arrer Boyz shoot the Halberdiers with their front rank', () => {
    // Five wide, no hill: 5 bows. BS 3, 10" is short range: 4+. 4, 6, 5: 3 hits. S3 against T3: 4+. 4, 5: 2 wounds.
    // Light armour 6+: 6 saves, 3 does not: 20 -> 19.
    expect(seen(played, 'turn 1: the Arrer Boyz shoot', ...dice)).toEqual([
      ['hits', { attacks: 5, need: 4, hits: 3 }],
      ['wounds', { hits: 3, need: 4, wounds: 2 }],
      ['casualties', { unit: 'halberdiers', unsaved: 1, removed: 1, modelsLeft: 19, woundsOnNextModel: 0 }],
    ])
    // Off the hill a second rank does not fire: six bows of the ten are refused, and nothing is written.
    const before = gameAt(played, 'turn 1: the Arrer Boyz shoot')
    refused(
      before,
      {
        type: 'ShotDeclared',
        payload: { shooter: 'arrers', target: 'halberdiers', weapon: 'bow', distance: 10, models: 6 },
      },
      'rules/too-many-models',
      /5 wide and 1 rank fire/,
    )
  })

  it('turn 2, p1: the Halberdiers and their Captain charge the Boyz and win the first round', () => {
    // 6" away, within M 4 + 6. The Boyz hold. Charge range M 4 + the higher of 3 and 5 = 9 >= 6: in, having moved 6".
    // The charge that reaches makes the combat (charge §combat), named after the ChargeDeclared's seq: who charged,
    // into which facing and how far are the charge's, not the CombatJoined's to claim.
    expect(c1).toBe(`charge-${played.game.outcomes('charge-declared')[0]!.seq}`)
    expect(seen(played, 'turn 2: the Halberdiers charge', 'charge-result', 'combat-joined')).toEqual([
      ['charge-result', { unit: 'halberdiers', target: 'boyz', reached: true, range: 9, distance: 6, moved: 6 }],
      [
        'combat-joined',
        {
          combat: c1,
          sides: [
            {
              player: 'p1',
              units: [{ unit: 'halberdiers', charged: true, facing: 'front', moved: 6, charge: Number(c1.slice(7)) }],
            },
            { player: 'p2', units: [{ unit: 'boyz', charged: false, facing: 'front' }] },
          ],
        },
      ],
    ])
    // Strike order: charged 6" into the front, +1 I a full inch, at most +3: Captain I 5 + 3 = 8, Halberdiers 3 + 3 =
    // 6; then the Warboss I 3 and the Boyz I 2.
    //   Captain: 3 A, WS 5 against WS 3: 3+. 4, 6: 2 hits. S4 against T4: 4+. 5: 1 wound. The Boyz' armour in combat:
    //     light 6+, shield 5+, Parry (hand weapon and shield) 4+; the hand weapon has no AP. 2: 19 -> 18.
    //   Halberdiers: 4 in contact, WS 3 against 3: 4+. 4, 5, 6: 3 hits. Halberd S 3 + 1 = 4 against T4: 4+. 6, 4: 2
    //     wounds. AP -2 against the unit they charged: 4+ -> 6+. 2, 3: 18 -> 16.
    //   Warboss: 3 A, WS 5 against 3: 3+. 3, 5: 2 hits. S4 against T3: 3+. 4: 1 wound. Light armour 6+ (the halberd
    //     takes both hands: no shield): 3: 19 -> 18.
    //   Boyz: 4 in contact, 3 slain before their step: 1 fights. 4+: 5, a hit. 4+: 4, a wound. 6+: 1: 18 -> 17.
    // Combat result: p1 3 wounds + 2 ranks (17 five wide: 5, 5, 5, 2) + Massed Infantry (Unit Strength 17 + the
    // Captain 1 = 18 against 16 + 1 = 17) + standard 1 + Close Order in Combat Order 1 = 8. p2 2 wounds + 2 ranks (16:
    // 5, 5, 5, 1) + standard 1 + Close Order 1 = 6. p1 wins by 2.
    // Break test: the Boyz' Ld 8 is the Warboss's. 2 + 3 = 5, not above 8; 5 + 2 = 7, not above 8: they give ground
    // 2" and the Halberdiers follow up.
    expect(seen(played, 'turn 2: the first round', 'strike-order', ...dice, 'combat-result', 'break-test')).toEqual([
      [
        'strike-order',
        { combat: c1, round: 1, steps: [['character:captain'], ['halberdiers'], ['character:warboss'], ['boyz']] },
      ],
      ['hits', { attacks: 3, need: 3, hits: 2 }],
      ['wounds', { hits: 2, need: 4, wounds: 1 }],
      ['casualties', { unit: 'boyz', unsaved: 1, removed: 1, modelsLeft: 18, woundsOnNextModel: 0 }],
      ['hits', { attacks: 4, need: 4, hits: 3 }],
      ['wounds', { hits: 3, need: 4, wounds: 2 }],
      ['casualties', { unit: 'boyz', unsaved: 2, removed: 2, modelsLeft: 16, woundsOnNextModel: 0 }],
      ['hits', { attacks: 3, need: 3, hits: 2 }],
      ['wounds', { hits: 2, need: 3, wounds: 1 }],
      ['casualties', { unit: 'halberdiers', unsaved: 1, removed: 1, modelsLeft: 18, woundsOnNextModel: 0 }],
      ['hits', { attacks: 1, need: 4, hits: 1 }],
      ['wounds', { hits: 1, need: 4, wounds: 1 }],
      ['casualties', { unit: 'halberdiers', unsaved: 1, removed: 1, modelsLeft: 17, woundsOnNextModel: 0 }],
      ['combat-result', { combat: c1, round: 1, scores: { p1: 8, p2: 6 }, winner: 'p1', difference: 2 }],
      ['break-test', { unit: 'boyz', passed: true, roll: 5, leadership: 8, result: 'give-ground' }],
    ])
  })

  it('turn 2, p2: the second round goes to the Boyz', () => {
    // No charge now. Captain I 5; the Halberdiers and the Warboss both I 3, striking together; the Boyz I 2.
    //   Captain: 3+: 5, 5: 2 hits. 4+: 4: 1 wound. Armour 4+: 4, saved.
    //   Halberdiers: 4+: 4, 6: 2 hits. 4+: 5, 5: 2 wounds. Halberd AP -1 now: 4+ -> 5+. 5 saves, 1 does not: 16 -> 15.
    //   Warboss: 3+: 6, 4, 3: 3 hits. 3+: 3, 3: 2 wounds. 6+: 6 saves, 2 does not: 17 -> 16.
    //   Boyz: 4 in contact, 1 slain before their step: 3 fight. 4+: 4, 4: 2 hits. 4+: 5: 1 wound. 6+: 4: 16 -> 15.
    // Result: p1 1 wound + 2 ranks (15: 5, 5, 5) + standard + Close Order = 5 (Unit Strength 16 against 16: no Massed
    // Infantry). p2 2 wounds + 2 ranks (15) + standard + Close Order = 6. p2 wins by 1.
    // Break test: the Halberdiers' Ld 8 is the Captain's. 4 + 2 = 6; 6 + 1 = 7 <= 8: they give ground, followed up.
    expect(seen(played, 'turn 2: the second round', 'strike-order', ...dice, 'combat-result', 'break-test')).toEqual([
      [
        'strike-order',
        { combat: c1, round: 2, steps: [['character:captain'], ['halberdiers', 'character:warboss'], ['boyz']] },
      ],
      ['hits', { attacks: 3, need: 3, hits: 2 }],
      ['wounds', { hits: 2, need: 4, wounds: 1 }],
      ['casualties', { unit: 'boyz', unsaved: 0, removed: 0, modelsLeft: 16, woundsOnNextModel: 0 }],
      ['hits', { attacks: 4, need: 4, hits: 2 }],
      ['wounds', { hits: 2, need: 4, wounds: 2 }],
      ['casualties', { unit: 'boyz', unsaved: 1, removed: 1, modelsLeft: 15, woundsOnNextModel: 0 }],
      ['hits', { attacks: 3, need: 3, hits: 3 }],
      ['wounds', { hits: 3, need: 3, wounds: 2 }],
      ['casualties', { unit: 'halberdiers', unsaved: 1, removed: 1, modelsLeft: 16, woundsOnNextModel: 0 }],
      ['hits', { attacks: 3, need: 4, hits: 2 }],
      ['wounds', { hits: 2, need: 4, wounds: 1 }],
      ['casualties', { unit: 'halberdiers', unsaved: 1, removed: 1, modelsLeft: 15, woundsOnNextModel: 0 }],
      ['combat-result', { combat: c1, round: 2, scores: { p1: 5, p2: 6 }, winner: 'p2', difference: 1 }],
      ['break-test', { unit: 'halberdiers', passed: true, roll: 6, leadership: 8, result: 'give-ground' }],
    ])
  })

  it('turn 3, p1: the Knights charge into the flank: the combat grows to three units, the Boyz break and are run down', () => {
    // The Knights declare a charge on the Boyz' flank, 7" away. The Boyz are engaged: they hold (charge §hold). Charge
    // range M 8 + the higher of 2 and 5 = 13 >= 7: in, having moved 7"; the charge joins the combat the Boyz are in,
    // for its third round (charge §combat).
    expect(
      seen(played, 'turn 3: the Knights charge into the flank of the Boyz', 'charge-response', 'charge-result'),
    ).toEqual([
      ['charge-response', { unit: 'boyz', charger: 'knights', response: 'hold' }],
      ['charge-result', { unit: 'knights', target: 'boyz', reached: true, range: 13, distance: 7, moved: 7 }],
    ])
    const knightsCharge = played.game
      .outcomes('charge-declared')
      .find((o) => (o.values as { unit: string }).unit === 'knights')!.seq
    expect(played.game.outcomes('combat-unit-joined').map((o) => o.values)).toContainEqual({
      combat: c1,
      player: 'p1',
      unit: { unit: 'knights', charged: true, facing: 'flank', moved: 7, firstRound: 3, charge: knightsCharge },
    })
    expect(played.game.game.combats[c1]!.sides[0]!.units.map((u) => u.unit)).toEqual(['halberdiers', 'knights'])
    // The Archers shoot the Wolf Riders 20" away from their hill: 10 bows at 5+ (long range). 5, 6, 5: 3 hits. S3
    // against T3: 4+. 4, 6: 2 wounds. A shield: 6+. 6 saves, 3 does not: 5 -> 4 (a quarter lost is not more than 25%:
    // no Panic).
    expect(seen(played, 'turn 3: the Archers shoot the Wolf Riders', ...dice)).toEqual([
      ['hits', { attacks: 10, need: 5, hits: 3 }],
      ['wounds', { hits: 3, need: 4, wounds: 2 }],
      ['casualties', { unit: 'wolves', unsaved: 1, removed: 1, modelsLeft: 4, woundsOnNextModel: 0 }],
    ])
    // Round 3: the Halberdiers (15) and the Captain in front, the Knights in the flank, against the Boyz (15) and the
    // Warboss, who fight the Halberdiers. The Knights charged 7" into a flank: +1 I a full inch, at most +4 (strike-
    // order §charging): the riders and their Warhorses, I 3 + 4 = 7 each, strike apart but in the same step
    // (mounts §split-profile). Then the Captain I 5; the Halberdiers and the Warboss I 3; the Boyz I 2.
    //   Knights: 3 in contact, WS 4 against 3: 3+. 4, 5: 2 hits. The lance on the charge: S 3 + 2 = 5 against T4: 3+.
    //     3, 6: 2 wounds. Armour 4+ (Parry included), lance AP -2: 6+. 1, 5: 15 -> 13.
    //   Warhorses: 3, their own WS 3 against 3: 4+. 4, 6: 2 hits. Their own S3 (the lance is the rider's) against T4:
    //     5+. 5: 1 wound. Armour 4+, no AP: 3: 13 -> 12.
    //   Captain: 3+: 6, 3: 2 hits. 4+: 4, 4: 2 wounds. 4+: 5 saves, 2 does not: 12 -> 11.
    //   Halberdiers: 4+: 5, 4: 2 hits. 4+: 6: 1 wound. 5+: 2: 11 -> 10.
    //   Warboss: 3+: 5: 1 hit. 3+: 6: 1 wound. 6+: 4: 15 -> 14.
    //   Boyz: 4 in contact, 5 slain before their step: none strike.
    // Result: p1 5 wounds + 1 rank (the best unit's: Halberdiers 14, five wide: 5, 5, 4) + Massed Infantry (Unit
    // Strength 14 + 1 + Knights 5 x 2 = 25 against 10 + 1 = 11) + standard + flank 1 + Close Order for the Halberdiers
    // and for the Knights (Unit Strength 10) = 11. p2: 1 wound; no rank bonus: Disrupted by the Knights (Unit
    // Strength 10, 5 or more, in their flank); standard 1; Close Order (10 five wide, Unit Strength 11) 1 = 3. p1 wins
    // by 8.
    // Break test: Ld 8 (the Warboss). 4 + 5 = 9 > 8: broken (and 25 is more than twice 11: a Fall Back would have
    // broken too). They flee 3 + 2 = 5", keeping their standard as they go (standard §lost).
    expect(
      seen(played, 'turn 3: the third round, with the Knights', 'strike-order', ...dice, 'combat-result', 'break-test'),
    ).toEqual([
      [
        'strike-order',
        {
          combat: c1,
          round: 3,
          steps: [['knights', 'knights:mount'], ['character:captain'], ['halberdiers', 'character:warboss'], ['boyz']],
        },
      ],
      ['hits', { attacks: 3, need: 3, hits: 2 }],
      ['wounds', { hits: 2, need: 3, wounds: 2 }],
      ['casualties', { unit: 'boyz', unsaved: 2, removed: 2, modelsLeft: 13, woundsOnNextModel: 0 }],
      ['hits', { attacks: 3, need: 4, hits: 2 }],
      ['wounds', { hits: 2, need: 5, wounds: 1 }],
      ['casualties', { unit: 'boyz', unsaved: 1, removed: 1, modelsLeft: 12, woundsOnNextModel: 0 }],
      ['hits', { attacks: 3, need: 3, hits: 2 }],
      ['wounds', { hits: 2, need: 4, wounds: 2 }],
      ['casualties', { unit: 'boyz', unsaved: 1, removed: 1, modelsLeft: 11, woundsOnNextModel: 0 }],
      ['hits', { attacks: 4, need: 4, hits: 2 }],
      ['wounds', { hits: 2, need: 4, wounds: 1 }],
      ['casualties', { unit: 'boyz', unsaved: 1, removed: 1, modelsLeft: 10, woundsOnNextModel: 0 }],
      ['hits', { attacks: 3, need: 3, hits: 1 }],
      ['wounds', { hits: 1, need: 3, wounds: 1 }],
      ['casualties', { unit: 'halberdiers', unsaved: 1, removed: 1, modelsLeft: 14, woundsOnNextModel: 0 }],
      ['combat-result', { combat: c1, round: 3, scores: { p1: 11, p2: 3 }, winner: 'p1', difference: 8 }],
      ['break-test', { unit: 'boyz', passed: false, roll: 9, leadership: 8, result: 'break' }],
    ])
    // The Halberdiers hold back: restraint 3 + 3 = 6 <= Ld 8 (the Captain's). The Knights pursue 4 + 4 = 8 >= 5: the
    // 10 Boyz and the Warboss are run down (flee-and-pursuit §caught), and the Knights claim their standard as a trophy
    // (standard §captured).
    expect(
      seen(
        played,
        'turn 3: the third round, with the Knights',
        'fled',
        'restraint-test',
        'pursued',
        'caught',
        'standard-captured',
        'combat-ended',
      ),
    ).toEqual([
      ['fled', { unit: 'boyz', roll: 5 }],
      ['restraint-test', { unit: 'halberdiers', passed: true, roll: 6, leadership: 8 }],
      ['pursued', { unit: 'knights', roll: 8 }],
      ['caught', { unit: 'boyz', by: 'knights', modelsLost: 10 }],
      ['standard-captured', { standard: 'boyz', by: 'knights' }],
      ['combat-ended', { combat: c1, round: 3 }],
    ])
    expect(played.game.game.units.boyz!.characters).toMatchObject([{ id: 'warboss', slain: true }])
  })

  it('turn 3, p2: the Night Goblins charge the Swordsmen, lose, break and get away', () => {
    // 5" away; the Swordsmen hold; M 4 + the higher of 4 and 2 = 8 >= 5: in, having moved 5".
    // Strike order: the Goblins charged 5": I 3 + 3 = 6 (at most +3 to the front); the Swordsmen I 4.
    //   Goblins: 5 in contact, WS 2 against 4 (not more than twice): 4+. 5: 1 hit. S3 against T3: 4+. 2: none.
    //   Swordsmen: 5, WS 4 against 2 (not more than twice): 3+. 3, 5, 6, 4: 4 hits. 4+: 4, 5, 6: 3 wounds. The Goblins'
    //     shield and Parry: 7+ -> 5+. 5 saves: 18 -> 16.
    // Result: p1 2 wounds + 2 ranks (15: 5, 5, 5) + Close Order = 5. p2 0 + 2 ranks (16: 5, 5, 5, 1) + Close Order +
    // Massed Infantry (16 against 15) = 4. p1 wins by 1. The Warboss is slain: no General's Ld to ask about.
    // Break test Ld 6: 4 + 3 = 7 > 6: broken. They flee 3 + 4 = 7"; the Swordsmen pursue 2 + 3 = 5 < 7: they get away.
    const c2 = combatMadeBy(played, 'goblins')
    expect(seen(played, 'turn 3: the Night Goblins charge the Swordsmen', 'charge-result')).toEqual([
      ['charge-result', { unit: 'goblins', target: 'swordsmen', reached: true, range: 8, distance: 5, moved: 5 }],
    ])
    expect(
      seen(
        played,
        'turn 3: the Goblins fight the Swordsmen',
        'strike-order',
        ...dice,
        'combat-result',
        'break-test',
        'fled',
        'pursued',
        'escaped',
      ),
    ).toEqual([
      ['strike-order', { combat: c2, round: 1, steps: [['goblins'], ['swordsmen']] }],
      ['hits', { attacks: 5, need: 4, hits: 1 }],
      ['wounds', { hits: 1, need: 4, wounds: 0 }],
      ['hits', { attacks: 5, need: 3, hits: 4 }],
      ['wounds', { hits: 4, need: 4, wounds: 3 }],
      ['casualties', { unit: 'goblins', unsaved: 2, removed: 2, modelsLeft: 16, woundsOnNextModel: 0 }],
      ['combat-result', { combat: c2, round: 1, scores: { p1: 5, p2: 4 }, winner: 'p1', difference: 1 }],
      ['break-test', { unit: 'goblins', passed: false, roll: 7, leadership: 6, result: 'break' }],
      ['fled', { unit: 'goblins', roll: 7 }],
      ['pursued', { unit: 'swordsmen', roll: 5 }],
      ['escaped', { unit: 'goblins', roll: 7 }],
    ])
  })

  it('turn 4: the Captain leaves the Halberdiers; more arrows; the Battle Wizard falls', () => {
    // The combat is over, the Captain did not join this turn: he moves out of the Halberdiers, a unit of one again
    // (joining §leave), before they reform.
    expect(seen(played, 'turn 4: the Captain leaves the Halberdiers', 'character-left')).toEqual([
      ['character-left', { unit: 'halberdiers', character: 'captain' }],
    ])
    expect(played.game.game.units.captain).toMatchObject({ character: true, models: 1, player: 'p1' })
    // The Archers again, 20" from the hill: 5+: 6, 5, 5: 3 hits. 4+: 5, 4: 2 wounds. 6+: 6 saves: 4 -> 3 (one of four
    // is a quarter, not more: no Panic).
    expect(seen(played, 'turn 4: the Archers shoot the Wolf Riders again', ...dice)).toEqual([
      ['hits', { attacks: 10, need: 5, hits: 3 }],
      ['wounds', { hits: 3, need: 4, wounds: 2 }],
      ['casualties', { unit: 'wolves', unsaved: 1, removed: 1, modelsLeft: 3, woundsOnNextModel: 0 }],
    ])
    // The Night Goblins try to rally at the end of p2's Strategy phase: 16 of 20 left, not below half: Ld 6. 5 + 4 = 9.
    expect(seen(played, 'turn 4: the Night Goblins try to rally', 'psychology-test')).toEqual([
      [
        'psychology-test',
        { unit: 'goblins', test: 'rally', passed: false, roll: 9, leadership: 6, phase: expect.any(String) },
      ],
    ])
    // The Arrer Boyz, 11" (short range), at the Battle Wizard on his own: 4+: 4, 5, 6: 3 hits. S3 against T3: 4+. 4, 5:
    // 2 wounds; no armour: both of his 2 Wounds. He is slain.
    expect(seen(played, 'turn 4: the Arrer Boyz shoot the Battle Wizard', ...dice)).toEqual([
      ['hits', { attacks: 5, need: 4, hits: 3 }],
      ['wounds', { hits: 3, need: 4, wounds: 2 }],
      ['casualties', { unit: 'wizard', unsaved: 2, removed: 1, modelsLeft: 0, woundsOnNextModel: 0 }],
    ])
  })

  it('turn 5: the Knights charge and wipe out the Wolf Riders; the Night Goblins still flee', () => {
    // 8" away, the Wolf Riders hold; M 8 + the higher of 3 and 1 = 11 >= 8: a new combat.
    const c3 = combatMadeBy(played, 'wolves')
    const c4 = combatMadeBy(played, 'arrers')
    expect(c4).toMatch(/^pursuit-\d+$/)
    expect(seen(played, 'turn 5: the Knights charge the Wolf Riders', 'charge-result')).toEqual([
      ['charge-result', { unit: 'knights', target: 'wolves', reached: true, range: 11, distance: 8, moved: 8 }],
    ])
    // The Archers at the Arrer Boyz, 18": 5+: 5, 5, 6: 3 hits. S3 against T4: 5+. 6, 5: 2 wounds, no armour: 10 -> 8.
    expect(seen(played, 'turn 5: the Archers shoot the Arrer Boyz', ...dice)).toEqual([
      ['hits', { attacks: 10, need: 5, hits: 3 }],
      ['wounds', { hits: 3, need: 5, wounds: 2 }],
      ['casualties', { unit: 'arrers', unsaved: 2, removed: 2, modelsLeft: 8, woundsOnNextModel: 0 }],
    ])
    // Knights I 3 + 3 (8" into the front, at most +3) = 6 with their Warhorses, before the Wolf Riders' I 2.
    //   Knights: 3, WS 4 against 2 (not more than twice): 3+. 3, 4, 5: 3 hits. Lance S5 against T3: 2+. 2, 3, 6: 3
    //   wounds. A shield's 6+ with AP -2 is 8+: no save. The last 3 Wolf Riders fall.
    //   The Warhorses strike in the same step, but nothing is left for them: no attacks; nor for the Wolf Riders.
    // The Wolf Riders are wiped out: p1 wins (combat-result §wiped-out).
    expect(
      seen(
        played,
        'turn 5: the Knights ride down the Wolf Riders',
        'strike-order',
        ...dice,
        'combat-result',
        'combat-ended',
      ),
    ).toEqual([
      ['strike-order', { combat: c3, round: 1, steps: [['knights', 'knights:mount'], ['wolves']] }],
      ['hits', { attacks: 3, need: 3, hits: 3 }],
      ['wounds', { hits: 3, need: 2, wounds: 3 }],
      ['casualties', { unit: 'wolves', unsaved: 3, removed: 3, modelsLeft: 0, woundsOnNextModel: 0 }],
      ['combat-result', { combat: c3, round: 1, scores: {}, winner: 'p1', difference: 0 }],
      ['combat-ended', { combat: c3, round: 1 }],
    ])
    // The Knights charged and wiped their enemy out: they may overrun (flee-and-pursuit §overrun), 2D6 = 4 + 3 = 7".
    // The table says the move reached the Arrer Boyz, front on, after 7": the Knights charge them (§fresh-enemy), a
    // new combat fought in the next Combat phase, p2's.
    expect(seen(played, 'turn 5: the Knights overrun into the Arrer Boyz', 'overran', 'combat-joined')).toEqual([
      ['overran', { unit: 'knights', roll: 7 }],
      [
        'combat-joined',
        {
          combat: c4,
          sides: [
            { player: 'p1', units: [{ unit: 'knights', charged: true, facing: 'front', moved: 7 }] },
            { player: 'p2', units: [{ unit: 'arrers', charged: false, facing: 'front' }] },
          ],
        },
      ],
    ])
    // The Night Goblins fail to rally again, 6 + 3 = 9 > 6, and in turn 6 once more, 5 + 5 = 10.
    const rallies = [
      ...seen(played, 'turn 5: the Night Goblins fail to rally again', 'psychology-test'),
      ...seen(played, 'turn 6: the Night Goblins fail to rally a third time', 'psychology-test'),
    ]
    expect(rallies.map(([, v]) => v)).toMatchObject([
      { unit: 'goblins', passed: false, roll: 9 },
      { unit: 'goblins', passed: false, roll: 10 },
    ])
  })

  it('turn 5, p2: the Knights, having overrun into them, rout the Arrer Boyz', () => {
    // The Knights count as having charged 7" into the front: I 3 + 3 = 6, riders and Warhorses; the lance is S+2, AP -2
    // on the charge. The Arrer Boyz (8, five wide) I 2.
    //   Knights: 3, WS 4 against 3: 3+. 5, 4: 2 hits. S5 against T4: 3+. 4, 3: 2 wounds; no armour: 8 -> 6.
    //   Warhorses: 3, 4+: 6, 4: 2 hits. S3 against T4: 5+. 5: 1 wound: 6 -> 5.
    //   Arrer Boyz: 4 in contact, 3 slain before their step: 1 fights. WS 3 against the rider's WS 4: 4+. 5: a hit.
    //     S3 against T3: 4+. 4: a wound. Full plate 4+, shield 3+, barding 2+ (the most a cavalry model may have): a
    //     natural 1 always fails. 5 -> 4 Knights.
    // Result: p1 3 wounds + Close Order in Combat Order (4 Knights, Unit Strength 8) = 4; no infantry: no Massed
    // Infantry. p2 1 wound + Close Order (5 five wide, Unit Strength 5) = 2; one rank: no rank bonus. p1 wins by 2.
    // Break test Ld 7: 5 + 4 = 9 > 7: broken. They flee 2 + 2 = 4"; the Knights pursue 3 + 5 = 8 >= 4: caught, the
    // last 5 are destroyed.
    const c4 = combatMadeBy(played, 'arrers')
    expect(
      seen(
        played,
        'turn 5: the Knights fight the Arrer Boyz',
        'strike-order',
        ...dice,
        'combat-result',
        'break-test',
        'fled',
        'pursued',
        'caught',
      ),
    ).toEqual([
      ['strike-order', { combat: c4, round: 1, steps: [['knights', 'knights:mount'], ['arrers']] }],
      ['hits', { attacks: 3, need: 3, hits: 2 }],
      ['wounds', { hits: 2, need: 3, wounds: 2 }],
      ['casualties', { unit: 'arrers', unsaved: 2, removed: 2, modelsLeft: 6, woundsOnNextModel: 0 }],
      ['hits', { attacks: 3, need: 4, hits: 2 }],
      ['wounds', { hits: 2, need: 5, wounds: 1 }],
      ['casualties', { unit: 'arrers', unsaved: 1, removed: 1, modelsLeft: 5, woundsOnNextModel: 0 }],
      ['hits', { attacks: 1, need: 4, hits: 1 }],
      ['wounds', { hits: 1, need: 4, wounds: 1 }],
      ['casualties', { unit: 'knights', unsaved: 1, removed: 1, modelsLeft: 4, woundsOnNextModel: 0 }],
      ['combat-result', { combat: c4, round: 1, scores: { p1: 4, p2: 2 }, winner: 'p1', difference: 2 }],
      ['break-test', { unit: 'arrers', passed: false, roll: 9, leadership: 7, result: 'break' }],
      ['fled', { unit: 'arrers', roll: 4 }],
      ['pursued', { unit: 'knights', roll: 8 }],
      ['caught', { unit: 'arrers', by: 'knights', modelsLost: 5 }],
    ])
    const asked = played.game.steps.flatMap((step) => step.requests).filter((r) => r.purpose === 'armour-save')
    expect(asked.at(-1)).toMatchObject({ count: 1, need: 2, roller: 'p1' })
  })

  it('the end of turn 6: the game ends, with its victory points worked out by hand', () => {
    // The Old World (old-world/victory-points): a unit destroyed gives its points, one fleeing half of them, one below a
    // quarter of its models a quarter; a slain or fleeing General +100; an enemy standard held at the end +50.
    // p1: the Orc Boyz destroyed 160 + the Warboss slain 110 + the General slain 100 + the Boyz' standard held by
    //   the Knights 50 + the Wolf Riders destroyed 80 + the Arrer Boyz destroyed 100 + the Night Goblins fleeing, half
    //   of 90 = 45: 645.
    // p2: the Battle Wizard slain 100. The Halberdiers have 14 of 20, the Knights 4 of 5, the Captain both Wounds, the
    //   rest all: none below a quarter. 100.
    // 645 - 100 = 545, at least 100 more: a victory; 645 is at least twice 100: a crushing victory
    // (old-world/variants §victory-bands).
    expect(played.game.game.result).toEqual({
      seq: played.game.game.seq,
      reason: 'last-turn',
      conceded: null,
      vp: { p1: 645, p2: 100 },
      winner: 'p1',
      margin: 545,
      band: 'crushing-victory',
    })
    expect(played.game.game.score).toEqual({
      vp: { p1: 645, p2: 100 },
      units: {
        wizard: { lost: 100, held: 0 },
        knights: { lost: 0, held: 50 },
        boyz: { lost: 370, held: 0 },
        arrers: { lost: 100, held: 0 },
        wolves: { lost: 80, held: 0 },
        goblins: { lost: 45, held: 0 },
      },
    })
    const ended = renderExplanationText(played.game.steps.at(-1)!.explanation!)
    for (const line of [
      'the game ends after turn 6: p1 645, p2 100; p1 wins (crushing-victory) by 545',
      'Orc Boyz is destroyed: 100% of 160 points = 160 (old-world/victory-points §destroyed)',
      'Orc Warboss is slain: 100% of 110 points = 110 (old-world/victory-points §destroyed)',
      "Orc Warboss, p2's General, is slain: +100 (old-world/victory-points §general)",
      "Knights holds Orc Boyz's standard: +50 (old-world/victory-points §standards)",
      'Night Goblins is fleeing: 50% of 90 points = 45',
      'Battle Wizard is destroyed: 100% of 100 points = 100',
    ])
      expect(ended).toContain(line)
    // Nothing is declared after the end.
    refused(
      new OldWorldGame(...played.game.drafts),
      { type: 'GameEnded', payload: { reason: 'last-turn' } },
      'rules/game-over',
    )
  })

  it('the table owes nothing at the end, and the armies stand as worked out', () => {
    expect(Object.keys(played.game.game.requests)).toEqual([])
    expect(models(played)).toEqual({
      captain: 1,
      wizard: 0,
      halberdiers: 14,
      archers: 10,
      knights: 4,
      swordsmen: 15,
      boyz: 0,
      shaman: 1,
      arrers: 0,
      wolves: 0,
      goblins: 16,
    })
    expect(played.game.game.units.goblins!.fleeing).toBe(true)
  })
})

// ---------------------------------------------------------------------------------------------------------------
// Replays

const tempDir = useTempDir()

async function replayAll(api: LocalGameApi, gameId: string): Promise<{ steps: StepView[]; final: GameView }> {
  const steps: StepView[] = []
  const replay = replaySteps(api, gameId)
  for (;;) {
    const next = await replay.next()
    if (next.done) return { steps, final: next.value }
    steps.push(next.value)
  }
}

/** The battle recorded through the api as the app records it, then exported as JSON Lines. */
async function recordThroughApi(played: Played): Promise<string> {
  const api = await LocalGameApi.open(`${tempDir()}/battle.sqlite`)
  const [created, ...rest] = played.game.drafts
  const { gameId } = await api.createGame({
    ruleset: 'old-world',
    players: (created!.payload as { players: { id: string; name: string }[] }).players,
    actor: 'p1',
  })
  for (const draft of rest) await api.append(gameId, { type: draft.type, actor: draft.actor!, payload: draft.payload })
  const text = await exportText(api, gameId)
  await api.close()
  return text
}

const outcomesOf = (steps: readonly { outcomes: readonly { seq: number; kind: string; values: unknown }[] }[]) =>
  steps.flatMap((step) => step.outcomes.map((o) => ({ seq: o.seq, kind: o.kind, values: o.values })))

describe('the battle replays the same way, byte for byte', () => {
  it('through the engine twice', () => {
    const first = play()
    const second = play()
    expect(canonicalJson(second.game.steps)).toBe(canonicalJson(first.game.steps))
    expect(canonicalJson(second.game.game)).toBe(canonicalJson(first.game.game))
  })

  it('recorded through the api, exported, imported and replayed twice', async () => {
    const played = play()
    const text = await recordThroughApi(played)
    const api = await LocalGameApi.open(`${tempDir()}/imported.sqlite`)
    const { gameId, events } = await api.importGame(text)
    expect(events).toBe(played.game.drafts.length)
    const first = await replayAll(api, gameId)
    const second = await replayAll(api, gameId)
    expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
    expect(canonicalJson(second.final.state)).toBe(canonicalJson(first.final.state))
    // The api's outcomes are the engine's, seq for seq.
    expect(outcomesOf(first.steps)).toEqual(outcomesOf(played.game.steps))
    expect(first.final.openRequests).toEqual([])
    await api.close()
  })
})
