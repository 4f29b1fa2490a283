import { defineEntry } from '../../../engine/catalogue.js'
import type { BattleContext } from '../../battle/context.js'
import { terrorWhenCharged } from '../../battle/terror.js'
import { seedLines } from './sources.js'

/**
 * Terror (seed 001). The charge test (clause `charged`) is taken by the charge procedure it shares with
 * the classic ruleset (battle/charges.ts): it asks the `psychology` point whether the charger causes
 * Terror and whether the target is spared, and skips the test when the target cannot choose to Flee.
 * `fear`: it holds the Fear entry too (`grants`). `break`: -1 Ld at the `leadership` point, test 'break',
 * when a winning unit (the query's opponents) causes Terror.
 */
export const terror = defineEntry({
  id: 'terror',
  name: 'Terror',
  kind: 'special-rule',
  source: seedLines(40, 44),
  anchor: 'tow:special-rules/terror',
  text:
    'Restriction: model with Terror. Result: also causes Fear. When a Terror-causing unit declares a charge, its ' +
    'target takes a Leadership test straight away; failing means it must Flee, passing means it chooses its charge ' +
    'reaction as usual. A target that cannot choose to Flee skips this test. When 1+ Terror-causing units are on the ' +
    'side that wins a combat: each unit on the losing side gets -1 to its Leadership characteristic for its Break ' +
    'test. Causing Fear gives no protection against the Fear of Terror-causing models. Models causing Terror are ' +
    'immune to Terror; a unit not causing it gains no immunity when a character that does joins it.',
  clauses: {
    causer: 'the unit causes Terror: a model of it has Terror (old-world/variants §terror-joined-character)',
    fear: 'Terror causers also cause Fear',
    charged:
      'when a Terror causer declares a charge its target tests Leadership at once: failed, it must Flee; passed, it ' +
      'reacts as usual; a target that cannot choose to Flee skips the test (old-world/variants §terror-charge-range)',
    break: 'when 1+ Terror causers are on the winning side, each losing unit has -1 Leadership for its Break test',
    'fear-no-protection': 'causing Fear gives no protection against the Fear of Terror causers',
    immune:
      'models causing Terror are immune to Terror; a unit that does not cause it gains no immunity from a joined ' +
      'character who does',
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
  ],
  effects: [
    {
      at: 'psychology',
      clause: 'causer',
      label: 'causes Terror',
      kind: 'set',
      holder: 'opponent',
      // A Terror character makes his unit cause Terror; in a Fear test it lifts a Fear causer's immunity.
      joined: true,
      value: 'causes-terror',
      when: (q, held) => ((q.test === 'terror' || q.test === 'fear') && held.owned ? true : null),
      describe: (_q, held) => `${held.unit.name} causes Terror`,
    },
    {
      at: 'psychology',
      clause: 'immune',
      label: 'causes Terror: immune to Terror',
      kind: 'set',
      value: 'immune',
      // Its own models only: a joined character's Terror gives the unit no immunity.
      when: (q, held) => (q.test === 'terror' && held.owned ? true : null),
      describe: (_q, held) => `${held.unit.name} causes Terror: immune to Terror`,
    },
    {
      at: 'leadership',
      clause: 'break',
      label: 'the winning side causes Terror: -1 Ld for the Break test',
      kind: 'add',
      holder: 'opponent',
      joined: true,
      value: -1,
      when: (q, held) => (q.test === 'break' && held.owned ? true : null),
      describe: (_q, held) => `${held.unit.name} causes Terror and won: -1 Ld for the Break test`,
    },
  ],
})
