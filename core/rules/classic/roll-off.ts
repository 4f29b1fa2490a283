import { rollDice } from '../../engine/requests.js'
import type { Answer, DiceRequestSpec, RequestSpec } from '../../engine/types.js'

/** A roll-off as it went: who won, each player's faces in order (a tie adds a face each), the rolls' seqs. */
export interface RollOff {
  readonly winner: string
  readonly rolls: Record<string, number[]>
  readonly seqs: number[]
}

/**
 * A roll-off (scouts, Timber!): each player rolls a D6, in the order given; the single highest wins, and a tie is
 * rolled again. `ask` words each player's request (its purpose, text and explanation).
 */
export function* rollOff(
  players: readonly string[],
  ask: (player: string) => Pick<DiceRequestSpec, 'purpose' | 'text' | 'explanation'>,
): Generator<RequestSpec, RollOff, Answer> {
  const rolls: Record<string, number[]> = Object.fromEntries(players.map((player) => [player, []]))
  const seqs: number[] = []
  for (;;) {
    const faces: number[] = []
    for (const player of players) {
      const { purpose, text, explanation } = ask(player)
      const odds = { kind: 'total' } as const
      const answer = yield* rollDice({ purpose, count: 1, sides: 6, roller: player, text, explanation, odds })
      faces.push(answer.faces[0] as number)
      rolls[player]?.push(answer.faces[0] as number)
      seqs.push(answer.seq)
    }
    const best = Math.max(...faces)
    const winners = players.filter((_, i) => faces[i] === best)
    if (winners.length === 1) return { winner: winners[0] as string, rolls, seqs }
  }
}
