import { ARBITER, dbFlag, gameFlag, helpFlag, optional, required } from './args.js'
import { type Command, printWrite, where, withApi, writeJsonFlag } from './command.js'

/** The commands that settle a dispute: undo (a correction of your own last event). */
export const disputeCommands = {
  undo: {
    usage: `${ARBITER} undo --db FILE --game ID --as PLAYER [--reason TEXT] [--agreed-by PLAYER]… [--json]`,
    summary: 'Take back your last event with a Correction that voids it (it stays in the log, struck through).',
    details:
      'Undo voids the last event the game still counts, when it is yours. Voiding dice the app rolled needs\n' +
      "the other players' agreement (--agreed-by each); another player's event needs a correction they agree\n" +
      "to: `declare Correction --payload '{…}'`. docs/corrections.md says which corrections are allowed.",
    flags: {
      db: dbFlag,
      game: gameFlag,
      as: { type: 'string', value: 'PLAYER', help: 'the player taking back their last event' },
      reason: { type: 'string', value: 'TEXT', help: 'why, in your words (default: "undo")' },
      'agreed-by': {
        type: 'string',
        value: 'PLAYER',
        multiple: true,
        help: 'another player who agreed, where the undo needs them (app dice)',
      },
      json: writeJsonFlag,
      help: helpFlag,
    },
    examples: [`${ARBITER} undo --db games.sqlite --game 4f1c… --as druchii --reason "typed a 1 for a 4"`],
    async run(values, _p, io) {
      const at = where(values)
      const gameId = required(values, 'game')
      const actor = required(values, 'as')
      const reason = optional(values, 'reason')
      const agreedBy = (values['agreed-by'] as string[] | undefined) ?? []
      await withApi(required(values, 'db'), 'write', async (api) => {
        const step = await api.undo(gameId, actor, { ...(reason === undefined ? {} : { reason }), agreedBy })
        await printWrite(io, step, api, gameId, at, values.json === true)
      })
      return 0
    },
  },
} satisfies Record<string, Command>
