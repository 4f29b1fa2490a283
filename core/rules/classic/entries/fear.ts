import { defineEntry } from '../../../engine/catalogue.js'
import type { Held, QueryOf } from '../../../engine/effects.js'
import type { BattleContext } from '../../battle/context.js'
import { fearInCombat } from '../../battle/fear.js'
import { fearFrom } from '../../battle/psychology-records.js'
import { SEED } from './sources.js'
import { unitStrengthOf } from './unit-strength.js'

/**
 * Fear (seed 000). Clause 1 is the entry's step for every unit of a combat (battle/fear.ts, fearInCombat), as the
 * close-combat phase starts and as a combat is joined: a failed test starts this entry as an active effect with
 * `failedTest`, lasting to the end of the phase. Clause 2 is a break-test effect; its Stubborn clause acts on a unit
 * with the classic Stubborn rule (classic/stubborn), and on a Steadfast one (classic/variants §fear-steadfast).
 */
export const fear = defineEntry({
  id: 'fear',
  name: 'Fear',
  kind: 'special-rule',
  source: SEED,
  text:
    '- 1. Close combat against fear causing enemies: At the start of each close combat phase (timing ' +
    'step 1) all units in BTB with a fear causing enemy must pass a leadership test or suffer -1 to ' +
    'their to-hit rolls for the following combat phase. - 2. Losing combat against fear causing ' +
    'enemies: If a unit comprising models that are not immune to fear is defeated in close combat by ' +
    'enemy units comprising fear causing models, then the break test modifier is doubled if the ' +
    'combined US of all fear causing models in enemy units, that are in BTB with the defeated unit, ' +
    'is higher than the US of the defeated unit. For example, if a unit with US 15 comprising models ' +
    'that are not immune to fear loses combat by 2 and is in BTB with two enemy units each ' +
    'comprising fear causing models with a combined US of 10, then the defeated unit has to pass a ' +
    'break test with a -4 modifier. Stubborn units that are defeated and outnumbered by fear causing ' +
    'enemies, instead suffer a Ld penalty equal to the basic break test modifier (i.e. -2 Ld in the ' +
    'example above). - 3. Immunities: Fear causing models are not affected by the effects of Fear. ' +
    'They also only suffer the effects of Fear from Terror causing enemies (instead of Terror).',
  clauses: {
    'close-combat':
      'at the start of each close-combat phase every unit in base contact with a Fear-causing enemy tests Ld; ' +
      'failed: -1 to hit for that phase',
    'losing-combat':
      "a defeated unit not immune to Fear doubles its break-test modifier when the Fear-causing enemies' " +
      'combined US in base contact is higher than its own (classic/variants §fear-outnumber, §fear-contact)',
    stubborn:
      'a Stubborn loser (classic/stubborn; a Steadfast one too, classic/variants §fear-steadfast) suffers a Ld ' +
      'penalty equal to the basic break-test modifier instead',
    immunities: 'Fear causers are not affected by Fear, except from Terror causers (a Fear test instead of Terror)',
  },
  enforcement: 'enforced',
  triggers: [
    {
      // A rule of the Fear causer that every unit in base contact with one obeys, whether it holds Fear or not.
      on: 'unit-in-combat',
      clause: 'close-combat',
      label: 'Fear test',
      always: true,
      when: (query) => query.moment !== 'fought',
      step: (ctx, query) => fearInCombat(ctx as BattleContext, query, 'every-enemy'),
    },
  ],
  effects: [
    {
      at: 'psychology',
      clause: 'close-combat',
      label: 'causes Fear',
      kind: 'set',
      holder: 'opponent',
      when: (q, held) => (q.test === 'fear' && held.owned ? true : null),
      value: 'causes-fear',
      describe: (_q, held) => `${held.unit.name} causes Fear`,
    },
    {
      at: 'psychology',
      clause: 'immunities',
      label: 'a Fear causer: immune to Fear except from Terror',
      kind: 'set',
      when: (q, held) => (q.test === 'fear' && held.owned ? true : null),
      value: 'immune-unless-terror',
      describe: (_q, held) => `${held.unit.name} causes Fear: not affected by Fear, except from Terror causers`,
    },
    {
      at: 'psychology',
      clause: 'immunities',
      label: 'a Fear causer takes a Fear test instead of Terror',
      kind: 'set',
      when: (q, held) => (q.test === 'terror' && held.owned ? true : null),
      value: 'fear-instead',
    },
    {
      at: 'to-hit',
      clause: 'close-combat',
      label: 'failed Fear test: -1 to hit',
      kind: 'add',
      when: (_q, held) => (held.params.failedTest === true ? true : null),
      value: 1,
    },
    {
      at: 'break-test',
      clause: 'losing-combat',
      label: 'Fear doubles the break-test modifier',
      kind: 'add',
      always: true,
      when: (q, held) => {
        const outnumbered = outnumberedByFear(q, held)
        if (outnumbered !== true) return outnumbered
        return unmodifiedLeadership(q, held) ? null : true
      },
      value: (q) => -q.difference,
      describe: (q, held) => `${fearLine(q, held)}: the modifier is doubled`,
    },
    {
      // Stubborn (or Steadfast) sets the modifier to 0; this adds the basic modifier back as the Ld penalty.
      at: 'break-test',
      clause: 'stubborn',
      label: 'Fear: a Ld penalty equal to the basic break-test modifier',
      kind: 'add',
      always: true,
      when: (q, held) => (outnumberedByFear(q, held) === true && unmodifiedLeadership(q, held) ? true : null),
      value: (q) => -q.difference,
      describe: (q, held) =>
        `${fearLine(q, held)}: ${unmodifiedLeadership(q, held)}, it suffers a Ld penalty equal to the basic ` +
        `break-test modifier instead (-${q.difference})`,
    },
  ],
})

