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
      'Killing Blow in the seed speaks of to-wound rolls of 7+, which neither chart has; that entry ' +
      'will revisit this when it is built.',
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
    id: 'overkill-cap',
    topic: 'How much can the wounds caused beyond a slain model in a challenge add to the combat result?',
    values: { classic: 'plus-5', 'classic-8th': 'plus-5' },
    why:
      'In a challenge each wound beyond what the slain model had left counts for combat result (Overkill). 7th caps it ' +
      'at +5 (A.10, sure: 7e:close-combat/combat-result-bonuses, 6e:characters/overkill); 8th lists Overkill among ' +
      'the uncommon bonuses with the same cap (A.6, likely), and C lists "Overkill cap +5" as common to both. The seed ' +
      'speaks of "the max. for overkill" (Black Lotus) without a number.',
    sources: ['6e:characters/overkill', '8e:close-combat/uncommon-bonuses', `${CORE} A.6, A.10, C`],
  }),
  defineDecision({
    id: 'challenge-refusal',
    topic: 'What happens when a challenge is refused?',
    values: {
      classic: 'challenger-names-refuser-who-does-not-fight',
      'classic-8th': 'challenger-names-refuser-who-does-not-fight',
    },
    why:
      'The seed lets champions "declare, accept and deny challenges like characters" without saying what a refusal ' +
      'does. In 7th and 8th alike the challenger names one enemy character (or champion) who could have accepted; ' +
      'that model steps back and does not fight this round (memory of both rulebooks, likely; core-mechanics does not ' +
      "cover challenges). The refuser's Leadership penalty is the psychology procedures' and is not applied here.",
    sources: ['7th and 8th rulebooks, Challenges (from memory; no rules-index page checked)', 'seed Champion'],
  }),
  defineDecision({
    id: 'black-lotus-cap',
    topic: 'How far do the doubled wounds of Black Lotus count?',
    values: { classic: 'extra-capped-as-overkill', 'classic-8th': 'extra-capped-as-overkill' },
    why:
      'Black Lotus doubles "all wounds caused" when its bearer kills a model in a challenge, "up to the max. for ' +
      'overkill". Read: the wounds that slew the model count as usual, and everything the doubling and the overkill ' +
      'add beyond them together count at most the overkill maximum (+5, classic/variants §overkill-cap).',
    sources: ['seed Black Lotus', `${CORE} A.6, A.10`],
  }),
  defineDecision({
    id: 'standard-recapture',
    topic: 'When is a captured standard taken back from the unit holding it?',
    values: { classic: 'destroyed-or-pursued', 'classic-8th': 'destroyed-or-pursued' },
    why:
      'The seed: a captured standard "may be recaptured if the unit with the captured standard is defeated in CC (see ' +
      'above)", pointing at its capture clause: the unit destroyed in close combat, or broken and pursued. A holder ' +
      'that breaks and is not pursued keeps what it captured (the seed removes only its own standard then).',
    sources: ['seed Standard'],
  }),
  defineDecision({
    id: 'directed-at-fallen',
    topic: 'Where do attacks go that were directed at a champion or character slain earlier in the round?',
    values: { classic: 'rank-and-file', 'classic-8th': 'rank-and-file' },
    why:
      'Attacks are allocated as the models strike (7th and 8th alike, likely); a model directed at a champion or ' +
      'character who has fallen strikes at what is left in contact: the rank and file of the same unit.',
    sources: ['7th and 8th rulebooks, characters in close combat (from memory)', 'seed Champion'],
  }),
] as const

export type ClassicDecisions = DecisionIndexOf<typeof classicDecisions>
