import { type DecisionIndexOf, defineDecision } from '../../engine/catalogue.js'

const CORE = 'rules/core-mechanics.md'

/**
 * The Old World's variant table: where its sources are unsure (marked (L)/(U) in core-mechanics B)
 * or a procedure it shares with the classic ruleset asks a question, the answer `old-world` takes.
 * Explanations cite each as `old-world/variants §<id>`.
 */
export const oldWorldDecisions = [
  defineDecision({
    id: 'rank-count',
    topic: "When are a unit's ranks counted for its rank bonus?",
    values: { 'old-world': 'combat-result' },
    why: 'The rank bonus is part of the combat result score (B.6, sure): ranks are counted as it is worked out.',
    sources: ['tow:the-combat-phase/combat-result-score', `${CORE} B.6`],
  }),
  defineDecision({
    id: 'flee-dice',
    topic: 'How many dice does a fleeing or pursuing unit roll?',
    values: { 'old-world': 'two' },
    why: 'Flee and pursuit moves are 2D6 for every troop type (B.2, B.6, sure); Swiftstride is its own rule.',
    sources: ['tow:movement-in-detail/the-flee-move', 'tow:the-combat-phase/the-pursuit-move', `${CORE} B.2, B.6`],
  }),
  defineDecision({
    id: 'excess-wounds',
    topic: 'Do wounds beyond the last model of a unit count for combat result?',
    values: { 'old-world': 'not-counted' },
    why:
      'The score is the Wounds the enemy lost (B.6, sure): a model cannot lose more Wounds than it has, so wounds past ' +
      'the last model score nothing. Only a challenge counts overkill.',
    sources: ['tow:the-combat-phase/combat-result-score', `${CORE} B.6`],
  }),
  defineDecision({
    id: 'challenge-refusal',
    topic: 'Who steps back when a challenge is refused?',
    values: { 'old-world': 'challenger-names-refuser-who-does-not-fight' },
    why:
      'The challenger picks which enemy character refuses, and that one does not fight this round (tow:characters, ' +
      'challenges; as the classic table takes it).',
    sources: ['tow:characters/refusing-a-challenge'],
  }),
  defineDecision({
    id: 'standard-recapture',
    topic: 'When is a captured standard recaptured?',
    values: { 'old-world': 'destroyed-or-pursued' },
    why: 'A captured standard goes when its holder is destroyed or run down, as the classic table takes it.',
    sources: ['tow:command-groups/standard-bearers'],
  }),
  defineDecision({
    id: 'directed-at-fallen',
    topic: 'Where do attacks directed at a model that has already fallen go?',
    values: { 'old-world': 'rank-and-file' },
    why: 'Attacks at a model slain earlier in the round go to the rank and file in base contact instead.',
    sources: ['tow:removing-casualties/allocating-attacks'],
  }),
  defineDecision({
    id: 'close-combat-weapon',
    topic:
      'A unit with several close-combat weapons (a hand weapon and a great weapon, say): which does it fight with?',
    values: { 'old-world': 'chosen-each-round' },
    why:
      'The unit chooses which weapon it fights with each time its combat is chosen (B.5, sure), its hand weapon ' +
      'included: the `weapon` of its contact entry names it. Unnamed, it fights with its one special weapon, else its ' +
      'hand weapon; a unit with several special weapons must name one.',
    sources: ['tow:weapons-of-war/more-than-one-combat-weapon', `${CORE} B.5`],
  }),
  defineDecision({
    id: 'combat-order-bonus',
    topic: 'What Unit Strength does a Close Order unit in Combat Order need for its +1 combat result?',
    values: { 'old-world': 'unit-strength-5' },
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
] as const

export type OldWorldDecisions = DecisionIndexOf<typeof oldWorldDecisions>
