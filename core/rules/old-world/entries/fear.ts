import { defineEntry } from '../../../engine/catalogue.js'
import { chargingTest } from '../../battle/charging-test.js'
import type { BattleContext } from '../../battle/context.js'
import { fearInCombat } from '../../battle/fear.js'
import { CORE } from './sources.js'
import { unitStrengthOf } from './unit-strength.js'

/**
 * Fear as The Old World plays it (core-mechanics B.7). Only against an enemy of higher Unit Strength:
 * the `causes-fear` record is ignored otherwise, so neither test is taken. `charging`: the entry's step as a unit
 * charges (battle/charging-test.ts) tests a would-be charger.
 * `close-combat`: the entry's step for every unit of a combat (battle/fear.ts, fearInCombat), as it is joined and
 * as it is fought; a failed test starts this entry as an active effect naming the causers, -1 to hit against them to the phase's end.
 */
export const fear = defineEntry({
  id: 'fear',
  name: 'Fear',
  kind: 'special-rule',
  source: `${CORE} B.7`,
  anchor: 'tow:special-rules/fear',
  text:
    'Fear acts only against an enemy with a higher Unit Strength: to charge it a unit must pass a Leadership test, ' +
    'else the charge fails in place; when its combat is fought, a unit engaged with it tests Leadership, and if it ' +
    'fails it has -1 to hit against the Fear causer; one test per turn; Fear causers are immune to Fear.',
  clauses: {
    'higher-us':
      'Fear acts only against an enemy whose Unit Strength is higher than the unit’s (old-world/unit-strength)',
    charging:
      'to charge a Fear causer a unit must pass a Leadership test; failed, the charge fails and it stays in place',
    'close-combat':
      'when its combat is fought, a unit engaged with a Fear causer tests Leadership, once a turn ' +
      '(old-world/variants §fear-once-per-turn); failed: -1 to hit against the causer',
    immunities:
      'Fear causers are immune to Fear, but not to the Fear of Terror causers (old-world/terror §fear-no-protection)',
  },
  enforcement: 'enforced',
  triggers: [
    {
      // A rule of the Fear causer that every unit engaged with one obeys, whether it holds Fear or not.
      on: 'unit-in-combat',
      clause: 'close-combat',
      label: 'Fear test',
      always: true,
      when: (query) => query.moment !== 'phase-starts',
      step: (ctx, query) => fearInCombat(ctx as BattleContext, query, 'causers-only'),
    },
    {
      // A would-be charger tests against its target's Fear (a Terror causer's too), whether it holds Fear or not.
      on: 'unit-charges',
      clause: 'charging',
      label: 'Fear test to charge',
      always: true,
      step: (ctx, query, _held, source) => chargingTest(ctx as BattleContext, query, 'fear', source),
    },
  ],
  effects: [
    {
      at: 'psychology',
      clause: 'higher-us',
      label: 'causes Fear',
      kind: 'set',
      holder: 'opponent',
      // A Fear character makes his unit cause Fear, with the unit's Unit Strength.
      joined: true,
      value: 'causes-fear',
      when: (q, held) => {
        if (q.test !== 'fear' || !held.owned) return null
        const causer = unitStrengthOf(held.unit)
        const own = unitStrengthOf(q.subject)
        return causer > own
          ? true
          : `${held.unit.name}'s Unit Strength ${causer} is not higher than ${q.subject.name}'s ${own}: no Fear`
      },
      describe: (q, held) =>
        `${held.unit.name} causes Fear (Unit Strength ${unitStrengthOf(held.unit)} against ${unitStrengthOf(q.subject)})`,
    },
    {
      at: 'psychology',
      clause: 'immunities',
      label: 'a Fear causer: immune to Fear except from Terror causers',
      kind: 'set',
      value: 'immune-unless-terror',
      when: (q, held) => (q.test === 'fear' && held.owned ? true : null),
      describe: (_q, held) => `${held.unit.name} causes Fear: immune to Fear, except from Terror causers`,
    },
    {
      at: 'to-hit',
      clause: 'close-combat',
      label: 'failed Fear test: -1 to hit against the Fear causer',
      kind: 'add',
      value: 1,
      when: (q, held) => {
        if (held.params.failedTest !== true || q.combat === null) return null
        const causers = String(held.params.causers ?? '').split(',')
        return causers.includes(q.opponent.id) ||
          (q.opponent.joinedTo !== undefined && causers.includes(q.opponent.joinedTo))
          ? true
          : `${q.opponent.name} did not cause the failed Fear test`
      },
    },
  ],
})
