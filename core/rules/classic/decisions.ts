import { type DecisionIndexOf, defineSwitch, rulingsOf } from '../../engine/catalogue.js'

const CORE = 'rules/core-mechanics.md'

/** The classic variants; a ruling takes its one value in both. */
const defineRuling = rulingsOf(['classic', 'classic-8th'])

/**
 * The variant table, of two kinds: variant switches (`defineSwitch`: the variants differ, and the procedures read
 * the value through the ruleset's profile, an entry through `held.decision`) and rulings (`defineRuling`: one value
 * in both variants, cited in explanations). Where the sources disagree, are unsure, or the seed is silent, the choice
 * each variant makes. `classic` plays the seed as written (7th-edition conventions, core-mechanics
 * A.10 and "Precedence"); `classic-8th` takes the 8th-edition baseline wherever the seed is silent.
 * Explanations cite each as `classic/variants §<id>`.
 */
export const classicDecisions = [
  defineSwitch({
    id: 'to-wound-floor',
    topic: 'Can a low Strength hit fail to wound at all?',
    values: { classic: 'cannot-wound-at-t-minus-4', 'classic-8th': 'six-plus' },
    why:
      'The seed follows 7th-edition conventions (core-mechanics A, seed provenance; C, 7th-style switches), and the 7th chart ' +
      'reads "N" (cannot wound) when T - S >= 4 (A.10, sure). 8th has no impossible cell: T - S >= 2 needs 6+ (A.5, likely). ' +
      'Killing Blow in the seed speaks of to-wound rolls of 7+, which neither chart has: see ' +
      '§killing-blow-seven-plus.',
    sources: [
      '7e:close-combat/wounding-the-enemy',
      '8e:close-combat/roll-to-wound-close-combat',
      `${CORE} A.5, A.10, C`,
    ],
  }),
  defineSwitch({
    id: 'charge-bonus',
    topic: 'What does charging give a unit in close combat?',
    values: { classic: 'strike-first', 'classic-8th': 'combat-result' },
    why:
      'The seed\'s ASF strikes first "even before attackers", which only makes sense if chargers normally strike first: the ' +
      '7th-edition convention (A.10, sure), with no combat-result bonus for charging in 7th. 8th has no strike-first for ' +
      'chargers and gives +1 combat result instead (A.6, sure).',
    sources: ['7e:close-combat/who-strikes-first', '8e:close-combat/striking-order', `${CORE} A.5, A.6, A.10, C`],
  }),
  defineSwitch({
    id: 'initiative-ties',
    topic: 'Who strikes first when Initiative is equal?',
    values: { classic: 'last-winner-else-roll-off', 'classic-8th': 'simultaneous' },
    why:
      "7th: when both sides' models strike at the same Initiative, the side that won the last round strikes first; " +
      'if none won it (the first round, or a draw), the players roll off and the winner strikes first (A.10, sure). ' +
      '8th: equal Initiative strikes at the same time (A.5, sure). The seed says nothing of ties, so each variant ' +
      'takes its core mechanics.',
    sources: ['7e:close-combat/who-strikes-first', '8e:close-combat/striking-order', `${CORE} A.5, A.10`],
  }),
  defineSwitch({
    id: 'supporting-attacks',
    topic: 'Do models in the second rank attack?',
    values: { classic: 'none', 'classic-8th': 'second-rank' },
    why:
      'In 7th only models in base contact fight; the seed\'s Spear "fight in two ranks" is a special rule only because of that. ' +
      '8th lets each second-rank model behind a fighting model make one supporting attack (A.5, sure).',
    sources: ['8e:close-combat/supporting-attacks', `${CORE} A.5, C`],
  }),
  defineSwitch({
    id: 'asf-re-rolls',
    topic: 'Does Always Strikes First also re-roll misses?',
    values: { classic: 'none', 'classic-8th': 'misses-if-initiative-not-lower' },
    why:
      "The seed's ASF says only that the model strikes first. In 8th, ASF also re-rolls misses when its Initiative is at least " +
      "the enemy's, and ASF against ASF re-rolls nothing (A.5, sure); classic-8th takes that where the seed is silent.",
    sources: ['8e:special-rules/always-strikes-first', `${CORE} A.5`],
  }),
  defineSwitch({
    id: 'outnumber',
    topic: 'Does a side with more Unit Strength gain combat result?',
    values: { classic: 'plus-one', 'classic-8th': 'none' },
    why:
      'The seed uses Unit Strength throughout (Fear compares US); 7th gives +1 for outnumbering (A.10, ' +
      'sure). 8th has none.',
    sources: ['7e:close-combat/combat-result-bonuses', `${CORE} A.8, A.10`],
  }),
  defineSwitch({
    id: 'disruption',
    topic: 'Which enemy in the flank or rear cancels a rank bonus?',
    values: { classic: 'unit-strength-5', 'classic-8th': 'two-ranks-of-5' },
    why:
      '7th: a flank or rear enemy of Unit Strength 5 or more (A.10, sure). 8th: one with at least two ' +
      'ranks of five (A.6, likely).',
    sources: ['7e:close-combat/combat-result-bonuses', '8e:close-combat/flank-attack', `${CORE} A.6, A.10`],
  }),
  defineSwitch({
    id: 'rank-count',
    topic: 'When are ranks counted for the rank bonus?',
    values: { classic: 'round-start', 'classic-8th': 'combat-result' },
    why: '7th counts ranks as the round starts (A.10, sure); 8th counts them when the result is worked out (A.6).',
    sources: ['7e:close-combat/combat-result-bonuses', '8e:close-combat/extra-ranks', `${CORE} A.6, A.10`],
  }),
  defineRuling({
    id: 'rank-bonus-units',
    topic: 'When a side has several units in a combat, whose ranks count?',
    value: 'best-single-unit',
    why:
      'core-mechanics gives the rank bonus per unit without saying how several units combine. Both editions count only the ' +
      'unit with the best rank bonus (memory of 7e and 8e, likely; the same rule as The Old World, B.6, sure).',
    sources: ['8e:close-combat/extra-ranks', `${CORE} A.6, B.6`],
  }),
  defineSwitch({
    id: 'steadfast',
    topic: 'Does a losing unit with more ranks test on its unmodified Leadership?',
    values: { classic: 'none', 'classic-8th': 'more-ranks' },
    why:
      "Steadfast is 8th's (A.6, sure); the seed's Fear entry speaks of Stubborn, not Steadfast, and 7th has none. classic-8th " +
      'tests a loser with more ranks (of five) than the enemy on its unmodified Leadership.',
    sources: ['8e:close-combat/steadfast', `${CORE} A.6`],
  }),
  defineRuling({
    id: 'unit-strength-unlisted',
    topic: 'Unit Strength of troop types core-mechanics does not list',
    value: 'chariot-4-swarm-3-war-beast-1',
    why:
      'A.10 lists infantry 1, cavalry 2, large and monstrous infantry and war machines 3, monsters = Wounds. For the rest: ' +
      'chariots 4 and swarms 3 (6th-edition unit strength, from memory, likely), war beasts 1 like infantry, monstrous ' +
      'cavalry and monstrous beasts 3 as large models.',
    sources: ['6e:units/unit-strength', `${CORE} A.8, A.10`],
  }),
  defineRuling({
    id: 'excess-wounds',
    topic: 'Do unsaved wounds beyond what the enemy unit had left count for combat result?',
    value: 'not-counted',
    why:
      'core-mechanics scores "unsaved wounds" and counts wounds past a slain model only as Overkill, which belongs to ' +
      'challenges (A.6, A.10). So outside a challenge a unit cannot be wounded more times than it has Wounds left, and the ' +
      'excess scores nothing (likely; both editions).',
    sources: ['8e:close-combat/uncommon-bonuses', '6e:characters/overkill', `${CORE} A.5, A.6, A.10`],
  }),
  defineSwitch({
    id: 'high-ground',
    topic: 'Does fighting from higher ground add to the combat result?',
    values: { classic: 'plus-one', 'classic-8th': 'none' },
    why:
      '7th gives +1 to a side fighting from higher ground (A.10, sure). For 8th core-mechanics found no such bonus (A.6, ' +
      'unsure: it is in 6th, 7th, WAP and TOW); classic-8th follows the 8th rules index as read, with none.',
    sources: ['7e:close-combat/combat-result-bonuses', `${CORE} A.6, A.10`],
  }),
  defineSwitch({
    id: 'charge-range',
    topic: 'How far does a charge reach?',
    values: { classic: 'twice-move', 'classic-8th': 'move-plus-2d6' },
    why:
      'The seed follows 7th-edition conventions (core-mechanics A, seed provenance): the charge move is 2 x M, no dice ' +
      '(A.10, sure for 6th, likely for 7th). 8th: M + 2D6, rolled after the target has responded (A.2, sure).',
    sources: ['6e:movement/move-chargers', '8e:movement/roll-charge-range-and-move-chargers', `${CORE} A.2, A.10`],
  }),
  defineSwitch({
    id: 'failed-charge',
    topic: 'How far does a unit move when its charge falls short?',
    values: { classic: 'normal-move', 'classic-8th': 'higher-die' },
    why:
      'In 6th/7th a charger that cannot reach moves its normal Move towards the target (memory of 6e/7e, likely; A.10 ' +
      'gives the 2 x M charge this goes with). 8th: it moves the higher of its two charge dice (A.2, sure).',
    sources: ['6e:movement/move-chargers', '8e:movement/failed-charge', `${CORE} A.2, A.10`],
  }),
  defineSwitch({
    id: 'stand-and-shoot-range',
    topic: 'How close may a charger come before the target can no longer stand and shoot?',
    values: { classic: 'half-charge-move', 'classic-8th': 'own-move' },
    why:
      'The seed assumes the 7th-edition bar: no stand and shoot when the charger is within half its charge move (A.10, ' +
      'sure for 6th; the seed\'s Handbows name it). With a 2 x M charge that is within M. For 8th A.2 gives "within its ' +
      'own M" (likely): the same inches, a different reason.',
    sources: ['6e:movement/stand-and-shoot-movement', `${CORE} A.2, A.10`],
  }),
  defineSwitch({
    id: 'flying-move',
    topic: 'How far does a Flying Model fly?',
    values: { classic: 'twenty-inches', 'classic-8th': 'ten-inches' },
    why:
      'The seed\'s Flying Model adds "no additional special rules", so the edition\'s flying rules apply; core-mechanics ' +
      'has none (unsure). 6th/7th flyers fly up to 20 inches instead of moving and cannot march; 8th flyers fly 10 ' +
      'inches and march 20 (memory, likely). Arbiter checks the flying move against these.',
    sources: ['7e:special-rules/fly', '8e:special-rules/fly', `${CORE} A`],
  }),
  defineSwitch({
    id: 'magic-dice',
    topic: 'Where do the power and dispel dice come from, and how is a spell cast and dispelled?',
    values: { classic: 'per-wizard', 'classic-8th': 'winds-of-magic' },
    why:
      'The seed writes Magic Resistance as "MR 1", the 7th-edition extra dispel dice (A.10), so classic uses 7th dice: power ' +
      '= 2 + the Wizard levels of the casting side, dispel = 2 + 1 per level 1-2 Wizard + 2 per level 3-4 Wizard; a Wizard ' +
      'casts with at most its level + 1 dice; the casting total is the dice alone, against the casting value; two or more 6s ' +
      'are Irresistible Force, two or more 1s a miscast; a dispel total at least the casting total dispels. classic-8th rolls ' +
      'the Winds of Magic (2D6: power = sum, dispel = higher die; each Wizard channels a die on a 6; pools hold 12), casts ' +
      "with up to 6 dice adding the Wizard level, a natural total of 1-2 always fails and a failed cast ends that Wizard's " +
      "casting; a dispel adds the level of the dispelling side's best Wizard still able to dispel (the player nominates one: " +
      'the engine takes the best, which no player would refuse), no level without a Wizard, and a natural 1-2 fails and ends ' +
      "that Wizard's dispelling (A.3).",
    sources: [
      '7e:magic/power-dice',
      '7e:magic/dispel-dice',
      '7e:magic/casting-spells',
      '8e:magic/the-dispel-pool',
      '8e:magic/casting-value',
      '8e:magic/dispel-value',
      `${CORE} A.3, A.10`,
    ],
  }),
  defineSwitch({
    id: 'miscast',
    topic: 'What does a miscast do? (the table is not captured)',
    values: { classic: 'spell-fails-caster-done', 'classic-8th': 'after-irresistible-force' },
    why:
      'core-mechanics does not capture a miscast table (A.3, unsure). classic (7th): two or more 1s among the casting dice ' +
      'are a miscast even when the total reaches the casting value: the spell fails, the dice are spent and that Wizard casts ' +
      'no more this phase; with two 6s as well, the spell is cast irresistibly and the miscast follows. classic-8th: a ' +
      'miscast follows Irresistible Force, after the spell resolves (A.3, sure). In both, the engine asks for the 2D6 miscast ' +
      'roll and records it; what the roll does is applied by the table from its own rulebook (prompted).',
    sources: ['8e:magic/irresistible-force', '8e:magic/miscasts', '7e:magic/casting-spells', `${CORE} A.3, A.10`],
  }),
  defineRuling({
    id: 'shroud-casting-value',
    topic: 'Shroud of Darkness "3/5+": which number is the casting value?',
    value: 'three',
    why:
      'Every other spell of the seed gives its casting value in brackets, "(6+)"; Shroud of Darkness alone has "3/5+" in its ' +
      'heading, and its text already says "5+ Ward Save". The heading reads as casting value 3 / the 5+ ward it grants, so ' +
      'the engine casts it on 3 (unsure; both variants).',
    sources: ['seed 000_47f9f7e6ea2b5b50 (PM Shroud of Darkness)'],
  }),
  defineRuling({
    id: 'soul-stealer-gain',
    topic: 'Soul Stealer: what is "gains 1 wound" for a caster who has lost wounds?',
    value: 'one-more-wound',
    why:
      'The seed caps the gain at "double its original W", so the gain may take the caster above its profile. The engine adds ' +
      'one to the Wounds the caster has now (a wounded caster gets one back), never above 2 x W (both variants).',
    sources: ['seed 000_47f9f7e6ea2b5b50 (BM Soul Stealer)'],
  }),
  defineRuling({
    id: 'fear-outnumber',
    topic: "When does Fear double a defeated unit's break-test modifier?",
    value: 'combined-us-higher',
    why:
      "The seed's Fear clause 2 doubles the modifier when the combined US of the Fear-causing models in contact is higher " +
      'than the loser\'s US; its example (US 15 against two Fear-causing units "with a combined US of 10", -4) contradicts ' +
      "that if the 10 is the total, and agrees if each unit has US 10 (20 in all). The rule's words win over a reading of " +
      "its example: doubled only when the Fear causers' US is higher. The seed entry applies in both variants.",
    sources: ['seed 000 Fear §2', `${CORE} precedence`],
  }),
  defineRuling({
    id: 'fear-contact',
    topic: 'Which enemy units are in base contact with a defeated unit, for Fear clause 2?',
    value: 'every-enemy-unit-in-the-combat',
    why:
      'Arbiter has no geometry, and a break test is taken in the middle of a round with no question to the table; the ' +
      "enemy units the players locked in the loser's combat are counted as the ones in contact with it (exact for a " +
      'combat of one unit a side). The Fear test at the start of the phase asks the table when a combat has several.',
    sources: ['seed 000 Fear §2'],
  }),
  defineSwitch({
    id: 'panic-heavy-casualties',
    topic: 'When does the engine open a Panic test for heavy casualties?',
    values: { classic: 'next-phase-start', 'classic-8th': 'after-the-attack' },
    why:
      '7th tests 25% lost in a phase at its end (A.10): the log has no "phase ended" event, so the test opens as the ' +
      'next phase starts, before anything else. 8th tests at once (A.7): as the shot, spell or move that cost the ' +
      'models is resolved. Other causes depend on distances: the players declare them (PanicTestDeclared).',
    sources: ['8e:panic/heavy-casualties', '7e:psychology/panic', `${CORE} A.7, A.10`],
  }),
  // Issue 16, the whole battle: which phases' losses call a heavy-casualties Panic test.
  defineRuling({
    id: 'panic-close-combat-losses',
    topic: 'Do the models a unit loses in the close-combat phase call a Panic test for heavy casualties?',
    value: 'not-counted',
    why:
      '7th tests for 25% casualties "at the end of any phase (except the close combat phase)", and its FAQ adds that ' +
      'no test for 25% losses is ever taken in the combat phase (A.10): a unit that won its combat and pursued out of ' +
      'it does not test for the models it lost there. 8th tests at once, and a unit in close combat takes no Panic ' +
      'test (A.7): the models lost in combat never call one either.',
    sources: ['7e:psychology/panic', '7e:faq/psychology', '8e:panic/heavy-casualties', `${CORE} A.7, A.10`],
  }),
  defineSwitch({
    id: 'rally-below-quarter',
    topic: 'Can a fleeing unit with few models left rally?',
    values: { classic: 'not-below-25-percent', 'classic-8th': 'double-one-at-25-percent' },
    why:
      '7th: a unit with less than 25% of its original models, joined characters counted, cannot rally at all (A.10; ' +
      '7e:movement/rally-fleeing-troops); the seed\'s No Leader ("does not allow a unit to rally below 25%") only makes ' +
      'sense under that rule, so a No Leader model is not counted. 8th: a unit with 25% or less rallies only on a ' +
      'double 1 (A.2, sure).',
    sources: ['7e:movement/rally-fleeing-troops', '8e:movement/rally-fleeing-units', `${CORE} A.2, A.10`],
  }),
  defineRuling({
    id: 'stupidity-fleeing',
    topic: 'Does a fleeing unit take a Stupidity test?',
    value: 'no-test',
    why:
      'The seed tests "models not engaged in combat" and says nothing of fleeing ones; a fleeing unit moves as it flees ' +
      'and cannot charge, shoot or cast anyway, so a test would change nothing but its immunity. Both 7th and The Old ' +
      'World (B.7, sure) test only units that are neither fleeing nor engaged.',
    sources: ['seed 000 Stupidity §1', 'tow:special-rules/stupidity', `${CORE} B.7`],
  }),
  defineRuling({
    id: 'general-undesignated',
    topic: 'Who is the general when several characters share the highest Ld and none was designated?',
    value: 'first-mustered',
    why:
      'The seed has the player designate one when mustering (the `general` field). A list that does not is read as ' +
      'naming the first such character it musters, and the explanation says so.',
    sources: ['seed 000 General'],
  }),
  defineRuling({
    id: 'close-combat-weapon',
    topic: 'A unit with several close-combat weapons (a hand weapon and a spear, say): which does it fight with?',
    value: 'special-weapon',
    why:
      'The seed is silent. 8th (sure, read in its rules index) and 7th (likely, the same text) say a model that carries ' +
      'a special close-combat weapon must fight with it, never with its hand weapon instead. So a unit fights with its ' +
      'one special weapon (anything but the hand weapon), else its hand weapon; a unit carrying several special ' +
      'weapons is told which by the `weapon` of its contact entry (CombatJoined / CombatRoundDeclared), and naming the ' +
      'hand weapon beside a special weapon is refused. Magic weapons, which 8th puts first, are not in seed 000.',
    sources: ['8e:weapons/close-combat-weapons', `${CORE} A.5`],
  }),
  defineRuling({
    id: 'two-handed-shield',
    topic: 'What does "cannot be used in combination with a shield" do to the shield\'s armour bonus?',
    value: 'no-shield-in-close-combat',
    why:
      "The seed's Two-handed entry forbids using the weapon with a shield, not carrying both. In 7th and 8th a model " +
      'with a great weapon and a shield fights with the great weapon and gets no shield bonus in close combat, but its ' +
      'shield still counts against shooting (memory of both rulebooks, likely). So: in a round the unit fights with a ' +
      'two-handed weapon its shield gives nothing; against ranged attacks (any attack outside a combat) it counts.',
    sources: ['7e:shooting/armour-saves', '8e:shooting/shields', `${CORE} A.5`],
  }),
  defineSwitch({
    id: 'spear-ranks',
    topic: 'What does the infantry Spear\'s "fight in two ranks" add, and when?',
    values: { classic: 'second-rank-full-attacks', 'classic-8th': 'extra-rank-entered' },
    why:
      'In 6th/7th only models in base contact fight (classic/variants §supporting-attacks), and a weapon that fights ' +
      'in ranks lets each second-rank model behind a model fighting to the front attack as if in contact, with its ' +
      'full Attacks; a unit that moved (charged) that turn fights with one rank fewer, and extra ranks never fight to ' +
      'the flank or rear (6e fight in ranks, sure; 7th likely the same). The second rank is entered as the contact ' +
      "entry's `supporting`, only for models behind models fighting to the front. In 8th every second rank already " +
      'makes one supporting attack and the spear fights in an extra rank, not in a turn it charged (8e spear, sure); ' +
      "the engine cannot see ranks, so in classic-8th the players enter the extra rank's models in `supporting` " +
      'too, one attack each. In both variants the spear adds nothing in the turn its unit charged.',
    sources: [
      '6e:close-combat/fight-in-ranks',
      '8e:weapons/spear-foot',
      '8e:close-combat/supporting-attacks',
      `${CORE} A.5`,
    ],
  }),
  defineRuling({
    id: 'strikes-last',
    topic: 'When does a great weapon strike, and what if its unit charged or has Always Strikes First?',
    value: 'last-even-charging-asf-cancels',
    why:
      'core-mechanics A.5 gives the great weapon "+2 S & strikes last" (8th reference, likely). In 7th a great weapon ' +
      'strikes last even on the charge, and a model that would both strike first and last strikes in Initiative order ' +
      '(7e, likely; 8th: ASF and ASL cancel, A.5, sure). Several units striking last strike among themselves by ' +
      'Initiative.',
    sources: ['7e:close-combat/who-strikes-first', '8e:special-rules/always-strikes-first', `${CORE} A.5, A.10`],
  }),
  defineRuling({
    id: 'hatred-enemies',
    topic: 'Whom does a unit with Hatred hate when its list names no enemy?',
    value: 'all-unless-named',
    why:
      'The seed writes "(enemies) X" and leaves X to the army list: `{ "id": "hatred", "params": { "enemies": ' +
      '"high-elves" } }` (race slugs as ArmyMustered gives them, comma-separated). Plain Hatred, with no enemy named, ' +
      'hates all enemies as in 8th (likely). A unit whose list gives no race is hated only by Hatred of all.',
    sources: ['8e:special-rules/hatred', `${CORE} A.7`],
  }),
  defineRuling({
    id: 'eternal-hatred-pursuit',
    topic: 'Does Eternal Hatred ("hates all enemies") also force pursuit, as Hatred\'s clause 2 does?',
    value: 'must-pursue',
    why:
      'The seed says the unit "hates all enemies": it has Hatred against all of them, with both of Hatred\'s clauses; ' +
      'the re-roll clause is widened to every round. So it must pursue any enemy fleeing from combat (no restraint test).',
    sources: [`${CORE} A.7`],
  }),
  defineRuling({
    id: 'scaly-skin-combined',
    topic: 'Scaly Skin X+ with armour: which "corresponding AS modifier"?',
    value: 'seven-minus-x',
    why:
      'An unarmoured model counts as 7+ (classic/armour-save §unarmoured), so an X+ save is worth 7 - X: 6+ is +1, ' +
      "5+ is +2, 4+ is +3. With armour that modifier is added to the armour's save (Scaly Skin 5+ and heavy armour " +
      '5+: 3+); without armour it is simply X+. Which of the two is called the modifier does not change the sum.',
    sources: ['8e:special-rules/scaly-skin', `${CORE} A.5`],
  }),
  defineRuling({
    id: 'regeneration-default',
    topic: 'Regeneration without an X+ from the list',
    value: 'four-plus',
    why:
      'The seed writes "X+" and lists give it (Regeneration (5+) is { save: 5 }). When a list gives none, 4+: the ' +
      'value of 7th and 8th (A.5, A.10, sure).',
    sources: ['7e:special-rules/regeneration', '8e:special-rules/regeneration', `${CORE} A.5, A.10`],
  }),
  defineRuling({
    id: 'regeneration-restores',
    topic: 'Regeneration "ignores a wound" rolled after casualties were removed: what comes back?',
    value: 'wounds-as-if-not-suffered',
    why:
      'The seed rolls at the end of combat, after models were removed, yet says the unit ignores the wound and that ' +
      'such models "are saved" (only they did not strike). So each ignored wound is undone: the unit\'s Wounds are as ' +
      'if it had not been suffered, up to what it had when the round began, and the models are recounted filling ' +
      'one before the next (classic/casualties §fill-up): a single-Wound model slain this round stands again. Both ' +
      "variants play the seed's timing, because the seed defines the entry (core-mechanics, precedence 1); 8th's " +
      'own Regeneration (a save instead of the ward, A.5) is not played.',
    sources: [`${CORE} precedence, A.5, A.10`],
  }),
  defineRuling({
    id: 'magic-banner-bearer',
    topic: 'Who carries a magic banner (Hydra Banner, War Banner)?',
    value: 'the-unit-listing-it',
    why:
      "The seed lists the banners as items and says nothing of their bearer. A magic banner is borne by the unit's " +
      'standard bearer (6th-8th army books, likely), but a list that gives a unit a banner gives it its bearer: the ' +
      "banner acts for the unit whose gear names it. Its +1 combat result (War Banner) counts beside the standard's " +
      "own +1 (classic/standard), which is capped at one a side; the banner's is not a standard's bonus.",
    sources: ['8e:characters/magic-standards', `${CORE} A.6`],
  }),
  defineRuling({
    id: 'overkill-cap',
    topic: 'How much can the wounds caused beyond a slain model in a challenge add to the combat result?',
    value: 'plus-5',
    why:
      'In a challenge each wound beyond what the slain model had left counts for combat result (Overkill). 7th caps it ' +
      'at +5 (A.10, sure: 7e:close-combat/combat-result-bonuses, 6e:characters/overkill); 8th lists Overkill among ' +
      'the uncommon bonuses with the same cap (A.6, likely), and C lists "Overkill cap +5" as common to both. The seed ' +
      'speaks of "the max. for overkill" (Black Lotus) without a number.',
    sources: ['6e:characters/overkill', '8e:close-combat/uncommon-bonuses', `${CORE} A.6, A.10, C`],
  }),
  defineRuling({
    id: 'challenge-refusal',
    topic: 'What happens when a challenge is refused?',
    value: 'challenger-names-refuser-who-does-not-fight',
    why:
      'The seed lets champions "declare, accept and deny challenges like characters" without saying what a refusal ' +
      'does. In 7th and 8th alike the challenger names one enemy character (or champion) who could have accepted; ' +
      'that model steps back and does not fight this round (memory of both rulebooks, likely; core-mechanics does not ' +
      'cover challenges). Stepping back, it changes places with a trooper of its unit out of contact, who fights in ' +
      'its place (8th: moved into a rank where it is not in base contact). Its Leadership may not be used for any ' +
      'Leadership test that turn (8th: "the model\'s Leadership cannot be used for any Leadership tests that take ' +
      'place that turn"; 7th: the retired character "loses all of his advantages"): a refusing character lends it ' +
      "neither to its unit nor as the General's Inspiring Presence until the turn ends. A champion's Ld is never " +
      'lent, so nothing more follows for a champion who refuses.',
    sources: ['8e:characters/refusing-a-challenge', '7e:characters/refusing-a-challenge-boo-hiss', 'seed Champion'],
  }),
  // Issue 16, loose ends (helper j): a character on its own may not refuse a challenge.
  defineRuling({
    id: 'lone-challenge',
    topic: 'May a character on its own refuse a challenge?',
    value: 'must-accept',
    why:
      'A refusing model steps back and a trooper of its unit out of contact takes its place (§challenge-refusal); a ' +
      'character on its own, or one whose unit has no rank and file left, has nobody to step back behind, so it ' +
      'cannot refuse and must accept (7th and 8th alike: a character fighting on its own cannot refuse; memory of ' +
      'both rulebooks, likely; core-mechanics does not cover challenges).',
    sources: ['8e:characters/refusing-a-challenge', '7e:characters/refusing-a-challenge-boo-hiss', `${CORE} A.6`],
  }),
  defineRuling({
    id: 'muster-joining',
    topic: 'May a character be mustered in a unit it could not join during the game?',
    value: 'refused-as-a-join',
    why:
      'A character listed in a unit has joined it, so the muster asks what a join during the game asks (the ' +
      "permission point: Skirmish's Type (Inf), the barred troop types, Lumbering). A list may give the character a " +
      'troop type of its own (a Lord on a horse is cavalry): it is asked with that, and keeps it when it leaves; ' +
      "without one it has its unit's.",
    sources: ['seed Skirmish', '8e:characters/joining-a-unit', `${CORE} A.2`],
  }),
  // Issue 16, part C1: characters joining and leaving units during the game.
  defineRuling({
    id: 'character-joining',
    topic: 'When and where may a character join or leave a unit during the game?',
    value: 'movement-phase-troops-not-engaged',
    why:
      'The seed names joined characters (Skirmish: "character models with Type (Inf) may join the unit"; General: ' +
      '"the unit he is with") but not how they join. As 7th and 8th play it: a character on its own joins a friendly ' +
      "unit by moving into it in its own side's movement phase, not while it or the unit is fleeing or in combat, nor " +
      'after it charged; the unit joined moves no further that phase. It leaves by moving out before its unit moves, ' +
      'not in the turn it joined and not while the unit is fleeing, in combat or may not move. Characters riding ' +
      'monsters or chariots join no unit, and monsters, chariots, war machines and swarms are joined by none. Two ' +
      'characters on their own forming a unit of characters (8th) is not recorded: a character joins a unit of ' +
      'troops. A character mustered in its unit has no troop type of its own in the list: when it leaves it keeps ' +
      "its unit's.",
    sources: ['8e:characters/joining-a-unit', '8e:characters/leaving-a-unit', 'seed Skirmish', `${CORE} A.2`],
  }),
  defineRuling({
    id: 'black-lotus-cap',
    topic: 'How far do the doubled wounds of Black Lotus count?',
    value: 'extra-capped-as-overkill',
    why:
      'Black Lotus doubles "all wounds caused" when its bearer kills a model in a challenge, "up to the max. for ' +
      'overkill". Read: the wounds that slew the model count as usual, and everything the doubling and the overkill ' +
      'add beyond them together count at most the overkill maximum (+5, classic/variants §overkill-cap).',
    sources: ['seed Black Lotus', `${CORE} A.6, A.10`],
  }),
  defineRuling({
    id: 'standard-recapture',
    topic: 'When is a captured standard taken back from the unit holding it?',
    value: 'destroyed-or-pursued',
    why:
      'The seed: a captured standard "may be recaptured if the unit with the captured standard is defeated in CC (see ' +
      'above)", pointing at its capture clause: the unit destroyed in close combat, or broken and pursued. A holder ' +
      'that breaks and is not pursued keeps what it captured (the seed removes only its own standard then).',
    sources: ['seed Standard'],
  }),
  defineRuling({
    id: 'directed-at-fallen',
    topic: 'Where do attacks go that were directed at a champion or character slain earlier in the round?',
    value: 'rank-and-file',
    why:
      'Attacks are allocated as the models strike (7th and 8th alike, likely); a model directed at a champion or ' +
      'character who has fallen strikes at what is left in contact: the rank and file of the same unit.',
    sources: ['7th and 8th rulebooks, characters in close combat (from memory)', 'seed Champion'],
  }),
  defineRuling({
    id: 'concealed-hidden',
    topic: 'What can a model hidden by Concealed do, and what can reach it, before it is revealed?',
    value: 'not-on-the-table',
    why:
      'The seed says a concealed Assassin "cannot be damaged in any kind of way" and is placed only when revealed, ' +
      'so until then it is not on the table: it does not fight, cannot be attacked, picked out by ranged attacks or ' +
      'challenged, and lends its unit no Leadership (the seed says nothing of its Ld; a model that is not there ' +
      'lends none). Hits and wounds on its unit fall on the rank and file and never reach it.',
    sources: ['seed Concealed'],
  }),
  defineRuling({
    id: 'ranged-pick-out',
    topic: 'How do ranged attacks and spells reach a champion or joined character that its unit no longer protects?',
    value: 'shooter-names-the-model',
    why:
      'The seed protects a champion "like characters" from ranged attacks only while its unit has at least 5 rank ' +
      'and file besides it (7th: fewer than 5 and a character may be picked out). Below 5 the shooting player may ' +
      "name the model as the target of the shot (ShotDeclared `at`): all the shot's hits go at it, saved with its " +
      'own armour and ward, excess wasted; when none is named, every hit falls on the rank and file. Spells hit the ' +
      'unit they are cast on: their hits fall on its rank and file (a champion is no character for spells).',
    sources: ['seed Champion', '7th rulebook, characters and shooting (from memory)'],
  }),
  defineRuling({
    id: 'unit-rules-joined-characters',
    topic: "Do a unit's banner and special rules act for the characters who joined it?",
    value: 'banner-says-all-rules-own-models',
    why:
      'A joined character fights with its own profile, gear and rules (classic/characters §own-profile). The Hydra ' +
      'Banner gives "all Dark Elves" +1A in the first round, so it reaches the Dark Elf characters who joined its ' +
      'unit. A unit\'s special rules (Hatred: "models that fight against X") cover the models the list gives them ' +
      'to: its rank and file and champion; a character has Hatred when its own entry lists it (the army books give ' +
      'their characters the race rules themselves). Active effects on the unit (spells, failed tests) hold its ' +
      'characters too.',
    sources: ['seed Hydra Banner', 'seed Hatred', `${CORE} A.10`],
  }),
  // Riders and mounts (issue 16 item 5).
  defineRuling({
    id: 'mount-rules',
    topic: "Does a mount strike with its rider's weapons and special rules?",
    value: 'own-gear-and-rules',
    why:
      'The seed gives the rider the weapon ("Lance: +2S ... charging", "Spear -Mounted") and the mount nothing. In 7th ' +
      'rider and mount strike "with their own characteristics", and equipment and items are the rider\'s (WAP, 8th ' +
      "say the same). The army books list a mount's own rules on its own line, so the mount strikes with its own gear " +
      'and rules only; what holds the whole unit for a while (a spell, a failed test, a unit-wide banner) holds its ' +
      'mounts too.',
    sources: ['seed Lance', 'seed Spear', '7e:close-combat/cavalry', 'wap:troop-types/cavalry'],
  }),
  defineRuling({
    id: 'mount-support',
    topic: 'Do the mounts of a second rank make supporting attacks?',
    value: 'contact-only',
    why:
      'In 7th only models in base contact fight (§supporting-attacks), so no mount behind does. 8th lets a second-rank ' +
      "cavalry model make one supporting attack, and that attack is the rider's: the mount of a supporting model " +
      'does not strike. Both variants: only mounts in contact strike.',
    sources: ['8e:close-combat/supporting-attacks', '7e:close-combat/cavalry', `${CORE} A.5`],
  }),
  defineRuling({
    id: 'ridden-monster-attacks',
    topic: 'Which of a ridden monster and its rider do attacks in close combat wound?',
    value: 'rider-unless-directed',
    why:
      "6th and 7th record a monster's and its rider's wounds apart, and the attacker says before rolling how many " +
      'attacks go at each; 6th takes undirected attacks as at the rider (8th: at the monster). The seed is silent: ' +
      'attacks are at the rider unless the contact entry directs some at the monster (`at: "mount"`). A slain monster ' +
      'leaves its rider fighting on foot; a slain rider leaves the monster fighting on as the unit, with its own ' +
      'profile, gear and rules. Its Monster Reaction test: §monster-reaction-table.',
    sources: [
      '6e:monsters/slain-riders-and-monsters',
      '7e:monsters/slain-riders-or-mounts',
      '8e:characters/monster-mounts-in-combat',
    ],
  }),
  // Issue 16, part D (shooting ranks; the seeds' words in every variant): this block only.
  defineSwitch({
    id: 'firing-ranks',
    topic: 'How many ranks of a unit fire?',
    values: { classic: 'front-rank', 'classic-8th': 'two-ranks' },
    why:
      '6th and 7th: only the front rank of a unit shoots, the ranks behind cannot see past it (6e who can shoot, sure), ' +
      'and troops on a hill fire with one more rank (6e and 7e missile fire from hills, sure). 8th lets the second ' +
      'rank fire over the first, "fire in two ranks", and farther ranks do not (8e, sure); its hills give no extra ' +
      'rank (none found in the 8th rules index: unsure), and volley fire is neither in core-mechanics nor in the ' +
      "seed, so classic-8th has none. In both variants the seed's Large Target lets every rank shoot at it. The " +
      "engine allows at most the unit's width times the ranks that fire; the players say how many of them are in " +
      'range and line of sight.',
    sources: [
      '6e:shooting/who-can-shoot-and-line-of-sight',
      '7e:shooting/missile-fire-from-hills',
      '8e:shooting/fire-in-two-ranks',
      'seed 000 Large Target',
      `${CORE} A.4, A.10`,
    ],
  }),
  // The seed's words win in every variant (issue 16): these were variant switches that turned seed entries off in
  // classic-8th; a variant switches core mechanics only, so each is now one reading in both variants.
  defineRuling({
    id: 'flee-dice',
    topic: 'How many dice does a unit flee and pursue with?',
    value: 'three-if-m-over-6',
    why:
      '6th/7th: 2D6, or 3D6 for a unit with M above 6 (A.10). The seed\'s Heavy Cavalry "counts as having M6 or less" ' +
      'for fleeing and pursuit/overrun moves, which only means something under that rule: the seed implies it, and a ' +
      "seed's words win in every variant (precedence 1 and 2), so classic-8th flees on 3D6 above M6 too, though 8th " +
      'itself rolls 2D6 (A.6).',
    sources: [
      'seed 000 Heavy Cavalry',
      '6e:close-combat/move-fleeing-troops',
      '7e:close-combat/determine-pursuit-distance',
      `${CORE} precedence, A.6, A.10`,
    ],
  }),
  defineRuling({
    id: 'terror-charge-range',
    topic: 'When does a unit charged by a Terror causer test?',
    value: 'within-charge-range',
    why:
      'The seed\'s Terror (clause 1) tests when the causer "charges a unit and is within charge range", in every ' +
      'variant. With a 2 x M charge the range is known when the charge is declared. Where the range is rolled after ' +
      'the response (classic-8th, M + 2D6), the test comes before the roll, so "within charge range" is read as within ' +
      'the farthest the charge can reach, M + 12 (8th itself tests on the declaration, A.7).',
    sources: ['seed 000 Terror §1', '8e:special-rules/terror', `${CORE} precedence, A.2, A.7, A.10`],
  }),
  defineRuling({
    id: 'march-blocking',
    topic: 'What does an enemy within 8 inches do to a march?',
    value: 'unit-strength-5-blocks',
    why:
      'The seed\'s March Blocker "can march block even if its US is lower than 5" and its Skirmish "cannot be march ' +
      'blocked": march blocking is the 7th-edition rule, where a non-fleeing enemy of US 5 or more within 8 inches ' +
      "stops a march (A, seed provenance, likely). The seed's words win in every variant, so classic-8th blocks so " +
      "too, not by 8th's Leadership test for any enemy (A.2), under which March Blocker would say nothing.",
    sources: ['seed 000 March Blocker', 'wap:movement/marching', `${CORE} precedence, A, A.2, A.10`],
  }),
  defineRuling({
    id: 'template-partial',
    topic: 'Is a model only partly under a template hit?',
    value: 'four-plus',
    why:
      'The seed points to a Templates chapter it does not include, yet its Large Target ("+1") and Skirmish ("-1") ' +
      'modify the "to-hit rolls" of templates, so templates roll to hit: as in 7th, models wholly under a template ' +
      'are hit and those partly under are hit on a 4+, one die each (TOW keeps the 4+, C). That roll takes only the ' +
      'modifiers the seed names for templates; range, moving and cover do not apply. 8th hits every model touched ' +
      "(A.4), which would leave the seed's +1 and -1 nothing to act on, so classic-8th rolls too.",
    sources: ['seed 000 Large Target', 'seed 000 Skirmish', '7e:shooting/templates', `${CORE} precedence, A.4, C`],
  }),
  defineRuling({
    id: 'magic-resistance',
    topic: 'What does Magic Resistance (X) do?',
    value: 'extra-dispel-dice',
    why:
      'The seed writes MR as "MR 1" (Crown of Black Iron), the 7th-edition Magic Resistance: X extra dispel dice when a ' +
      'spell is cast on the unit (A.10, precedence 2), added to an attempt of at least one dispel die from the pool; a ' +
      "character's MR covers the unit it has joined. In every variant: under classic-8th's Winds of Magic the dice " +
      "are added to the attempt just the same (8th's MR as a ward save against spells is not the seed's).",
    sources: ['seed 000 Crown of Black Iron', '7e:magic/dispel-dice', `${CORE} precedence, A.3, A.10`],
  }),
  defineRuling({
    id: 'fear-steadfast',
    topic: 'A Steadfast loser (classic-8th) outnumbered by Fear causers: what does Fear clause 2 do?',
    value: 'as-stubborn',
    why:
      "Steadfast tests on unmodified Ld, as a Stubborn unit does (A.6: Stubborn is always steadfast). The seed's Fear " +
      'says what happens to a loser that tests on unmodified Ld: "Stubborn units that are defeated and outnumbered by ' +
      'fear causing enemies, instead suffer a Ld penalty equal to the basic break test modifier". So a Steadfast loser ' +
      'outnumbered by Fear causers tests on Ld minus the basic modifier, as a Stubborn one does; Fear is no longer ' +
      'ignored under Steadfast.',
    sources: ['seed 000 Fear §2', '8e:close-combat/steadfast', `${CORE} precedence, A.6`],
  }),
  defineRuling({
    id: 'magic-banner-lost',
    topic: 'A unit that breaks and loses its standard: does its magic banner (War Banner, Hydra Banner) still act?',
    value: 'lost-with-the-standard',
    why:
      "A magic banner is borne by the standard bearer (§magic-banner-bearer): it is the standard. The seed's Standard: " +
      '"Standards are lost if the unit with the standard bearer breaks form combat. Replace the standard bearer with a ' +
      'rank & file model." So the banner is lost with it and acts no more, and it is captured or removed with the ' +
      'standard. A unit whose list gives it a banner but no standard bearer loses the banner the same way.',
    sources: ['seed 000 Standard', 'seed 000 War Banner', 'seed 000 Hydra Banner', '8e:characters/magic-standards'],
  }),
  defineRuling({
    id: 'stubborn',
    topic: 'What does Stubborn do in the classic ruleset?',
    value: 'unmodified-leadership',
    why:
      "The seed's Fear speaks of Stubborn units, and no seed entry defines Stubborn: the classic catalogue gives it " +
      '7th\'s rule, which core-mechanics notes the seed assumes ("Stubborn tests on plain Ld", A): a Stubborn unit ' +
      'takes its break tests on its unmodified Leadership. A unit is Stubborn when its list gives it the rule.',
    sources: ['7e:special-rules/stubborn', 'seed 000 Fear §2', `${CORE} A, A.6`],
  }),
  // ---- The end of the game and victory points (issue 16): classic/victory-points and classic/victory.ts. ----
  defineRuling({
    id: 'victory-game-end',
    topic: 'When may the game be ended at its last turn, since Arbiter does not see a turn finish?',
    value: 'during-the-last-player-turn',
    why:
      'The game ends when every player has had the agreed number of turns (six unless agreed otherwise, 7e:victory). ' +
      'A turn has no recorded end, so GameEnded at the last turn is taken once the last player has started the last ' +
      'turn: the table records it when that turn is over. Before that only a concession ends the game.',
    sources: ['7e:victory', '7e:playing-the-game/victory!'],
  }),
  defineRuling({
    id: 'victory-unknown-points',
    topic: 'What is a unit worth in victory points when its muster gives no points cost?',
    value: 'zero-explained',
    why:
      'Victory points are shares of the points a unit cost (7e:victory), which only the army list knows. A muster ' +
      'without `points` gives 0 for that unit, and the explanation says its points are unknown: Arbiter never guesses.',
    sources: ['7e:victory', '7e:victory/enemy-units-at-half-strength'],
  }),
  defineRuling({
    id: 'victory-bands',
    topic: 'Which chart reads the result from the difference in victory points?',
    value: 'wap-percentage-chart',
    why:
      "7th's Victory chart is not in Arbiter's sources; the Warhammer Armies Project chart names the same four results " +
      '(draw, marginal, solid, massacre) by the difference as a share of the size of the battle: 0-9% draw, 10-24% ' +
      'marginal, 25-49% solid, 50%+ massacre (whole percents, rounded down). A concession is a massacre for the ' +
      'opponent, as that chart says.',
    sources: ['wap:victory-conditions/victory-points-chart', '7e:victory'],
  }),
  defineRuling({
    id: 'victory-battle-size',
    topic: 'What is the size of the battle the difference is measured against?',
    value: 'largest-army-mustered',
    why:
      'The chart divides by the size of the battle, the points limit the players agreed; the log holds the armies as ' +
      "mustered, none above that limit, so the largest army by its units' points stands for it. With no points " +
      'given at all the size is unknown: more victory points win a marginal victory, equal ones draw.',
    sources: ['wap:victory-conditions/victory-points-chart'],
  }),
  defineRuling({
    id: 'victory-trophies-held',
    topic: 'Does a captured standard count when the unit holding it has been destroyed?',
    value: 'held-by-a-unit-on-the-table',
    why:
      '7th scores the standards a player "has captured and still holds" at the end; a captor destroyed holds none ' +
      '(in close combat the seed recaptures and removes it; by shooting or magic it is lost with the unit).',
    sources: ['7e:command-groups/capturing-standards', 'seed Standard'],
  }),
  defineRuling({
    id: 'victory-not-scored',
    topic: 'Which of the victory points of 7th does Arbiter not count?',
    value: 'table-quarters-battle-standard-fled-off',
    why:
      "Table quarters need the units' positions and the battle standard a battle standard bearer, neither of which the " +
      'log holds; a unit that fled off the table is still recorded as fleeing, which classic scores in full alike.',
    sources: ['7e:victory', '6e:scenarios/victory-points-scenarios'],
  }),
  // Issue 16, item 9 (seed mends, part F): rulings of their own block.
  defineRuling({
    id: 'killing-blow-seven-plus',
    topic: 'Killing Blow "has no effect on to-wound rolls of 7+": how is a to-wound roll of 7+ made?',
    value: 'six-then-second-die',
    why:
      'The seed has to-wound rolls of 7+, in every variant (it wins over core mechanics); no chart has one (§to-wound-' +
      "floor): a modifier worsening a 6+ makes it. It is rolled as shooting's 7+ (A.4): a 6, then 4+ (7+), 5+ (8+) or " +
      '6 (9+) with a second die; 10+ cannot wound. Killing Blow acts only on a roll that needed 6 or less.',
    sources: ['seed Killing Blow', '7e:close-combat/wounding-the-enemy', `${CORE} A.4, A.5, A.10`],
  }),
  defineSwitch({
    id: 'rank-width',
    topic: 'How many models make a rank that counts (rank bonus, Disruption, Steadfast)?',
    values: { classic: 'five', 'classic-8th': 'three-for-monstrous-infantry-and-beasts' },
    why:
      '7th: ranks of five, whatever the troop type (A.10, sure). 8th: five, monstrous infantry and monstrous beasts ' +
      'three (A.8, sure), for the rank bonus, Disruption and Steadfast alike; core mechanics names no other width.',
    sources: ['7e:close-combat/combat-result-bonuses', '8e:troop-types/monstrous-infantry', `${CORE} A.8, A.10`],
  }),
  // Issue 16 B: charges make combats.
  defineRuling({
    id: 'charges-from-the-log',
    topic: 'When may a CombatJoined say a unit charged that no recorded charge brought into the combat?',
    value: 'only-when-the-log-is-silent',
    why:
      "A charge that reaches makes its combat (or joins its target's), so who charged, into which facing and how far " +
      'is what the charges recorded say, and a claim that differs is refused. A unit the table moves into contact by ' +
      'other means did not charge. When the log holds this player turn from an earlier phase (the movement phase ' +
      "comes first) or a charge declared this turn, it is the whole story of the turn's charges: a unit said to have " +
      'charged without a charge of its own that reached is refused. A fight recorded alone, its log starting at the ' +
      "close-combat phase, says nothing of the charges: the table's word stands there.",
    sources: [`${CORE} A.3, A.5`],
  }),
  defineRuling({
    id: 'after-the-rout',
    topic: 'What does the engine know of pursuit and overrun moves, and what does the table say?',
    value: 'table-says-who-is-reached',
    why:
      'The engine keeps no positions. A unit that wiped out its enemy in the round it charged may overrun with its ' +
      'pursuit dice (the 7th and Old World rulebooks; the seed\'s Hatred "has to overrun" presumes it): the engine asks, ' +
      'or with Hatred (a required pursuit) rolls at once. Whether a pursuit or overrun reaches a fresh enemy is the ' +
      "table's to say (PursuitReached), allowed to a unit whose combat ended this close-combat phase: a fleeing enemy " +
      'reached is destroyed, any other is charged, the combat made at once and fought in the next close-combat phase, ' +
      'the pursuer counting as having charged (its bonuses for its first round there). A unit reached after it fell ' +
      'back in good order (The Old World) has rallied and may reform: it faces its pursuer, who is in its front.',
    sources: ['seed Hatred', `${CORE} A.6`],
  }),
  // Issue 16 item 5, second round (riders and mounts: shots at a ridden monster): this block only.
  defineRuling({
    id: 'ridden-monster-shots',
    topic: 'Which of a ridden monster and its rider do shooting hits strike?',
    value: 'd6-each-1-to-4-monster',
    why:
      'The seed and core-mechanics are silent. 6th and 7th alike share the hits of a shot at a character riding a ' +
      'monster: a D6 for each hit, 1-4 the monster, 5-6 the rider, each wounded with its own T and saving as it may ' +
      '(a rider on a monster has no +1 mounted save: §ridden-monster-attacks). The engine asks for one D6 a hit and ' +
      'wounds each with its own hits. A template on a ridden monster (7th: both hit when the base is covered) is not ' +
      'split: its hits fall on the rider, as any close-combat blow not directed at the monster.',
    sources: ['6e:monsters/randomise-hits-monsters', '7e:monsters/shooting-at-monstrous-mounts'],
  }),
  defineRuling({
    id: 'monster-reaction-table',
    topic: "What does the engine do with a ridden monster's Monster Reaction test?",
    value: 'engine-tests-table-plays',
    why:
      'The seed and core-mechanics are silent. 7th: when the rider is slain the monster at once takes a Leadership ' +
      "test on its own Ld (never its General's); passed, it fights on as normal; failed, a D6 on the Monster Reaction " +
      'table. The engine rolls the Leadership test and records it (monster-reaction). The table itself is not in the ' +
      "sources the engine holds, and its results (leave the field, charge the nearest, stand guard over the rider's " +
      'body, and in 8th Stupidity, Unbreakable or Frenzy) are mostly movement and behaviour the engine does not keep: ' +
      'a failed test tells the table to roll on it and play its result. 6th takes the test after the combat; the seed ' +
      'follows 7th, so both variants take it at once.',
    sources: ['6e:monsters/slain-riders-and-monsters', '7e:monsters/slain-riders-or-mounts', `${CORE} A.10`],
  }),
  // Issue 16 item 9 (Stupidity's stupid move: a charge, a confused friend).
  defineRuling({
    id: 'stupid-move-met',
    topic: "What did a stupid unit's move run into, and what follows?",
    value: 'table-says-engine-acts',
    why:
      'The engine keeps no positions: the table measures the half-M move straight ahead and says what it ran into ' +
      '(StupidMoveMade). The seed then says what follows, and the engine does it: an enemy reached "counts as a ' +
      'charge and the target unit gets to make a charge response" (the charge makes its combat, the stupid unit ' +
      'charging, no charge roll asked, its reach its half M); a friend bumped into is confused and "cannot move ' +
      'voluntarily in this movement phase" (no move, march or charge until the phase ends; a reform is not a move ' +
      "of the unit across the table, and compulsory moves go on). The move is the unit's move this turn.",
    sources: ['seed 000 Stupidity §2', `${CORE} A.3`],
  }),
  defineRuling({
    id: 'stupid-charge-flee',
    topic: 'The enemy a stupid move reached flees as its charge response: does the stupid unit follow it?',
    value: 'moves-no-further',
    why:
      'The seed gives the stupid move half its M and no more (§2); a charged unit that flees moves away at once, so ' +
      'the stupid unit, its move already made, neither follows nor catches it: no combat is made.',
    sources: ['seed 000 Stupidity §2', `${CORE} A.3`],
  }),
  // Issue 16, after the rout (helper i16-h): reforms after combat, overruns in larger combats.
  defineRuling({
    id: 'reform-after-combat',
    topic: 'Which winners may reform once their combat is over, and what does the engine record of it?',
    value: 'restrained-or-wiped-out',
    why:
      'The 8th-edition baseline (the seeds say nothing of it): a winner that passes its test to restrain its pursuit ' +
      'may reform, and a unit that wipes out its foes automatically restrains and may reform unless it overruns ' +
      '(8e wipe-out). A unit that pursued, overran or is still in a combat may not; a unit reforms once. The engine ' +
      'keeps no positions, so UnitReformed records the new frontage (files), which the rank bonus counts from then on; ' +
      "its facing is the table's.",
    sources: ['8e:close-combat/restrain-pursuit', '8e:close-combat/wipe-out', `${CORE} A.6`],
  }),
  defineRuling({
    id: 'overrun-in-a-larger-combat',
    topic: 'May a charger overrun when it destroyed its own foes but the combat it is in goes on?',
    value: 'when-no-foe-in-contact-remains',
    why:
      'The overrun is for a unit that destroyed its enemy (the rulebooks speak of one unit and its foe); a combat of ' +
      'several units does not make the others its enemy until they touch it. So a unit that charged this round and ' +
      'whose every foe in contact (the enemy it fought, and any that fought it) is destroyed may overrun while the ' +
      'rest of the combat fights on: it leaves that combat. A unit still touching a foe that lives is held (the ' +
      '§held-in-contact clause), and a unit of the losing side takes its break test instead (its result decides its ' +
      'move), so only the winners, or both sides in a draw, are asked.',
    sources: ['8e:close-combat/overrun', `${CORE} A.6`],
  }),
] as const

export type ClassicDecisions = DecisionIndexOf<typeof classicDecisions>
