import { describe, expect, it } from 'vitest'
import { exportText } from '../../../core/api/export-file.js'
import { type GameView, LocalGameApi, replaySteps, type StepView } from '../../../core/api/index.js'
import { canonicalJson } from '../../../core/events/index.js'
import { renderExplanationText } from '../../../core/explain/index.js'
import { OldWorldGame } from '../../helpers/old-world-game.js'
import { refused } from '../../helpers/refused.js'
import { useTempDir } from '../../helpers/temp.js'
import { type Played, play } from './whole-battle-game.js'

// The battle, its armies and every act with the numbers worked by hand, are in whole-battle-game.ts (the report's
// scenario test tells the same battle).

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
