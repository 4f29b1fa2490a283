import type { Meta } from './field-meta.js'

/** GameEnded in a player's words (issue 16): the end of the agreed last turn, or a concession. */
export const GAME_END_META: Pick<Meta, 'GameEnded'> = {
  GameEnded: {
    title: 'End the game',
    help:
      'The game ends: after the last turn of the length agreed when it was made, or now, when you concede. ' +
      'Arbiter counts the victory points and says who won, and by how much.',
    recordedBy: 'form',
    fields: {
      reason: {
        label: 'Why it ends',
        help: 'the agreed last turn is over, or you concede the game',
        kind: 'choice',
        labels: {
          'last-turn': { label: 'The last turn is over', help: 'every player has played the agreed number of turns' },
          concession: { label: 'I concede', help: 'you give up the game: your opponent wins' },
        },
      },
    },
  },
}
