import { defineEntry } from '../../../engine/catalogue.js'
import type { BattleContext } from '../../battle/context.js'
import { treeWhack as whack } from '../tree-whack.js'
import { seedLines } from './sources.js'

/**
 * Tree Whack, seed 001: once per turn in the Combat phase, one of the model's Attacks may be spent on a model of an
 * enemy unit in combat with it, which tests its Initiative at once; failed, D3 hits at the model's Strength, no
 * armour save. Its use is an active effect until the turn ends: one Attack fewer in that round, none again.
 */
/** The kind of blow its hits are, which the moment of each says (`CombatMoment.special`). */
export const TREE_WHACK_BLOW = 'tree-whack'

export const treeWhack = defineEntry({
  id: 'tree-whack',
  name: 'Tree Whack',
  kind: 'special-rule',
  source: seedLines(67, 73),
  anchor: 'tow:special-rules/tree-whack',
  text:
    'Restriction: Model with Tree Whack. Limits: Once per turn. Timing: Combat phase. Select: 1× model of an enemy ' +
    "unit in close combat with this model. Result: One of this model's Attacks is spent on a 'Tree Whack' attack " +
    '(optional); the target takes an Initiative test at once. Test passed: nothing happens. Test failed: D3 hits at ' +
    "this model's Strength characteristic; no armour save, Ward and Regeneration saves allowed.",
  clauses: {
    'once-per-turn': 'once per turn: a model that has made one this turn is not offered another',
    'spend-attack': "its player may spend one of the model's Attacks on it as the model strikes (optional)",
    select:
      'at one model of an enemy unit in close combat with it: one of its rank and file, or its champion or a character, named',
    'initiative-test': 'the target tests its Initiative at once: a D6 at or under I passes; a 6 fails, a 1 passes',
    passed: 'passed: nothing happens',
    hits: "failed: D3 hits at the model's Strength characteristic",
    'no-armour': 'no armour save may be taken; ward and Regeneration saves may',
  },
  enforcement: 'enforced',
  triggers: [
    {
      on: 'model-strikes',
      clause: 'spend-attack',
      label: 'Tree Whack',
      step: (ctx, query) => whack(ctx as BattleContext, query, TREE_WHACK_BLOW),
    },
  ],
  effects: [
    {
      at: 'attacks',
      clause: 'spend-attack',
      label: 'Tree Whack: one Attack spent on it',
      kind: 'add',
      value: -1,
      activeOnly: true,
      // The Attack is spent in the round the whack was made in; the effect lasting the turn only bars another.
      when: (q, held) =>
        q.combat && q.combat.combat === held.params.combat && q.combat.round === held.params.round ? true : null,
    },
  ],
})
