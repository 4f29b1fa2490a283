import { describe, expect, it } from 'vitest'
import { exportText } from '../../../core/api/export-file.js'
import { type GameView, LocalGameApi, replaySteps, type StepView } from '../../../core/api/index.js'
import { canonicalJson } from '../../../core/events/index.js'
import { type Draft, ev, profile } from '../../helpers/classic-game.js'
import { OldWorldGame, owEv, owUnit } from '../../helpers/old-world-game.js'
import { useTempDir } from '../../helpers/temp.js'

/**
 * A whole recorded battle of The Old World (issue 16): six units a side, six turns each, from the first move to the
 * victory points. Every number below is worked out by hand from seed 001, core-mechanics B and the Old World variant
 * table (core/rules/old-world/decisions.ts); each phase's expectations carry their working beside them.
 *
 * The armies (regular infantry unless said; every unit but the characters and the Wolf Riders in Close Order):
 * p1, the Empire:
 *   - Captain, the General: a character, M4 WS5 BS5 S4 T4 W2 I5 A3 Ld8; hand weapon, heavy armour (5+).
 *   - Battle Wizard: a Level 2 Wizard on his own, M4 WS3 BS3 S3 T3 W2 I3 A1 Ld7; hand weapon.
 *   - Halberdiers: 20, five wide, M4 WS3 BS3 S3 T3 W1 I3 A1 Ld7; halberds (S+1, AP -1; AP -2 against the unit they
 *     charged), light armour (6+); a standard bearer and a musician.
 *   - Archers: 10, five wide, the same profile; bows (24", S3), hand weapons. They stand on a hill.
 *   - Knights: 5 heavy cavalry, five wide, M8 WS4 BS3 S3 T3 W1 I3 A1 Ld8; lances, full plate, shields, barding.
 *   - Swordsmen: 15, five wide, M4 WS4 BS3 S3 T3 W1 I4 A1 Ld7; hand weapons, shields, light armour.
 * p2, the Orcs & Goblins:
 *   - Orc Boyz: 20, five wide, M4 WS3 BS3 S3 T4 W1 I2 A1 Ld7; hand weapons, shields, light armour (6+, 5+ with the
 *     shield, 4+ with Parry in combat); a standard bearer and a musician; joined by the Orc Warboss, the General:
 *     M4 WS5 BS3 S4 T5 W3 I3 A3 Ld8, hand weapon, heavy armour.
 *   - Orc Shaman: a Level 1 Wizard on his own, M4 WS3 BS3 S3 T4 W2 I2 A1 Ld6.
 *   - Orc Arrer Boyz: 10, five wide, the Boyz' profile; bows, hand weapons.
 *   - Goblin Wolf Riders: 5 light cavalry, M9 WS2 BS3 S3 T3 W1 I2 A1 Ld6; hand weapons, shields.
 *   - Night Goblins: 20, five wide, M4 WS2 BS3 S3 T3 W1 I3 A1 Ld6; hand weapons, shields.
 */

// ---------------------------------------------------------------------------------------------------------------
// The armies