type BreakQuery = QueryOf<'break-test'>

/**
 * Whether the Fear causers in contact outnumber the loser (Fear clause 2): true, or why not (null: none there).
 */
function outnumberedByFear(q: BreakQuery, held: Held): true | string | null {
  const fear = fearFrom(held.modifiers, q.subject, q.opponent)
  if (fear.causers.length === 0) return null
  if (fear.immune) return `${q.subject.name} is not affected by Fear (${fear.immune.label})`
  const causersUs = fear.causers.reduce((total, unit) => total + unitStrengthOf(unit), 0)
  const ownUs = unitStrengthOf(q.subject)
  if (causersUs <= ownUs)
    return (
      `the Fear causers' US ${causersUs} is not higher than ${q.subject.name}'s US ${ownUs} ` +
      '(classic/variants §fear-outnumber)'
    )
  return true
}

/**
 * Why the loser tests on its unmodified Leadership, or null: it is Stubborn (classic/stubborn), or Steadfast in
 * classic-8th, which Fear treats as Stubborn (classic/variants §fear-steadfast).
 */
function unmodifiedLeadership(q: BreakQuery, held: Held): string | null {
  if (held.holds(q.subject, 'stubborn')) return `${q.subject.name} is Stubborn`
  if (
    held.decision('steadfast') === 'more-ranks' &&
    q.ranks > q.enemyRanks &&
    held.decision('fear-steadfast') === 'as-stubborn'
  )
    return `${q.subject.name} is Steadfast, which Fear treats as Stubborn`
  return null
}

function fearLine(q: BreakQuery, held: Held): string {
  const causers = fearFrom(held.modifiers, q.subject, q.opponent).causers
  const us = causers.reduce((total, unit) => total + unitStrengthOf(unit), 0)
  return (
    `Fear: ${causers.map((unit) => unit.name).join(' and ')} (US ${us}) against ${q.subject.name} ` +
    `(US ${unitStrengthOf(q.subject)})`
  )
}
