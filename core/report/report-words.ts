import type { Probability } from '../engine/odds.js'
import type { RuleRef } from '../explain/explanation.js'
import { fixed } from './markup.js'
import type { KeyMomentKind, LuckTally, RollKind } from './types.js'

/** The report's words for its figures: seqs, rules, chances, kinds of roll and of moment, the result's band. */

/** Seqs in order, once each, runs of three or more compacted: "seq 12, 14, 20–27". */
export function seqText(seqs: readonly number[]): string {
  const sorted = [...new Set(seqs)].sort((a, b) => a - b)
  const parts: string[] = []
  for (let start = 0; start < sorted.length; ) {
    let end = start
    while (end + 1 < sorted.length && (sorted[end + 1] as number) === (sorted[end] as number) + 1) end++
    if (end - start >= 2) parts.push(`${sorted[start]}–${sorted[end]}`)
    else for (let index = start; index <= end; index++) parts.push(String(sorted[index]))
    start = end + 1
  }
  return parts.length === 0 ? '' : `seq ${parts.join(', ')}`
}

/** A rule as the engine's explanations cite it: `classic/rout §break-test`. */
export const ruleText = (rule: RuleRef): string => `${rule.ruleset}/${rule.id} §${rule.clause}`

/** The words inside a cite's parentheses, or '' when it cites nothing. */
export function citeText(seqs: readonly number[], rules: readonly RuleRef[]): string {
  return [seqText(seqs), ...rules.map(ruleText)].filter((part) => part !== '').join('; ')
}

/** A chance in percent, fixed decimals; never rounded to 0% or 100% when it is not; "1 in N" for a small one. */
export function chanceText(chance: Probability): string {
  const { value } = chance
  if (value <= 0) return '0%'
  if (value >= 1) return '100%'
  const percent = value * 100
  const decimals = percent >= 1 && percent <= 99 ? 1 : 2
  let shown = `${fixed(percent, decimals)}%`
  if (percent < 0.01) shown = 'under 0.01%'
  else if (percent > 99.99) shown = 'over 99.99%'
  return value < 0.1 ? `${shown} (1 in ${Math.round(1 / value)})` : shown
}

/** Each kind of roll in a word or two: short enough to label a chart's bars when all eight are drawn. */
export const KIND_WORDS: Readonly<Record<RollKind, string>> = {
  'to-hit': 'to hit',
  'to-wound': 'to wound',
  save: 'saves',
  leadership: 'Leadership',
  charge: 'charges',
  casting: 'casting',
  dispel: 'dispels',
  other: 'other',
}

export const MOMENT_WORDS: Readonly<Record<KeyMomentKind, string>> = {
  'largest-combat-result': 'The largest combat result',
  'unit-destroyed': 'A unit destroyed',
  general: "The General's fate",
  'standard-captured': 'A standard captured',
  'luckiest-roll': 'The luckiest roll',
  'unluckiest-roll': 'The unluckiest roll',
}

/** A tally's chance, in words: "at least 9: 12.4%" (luckier or as expected) or "at most 3: 8.1%" (unluckier). */
export function tallyChanceText(tally: LuckTally): string {
  const side = tally.direction === 'unluckier' ? 'at most' : 'at least'
  return `${side} ${tally.actual}: ${chanceText(tally.chance)}`
}

/** A result band in words: "solid-victory" is "solid victory". */
export const bandWords = (band: string) => band.replaceAll('-', ' ')
