import type { Outcome } from '../engine/types.js'
import { count, type Names } from './words.js'

/** What one attack did, or one side's blows in a combat round: hits, wounds, saves and what the units hit lost. */

/** What one unit lost to an attack. */
interface Loss {
  removed: number
  unsaved: number
  left: number
}

export interface Tally {
  attacks: number
  hits: number
  wounds: number
  unsaved: number
  regenerated: number
  readonly losses: Map<string, Loss>
  /** Characters, champions and mounts wounded or slain, in words. */
  readonly notes: string[]
  readonly seqs: number[]
}

export const emptyTally = (): Tally => ({
  attacks: 0,
  hits: 0,
  wounds: 0,
  unsaved: 0,
  regenerated: 0,
  losses: new Map(),
  notes: [],
  seqs: [],
})

/** The kinds of outcome that are losses to an attack. */
export const LOSSES = new Set<Outcome['kind']>([
  'casualties',
  'regenerated',
  'character-wounded',
  'champion-wounded',
  'mount-wounded',
])

function lossOf(tally: Tally, unit: string, before: number): Loss {
  const known = tally.losses.get(unit)
  if (known) return known
  const made = { removed: 0, unsaved: 0, left: before }
  tally.losses.set(unit, made)
  return made
}

/** Adds a loss outcome (`LOSSES`) to a tally. */
export function addLoss(tally: Tally, outcome: Outcome, names: Names): void {
  tally.seqs.push(outcome.seq)
  const wounds = (unsaved: number) => count(unsaved, 'Wound')
  switch (outcome.kind) {
    case 'casualties': {
      const { unit, unsaved, removed, modelsLeft } = outcome.values
      const loss = lossOf(tally, unit, modelsLeft + removed)
      loss.removed += removed
      loss.unsaved += unsaved
      loss.left = modelsLeft
      tally.unsaved += unsaved
      return
    }
    case 'regenerated': {
      const { unit, regenerated, modelsLeft } = outcome.values
      const loss = lossOf(tally, unit, modelsLeft)
      loss.removed -= modelsLeft - loss.left
      loss.left = modelsLeft
      tally.regenerated += regenerated
      return
    }
    case 'character-wounded': {
      const { character, unsaved, woundsLost, slain } = outcome.values
      const name = names.name(character)
      tally.unsaved += unsaved
      tally.notes.push(slain ? `${name} was slain` : `${name} lost ${wounds(unsaved)} (${woundsLost} lost in all)`)
      return
    }
    case 'champion-wounded': {
      const { unit, unsaved, slain, modelsLeft } = outcome.values
      tally.unsaved += unsaved
      tally.notes.push(`${names.theirs(unit)} champion ${slain ? 'was slain' : `lost ${wounds(unsaved)}`}`)
      const loss = lossOf(tally, unit, modelsLeft + (slain ? 1 : 0))
      if (slain) loss.removed += 1
      loss.left = modelsLeft
      return
    }
    case 'mount-wounded': {
      const { unit, unsaved, slain } = outcome.values
      tally.unsaved += unsaved
      tally.notes.push(`${names.theirs(unit)} mount ${slain ? 'was slain' : `lost ${wounds(unsaved)}`}`)
      return
    }
    default:
      return
  }
}

/** What the units hit lost: "the Spearmen lost 2 models", "Sorceress Ylva was slain". */
export function lossText(tally: Tally, names: Names): string {
  const said: string[] = []
  for (const [unit, loss] of tally.losses) {
    const named = names.of(unit)
    const the = names.the(unit)
    if (loss.left === 0 && loss.removed > 0)
      said.push(
        named?.models === 1
          ? `${the} was ${named.character ? 'slain' : 'destroyed'}`
          : `${the} lost ${count(loss.removed, 'model')} and ${names.were(unit)} destroyed`,
      )
    else if (loss.removed > 0) said.push(`${the} lost ${count(loss.removed, 'model')}`)
    else if (loss.unsaved > 0) said.push(`${the} lost ${count(loss.unsaved, 'Wound')}`)
  }
  return [...said, ...tally.notes].join('; ')
}

/** "4 hits, 3 wounds, 1 saved; the Spearmen lost 2 models" (with `hits` false, from the wounds on). */
export function tallyText(tally: Tally, names: Names, hits = true): string {
  const parts: string[] = []
  if (hits) parts.push(tally.hits === 0 ? 'no hits' : count(tally.hits, 'hit'))
  if (tally.hits > 0) {
    parts.push(tally.wounds === 0 ? 'no wounds' : count(tally.wounds, 'wound'))
    if (tally.wounds > 0) {
      const saved = Math.max(0, tally.wounds - tally.unsaved)
      parts.push(saved === 0 ? 'none saved' : saved === tally.wounds ? 'all saved' : `${saved} saved`)
    }
  }
  if (tally.regenerated > 0) parts.push(`${tally.regenerated} regenerated`)
  const lost = lossText(tally, names)
  return lost ? `${parts.join(', ')}; ${lost}` : parts.join(', ')
}
