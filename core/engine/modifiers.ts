import { type Explanation, explain, type RuleRef } from '../explain/explanation.js'
import type { ModifierRecord } from './effects.js'

/** The number before any modifier: a chart cell, a characteristic, a count. */
export interface BaseValue {
  readonly value: number | null
  readonly text: string
  readonly rule?: RuleRef
  readonly from?: readonly number[]
}

export interface ResolveOptions {
  /** `need`: the score a die needs (shown as 4+); `value`: a plain number. */
  readonly mode: 'need' | 'value'
  /**
   * The heading of the explanation: a template whose `{}` is the final number (no closure made on
   * a hot path), or a function of it.
   */
  readonly title: string | ((value: number | null) => string)
  /** The heading when the number is null (no roll can succeed). */
  readonly none?: string
  readonly rule?: RuleRef
  readonly from?: readonly number[]
  /** Among several `set` records, which one wins: the best score for a need, else the highest. */
  readonly setPick?: 'lowest' | 'highest'
  /** What the base was worked out from (the characteristics a chart compares), shown first. */
  readonly details?: readonly Explanation[]
  /** Limits the ruleset puts on the number (characteristics 0-10, say), with the rule that says so. */
  readonly bounds?: { readonly min?: number; readonly max?: number; readonly rule: RuleRef; readonly text: string }
}

export interface Resolved {
  readonly value: number | null
  /** The records as they counted (a `set` that lost to a better one is marked ignored). */
  readonly records: readonly ModifierRecord[]
  readonly explanation: Explanation
}

function show(mode: 'need' | 'value', value: number | null): string {
  if (value === null) return 'none'
  return mode === 'need' ? `${value}+` : String(value)
}

function signed(value: number): string {
  return value >= 0 ? `+${value}` : String(value)
}

/**
 * The one resolver: turns a base and its modifier records into the number and its explanation
 * together, so the breakdown a player reads is the arithmetic. Order: the winning `set`
 * replaces the base, every `add` is summed, then each `cap` limits the result (for a need, the
 * best score allowed; for a value, the highest). `reroll` records carry no arithmetic and are
 * listed as they are.
 */
export function resolveModifiers(
  base: BaseValue,
  records: readonly ModifierRecord[],
  options: ResolveOptions,
): Resolved {
  const mode = options.mode
  const bounds = options.bounds
  // A number nothing modified (the common case on a replay's hot path) is one line: its base,
  // under the title, unless a bound changes it.
  if (records.length === 0 && !options.details?.length) {
    const value = base.value
    const bounded =
      bounds && value !== null ? Math.min(bounds.max ?? value, Math.max(bounds.min ?? value, value)) : value
    if (bounded === value) {
      const from = options.from ? (base.from ? base.from.concat(options.from) : options.from) : base.from
      return {
        value,
        records,
        explanation: explain(`${titleOf(options, value)} (${base.text})`, {
          value,
          rule: base.rule ?? options.rule,
          from,
        }),
      }
    }
  }

  const pick = options.setPick ?? (mode === 'need' ? 'lowest' : 'highest')
  let winningSet: ModifierRecord | null = null
  // Sets first, then adds, then caps, then re-rolls, whatever order the records came in.
  const ordered: ModifierRecord[] = []
  if (records.length > 0)
    for (const kind of KIND_ORDER) {
      for (const record of records) {
        if (record.kind !== kind) continue
        ordered.push(record)
        if (kind !== 'set' || record.status !== 'applied' || typeof record.value !== 'number') continue
        const current = winningSet?.value as number
        if (winningSet === null || (pick === 'lowest' ? record.value < current : record.value > current))
          winningSet = record
      }
    }

  const counted: ModifierRecord[] = []
  const children: Explanation[] = options.details ? options.details.slice() : []
  children.push(
    explain(`${base.text}: ${show(mode, base.value)}`, { value: base.value, rule: base.rule, from: base.from }),
  )
  let value = base.value
  for (const original of ordered) {
    let record = original
    if (record.status === 'applied' && record.kind === 'set' && record !== winningSet) {
      record = {
        ...record,
        status: 'ignored',
        reason: `${winningSet?.label} gives a better ${show(mode, winningSet?.value as number)}`,
      }
    }
    if (record.status === 'applied' && value === null && (record.kind === 'add' || record.kind === 'cap')) {
      record = { ...record, status: 'ignored', reason: 'there is no roll to modify' }
    }
    counted.push(record)
    let text: string
    if (record.status === 'ignored') {
      text = `${record.label}: ${record.reason ?? 'does not apply'}`
    } else {
      const before = value
      if (record.kind === 'set') value = record.value as number
      else if (record.kind === 'add') value = (value as number) + (record.value as number)
      else if (record.kind === 'cap') {
        const cap = record.value as number
        value = mode === 'need' ? Math.max(value as number, cap) : Math.min(value as number, cap)
      }
      if (record.kind === 'set') text = `${record.label}: ${show(mode, value)}`
      else if (record.kind === 'reroll') text = `${record.label} (${describeRecord(mode, record)})`
      else text = `${record.label} (${describeRecord(mode, record)}): ${show(mode, before)} -> ${show(mode, value)}`
    }
    children.push(recordExplanation(record, text))
  }

  if (bounds && value !== null) {
    const bounded = Math.min(bounds.max ?? value, Math.max(bounds.min ?? value, value))
    if (bounded !== value) {
      children.push(
        explain(`${bounds.text}: ${show(mode, value)} -> ${show(mode, bounded)}`, {
          value: bounded,
          rule: bounds.rule,
        }),
      )
      value = bounded
    }
  }
  return {
    value,
    records: counted,
    explanation: explain(titleOf(options, value), { value, rule: options.rule, from: options.from }, children),
  }
}

const KIND_ORDER = ['set', 'add', 'cap', 'reroll'] as const

/** The heading: a template's `{}` replaced by the number, `none` when there is no number. */
function titleOf(options: ResolveOptions, value: number | null): string {
  const title = options.title
  if (typeof title === 'function') return title(value)
  if (value === null && options.none !== undefined) return options.none
  return title.replace('{}', String(value))
}

/** A record's contribution in the words of its point: a need's score moves, a value is added to. */
function describeRecord(mode: 'need' | 'value', record: Pick<ModifierRecord, 'kind' | 'value'>): string {
  const value = record.value
  if (typeof value === 'string') return record.kind === 'reroll' ? `re-roll ${value}` : value
  switch (record.kind) {
    case 'add':
      return mode === 'need' ? `needs ${signed(value)}` : signed(value)
    case 'set':
      return `set to ${show(mode, value)}`
    case 'cap':
      return mode === 'need' ? `never better than ${value}+` : `at most ${value}`
    case 'reroll':
      return `re-roll ${value}`
  }
}

/** A record's line: its rule, whether it counted, and the variant decisions it rests on. */
export function recordExplanation(record: ModifierRecord, text: string): Explanation {
  const decisions = record.decisions
    ? record.decisions.map(({ rule, value }) => explain(`variant decision ${rule.clause}: ${value}`, { rule }))
    : []
  return explain(text, { value: record.value, rule: record.source, status: record.status }, decisions)
}
