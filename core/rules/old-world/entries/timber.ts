import { defineEntry } from '../../../engine/catalogue.js'
import type { BattleContext } from '../../battle/context.js'
import { timberOutsideRound, timber as topple } from '../timber.js'
import { seedLines } from './sources.js'

/**
 * Timber!, seed 001: when the model's Wounds hit 0 the winner of a roll-off picks the arc it topples towards; each
 * unit in base contact in that arc suffers D6 hits, AP -1, at the model's Strength; then it is removed.
 */
/** The kind of blow its hits are, which the moment of each says (`CombatMoment.special`): its AP reads it. */
export const TIMBER_BLOW = 'timber'

export const timber = defineEntry({
  id: 'timber',
  name: 'Timber!',
  kind: 'special-rule',
  source: seedLines(60, 65),
  anchor: 'tow:special-rules/timber',
  text:
    "Restriction: the falling model's own Strength characteristic is used for the damage. Timing: the model's Wounds " +
    'hit 0. Select: winner of a roll-off decides which arc (front, flank or rear) the model topples towards. Result: ' +
    "Units in base contact with it that lie in that arc: each suffers D6 hits, AP -1, at the model's Strength " +
    'characteristic. Afterwards the model is taken off the table.',
  clauses: {
    falls: "when the model's Wounds hit 0 (after its Regeneration saves), in a combat round or slain by anything else",
    'roll-off': 'each player rolls a D6, ties re-rolled (old-world/variants §timber-roll-off); the higher wins',
    arc: 'the winner chooses the arc the model topples towards: front, flank or rear',
    'in-arc': 'the players say which units in base contact with it lie in that arc',
    hits: "each of those units suffers D6 hits at the falling model's Strength characteristic",
    'armour-piercing': 'the hits have AP -1',
    removed: 'afterwards the model is taken off the table',
  },
  enforcement: 'prompted',
  triggers: [
    {
      on: 'model-falls',
      clause: 'falls',
      label: 'Timber!',
      step: (ctx, query) => topple(ctx as BattleContext, query, TIMBER_BLOW),
    },
    {
      // Slain by a shot, a spell or a move: its Wounds hit 0 all the same (seed 001 line 61).
      on: 'model-falls-outside-round',
      clause: 'falls',
      label: 'Timber!',
      step: (ctx, query) => timberOutsideRound(ctx as BattleContext, query, TIMBER_BLOW),
    },
  ],
  effects: [
    {
      at: 'armour-piercing',
      clause: 'armour-piercing',
      label: 'Timber!: AP -1',
      kind: 'add',
      holder: 'opponent',
      when: (q) => ((q.combat?.special ?? q.special) === TIMBER_BLOW ? true : null),
      value: 1,
    },
  ],
})
