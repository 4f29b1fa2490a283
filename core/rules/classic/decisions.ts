import { type DecisionIndexOf, defineDecision } from '../../engine/catalogue.js'

const CORE = 'rules/core-mechanics.md'

/**
 * The variant table: where the sources disagree, are unsure, or the seed is silent, the choice
 * each variant makes. `classic` plays the seed as written (7th-edition conventions, core-mechanics
 * A.10 and "Precedence"); `classic-8th` takes the 8th-edition baseline wherever the seed is silent.
 * Explanations cite each as `classic/variants §<id>`.
 */
export const classicDecisions = [
  defineDecision({
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
  defineDecision({
    id: 'charge-bonus',
    topic: 'What does charging give a unit in close combat?',
    values: { classic: 'strike-first', 'classic-8th': 'combat-result' },
    why:
      'The seed\'s ASF strikes first "even before attackers", which only makes sense if chargers normally strike first: the ' +
      '7th-edition convention (A.10, sure), with no combat-result bonus for charging in 7th. 8th has no strike-first for ' +
      'chargers and gives +1 combat result instead (A.6, sure).',
    sources: ['7e:close-combat/who-strikes-first', '8e:close-combat/striking-order', `${CORE} A.5, A.6, A.10, C`],
  }),
  defineDecision({
    id: 'initiative-ties',
    topic: 'Who strikes first when Initiative is equal?',
    values: { classic: 'simultaneous', 'classic-8th': 'simultaneous' },
    why:
      "7th breaks ties by last round's winner, else a roll (A.10); 8th strikes simultaneously (A.5, sure). The seed implies " +
      'neither, so by the precedence rule (3) both variants take the 8th baseline: equal Initiative ' +
      'strikes at the same time.',
    sources: ['8e:close-combat/striking-order', '7e:close-combat/who-strikes-first', `${CORE} precedence, A.5, A.10`],
  }),
  defineDecision({
    id: 'supporting-attacks',
    topic: 'Do models in the second rank attack?',
    values: { classic: 'none', 'classic-8th': 'second-rank' },
    why:
      'In 7th only models in base contact fight; the seed\'s Spear "fight in two ranks" is a special rule only because of that. ' +
      '8th lets each second-rank model behind a fighting model make one supporting attack (A.5, sure).',
    sources: ['8e:close-combat/supporting-attacks', `${CORE} A.5, C`],
  }),
  defineDecision({
    id: 'asf-re-rolls',
    topic: 'Does Always Strikes First also re-roll misses?',
    values: { classic: 'none', 'classic-8th': 'misses-if-initiative-not-lower' },
    why:
      "The seed's ASF says only that the model strikes first. In 8th, ASF also re-rolls misses when its Initiative is at least " +
      "the enemy's, and ASF against ASF re-rolls nothing (A.5, sure); classic-8th takes that where the seed is silent.",
    sources: ['8e:special-rules/always-strikes-first', `${CORE} A.5`],
  }),
  defineDecision({
    id: 'outnumber',
    topic: 'Does a side with more Unit Strength gain combat result?',
    values: { classic: 'plus-one', 'classic-8th': 'none' },
    why:
      'The seed uses Unit Strength throughout (Fear compares US); 7th gives +1 for outnumbering (A.10, ' +
      'sure). 8th has none.',
    sources: ['7e:close-combat/combat-result-bonuses', `${CORE} A.8, A.10`],
  }),
  defineDecision({
    id: 'disruption',
    topic: 'Which enemy in the flank or rear cancels a rank bonus?',
    values: { classic: 'unit-strength-5', 'classic-8th': 'two-ranks-of-5' },
    why:
      '7th: a flank or rear enemy of Unit Strength 5 or more (A.10, sure). 8th: one with at least two ' +
      'ranks of five (A.6, likely).',
    sources: ['7e:close-combat/combat-result-bonuses', '8e:close-combat/flank-attack', `${CORE} A.6, A.10`],
  }),
  defineDecision({
    id: 'rank-count',
    topic: 'When are ranks counted for the rank bonus?',
    values: { classic: 'round-start', 'classic-8th': 'combat-result' },
    why: '7th counts ranks as the round starts (A.10, sure); 8th counts them when the result is worked out (A.6).',
    sources: ['7e:close-combat/combat-result-bonuses', '8e:close-combat/extra-ranks', `${CORE} A.6, A.10`],
  }),
  defineDecision({
    id: 'rank-bonus-units',
    topic: 'When a side has several units in a combat, whose ranks count?',
    values: { classic: 'best-single-unit', 'classic-8th': 'best-single-unit' },
    why:
      'core-mechanics gives the rank bonus per unit without saying how several units combine. Both editions count only the ' +
      'unit with the best rank bonus (memory of 7e and 8e, likely; the same rule as The Old World, B.6, sure).',
    sources: ['8e:close-combat/extra-ranks', `${CORE} A.6, B.6`],
  }),
  defineDecision({
    id: 'steadfast',
    topic: 'Does a losing unit with more ranks test on its unmodified Leadership?',
    values: { classic: 'none', 'classic-8th': 'more-ranks' },
    why:
      "Steadfast is 8th's (A.6, sure); the seed's Fear entry speaks of Stubborn, not Steadfast, and 7th has none. classic-8th " +
      'tests a loser with more ranks (of five) than the enemy on its unmodified Leadership.',
    sources: ['8e:close-combat/steadfast', `${CORE} A.6`],
  }),
  defineDecision({
    id: 'flee-dice',
    topic: 'How many dice does a unit flee and pursue with?',
    values: { classic: 'three-if-m-over-6', 'classic-8th': 'two' },
    why:
      '6th/7th: 2D6, or 3D6 for a unit with M above 6 (A.10); the seed\'s Heavy Cavalry "counts as having M6 or less" for ' +
      'fleeing and pursuit, which only matters under that rule. 8th: 2D6 (A.6, sure; Swiftstride is a special rule).',
    sources: ['6e:close-combat/move-fleeing-troops', '7e:close-combat/determine-pursuit-distance', `${CORE} A.6, A.10`],
  }),
  defineDecision({
    id: 'unit-strength-unlisted',
    topic: 'Unit Strength of troop types core-mechanics does not list',
    values: { classic: 'chariot-4-swarm-3-war-beast-1', 'classic-8th': 'chariot-4-swarm-3-war-beast-1' },
    why:
      'A.10 lists infantry 1, cavalry 2, large and monstrous infantry and war machines 3, monsters = Wounds. For the rest: ' +
      'chariots 4 and swarms 3 (6th-edition unit strength, from memory, likely), war beasts 1 like infantry, monstrous ' +
      'cavalry and monstrous beasts 3 as large models.',
    sources: ['6e:units/unit-strength', `${CORE} A.8, A.10`],
  }),
  defineDecision({
    id: 'excess-wounds',
    topic: 'Do unsaved wounds beyond what the enemy unit had left count for combat result?',
    values: { classic: 'not-counted', 'classic-8th': 'not-counted' },
    why:
      'core-mechanics scores "unsaved wounds" and counts wounds past a slain model only as Overkill, which belongs to ' +
      'challenges (A.6, A.10). So outside a challenge a unit cannot be wounded more times than it has Wounds left, and the ' +
      'excess scores nothing (likely; both editions).',
    sources: ['8e:close-combat/uncommon-bonuses', '6e:characters/overkill', `${CORE} A.5, A.6, A.10`],
  }),
  defineDecision({
    id: 'high-ground',
    topic: 'Does fighting from higher ground add to the combat result?',
    values: { classic: 'plus-one', 'classic-8th': 'none' },
    why:
      '7th gives +1 to a side fighting from higher ground (A.10, sure). For 8th core-mechanics found no such bonus (A.6, ' +
      'unsure: it is in 6th, 7th, WAP and TOW); classic-8th follows the 8th rules index as read, with none.',
    sources: ['7e:close-combat/combat-result-bonuses', `${CORE} A.6, A.10`],
  }),
  defineDecision({
    id: 'close-combat-weapon',
    topic: 'A unit with several close-combat weapons (a hand weapon and a spear, say): which does it fight with?',
    values: { classic: 'special-weapon', 'classic-8th': 'special-weapon' },
    why:
      'The seed is silent. 8th (sure, read in its rules index) and 7th (likely, the same text) say a model that carries ' +
      'a special close-combat weapon must fight with it, never with its hand weapon instead. So a unit fights with its ' +
      'one special weapon (anything but the hand weapon), else its hand weapon; a unit carrying several special ' +
      'weapons is told which by the `weapon` of its contact entry (CombatJoined / CombatRoundDeclared), and naming the ' +
      'hand weapon beside a special weapon is refused. Magic weapons, which 8th puts first, are not in seed 000.',
    sources: ['8e:weapons/close-combat-weapons', `${CORE} A.5`],
  }),
  defineDecision({
    id: 'two-handed-shield',
    topic: 'What does "cannot be used in combination with a shield" do to the shield\'s armour bonus?',
    values: { classic: 'no-shield-in-close-combat', 'classic-8th': 'no-shield-in-close-combat' },
    why:
      "The seed's Two-handed entry forbids using the weapon with a shield, not carrying both. In 7th and 8th a model " +
      'with a great weapon and a shield fights with the great weapon and gets no shield bonus in close combat, but its ' +
      'shield still counts against shooting (memory of both rulebooks, likely). So: in a round the unit fights with a ' +
      'two-handed weapon its shield gives nothing; against ranged attacks (any attack outside a combat) it counts.',
    sources: ['7e:shooting/armour-saves', '8e:shooting/shields', `${CORE} A.5`],
  }),
  defineDecision({
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
  defineDecision({
    id: 'strikes-last',
    topic: 'When does a great weapon strike, and what if its unit charged or has Always Strikes First?',
    values: { classic: 'last-even-charging-asf-cancels', 'classic-8th': 'last-even-charging-asf-cancels' },
    why:
      'core-mechanics A.5 gives the great weapon "+2 S & strikes last" (8th reference, likely). In 7th a great weapon ' +
      'strikes last even on the charge, and a model that would both strike first and last strikes in Initiative order ' +
      '(7e, likely; 8th: ASF and ASL cancel, A.5, sure). Several units striking last strike among themselves by ' +
      'Initiative.',
    sources: ['7e:close-combat/who-strikes-first', '8e:special-rules/always-strikes-first', `${CORE} A.5, A.10`],
  }),
  defineDecision({
    id: 'killing-blow-seven-plus',
    topic: 'Killing Blow "has no effect on to-wound rolls of 7+": when can a to-wound roll need more than 6?',
    values: { classic: 'modified-above-six-no-effect', 'classic-8th': 'modified-above-six-no-effect' },
    why:
      'Neither to-wound chart has a 7+ cell: the 7th chart reads "N" where the 8th one reads 6+ (classic/variants ' +
      '§to-wound-floor). A need above 6 arises only when a to-wound modifier worsens a 6+ (none in seed 000 so far). ' +
      'A natural 6 does not always wound here (A.5), so such a roll cannot succeed and leaves no wound to act on; ' +
      'should a later rule make a 7+ roll possible (a 6 then a further roll, as shooting does), Killing Blow does ' +
      'not apply to it. The engine passes the modified need to Killing Blow, which steps aside above 6.',
    sources: [
      '7e:close-combat/wounding-the-enemy',
      '8e:close-combat/roll-to-wound-close-combat',
      `${CORE} A.4, A.5, A.10`,
    ],
  }),
  defineDecision({
    id: 'hatred-enemies',
    topic: 'Whom does a unit with Hatred hate when its list names no enemy?',
    values: { classic: 'all-unless-named', 'classic-8th': 'all-unless-named' },
    why:
      'The seed writes "(enemies) X" and leaves X to the army list: `{ "id": "hatred", "params": { "enemies": ' +
      '"high-elves" } }` (race slugs as ArmyMustered gives them, comma-separated). Plain Hatred, with no enemy named, ' +
      'hates all enemies as in 8th (likely). A unit whose list gives no race is hated only by Hatred of all.',
    sources: ['8e:special-rules/hatred', `${CORE} A.7`],
  }),
  defineDecision({
    id: 'eternal-hatred-pursuit',
    topic: 'Does Eternal Hatred ("hates all enemies") also force pursuit, as Hatred\'s clause 2 does?',
    values: { classic: 'must-pursue', 'classic-8th': 'must-pursue' },
    why:
      'The seed says the unit "hates all enemies": it has Hatred against all of them, with both of Hatred\'s clauses; ' +
      'the re-roll clause is widened to every round. So it must pursue any enemy fleeing from combat (no restraint test).',
    sources: [`${CORE} A.7`],
  }),
  defineDecision({
    id: 'scaly-skin-combined',
    topic: 'Scaly Skin X+ with armour: which "corresponding AS modifier"?',
    values: { classic: 'seven-minus-x', 'classic-8th': 'seven-minus-x' },
    why:
      'An unarmoured model counts as 7+ (classic/armour-save §unarmoured), so an X+ save is worth 7 - X: 6+ is +1, ' +
      "5+ is +2, 4+ is +3. With armour that modifier is added to the armour's save (Scaly Skin 5+ and heavy armour " +
      '5+: 3+); without armour it is simply X+. Which of the two is called the modifier does not change the sum.',
    sources: ['8e:special-rules/scaly-skin', `${CORE} A.5`],
  }),
  defineDecision({
    id: 'regeneration-default',
    topic: 'Regeneration without an X+ from the list',
    values: { classic: 'four-plus', 'classic-8th': 'four-plus' },
    why:
      'The seed writes "X+" and lists give it (Regeneration (5+) is { save: 5 }). When a list gives none, 4+: the ' +
      'value of 7th and 8th (A.5, A.10, sure).',
    sources: ['7e:special-rules/regeneration', '8e:special-rules/regeneration', `${CORE} A.5, A.10`],
  }),
  defineDecision({
    id: 'regeneration-restores',
    topic: 'Regeneration "ignores a wound" rolled after casualties were removed: what comes back?',
    values: { classic: 'wounds-as-if-not-suffered', 'classic-8th': 'wounds-as-if-not-suffered' },
    why:
      'The seed rolls at the end of combat, after models were removed, yet says the unit ignores the wound and that ' +
      'such models "are saved" (only they did not strike). So each ignored wound is undone: the unit\'s Wounds are as ' +
      'if it had not been suffered, up to what it had when the round began, and the models are recounted filling ' +
      'one before the next (classic/casualties §fill-up): a single-Wound model slain this round stands again. Both ' +
      "variants play the seed's timing, because the seed defines the entry (core-mechanics, precedence 1); 8th's " +
      'own Regeneration (a save instead of the ward, A.5) is not played.',
    sources: [`${CORE} precedence, A.5, A.10`],
  }),
  defineDecision({
    id: 'magic-banner-bearer',
    topic: 'Who carries a magic banner (Hydra Banner, War Banner)?',
    values: { classic: 'the-unit-listing-it', 'classic-8th': 'the-unit-listing-it' },
    why:
      "The seed lists the banners as items and says nothing of their bearer. A magic banner is borne by the unit's " +
      'standard bearer (6th-8th army books, likely), but a list that gives a unit a banner gives it its bearer: the ' +
      "banner acts for the unit whose gear names it. Its +1 combat result (War Banner) counts beside the standard's " +
      "own +1 (classic/standard), which is capped at one a side; the banner's is not a standard's bonus.",
    sources: ['8e:characters/magic-standards', `${CORE} A.6`],
  }),
] as const

export type ClassicDecisions = DecisionIndexOf<typeof classicDecisions>
