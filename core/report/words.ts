import type { PayloadOf } from '../events/event-types.js'

/**
 * How the report names what it tells of (English): units and characters by the names their lists gave them, players by
 * theirs, with the article and the verb's number a sentence needs ("the Spearmen were caught", "Sorceress Ylva was
 * slain").
 */

/** A unit or a character as its muster named it. */
export interface Named {
  readonly id: string
  readonly name: string
  readonly player: string
  /** A character (on its own or in a unit): named without an article, one model. */
  readonly character: boolean
  /** Models it was mustered with (a character: 1). */
  readonly models: number
  /** The unit it was mustered in (a character mustered with a unit); null otherwise. */
  readonly musteredIn: string | null
  readonly points: number | null
  /** Seq of the ArmyMustered. */
  readonly seq: number
}

export class Names {
  private readonly byId = new Map<string, Named>()
  private readonly players = new Map<string, string>()

  constructor(players: readonly { readonly id: string; readonly name: string }[]) {
    for (const player of players) this.players.set(player.id, player.name)
  }

  /** Every unit and character of an army, in the order its list gives them (a unit, then the characters in it). */
  muster(payload: PayloadOf<'ArmyMustered'>, seq: number): Named[] {
    const added: Named[] = []
    const add = (named: Named) => {
      this.byId.set(named.id, named)
      added.push(named)
    }
    for (const unit of payload.units) {
      add({
        id: unit.id,
        name: unit.name,
        player: payload.player,
        character: unit.character === true,
        models: unit.models,
        musteredIn: null,
        points: unit.points ?? null,
        seq,
      })
      for (const character of unit.characters ?? [])
        add({
          id: character.id,
          name: character.name,
          player: payload.player,
          character: true,
          models: 1,
          musteredIn: unit.id,
          points: character.points ?? null,
          seq,
        })
    }
    return added
  }

  of(id: string): Named | undefined {
    return this.byId.get(id)
  }

  /** The name of a unit or character; the id itself for one no muster names. */
  name(id: string): string {
    return this.byId.get(id)?.name ?? id
  }

  /** "the Spearmen", "Sorceress Ylva": a unit with its article, a character by name alone. */
  the(id: string): string {
    const named = this.byId.get(id)
    if (!named) return id
    return named.character ? named.name : `the ${named.name}`
  }

  /** As `the`, to begin a sentence. */
  The(id: string): string {
    return capitalize(this.the(id))
  }

  /** The verb's number for a unit: one model is "was", more "were". */
  were(id: string): string {
    return this.single(id) ? 'was' : 'were'
  }

  /** "its" for one model, "their" for more. */
  its(id: string): string {
    return this.single(id) ? 'its' : 'their'
  }

  private single(id: string): boolean {
    const named = this.byId.get(id)
    return named !== undefined && named.models === 1
  }

  /** "the Spearmen's", "Sorceress Ylva's", "the Knights'". */
  theirs(id: string): string {
    const name = this.the(id)
    return name.endsWith('s') ? `${name}'` : `${name}'s`
  }

  /** The players' ids, in the game's order. */
  playerIds(): string[] {
    return [...this.players.keys()]
  }

  player(id: string): string {
    return this.players.get(id) ?? id
  }
}

export function capitalize(text: string): string {
  return text.length === 0 ? text : `${text[0]?.toUpperCase()}${text.slice(1)}`
}

/** "1 model", "3 models". */
export function count(n: number, word: string, plural = `${word}s`): string {
  return `${n} ${n === 1 ? word : plural}`
}

/** "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/** Seqs sorted, each once. */
export function seqList(seqs: Iterable<number>): number[] {
  return [...new Set(seqs)].sort((a, b) => a - b)
}

/** A phase's id as a heading: "close-combat" -> "Close combat". */
export function phaseLabel(phase: string): string {
  return capitalize(phase.replaceAll('-', ' '))
}

/** A result band in words: "solid-victory" -> "solid victory". */
export function bandWords(band: string): string {
  return band.replaceAll('-', ' ')
}
