import { defineEntry } from '../../../engine/catalogue.js'
import { parseDiceCount } from '../../../engine/params.js'
import type { BattleContext } from '../../battle/context.js'
import { stompAttacks as stomp } from '../stomps.js'
import { seedLines } from './sources.js'

/**
 * The kind of blow its stomps are, which the moment of each says (`CombatMoment.special`): the entry owns it, and a
 * rule that changes stomps (Thunderstomp) reads it from here.
 */
export const STOMP_BLOW = 'stomp'

/** Stomp Attacks (X), seed 001: after every other attack, automatic hits at the unmodified Strength. */
export const stompAttacks = defineEntry({
  id: 'stomp-attacks',
  name: 'Stomp Attacks',
  kind: 'special-rule',
  source: seedLines(28, 32),
  anchor: 'tow:special-rules/stomp-attacks',
  text:
    'Restriction: a model with Stomp Attacks (X); X is often a dice roll. Condition: the attacker touches the enemy ' +
    'in base contact. Result: Resolving Stomp Attacks: carried out after every other attack in combat, Initiative 1 ' +
    "ones included. They hit automatically. They use the attacker's unmodified Strength.",
  // X as the list gives it: a number, or dice (D3, D6, 2D6, D3+1) rolled for each model in base contact.
  params: { X: 'D6' },
  clauses: {
    attacks: 'each model makes X Stomp Attacks (X from the list: a number, or dice rolled for each model)',
    'in-contact': 'only models in base contact with the enemy stomp',
    'after-everything': 'stomps are made after every other attack of the round, Initiative 1 attacks included',
    'auto-hit': 'Stomp Attacks hit automatically: no roll to hit',
    'unmodified-strength': "they use the attacker's unmodified Strength: its profile's, no weapon's bonus",
  },
  enforcement: 'enforced',
  checkParams: (params) =>
    parseDiceCount(params.X) === null
      ? `Stomp Attacks (${String(params.X)}): X is a number or dice such as D3, D6, 2D6 or D3+1`
      : null,
  triggers: [
    {
      on: 'model-strikes-last',
      clause: 'after-everything',
      label: 'Stomp Attacks',
      step: (ctx, query) => stomp(ctx as BattleContext, query, STOMP_BLOW),
    },
  ],
  effects: [
    {
      at: 'stomp',
      clause: 'attacks',
      label: 'Stomp Attacks',
      kind: 'set',
      value: (_q, held) => (typeof held.params.X === 'number' ? held.params.X : String(held.params.X)),
      describe: (_q, held) => `Stomp Attacks (${held.params.X})`,
    },
  ],
})
