import type { OutcomeKind, OutcomeValues } from '../engine/types.js'
import { capitalize, type Names } from './words.js'

/**
 * The words of the outcomes a sentence tells in a clause or on their own: which unit it is about (the subject, named
 * by the story with its article) and what it did, from the outcome's values.
 */

export interface Said {
  /** The unit or character the clause is about; null for a clause that names its own subject. */
  readonly subject: string | null
  readonly text: string
}

type Words = { readonly [K in OutcomeKind]?: (values: OutcomeValues[K], names: Names) => Said }

/** A break test's clause: "held (4 against Ld 5)", "broke (9 against Ld 7)", "gave ground (5 against Ld 8)". */
function breakWords(values: OutcomeValues['break-test']): string {
  const { passed, roll, leadership, result, stubborn } = values
  if (stubborn) return 'held, Stubborn (no test)'
  const against = roll === null ? '' : ` (${roll} against Ld ${leadership})`
  if (result === 'give-ground') return `gave ground${against}`
  if (result === 'fall-back') return `fell back in good order${against}`
  return `${passed ? 'held' : 'broke'}${against}`
}

/** What follows a combat result (break tests, flight, pursuit, reforms, standards): clauses of its sentence. */
export const AFTER_COMBAT: Words = {
  'break-test': (v) => ({ subject: v.unit, text: breakWords(v) }),
  fled: (v) => ({ subject: v.unit, text: `fled ${v.roll}"` }),
  'restraint-test': (v) => ({
    subject: v.unit,
    text: `${v.passed ? 'held back' : 'failed to hold back'} (${v.roll} against Ld ${v.leadership})`,
  }),
  pursued: (v) => ({ subject: v.unit, text: `pursued ${v.roll}"` }),
  'pursuit-forced': (v) => ({ subject: v.unit, text: 'had to pursue' }),
  'pursuit-held': (v, names) => ({ subject: v.unit, text: `stayed, still fighting ${names.the(v.heldBy)}` }),
  caught: (v, names) => ({ subject: v.by, text: `ran down ${names.the(v.unit)}` }),
  escaped: (v) => ({ subject: v.unit, text: 'got away' }),
  overran: (v) => ({ subject: v.unit, text: `overran ${v.roll}"` }),
  reformed: (v) => ({ subject: v.unit, text: `reformed ${v.files} wide` }),
  'gave-ground': (v) => ({ subject: v.unit, text: `moved back ${v.distance}"` }),
  'fell-back': (v) => ({ subject: v.unit, text: `fled ${v.roll}" in good order` }),
  'followed-up': (v) => ({ subject: v.unit, text: 'followed up' }),
  'pursuit-contact': (v, names) => ({ subject: v.by, text: `reached ${names.the(v.unit)} again` }),
  'standard-lost': (v, names) => ({ subject: v.unit, text: `lost ${names.its(v.unit)} standard` }),
  'standard-captured': (v, names) => ({ subject: v.by, text: `captured ${names.theirs(v.standard)} standard` }),
}

const MOVES: Readonly<Record<string, string>> = { normal: 'moved', march: 'marched', fly: 'flew', flee: 'fled' }

function psychologyWords(v: OutcomeValues['psychology-test'], names: Names): string {
  const test = capitalize(v.test)
  const against = v.roll === null ? '' : ` (${v.roll} against Ld ${v.leadership})`
  if (v.auto === 'immune') return `${names.were(v.unit) === 'was' ? 'is' : 'are'} immune to ${test}`
  if (v.test === 'rally')
    return v.passed ? `rallied${against}` : v.roll === null ? 'could not rally' : `failed to rally${against}`
  return `${v.passed ? 'passed' : 'failed'} a ${test} test${v.auto === 'general' ? ' (passed by the General)' : against}`
}

/** Outcomes told in a sentence of their own: moves, tests, characters joining and leaving. */
export const ON_THEIR_OWN: Words = {
  'move-checked': (v, names) => {
    const moved = v.move === 'reform' ? 'reformed' : `${MOVES[v.move] ?? `made a ${v.move} move of`} ${v.distance}"`
    return { subject: v.unit, text: `${moved}${v.legal ? '' : ` (beyond ${names.its(v.unit)} ${v.limit}" limit)`}` }
  },
  'psychology-test': (v, names) => ({ subject: v.unit, text: psychologyWords(v, names) }),
  'terror-test': (v) => ({
    subject: v.unit,
    text: `${v.passed ? 'passed' : 'failed'} a Terror test (${v.roll} against Ld ${v.leadership})`,
  }),
  'character-joined': (v, names) => ({ subject: v.character, text: `joined ${names.the(v.unit)}` }),
  'character-left': (v, names) => ({ subject: v.character, text: `left ${names.the(v.unit)}` }),
}

/** The words for an outcome from a table, or null when the table has none for its kind. */
export function wordsOf(table: Words, kind: OutcomeKind, values: unknown, names: Names): Said | null {
  const words = table[kind] as ((values: unknown, names: Names) => Said) | undefined
  return words ? words(values, names) : null
}
