import type { CharacterState, GameState, UnitState } from '../engine/types.js'
import type { Lost, ReportReplay } from './replay.js'
import type { ArmyEntry, ArmyReport } from './types.js'
import { count, type Named, type Names, seqList } from './words.js'

/**
 * The armies as mustered and as they ended: each unit and character with its points, the models it has left, and its
 * fate in words with the seqs it rests on.
 */

/** Where a unit or character stands at the head: a unit (or a character on its own), or a character in a unit. */
export type Standing =
  | { readonly kind: 'unit'; readonly unit: UnitState }
  | { readonly kind: 'joined'; readonly unit: UnitState; readonly character: CharacterState }

export function standingOf(game: GameState, id: string): Standing | null {
  const unit = Object.hasOwn(game.units, id) ? game.units[id] : undefined
  if (unit) return { kind: 'unit', unit }
  for (const holder of Object.values(game.units)) {
    const character = holder.characters.find((c) => c.id === id)
    if (character) return { kind: 'joined', unit: holder, character }
  }
  return null
}

/** Models left: a unit's, or 1 for a character still alive. */
function modelsLeft(standing: Standing | null): number {
  if (!standing) return 0
  return standing.kind === 'unit' ? standing.unit.models : standing.character.slain ? 0 : 1
}

/** Wounds left of a model on its own or a character, against its profile's; null for a unit of several models. */
export function woundsLeft(standing: Standing | null): { left: number; of: number } | null {
  if (!standing) return null
  if (standing.kind === 'joined') {
    const { profile, woundsLost } = standing.character
    return { left: profile.W - woundsLost, of: profile.W }
  }
  const unit = standing.unit
  return unit.startingModels === 1 ? { left: unit.profile.W - unit.woundsOnNextModel, of: unit.profile.W } : null
}

/** How it ended, in words: "destroyed, caught by the Warriors (seq 124)", "fought on with 16 of 20 models". */
function fate(named: Named, standing: Standing | null, lost: Lost | undefined, ended: boolean, names: Names): string {
  const left = modelsLeft(standing)
  if (left === 0) {
    const what = named.character ? 'slain' : 'destroyed'
    return lost ? `${what}${lost.how} (seq ${lost.seq})` : what
  }
  const verb = ended ? 'fought on' : 'fighting on'
  const fleeing = standing?.unit.fleeing === true
  const wounds = woundsLeft(standing)
  let how: string
  if (named.models > 1 && left < named.models) how = `with ${left} of ${count(named.models, 'model')}`
  else if (named.models === 1 && wounds && wounds.left < wounds.of) how = `with ${wounds.left} of ${wounds.of} Wounds`
  else how = 'unscathed'
  const said = fleeing ? `${ended ? 'fleeing at the end' : 'fleeing'}, ${how}` : `${verb} ${how}`
  return standing?.kind === 'joined' ? `${said}, with ${names.the(standing.unit.id)}` : said
}

export function armiesOf(replay: ReportReplay, ended: boolean): ArmyReport[] {
  const { game, names, lost } = replay
  const firstLost = new Map<string, Lost>()
  for (const entry of lost) if (!firstLost.has(entry.id)) firstLost.set(entry.id, entry)
  return replay.musters.map((muster) => {
    const units: ArmyEntry[] = muster.named.map((named) => {
      const standing = standingOf(game, named.id)
      const fell = firstLost.get(named.id)
      return {
        id: named.id,
        name: named.name,
        kind: named.character ? 'character' : 'unit',
        startingModels: named.models,
        modelsLeft: modelsLeft(standing),
        points: named.points,
        joinedTo: named.musteredIn,
        fate: fate(named, standing, modelsLeft(standing) === 0 ? fell : undefined, ended, names),
        seqs: seqList([muster.seq, ...(fell && modelsLeft(standing) === 0 ? [fell.seq] : [])]),
      }
    })
    return {
      player: muster.player,
      seq: muster.seq,
      units,
      points: units.reduce((sum, unit) => sum + (unit.points ?? 0), 0),
      unpriced: units.filter((unit) => unit.points === null).map((unit) => unit.name),
    }
  })
}
