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
  /** The heading of the explanation, given the final number. */
  readonly title: (value: number | null) => string
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
  const { mode } = options
  const pick = options.setPick ?? (mode === 'need' ? 'lowest' : 'highest')
  let winningSet: ModifierRecord | null = null
  for (const record of records) {
    if (record.kind !== 'set' || record.status !== 'applied' || typeof record.value !== 'number') continue
    const better =
      winningSet === null ||
      (pick === 'lowest' ? record.value < (winningSet.value as number) : record.value > (winningSet.value as number))
    if (better) winningSet = record
  }

  const counted: ModifierRecord[] = []
  const children: Explanation[] = [
    ...(options.details ?? []),
    explain(`${base.text}: ${show(mode, base.value)}`, { value: base.value, rule: base.rule, from: base.from }),
  ]
  let value = base.value
  const note = (record: ModifierRecord, text: string) =>
    explain(text, { value: record.value, rule: record.source, status: record.status })

  // Sets first, then adds, then caps, whatever order the records came in.
  const ordered = [
    ...records.filter((r) => r.kind === 'set'),
    ...records.filter((r) => r.kind === 'add'),
    ...records.filter((r) => r.kind === 'cap'),
    ...records.filter((r) => r.kind === 'reroll'),
  ]
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
    if (record.status === 'ignored') {
      children.push(note(record, `${record.label}: ${record.reason ?? 'does not apply'}`))
      continue
    }
    const before = value
    if (record.kind === 'set') value = record.value as number
    else if (record.kind === 'add') value = (value as number) + (record.value as number)
    else if (record.kind === 'cap') {
      const cap = record.value as number
      value = mode === 'need' ? Math.max(value as number, cap) : Math.min(value as number, cap)
    }
    if (record.kind === 'set') children.push(note(record, `${record.label}: ${show(mode, value)}`))
    else if (record.kind === 'reroll') children.push(note(record, `${record.label} (${describeRecord(mode, record)})`))
    else
      children.push(
        note(
          record,
          `${record.label} (${describeRecord(mode, record)}): ${show(mode, before)} -> ${show(mode, value)}`,
        ),
      )
  }

  const bounds = options.bounds
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
  // A number nothing modified is one line: its base, under the title.
  if (counted.length === 0 && children.length === 1 + (options.details?.length ?? 0) && !options.details?.length) {
    const from = [...(base.from ?? []), ...(options.from ?? [])]
    return {
      value,
      records: counted,
      explanation: explain(`${options.title(value)} (${base.text})`, { value, rule: base.rule ?? options.rule, from }),
    }
  }
  return {
    value,
    records: counted,
    explanation: explain(options.title(value), { value, rule: options.rule, from: options.from }, children),
  }
}

/** A record's contribution in the words of its point: a need's score moves, a value is added to. */
export function describeRecord(mode: 'need' | 'value', record: Pick<ModifierRecord, 'kind' | 'value'>): string {
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
