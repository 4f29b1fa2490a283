import { defineEntry } from '../../../engine/catalogue.js'
import type { ClassicContext } from '../catalogue.js'
import { stupidityTest } from '../stupidity.js'
import { SEED } from './sources.js'

const BARRED = new Set(['charge', 'shoot', 'cast'])
/** The moves a confused unit may not make: every move it would choose to make (a charge is one). */
const VOLUNTARY_MOVES = new Set(['move', 'march', 'charge'])

/**
 * Stupidity (seed 000). The test is the entry's step as the player's turn starts (classic/stupidity.ts); a
 * failed test starts this entry as an active effect with `failedTest` until the
 * player's next turn or until the unit is engaged (clause 4). The half-move straight ahead is the
 * table's to measure (StupidMoveMade, classic/stupid-move.ts): the engine makes a charge of one that reaches an enemy
 * and confuses a friend it bumps into (prompted).
 */
export const stupidity = defineEntry({
  id: 'stupidity',
  name: 'Stupidity',
  kind: 'special-rule',
  source: SEED,
  text:
    '- 1. Models not engaged in combat have to test at the start of their turn - 2. If the ' +
    'Stupidity-Test is failed, the unit moves in the compulsory moves phase with half movement ' +
    'allowance straight ahead (a troll with M6 would move 3"), skirmisher move in a random direction ' +
    '(scatter dice), flyers always use their ground movement. The unit cannot turn/wheel while ' +
    'moving. If it contacts impassable terrain or the board edge it stops 1" in front of the ' +
    'obstacle. If the roll is high enough to reach an enemy unit, the movement counts as a charge ' +
    'and the target unit gets to make a charge response. If it contacts one of your own units it ' +
    'stops 1" in front of the unit but confuses the unit it bumped into. A confused unit cannot move ' +
    'voluntarily in this movement phase. If it does not reach a unit but its move would end within ' +
    '1" of a unit then it stops 1" in front of the unit. - 3. Units failing the test cannot declare ' +
    'charges, shoot or cast spells and are Immune to Psychology. - 4. The effects remain until the ' +
    'start of the players next turn or if the unit is engaged in combat (the unit loses ItP ' +
    'immediately after the units get into BTB, i.e. before Timing 1).',
  clauses: {
    test: 'units not engaged in combat test Ld at the start of their turn (classic/variants §stupidity-fleeing)',
    move: 'a failed unit moves half its M straight ahead in the compulsory moves, as the table measures it',
    charge: 'a stupid move that reaches an enemy unit counts as a charge, and the target makes a charge response',
    confuses: 'a friendly unit it bumps into is confused: it cannot move voluntarily in this movement phase',
    failed: 'a failed unit cannot declare charges, shoot or cast spells, and is Immune to Psychology',
    duration: "until the start of the player's next turn, or until the unit is engaged in combat",
  },
  enforcement: 'prompted',
  triggers: [
    {
      on: 'turn-starts',
      clause: 'test',
      label: 'Stupidity test',
      step: (ctx, query) => stupidityTest(ctx as ClassicContext, query),
    },
  ],
  effects: [
    {
      at: 'psychology',
      clause: 'test',
      label: 'Stupidity: tests at the start of its turn',
      kind: 'set',
      when: (q, held) => (q.test === 'stupidity' && held.owned && held.params.failedTest !== true ? true : null),
      value: 'must-test',
    },
    {
      at: 'psychology',
      clause: 'failed',
      label: 'failed Stupidity test: Immune to Psychology',
      kind: 'set',
      when: (q, held) => (held.params.failedTest === true && q.test !== 'stupidity' ? true : null),
      value: 'immune',
    },
    {
      at: 'permission',
      clause: 'failed',
      label: 'failed Stupidity test',
      kind: 'set',
      when: (q, held) => (held.params.failedTest === true && BARRED.has(q.action) ? true : null),
      value: 'forbidden',
      describe: (q) => `failed Stupidity test: cannot ${q.action === 'cast' ? 'cast spells' : q.action} this turn`,
    },
    {
      // Held only through the effect a stupid move starts on the friend it bumped into (classic/stupid-move.ts).
      at: 'permission',
      clause: 'confuses',
      label: 'confused by a stupid unit',
      kind: 'set',
      activeOnly: true,
      when: (q, held) => (held.params.confused === true && VOLUNTARY_MOVES.has(q.action) ? true : null),
      value: 'forbidden',
      describe: (q) => `confused by a stupid unit: cannot ${q.action} voluntarily in this movement phase`,
    },
  ],
})
