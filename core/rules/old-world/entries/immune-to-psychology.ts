import { defineEntry } from '../../../engine/catalogue.js'
import type { UnitState } from '../../../engine/types.js'
import { seedLines } from './sources.js'

const ID = 'immune-to-psychology'
const TEST_NAMES = { fear: 'Fear', panic: 'Panic', terror: 'Terror', stupidity: 'Stupidity' } as const

/**
 * Whether a majority of the unit's models are Immune to Psychology: its rank and file hold the entry
 * when the unit lists it; each joined character holds it when he lists it. Null: a majority; else why not.
 */
function noMajority(unit: UnitState): string | null {
  const characters = unit.characters.filter((character) => !character.slain)
  const ownRule = unit.rules.some((rule) => rule.id === ID)
  const immune = (ownRule ? unit.models : 0) + characters.filter((c) => c.rules.some((rule) => rule.id === ID)).length
  const total = unit.models + characters.length
  return immune * 2 > total
    ? null
    : `only ${immune} of ${unit.name}'s ${total} models are Immune to Psychology: not a majority`
}

/**
 * Immune to Psychology (seed 001): answers the `psychology` point with `auto-pass` for Fear, Panic
 * and Terror tests, and the `permission` point with `forbidden` for Flee as a charge reaction (the
 * charge procedure then offers no Flee, and Terror's charge test is skipped). Other Leadership tests
 * (break, rally, restraint) ask neither question: they are unaffected.
 */
export const immuneToPsychology = defineEntry({
  id: ID,
  name: 'Immune to Psychology',
  kind: 'special-rule',
  source: seedLines(13, 17),
  anchor: 'tow:special-rules/immune-to-psychology',
  text:
    'Restriction: unit with a majority of Immune to Psychology models. Result: Passes Fear, Panic and Terror tests ' +
    'automatically. Cannot choose Flee as a charge reaction. Leadership tests not named here are unaffected.',
  clauses: {
    majority: 'the rule works for a unit a majority of whose models are Immune to Psychology',
    'auto-pass': 'the unit passes Fear, Panic and Terror tests automatically',
    'no-flee': 'it cannot choose Flee as a charge reaction',
    'other-tests': 'Leadership tests not named here are unaffected',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'psychology',
      clause: 'auto-pass',
      label: 'Immune to Psychology: passes automatically',
      kind: 'set',
      joined: true,
      value: 'auto-pass',
      when: (q) =>
        q.test === 'fear' || q.test === 'panic' || q.test === 'terror' ? (noMajority(q.subject) ?? true) : null,
      describe: (q) => `${q.subject.name} is Immune to Psychology: passes its ${TEST_NAMES[q.test]} test automatically`,
    },
    {
      at: 'permission',
      clause: 'no-flee',
      label: 'Immune to Psychology: cannot choose Flee as a charge reaction',
      kind: 'set',
      joined: true,
      value: 'forbidden',
      when: (q) => (q.action === 'flee-reaction' ? (noMajority(q.subject) ?? true) : null),
    },
  ],
})