const captainProfile = { M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, A: 3, Ld: 8 }
const captain = {
  id: 'captain',
  name: 'Captain',
  general: true,
  profile: profile(captainProfile),
  gear: ['hand-weapon', 'heavy-armour'],
}
const wizard = owUnit('wizard', {
  name: 'Battle Wizard',
  character: true,
  models: 1,
  wizardLevel: 2,
  profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 2, I: 3, A: 1, Ld: 7 },
})
const stateTroop = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }
const halberdiers = owUnit('halberdiers', {
  name: 'Halberdiers',
  models: 20,
  formation: { files: 5 },
  profile: stateTroop,
  gear: ['hand-weapon', 'halberd', 'light-armour'],
  rules: ['close-order'],
  command: { champion: false, standard: true, musician: true },
  characters: [captain],
})
const archers = owUnit('archers', {
  name: 'Archers',
  models: 10,
  formation: { files: 5 },
  profile: stateTroop,
  gear: ['hand-weapon', 'bow'],
  rules: ['close-order'],
})
const knights = owUnit('knights', {
  name: 'Knights',
  troopType: 'heavy-cavalry',
  models: 5,
  formation: { files: 5 },
  profile: { M: 8, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8 },
  gear: ['hand-weapon', 'lance', 'full-plate-armour', 'shield', 'barding'],
  rules: ['close-order'],
})
const swordsmen = owUnit('swordsmen', {
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
  profile: profile({ M: 4, WS: 5, BS: 3, S: 4, T: 5, W: 3, I: 3, A: 3, Ld: 8 }),
  gear: ['hand-weapon', 'heavy-armour'],
}
const boyz = owUnit('boyz', {
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
  name: 'Orc Shaman',
  race: orcs,
  character: true,
  models: 1,
  wizardLevel: 1,
  profile: { M: 4, WS: 3, BS: 3, S: 3, T: 4, W: 2, I: 2, A: 1, Ld: 6 },
})
const arrers = owUnit('arrers', {
  name: 'Orc Arrer Boyz',
  race: orcs,
  models: 10,
  formation: { files: 5 },
  profile: orcProfile,
  gear: ['hand-weapon', 'bow'],
  rules: ['close-order'],
})
const wolves = owUnit('wolves', {
  name: 'Goblin Wolf Riders',
  race: orcs,
  troopType: 'light-cavalry',
  models: 5,
  formation: { files: 5 },
  profile: { M: 9, WS: 2, BS: 3, S: 3, T: 3, W: 1, I: 2, A: 1, Ld: 6 },
  gear: ['hand-weapon', 'shield'],
})
const goblins = owUnit('goblins', {
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

/** What the table does next: an event, or the answer to the one request the game has open. */
type Act = Draft | { roll: number[] } | { choose: string }
const roll = (...faces: number[]): Act => ({ roll: faces })
const choose = (option: string): Act => ({ choose: option })
const move = (unit: string, distance: number, kind = 'normal'): Draft => ({
  type: 'MoveDeclared',
  payload: { unit, kind, distance },
})
/** A player turn's first two phases, with nothing in the Strategy phase to do. */
const turn = (n: number, player: string): Draft[] => [owEv.turn(n, player), owEv.phase('strategy')]
/** Who is in base contact this round: rank and file, and the characters among them. */
const contact = (unit: string, models: number, characters?: string[]) => ({
  unit,
  models,
  ...(characters ? { characters } : {}),
})

const battle: Act[] = [
  owEv.created(),
  owEv.mustered('p1', wizard, halberdiers, archers, knights, swordsmen),
  owEv.mustered('p2', boyz, shaman, arrers, wolves, goblins),

  // Turn 1, p1 ------------------------------------------------------------------------------------------------
  ...turn(1, 'p1'),
  owEv.phase('movement'),
  move('halberdiers', 4),
  move('knights', 8),
  move('swordsmen', 8, 'march'),
  owEv.phase('shooting'),
  // The Archers on their hill: two ranks fire at the Boyz, 18" away.
  { type: 'ShotDeclared', payload: { shooter: 'archers', target: 'boyz', weapon: 'bow', distance: 18, hill: true } },
  roll(5, 6, 2, 5, 1, 3, 5, 6, 4, 2), // to hit, 5+: 5 hits
  roll(5, 2, 6, 1, 3), // to wound, 5+: 2 wounds
  roll(5, 2), // armour, 5+: 1 saved
  // The Battle Wizard's Fireball at the Night Goblins, 14" away.
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

  // Turn 1, p2 ------------------------------------------------------------------------------------------------
  ...turn(1, 'p2'),
  owEv.phase('movement'),
  move('boyz', 4),
  move('goblins', 4),
  move('wolves', 18, 'march'),
  move('shaman', 4),
  owEv.phase('shooting'),
  { type: 'ShotDeclared', payload: { shooter: 'arrers', target: 'halberdiers', weapon: 'bow', distance: 10 } },
  roll(4, 1, 6, 3, 5), // to hit, 4+: 3 hits
  roll(4, 2, 5), // to wound, 4+: 2 wounds
  roll(6, 3), // armour, 6+: 1 saved
  owEv.phase('close-combat'),

  // Turn 2, p1 ------------------------------------------------------------------------------------------------
  ...turn(2, 'p1'),
  owEv.phase('movement'),
  { type: 'ChargeDeclared', payload: { unit: 'halberdiers', target: 'boyz', distance: 6, facing: 'front' } },
  choose('hold'),
  roll(3, 5), // charge range 4 + 5 = 9 >= 6
  owEv.phase('shooting'),
  owEv.phase('close-combat'),
  {
    type: 'CombatJoined',
    payload: {
      combat: 'c1',
      sides: [
        { player: 'p1', units: [{ unit: 'halberdiers', charged: true, moved: 6 }] },
        { player: 'p2', units: [{ unit: 'boyz' }] },
      ],
      contact: [contact('halberdiers', 4, ['captain']), contact('boyz', 4, ['warboss'])],
    },
  },
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
  {
    type: 'CombatRoundDeclared',
    payload: { combat: 'c1', contact: [contact('halberdiers', 4, ['captain']), contact('boyz', 4, ['warboss'])] },
  },
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
]

// ---------------------------------------------------------------------------------------------------------------
// Playing it

/** A phase of the battle, `turn/player/phase`. */
type PhaseKey = `${number}/p${1 | 2}/${string}`

interface Played {
  readonly game: OldWorldGame
  /** The phase each step was applied in, by step. */
  readonly phases: PhaseKey[]
}

/** Plays the battle through the engine; each answer names the request open and is recorded by the player it asks. */
function play(acts: readonly Act[] = battle): Played {
  const game = new OldWorldGame()
  const phases: PhaseKey[] = []
  for (const act of acts) {
    if ('roll' in act || 'choose' in act) {
      const id = game.openRequest()
      const request = game.game.requests[id]!
      const by = request.kind === 'dice' ? request.roller : request.chooser
      game.apply({ ...('roll' in act ? ev.dice(id, act.roll) : ev.choice(id, act.choose)), actor: by })
    } else game.apply({ ...act, actor: act.actor ?? recorder(game, act) })
    const { turn: n, activePlayer, phase } = game.game
    phases.push(`${n}/${activePlayer}/${phase}` as PhaseKey)
  }
  return { game, phases }
}

/** Who records a declaration: an army's owner its muster, else the player whose turn it is (p1 before any). */
function recorder(game: OldWorldGame, draft: Draft): string {
  if (draft.type === 'ArmyMustered') return (draft.payload as { player: string }).player
  return game.state.game?.activePlayer ?? 'p1'
}

/** The outcomes of some kinds in one phase, as [kind, values]. */
function seen(played: Played, phase: PhaseKey, ...kinds: string[]): [string, unknown][] {
  return played.game.steps.flatMap((step, i) =>
    played.phases[i] === phase
      ? step.outcomes.filter((o) => kinds.includes(o.kind)).map((o): [string, unknown] => [o.kind, o.values])
      : [],
  )
}

const models = (played: Played) =>
  Object.fromEntries(Object.values(played.game.game.units).map((unit) => [unit.id, unit.models]))

// ---------------------------------------------------------------------------------------------------------------
// The battle, phase by phase

describe('recorded: a whole battle of The Old World, six turns each', () => {
  const played = play()
  const dice = ['hits', 'wounds', 'casualties']

  it('turn 1, p1: moves; the Archers shoot two ranks from their hill; a Fireball on the Night Goblins', () => {
    // Normal moves up to M (halberdiers 4 <= 4, knights 8 <= 8); the Swordsmen march 2 x M = 8", no enemy within 8".
    expect(seen(played, '1/p1/movement', 'move-checked')).toEqual([
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
    expect(seen(played, '1/p1/shooting', ...dice, 'casting-roll', 'dispel-roll')).toEqual([
      ['hits', { attacks: 10, need: 5, hits: 5 }],
      ['wounds', { hits: 5, need: 5, wounds: 2 }],
      ['casualties', { unit: 'boyz', unsaved: 1, removed: 1, modelsLeft: 19, woundsOnNextModel: 0 }],
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
    expect(seen(played, '1/p2/shooting', ...dice)).toEqual([
      ['hits', { attacks: 5, need: 4, hits: 3 }],
      ['wounds', { hits: 3, need: 4, wounds: 2 }],
      ['casualties', { unit: 'halberdiers', unsaved: 1, removed: 1, modelsLeft: 19, woundsOnNextModel: 0 }],
    ])
  })

  it('turn 2, p1: the Halberdiers and their Captain charge the Boyz and win the first round', () => {
    // 6" away, within M 4 + 6. The Boyz hold. Charge range M 4 + the higher of 3 and 5 = 9 >= 6: in, having moved 6".
    expect(seen(played, '2/p1/movement', 'charge-result')).toEqual([
      ['charge-result', { unit: 'halberdiers', target: 'boyz', reached: true, range: 9, distance: 6, moved: 6 }],
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
    expect(seen(played, '2/p1/close-combat', 'strike-order', ...dice, 'combat-result', 'break-test')).toEqual([
      [
        'strike-order',
        { combat: 'c1', round: 1, steps: [['character:captain'], ['halberdiers'], ['character:warboss'], ['boyz']] },
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
      ['combat-result', { combat: 'c1', round: 1, scores: { p1: 8, p2: 6 }, winner: 'p1', difference: 2 }],
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
    expect(seen(played, '2/p2/close-combat', 'strike-order', ...dice, 'combat-result', 'break-test')).toEqual([
      [
        'strike-order',
        { combat: 'c1', round: 2, steps: [['character:captain'], ['halberdiers', 'character:warboss'], ['boyz']] },
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
      ['combat-result', { combat: 'c1', round: 2, scores: { p1: 5, p2: 6 }, winner: 'p2', difference: 1 }],
      ['break-test', { unit: 'halberdiers', passed: true, roll: 6, leadership: 8, result: 'give-ground' }],
    ])
  })

  it('the table owes nothing at the end, and the armies stand as worked out', () => {
    expect(Object.keys(played.game.game.requests)).toEqual([])
    expect(models(played)).toEqual({
      wizard: 1,
      halberdiers: 15,
      archers: 10,
      knights: 5,
      swordsmen: 15,
      boyz: 15,
      shaman: 1,
      arrers: 10,
      wolves: 5,
      goblins: 18,
    })
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
