import { keptDiceWords, passWords } from '../engine/requests.js'
import type { EachDieJudging, TotalJudging } from '../engine/types.js'
import type { RollKind } from './types.js'

/**
 * The kind of roll each purpose the rules ask dice for is counted under (core/rules and core/engine: the literal
 * purposes, the saves `rollSaves` names, the `${test}-test` of unit-checks.ts and `leadershipRoll`'s names made from
 * its words), and what the roll is for in words. A purpose not here counts as 'other'.
 */
const PURPOSES: Readonly<Record<string, { readonly kind: RollKind; readonly words: string }>> = {
  'to-hit': { kind: 'to-hit', words: 'to hit' },
  'to-hit-7-plus': { kind: 'to-hit', words: 'to hit (the second dice of a 7+)' },
  'to-wound': { kind: 'to-wound', words: 'to wound' },
  'to-wound-7-plus': { kind: 'to-wound', words: 'to wound (the second dice of a 7+)' },
  'armour-save': { kind: 'save', words: 'for armour saves' },
  'ward-save': { kind: 'save', words: 'for ward saves' },
  regeneration: { kind: 'save', words: 'to regenerate' },
  'break-test': { kind: 'leadership', words: 'Break test' },
  'panic-test': { kind: 'leadership', words: 'Panic test' },
  'fear-test': { kind: 'leadership', words: 'Fear test' },
  'terror-test': { kind: 'leadership', words: 'Terror test' },
  'march-test': { kind: 'leadership', words: 'March test' },
  'stupidity-test': { kind: 'leadership', words: 'Stupidity test' },
  'rally-test': { kind: 'leadership', words: 'Rally test' },
  'for-its-monster-reaction-test': { kind: 'leadership', words: 'Monster Reaction test' },
  restraint: { kind: 'leadership', words: 'Restraint test' },
  'charge-range': { kind: 'charge', words: 'Charge range' },
  casting: { kind: 'casting', words: 'Casting roll' },
  dispel: { kind: 'dispel', words: 'Dispel roll' },
  channel: { kind: 'other', words: 'to channel' },
  'dangerous-terrain': { kind: 'other', words: 'for Dangerous Terrain' },
  'ridden-monster-hits': { kind: 'other', words: 'to share hits between rider and monster' },
  'initiative-test': { kind: 'other', words: 'Initiative test' },
  pursue: { kind: 'other', words: 'Pursuit roll' },
}

const REROLL = 're-roll-'

/** The kind a request's purpose counts under: a re-roll's is its roll's. */
export function rollKindOf(purpose: string): RollKind {
  const own = purpose.startsWith(REROLL) ? purpose.slice(REROLL.length) : purpose
  return PURPOSES[own]?.kind ?? 'other'
}

function purposeWords(purpose: string): string {
  return PURPOSES[purpose]?.words ?? `for ${purpose.replaceAll('-', ' ')}`
}

/** "8 dice to hit, 4+, failed ones re-rolled"; "1 die to wound, 6+ then 4+ on a second die". */
export function eachDieText(purpose: string, count: number, sides: number, judging: EachDieJudging): string {
  const dice = `${count} ${count === 1 ? 'die' : 'dice'}${sides === 6 ? '' : ` of ${sides} sides`}`
  const need = judging.need
  let score: string
  if (need === null) score = judging.naturalSixSucceeds ? 'only a natural 6' : 'no score succeeds'
  else if (judging.secondNeed !== undefined) score = `${need}+ then ${judging.secondNeed}+ on a second die`
  else score = `${need}+`
  if (need !== null && need <= 1 && judging.naturalOneFails) score += ' (a natural 1 always fails)'
  if (need !== null && need > 6)
    score += judging.naturalSixSucceeds ? ' (a natural 6 always succeeds)' : ' (cannot succeed)'
  const reroll = judging.reroll ? `, ${judging.reroll} ones re-rolled` : ''
  return `${dice} ${purposeWords(purpose)}, ${score}${reroll}`
}

/** "Break test, 2D6: passes on 7 or less (a double 1 always passes)": the engine's own words for the test. */
export function testText(purpose: string, count: number, sides: number, judging: TotalJudging): string {
  const words = PURPOSES[purpose]?.words ?? purpose.replaceAll('-', ' ')
  const name = `${words.charAt(0).toUpperCase()}${words.slice(1)}`
  return `${name}, ${keptDiceWords(count, sides, judging)}: ${passWords(judging, count)}`
}
