import { type DecisionIndexOf, rulingsOf } from '../../engine/catalogue.js'

const CORE = 'rules/core-mechanics.md'

/** The Old World has one variant, so each of its decisions is a ruling (the profile reads those it needs). */
const defineRuling = rulingsOf(['old-world'])

/**
 * The Old World's variant table: where its sources are unsure (marked (L)/(U) in core-mechanics B)
 * or a procedure it shares with the classic ruleset asks a question, the answer `old-world` takes.
 * Explanations cite each as `old-world/variants §<id>`.
 */
export const oldWorldDecisions = [
  defineRuling({
    id: 'rank-count',
    topic: "When are a unit's ranks counted for its rank bonus?",
    value: 'combat-result',
    why: 'The rank bonus is part of the combat result score (B.6, sure): ranks are counted as it is worked out.',
    sources: ['tow:the-combat-phase/combat-result-score', `${CORE} B.6`],
  }),
  defineRuling({
    id: 'flee-dice',
    topic: 'How many dice does a fleeing or pursuing unit roll?',
    value: 'two',
    why: 'Flee and pursuit moves are 2D6 for every troop type (B.2, B.6, sure); Swiftstride is its own rule.',
    sources: ['tow:movement-in-detail/the-flee-move', 'tow:the-combat-phase/the-pursuit-move', `${CORE} B.2, B.6`],
  }),
  defineRuling({
    id: 'excess-wounds',
    topic: 'Do wounds beyond the last model of a unit count for combat result?',
    value: 'not-counted',
    why:
      'The score is the Wounds the enemy lost (B.6, sure): a model cannot lose more Wounds than it has, so wounds past ' +
      'the last model score nothing. Only a challenge counts overkill.',
    sources: ['tow:the-combat-phase/combat-result-score', `${CORE} B.6`],
  }),
  defineRuling({
    id: 'challenge-refusal',
    topic: 'Who steps back when a challenge is refused?',
    value: 'challenger-names-refuser-who-does-not-fight',
    why:
      'The challenger picks which enemy character refuses, and that one does not fight this round (tow:characters, ' +
      'challenges; as the classic table takes it). Its Leadership may not be used for any Leadership test that ' +
      "turn, by its unit or as the General's Inspiring Presence (as 8th and the classic table have it: the index " +
      'page was not read, so this is a ruling).',
    sources: ['tow:characters/refusing-a-challenge', '8e:characters/refusing-a-challenge'],
  }),
  // Issue 16, loose ends (helper j): a character on its own may not refuse a challenge.
  defineRuling({
    id: 'lone-challenge',
    topic: 'May a character on its own refuse a challenge?',
    value: 'must-accept',
    why:
      'A refuser steps back out of the fight behind the troopers of its unit (§challenge-refusal, as the classic ' +
      'table has it); a character on its own, or one whose unit has no rank and file left, has nobody to step back ' +
      'behind, so it cannot refuse and must accept (as 8th has it; the index page was not read, so this is a ruling).',
    sources: ['tow:characters/refusing-a-challenge', '8e:characters/refusing-a-challenge'],
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
    sources: ['tow:characters/joining-a-unit', '8e:characters/joining-a-unit'],
  }),
  // Issue 16, part C1: characters joining and leaving units during the game.
  defineRuling({
    id: 'character-joining',
    topic: 'When and where may a character join or leave a unit during the game?',
    value: 'movement-phase-troops-not-engaged',
    why:
      'The seed bars joining for Lumbering and Tree Spirit models and speaks of "a joining character" (Stubborn, ' +
      "Terror) but not of when. As the classic table takes it: in its own side's Movement phase a character on its " +
      'own joins a friendly unit of troops, not while either is fleeing or in combat, nor after it charged; the unit ' +
      'moves no further that phase. It leaves before its unit moves, not in the turn it joined, not while the unit ' +
      'is fleeing, in combat or may not move. The troop types core-mechanics B.8 calls Lumbering (monstrous ' +
      'creatures, behemoths, heavy chariots) count as Lumbering for joining whether or not the list names the rule, ' +
      'and war machines are joined by no character.',
    sources: ['tow:characters/joining-a-unit', 'seed 001 lines 37-38, 44, 48-52, 87-91', `${CORE} B.8`],
  }),
  defineRuling({
    id: 'standard-recapture',
    topic: 'When is a captured standard recaptured?',
    value: 'never',
    why:
      "The Old World's own rule, not classic's: a standard is claimed as a trophy when its unit is run down while " +
      'fleeing or destroyed in combat by an enemy unit, and "once a standard has been lost in this way, it cannot be ' +
      'reclaimed" (rulebook p. 200, trophies of war; read in the rules index mirror, sure). A unit that breaks and ' +
      'escapes keeps its standard; a unit destroyed by shooting gives no trophy. Seed 001 and core-mechanics B say ' +
      'nothing of standards beyond their +1 combat result (B.6), so the rulebook rule applies (issue 16).',
    sources: ['tow:command-groups/trophies-of-war-command-groups', `${CORE} B.6`],
  }),
  defineRuling({
    id: 'directed-at-fallen',
    topic: 'Where do attacks directed at a model that has already fallen go?',
    value: 'rank-and-file',
    why: 'Attacks at a model slain earlier in the round go to the rank and file in base contact instead.',
    sources: ['tow:removing-casualties/allocating-attacks'],
  }),
  defineRuling({
    id: 'charge-range',
    topic: 'How far does a charge reach?',
    value: 'move-plus-higher-die',
    why: 'Charge range = M + the higher of 2D6, rolled after the reaction (B.2, sure); Swiftstride is its own rule.',
    sources: ['tow:the-movement-phase/determine-charge-range', `${CORE} B.2, C`],
  }),
  defineRuling({
    id: 'failed-charge',
    topic: 'How far does a unit move when its charge falls short?',
    value: 'higher-die',
    why: 'A failed charge moves the Charge roll result, the higher die, towards the target (B.2, sure).',
    sources: ['tow:the-movement-phase/failed-charge', `${CORE} B.2`],
  }),
  defineRuling({
    id: 'terror-charge-range',
    topic: 'When does a unit charged by a Terror causer test?',
    value: 'on-declaration',
    why: 'The seed: "When a Terror-causing unit declares a charge, its target takes a Leadership test straight away".',
    sources: ['seed 001 lines 40-44', 'tow:special-rules/terror'],
  }),
  defineRuling({
    id: 'stand-and-shoot-range',
    topic: 'How close may a charger come before the target can no longer stand and shoot?',
    value: 'own-move',
    why: 'Stand & Shoot is refused if the charger is closer than its own M (B.2, sure).',
    sources: ['tow:the-movement-phase/stand-and-shoot', `${CORE} B.2`],
  }),
  defineRuling({
    id: 'terror-joined-character',
    topic: 'Does a unit cause Terror (or Fear) when a character who causes it joins it?',
    value: 'unit-causes-gains-no-immunity',
    why:
      'The seed speaks of "a Terror-causing unit" and says a unit not causing Terror "gains no immunity when a ' +
      'character that does joins it": the unit causes it through the character (its Unit Strength counts for Fear) ' +
      'but tests as before.',
    sources: ['seed 001 lines 40-44', 'tow:special-rules/terror'],
  }),
  defineRuling({
    id: 'fear-once-per-turn',
    topic: 'Which Fear tests does "one test per turn" limit?',
    value: 'combat-test',
    why:
      'B.7 puts the limit beside the test taken when a combat is fought: a unit tests once in a Combat phase however ' +
      'many rounds or causers. The test to charge is its own test, taken in the Movement phase.',
    sources: ['tow:special-rules/fear', `${CORE} B.7`],
  }),
  defineRuling({
    id: 'terror-causer-fear',
    topic: "Is a Terror causer affected by another Terror causer's Fear?",
    value: 'tests-fear',
    why:
      'The seed makes Terror causers immune to Terror only, and says causing Fear gives no protection against the Fear ' +
      'of Terror-causing models: a Terror causer facing a Terror causer of higher Unit Strength tests Fear.',
    sources: ['seed 001 lines 40-44'],
  }),
  defineRuling({
    id: 'march-blocking',
    topic: 'What does an enemy within 8 inches do to a march?',
    value: 'leadership-test',
    why:
      'Enemy Sighted: within 8" of a non-fleeing enemy a unit must pass a Leadership test to march; a failed test ' +
      'still counts as marched (B.2, sure).',
    sources: ['tow:movement-in-detail/enemy-sighted', `${CORE} B.2`],
  }),
  defineRuling({
    id: 'pursuit-contact',
    topic: 'Arbiter does not see the table: when does a pursuer reach the unit it pursues?',
    value: 'pursuit-roll-at-least-flee-roll',
    why:
      'The Old World measures it (B.6: contact with a fleeing unit runs it down). Both move straight along the same ' +
      'line from the same combat, so a pursuit roll equal to or above the flee (or fall-back) roll reaches it, as ' +
      'the classic table compares them. A broken unit reached is destroyed; one that fell back in good order is ' +
      'not: the pursuer counts as having charged it, and the players declare that combat next turn.',
    sources: ['tow:the-combat-phase/pursuit-into-a-fleeing-enemy', 'tow:faq/combat', `${CORE} B.6, C`],
  }),
  defineRuling({
    id: 'fall-back-unit-strength',
    topic: 'When and whose Unit Strength is counted to turn a Fall Back in Good Order into a Break?',
    value: 'both-sides-as-the-result-is-worked-out',
    why:
      "Every unit of each side still fighting when the combat result is worked out (after the round's casualties, " +
      'before any loser breaks), so each losing unit of a combat is measured against the same totals.',
    sources: ['tow:the-combat-phase/break-test', `${CORE} B.6`],
  }),
  defineRuling({
    id: 'general-undesignated',
    topic: 'Who leads the army when several characters share the highest Leadership and none was named?',
    value: 'first-mustered',
    why: 'The players name the General at muster; if they did not, the first mustered of them, as the classic table.',
    sources: ['tow:characters/general-and-battle-standard'],
  }),
  defineRuling({
    id: 'tree-spirit-leadership',
    topic: 'Which Tree Spirit characters may lend their Leadership to a Tree Spirit unit?',
    value: 'any-tree-spirit-character-in-his-command-range',
    why:
      'The seed\'s exception names "a Tree Spirit friendly character, not fleeing", any one, "when inside that ' +
      'character\'s Command range". Every character has a Command range (B.7): the General\'s is 12" (18" as a Large ' +
      "Target), any other character's is his Ld in inches. So a Tree Spirit unit uses the Ld of a Tree Spirit " +
      'character who joined it, or of any friendly Tree Spirit character not fleeing whose Command range the table says ' +
      'it stands in (the General through Inspiring Presence). Characters without Tree Spirit lend it nothing.',
    sources: [
      'tow:special-rules/tree-spirit',
      'tow:characters/inspiring-presence',
      'tow:characters/command-range',
      `${CORE} B.7`,
    ],
  }),
  defineRuling({
    id: 'combat-apart',
    topic: 'Arbiter does not see the table: when are the sides of a combat out of contact after a round?',
    value: 'every-loser-gave-ground-and-none-followed',
    why:
      'Units that gave ground are 2" away; the combat goes on only if a winner follows up. When every losing unit ' +
      'still there gave ground and no winner followed up, the combat ends.',
    sources: ['tow:the-combat-phase/follow-up', `${CORE} B.6`],
  }),
  defineRuling({
    id: 'casting-bonus',
    topic: 'What does a Wizard add to its 2D6 casting and Wizardly dispel rolls?',
    value: 'half-level-rounded-up',
    why:
      'Half its Level, rounded up (B.3 marks it likely: one source, tow:magic/casting-roll-casting-result-and-casting-' +
      'value): a Level 1 or 2 Wizard adds 1, a Level 3 or 4 adds 2. Fractions round up (B.1).',
    sources: ['tow:magic/casting-roll-casting-result-and-casting-value', `${CORE} B.3`],
  }),
  defineRuling({
    id: 'casting-turn',
    topic: 'In whose turn does a Wizard cast, and what does "a turn" count its spells over?',
    value: 'own-turn',
    why:
      "A Wizard casts in its own side's turn, in each spell type's phase; its Level limit and each spell's once count " +
      'over that turn (B.3 "per turn at most Level attempts, each spell once").',
    sources: ['tow:magic/casting-spells', `${CORE} B.3`],
  }),
  defineRuling({
    id: 'dispel-miscast',
    topic: 'What does the Miscast table do to a Wizard that miscasts while dispelling?',
    value: 'harm-lines-only',
    why:
      'The dispel fails. Results 2-7 strike the dispelling Wizard as they would a caster; results 8-12 cast a spell ' +
      'the dispelling Wizard has not cast, so they do nothing but end its casting for the turn (B.3 gives the table ' +
      'for casters only).',
    sources: ['tow:magic/miscast-table', 'tow:magic/dispel-roll-and-dispel-result', `${CORE} B.3`],
  }),
  defineRuling({
    id: 'ranged-pick-out',
    topic: 'How do ranged attacks reach a champion or joined character that its unit no longer protects?',
    value: 'shooter-names-the-model',
    why:
      'While its unit has five or more rank and file, hits fall on them; below that the shooting player may name the ' +
      'model (ShotDeclared `at`), as the classic table takes it.',
    sources: ['tow:characters/look-out-sir-characters', `${CORE} B.4`],
  }),
  defineRuling({
    id: 'template-partial',
    topic: 'Is a model only partly under a template hit?',
    value: 'four-plus',
    why: 'Models wholly under a template are hit; those partly under are hit on a 4+ (B.4, sure).',
    sources: ['tow:general-principles/risk-of-being-hit', `${CORE} B.4`],
  }),
  defineRuling({
    id: 'timber-roll-off',
    topic: "Timber!'s roll-off: what if both players roll the same?",
    value: 're-roll-ties',
    why:
      'The seed names a roll-off and no tie-break (lines 60-65); a roll-off that ends level has no winner to choose ' +
      'the arc, so both players roll again until one is higher.',
    sources: ['seed 001_dacc9ffbb72e8b95 lines 60-65', 'tow:special-rules/timber'],
  }),
  defineRuling({
    id: 'timber-in-arc',
    topic: 'Who says which units in base contact lie in the arc a falling model topples towards?',
    value: 'falling-models-player',
    why:
      "It is the table's geometry, which the engine cannot see; the falling model's player says it (for each unit in " +
      'its combat), as the players enter base contact, and the answer is recorded for the other to dispute.',
    sources: ['seed 001_dacc9ffbb72e8b95 lines 60-65'],
  }),
  defineRuling({
    id: 'timber-combat-result',
    topic: "Do Timber!'s hits count toward the combat result?",
    value: 'enemy-wounds-counted',
    why:
      'The score is the Wounds the enemy lost this Combat phase (B.6), whatever struck them: wounds Timber! causes ' +
      "to enemy units count for the falling model's side; wounds it causes to friendly units count for nobody, as " +
      'a side scores only what the enemy lost.',
    sources: ['tow:the-combat-phase/combat-result-score', `${CORE} B.6`, 'seed 001_dacc9ffbb72e8b95 lines 60-65'],
  }),
  defineRuling({
    id: 'timber-when',
    topic: 'When in a round does a falling model topple?',
    value: 'after-its-step',
    why:
      'Timber! is at "the model\'s Wounds hit 0" (seed line 61), after its Regeneration saves; the blows of one ' +
      'Initiative step are simultaneous (B.5), so it topples once the step that felled it is over (or the stomps, ' +
      'or the Tree Whack), before the next one strikes.',
    sources: ['seed 001_dacc9ffbb72e8b95 lines 60-65', 'tow:the-combat-phase/simultaneous-combat'],
  }),
  defineRuling({
    id: 'special-blows-combat-result',
    topic: 'Do the wounds of Stomp Attacks and Tree Whack count toward the combat result?',
    value: 'counted',
    why:
      'They are blows struck in the combat (seed lines 28-32, 67-73): the score counts every Wound the enemy lost ' +
      'this Combat phase (B.6).',
    sources: ['tow:the-combat-phase/combat-result-score', `${CORE} B.6`],
  }),
  defineRuling({
    id: 'close-combat-weapon',
    topic:
      'A unit with several close-combat weapons (a hand weapon and a great weapon, say): which does it fight with?',
    value: 'chosen-each-round',
    why:
      'The unit chooses which weapon it fights with each time its combat is chosen (B.5, sure), its hand weapon ' +
      'included: the `weapon` of its contact entry names it. Unnamed, it fights with its one special weapon, else its ' +
      'hand weapon; a unit with several special weapons must name one.',
    sources: ['tow:weapons-of-war/more-than-one-combat-weapon', `${CORE} B.5`],
  }),
  defineRuling({
    id: 'combat-order-bonus',
    topic: 'What Unit Strength does a Close Order unit in Combat Order need for its +1 combat result?',
    value: 'unit-strength-5',
    why:
      'core-mechanics B.6 and B.8 (sure) and the rules index page give Unit Strength 5 or more; a copy of that page ' +
      "edited in June 2025 reads 10 or more, which 'unit-strength-10' plays. Each such unit of a side counts: the " +
      'rule does not say otherwise (tow:the-combat-phase/other-bonuses-multiple-combats).',
    sources: [
      'tow:forming-units/combat-order-close-order',
      'tow:the-combat-phase/other-bonuses-multiple-combats',
      `${CORE} B.6, B.8`,
    ],
  }),
  defineRuling({
    id: 'rally-below-quarter',
    topic: 'Can a fleeing unit with few models left rally?',
    value: 'double-one-below-25-percent',
    why:
      'Below 25% of its starting models a unit rallies only on a natural double 1 (B.2, sure: "Insurmountable ' +
      'Losses"); at 25% exactly it tests as usual. Joined characters count among the models left, as the shared ' +
      'rally test counts them (the classic table does so too).',
    sources: ['tow:the-strategy-phase/insurmountable-losses', `${CORE} B.2`],
  }),
  defineRuling({
    id: 'panic-heavy-casualties',
    topic: 'When does the engine open a Panic test for heavy casualties?',
    value: 'after-the-attack',
    why:
      'A unit that lost more than 25% in a phase tests at once: in the Shooting phase after the unit that shot it ' +
      '("casualties & Panic", B.4), and so after any shot, spell or move that takes it past a quarter (B.7). The engine ' +
      'opens the test as soon as that declaration is resolved; losses the log gives no such moment for are tested as ' +
      'the next phase starts. Combat phase losses cause none (B.7).',
    sources: ['tow:the-psychology-of-war/heavy-casualties', 'tow:the-shooting-phase/make-panic-tests', `${CORE} B.7`],
  }),
  defineRuling({
    id: 'panic-unit-strength',
    topic: "How is a destroyed, broken or falling-back friend's Unit Strength counted for Panic?",
    value: 'models-at-phase-start',
    why:
      'B.7 counts it at the start of the phase. The engine knows the models a unit had when the phase began once it ' +
      'lost some in it (the record heavy casualties keep); joined characters count as they are now, since a slain ' +
      "character's Unit Strength is not kept apart.",
    sources: ['tow:faq/the-psychology-of-war', `${CORE} B.7`],
  }),
  // Riders and mounts (issue 16 item 5).
  defineRuling({
    id: 'mount-support',
    topic: 'Do the mounts of the rank behind make supporting attacks?',
    value: 'contact-only',
    why:
      'Supporting attacks come only from weapons that grant them (B.5), and a mount fights with its own weapons, ' +
      'which grant none: only mounts of models in base contact strike.',
    sources: [
      'tow:the-combat-phase/supporting-attacks',
      'tow:troop-types-in-detail/split-profile-cavalry',
      `${CORE} B.5`,
    ],
  }),
  defineRuling({
    id: 'ridden-monster-attacks',
    topic: 'Can attacks at a ridden monster be directed at the monster instead of the character?',
    value: 'all-at-the-character',
    why:
      "The Old World's split profile for a ridden monster has every enemy roll to hit made against the character's " +
      "WS, the character's Toughness and Wounds (as the mount improves them), the better armour value of the two, " +
      'and the model removed when the character is reduced to zero Wounds. There is no second pool of Wounds to ' +
      'direct attacks at, unlike earlier editions: every blow falls on the character.',
    sources: ['tow:characters/split-profile-ridden-monster', 'tow:troop-types-in-detail/split-profile-cavalry'],
  }),
  // ---- The end of the game and victory points (issue 16): old-world/victory-points and old-world/victory.ts. ----
  defineRuling({
    id: 'victory-game-end',
    topic: 'When may the game be ended at its last turn, since Arbiter does not see a turn finish?',
    value: 'during-the-last-player-turn',
    why:
      'The battle ends when every player has had the agreed number of turns (six unless agreed otherwise). A turn has ' +
      'no recorded end, so GameEnded at the last turn is taken once the last player has started the last turn: the ' +
      'table records it when that turn is over. Before that only a concession ends the game.',
    sources: ['tow:warhammer-battles'],
  }),
  defineRuling({
    id: 'victory-unknown-points',
    topic: 'What is a unit worth in victory points when its muster gives no points cost?',
    value: 'zero-explained',
    why:
      'Victory points are shares of the points a unit cost, which only the army list knows. A muster without ' +
      '`points` gives 0 for that unit, and the explanation says its points are unknown: Arbiter never guesses.',
    sources: ['tow:warhammer-battles'],
  }),
  defineRuling({
    id: 'victory-bands',
    topic: 'Which margins make a victory or a crushing victory?',
    value: 'hundred-more-twice-as-many',
    why:
      "The Old World's own words for the result are not in Arbiter's sources; the Warhammer Armies Project's Victory " +
      'Points page names the same three results: at least 100 victory points more than the opponent is a victory, ' +
      'at least twice as many besides a crushing victory, anything else a draw. A concession gives the opponent a ' +
      'crushing victory, the heaviest result, as the classic chart gives a massacre.',
    sources: ['wap:victory-conditions/victory-points', 'wap:victory-conditions/victory-points-chart'],
  }),
  defineRuling({
    id: 'victory-general',
    topic: 'What is the enemy General worth, slain, fled or fleeing?',
    value: 'hundred',
    why:
      "Trophies of War gives 50 for each standard and 50 for the Battle Standard Bearer; the General's bonus is not " +
      "in Arbiter's sources for The Old World. 100, as every earlier edition gives the General slain or fleeing.",
    sources: ['tow:warhammer-battles/trophies-of-war-warhammer-battles', '6e:scenarios/victory-points-scenarios'],
  }),
  defineRuling({
    id: 'victory-trophies-held',
    topic: 'Does a standard claimed as a trophy count when the unit holding it has been destroyed?',
    value: 'held-by-a-unit-on-the-table',
    why: 'A trophy is carried by the unit that claimed it; a unit destroyed carries none at the end of the battle.',
    sources: ['tow:warhammer-battles/trophies-of-war-warhammer-battles'],
  }),
  defineRuling({
    id: 'victory-not-scored',
    topic: 'Which victory points does Arbiter not count?',
    value: 'battle-standard-fled-off',
    why:
      "The Battle Standard Bearer's 50 needs a battle standard bearer, which the muster does not name; a unit that " +
      'fled off the battlefield is still recorded as fleeing, so it is scored as fleeing (50%), not in full. ' +
      "Scenario objectives and special features are the table's.",
    sources: [
      'tow:warhammer-battles/trophies-of-war-warhammer-battles',
      'tow:warhammer-battles/special-features-warhammer-battles',
    ],
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
    sources: [`${CORE} B.3, B.5`],
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
    sources: ['tow:the-combat-phase/the-pursuit-move', `${CORE} B.6`],
  }),
  // Issue 16 item 9 (Timber! outside close combat).
  defineRuling({
    id: 'timber-outside-combat',
    topic: 'A model with Timber! slain by a shot, a spell or a move: does it topple, and on whom?',
    value: 'topples-units-named',
    why:
      'The seed times Timber! at "the model\'s Wounds hit 0" (line 61), not at a combat: it topples wherever it is ' +
      'slain, once the declaration that slew it is resolved (its Regeneration done), with the same roll-off, arc, D6 ' +
      "hits at its Strength and AP -1 (lines 62-64). Which units stand in base contact in that arc is the table's " +
      "geometry: the falling model's player names them one at a time, any unit on the table, until none more. No " +
      "combat round is being fought, so their wounds count for no combat result (B.6 scores a round's blows).",
    sources: ['seed 001_dacc9ffbb72e8b95 lines 60-65', 'tow:special-rules/timber', `${CORE} B.6`],
  }),
  // Issue 16, after the rout (helper i16-h): reforms after combat, overruns in larger combats.
  defineRuling({
    id: 'reform-after-combat',
    topic: 'Which winners may reform once their combat is over, and what does the engine record of it?',
    value: 'after-a-passed-restraint-test',
    why:
      'Restrain & Reform: a winner that would rather not follow up or pursue takes a Restraint test (Leadership); ' +
      'passed, it stays and may make a free reform; failed, it must follow up or pursue. A unit that destroyed its ' +
      'enemy "may attempt to restrain and reform, or overrun": staying is that attempt, a Restraint test, and a failed ' +
      'one overruns. So only a passed Restraint test opens a reform; one that pursued, overran, followed up or is ' +
      'still in combat may not, and a unit reforms once. UnitReformed records the new frontage (files), which the rank ' +
      "bonus counts from then on; its facing is the table's.",
    sources: ['tow:the-combat-phase/restrain-and-reform', 'tow:the-combat-phase/overrun', `${CORE} B.6`],
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
    sources: ['tow:the-combat-phase/overrun', 'tow:the-combat-phase/still-engaged', `${CORE} B.6`],
  }),
] as const

export type OldWorldDecisions = DecisionIndexOf<typeof oldWorldDecisions>
