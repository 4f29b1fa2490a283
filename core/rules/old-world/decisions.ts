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
    id: 'timber-roll-off',
    topic: "Timber!'s roll-off: what if both players roll the same?",
    values: { 'old-world': 're-roll-ties' },
    why:
      'The seed names a roll-off and no tie-break (lines 60-65); a roll-off that ends level has no winner to choose ' +
      'the arc, so both players roll again until one is higher.',
    sources: ['seed 001_dacc9ffbb72e8b95 lines 60-65', 'tow:special-rules/timber'],
  }),
  defineDecision({
    id: 'timber-in-arc',
    topic: 'Who says which units in base contact lie in the arc a falling model topples towards?',
    values: { 'old-world': 'falling-models-player' },
    why:
      "It is the table's geometry, which the engine cannot see; the falling model's player says it (for each unit in " +
      'its combat), as the players enter base contact, and the answer is recorded for the other to dispute.',
    sources: ['seed 001_dacc9ffbb72e8b95 lines 60-65'],
  }),
  defineDecision({
    id: 'timber-combat-result',
    topic: "Do Timber!'s hits count toward the combat result?",
    values: { 'old-world': 'enemy-wounds-counted' },
    why:
      'The score is the Wounds the enemy lost this Combat phase (B.6), whatever struck them: wounds Timber! causes ' +
      "to enemy units count for the falling model's side; wounds it causes to friendly units count for nobody, as " +
      'a side scores only what the enemy lost.',
    sources: ['tow:the-combat-phase/combat-result-score', `${CORE} B.6`, 'seed 001_dacc9ffbb72e8b95 lines 60-65'],
  }),
  defineDecision({
    id: 'timber-when',
    topic: 'When in a round does a falling model topple?',
    values: { 'old-world': 'after-its-step' },
    why:
      'Timber! is at "the model\'s Wounds hit 0" (seed line 61), after its Regeneration saves; the blows of one ' +
      'Initiative step are simultaneous (B.5), so it topples once the step that felled it is over (or the stomps, ' +
      'or the Tree Whack), before the next one strikes.',
    sources: ['seed 001_dacc9ffbb72e8b95 lines 60-65', 'tow:the-combat-phase/simultaneous-combat'],
  }),
  defineDecision({
    id: 'special-blows-combat-result',
    topic: 'Do the wounds of Stomp Attacks and Tree Whack count toward the combat result?',
    values: { 'old-world': 'counted' },
    why:
      'They are blows struck in the combat (seed lines 28-32, 67-73): the score counts every Wound the enemy lost ' +
      'this Combat phase (B.6).',
    sources: ['tow:the-combat-phase/combat-result-score', `${CORE} B.6`],
  }),
] as const

export type OldWorldDecisions = DecisionIndexOf<typeof oldWorldDecisions>
