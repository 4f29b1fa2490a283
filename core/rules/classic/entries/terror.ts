import { defineEntry } from '../../../engine/catalogue.js'
import { chargingTest } from '../../battle/charging-test.js'
import type { BattleContext } from '../../battle/context.js'
import { terrorWhenCharged } from '../../battle/terror.js'
import { SEED } from './sources.js'

/**
 * Terror. Clauses 1 and 2 are tests the charge procedure makes (battle/charges.ts, battle/charge-response.ts): it asks the
 * `psychology` point whether the enemy causes Terror (a `causes` record held by the enemy) and
 * whether the unit is spared (an `immune` record). Clause 3: a Terror causer holds the Fear entry
 * too (`grants`), so every effect of Fear acts for it; and it answers the `psychology` point's Fear
 * question with a `causes` record. Clause 4: `immune` to Fear and Terror.
 */
export const terror = defineEntry({
  id: 'terror',
  name: 'Terror',
  kind: 'special-rule',
  source: SEED,
  text:
    '- 1. Charge from terror causing enemy: If a terror causer charges a unit and is within charge range, the unit has ' +
    'to pass a leadership test or has to choose the flee! charge response. Units engaged in cc automatically pass ' +
    'this test. - 2. Charging a terror causing enemy: If a unit wants to charge a terror causing unit, it has to pass ' +
    'a leadership test or automatically fails the charge and does not move at all. - 3. Terror causing models also ' +
    'cause Fear - 4. Immunities: Terror causing models are not affected by the effects of Fear or Terror.',
  clauses: {
    causer: 'the model causes Terror',
    charged:
      'charged by a Terror causer within charge range: pass a Leadership test or flee; units engaged in close combat pass ' +
      '(classic/variants §terror-charge-range)',
    charging: 'to charge a Terror causer, pass a Leadership test or the charge fails and the unit does not move at all',
    fear: 'Terror causing models also cause Fear',
    immune: 'Terror causing models are not affected by the effects of Fear or Terror',
  },
  grants: ['fear'],
  enforcement: 'enforced',
  triggers: [
    {
      // A rule of the Terror causer that the unit it charges obeys, whether that unit holds Terror or not.
      on: 'unit-charged',
      clause: 'charged',
      label: 'Terror test',
      always: true,
      step: (ctx, query) => terrorWhenCharged(ctx as BattleContext, query),
    },
    {
      // A would-be charger tests against its target's Terror, whether it holds Terror or not.
      on: 'unit-charges',
      clause: 'charging',
      label: 'Terror test to charge',
      always: true,
      step: (ctx, query, _held, source) => chargingTest(ctx as BattleContext, query, 'terror', source),
    },
  ],
  effects: [
    {
      at: 'psychology',
      clause: 'causer',
      label: 'causes Terror',
      kind: 'set',
      holder: 'opponent',
      // In a Fear test too: it lifts a Fear causer's immunity to Fear (classic/fear §immunities).
      value: 'causes-terror',
      when: (query) => (query.test === 'terror' || query.test === 'fear' ? true : null),
    },
    {
      at: 'psychology',
      clause: 'fear',
      label: 'Terror causers also cause Fear',
      kind: 'set',
      holder: 'opponent',
      value: 'causes-fear',
      when: (query) => (query.test === 'fear' ? true : null),
    },
    {
      at: 'psychology',
      clause: 'immune',
      label: 'causes Terror: not affected by Fear or Terror',
      kind: 'set',
      value: 'immune',
      when: (query) => (query.test === 'fear' || query.test === 'terror' ? true : null),
    },
  ],
})
