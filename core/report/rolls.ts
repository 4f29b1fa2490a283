import type { DiceRequestSpec, GameState, OpenRequest } from '../engine/types.js'
import type { RolledRequest } from './types.js'

/**
 * The dice the luck of a game is counted over (luck.ts): each dice request the engine asked for, paired with the
 * DiceRolled that answered it, with the game turn and player turn it was asked in. A re-roll of a roll's dice, or a
 * 7+'s second die, is asked by the step that took the roll's answer (core/engine/requests.ts `rollAgainst`) under
 * the purpose `re-roll-<purpose>` or `<purpose>-7-plus`: it belongs to that roll, and is not a roll of its own.
 */

type Rolled = RolledRequest & { readonly followUps: RolledRequest['followUps'][number][] }

function followsUp(purpose: string, root: string): boolean {
  return purpose === `re-roll-${root}` || purpose === `${root}-7-plus` || purpose === `re-roll-${root}-7-plus`
}

export class RollBook {
  readonly rolls: Rolled[] = []
  /** Dice requests open, with when they were asked. */
  private readonly asked = new Map<string, { turn: number; activePlayer: string | null }>()
  /** Follow-up requests open, by id: the roll they belong to. */
  private readonly rootOf = new Map<string, Rolled>()

  /**
   * One step: the dice it answered (`answered`, with `faces`), then the requests it opened; a follow-up of the roll
   * just answered is kept with it.
   */
  step(
    game: GameState,
    seq: number,
    answered: (OpenRequest & DiceRequestSpec) | undefined,
    faces: readonly number[],
    opened: readonly OpenRequest[],
  ): void {
    let roll: Rolled | undefined
    if (answered) {
      roll = this.rootOf.get(answered.id)
      if (roll) roll.followUps.push({ purpose: answered.purpose, seq, faces })
      else {
        const when = this.asked.get(answered.id) ?? { turn: game.turn, activePlayer: game.activePlayer }
        roll = { request: answered, seq, faces, followUps: [], ...when }
        this.rolls.push(roll)
      }
      this.rootOf.delete(answered.id)
      this.asked.delete(answered.id)
    }
    for (const request of opened) {
      if (request.kind !== 'dice') continue
      this.asked.set(request.id, { turn: game.turn, activePlayer: game.activePlayer })
      if (roll && followsUp(request.purpose, roll.request.purpose)) this.rootOf.set(request.id, roll)
    }
  }
}
