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
    id: 'casting-bonus',
    topic: 'What does a Wizard add to its 2D6 casting and Wizardly dispel rolls?',
    values: { 'old-world': 'half-level-rounded-up' },
    why:
      'Half its Level, rounded up (B.3 marks it likely: one source, tow:magic/casting-roll-casting-result-and-casting-' +
      'value): a Level 1 or 2 Wizard adds 1, a Level 3 or 4 adds 2. Fractions round up (B.1).',
    sources: ['tow:magic/casting-roll-casting-result-and-casting-value', `${CORE} B.3`],
  }),
  defineDecision({
    id: 'casting-turn',
    topic: 'In whose turn does a Wizard cast, and what does "a turn" count its spells over?',
    values: { 'old-world': 'own-turn' },
    why:
      "A Wizard casts in its own side's turn, in each spell type's phase; its Level limit and each spell's once count " +
      'over that turn (B.3 "per turn at most Level attempts, each spell once").',
    sources: ['tow:magic/casting-spells', `${CORE} B.3`],
  }),
  defineDecision({
    id: 'dispel-miscast',
    topic: 'What does the Miscast table do to a Wizard that miscasts while dispelling?',
    values: { 'old-world': 'harm-lines-only' },
    why:
      'The dispel fails. Results 2-7 strike the dispelling Wizard as they would a caster; results 8-12 cast a spell ' +
      'the dispelling Wizard has not cast, so they do nothing but end its casting for the turn (B.3 gives the table ' +
      'for casters only).',
    sources: ['tow:magic/miscast-table', 'tow:magic/dispel-roll-and-dispel-result', `${CORE} B.3`],
  }),
  defineDecision({
    id: 'ranged-pick-out',
    topic: 'How do ranged attacks reach a champion or joined character that its unit no longer protects?',
    values: { 'old-world': 'shooter-names-the-model' },
    why:
      'While its unit has five or more rank and file, hits fall on them; below that the shooting player may name the ' +
      'model (ShotDeclared `at`), as the classic table takes it.',
    sources: ['tow:characters/look-out-sir-characters', `${CORE} B.4`],
  }),
  defineDecision({
    id: 'template-partial',
    topic: 'Is a model only partly under a template hit?',
    values: { 'old-world': 'four-plus' },
    why: 'Models wholly under a template are hit; those partly under are hit on a 4+ (B.4, sure).',
    sources: ['tow:general-principles/risk-of-being-hit', `${CORE} B.4`],
  }),
] as const

export type OldWorldDecisions = DecisionIndexOf<typeof oldWorldDecisions>
