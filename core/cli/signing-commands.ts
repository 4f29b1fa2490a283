import { ArbiterError, newPinKey, signatureSentence, signHead, unwrapWithPin } from '../api/index.js'
import { ARBITER, dbFlag, gameFlag, helpFlag, optional, required, UsageError, type Values } from './args.js'
import { type Command, withApi, writeJsonFlag } from './command.js'
import { forgetKey, keepKey, keptKey, keyFilePath } from './key-file.js'
import { stepLine, writeJson } from './print.js'

const pinFlag = {
  type: 'string',
  value: 'PIN',
  help: "the player's PIN (at least 4 characters); or set ARBITER_PIN, which keeps it out of the shell history",
} as const
const playerFlag = { type: 'string', value: 'PLAYER', help: 'the player whose key it is (required)' } as const

/** The PIN from --pin or ARBITER_PIN. */
function pinOf(values: Values): string {
  const pin = optional(values, 'pin') ?? process.env.ARBITER_PIN
  if (pin === undefined || pin === '') throw new UsageError('give the PIN with --pin PIN or in ARBITER_PIN')
  return pin
}

/** A player's key and signatures on a shared machine, the private key wrapped under the player's PIN (issue 17). */
export const signingCommands = {
  key: {
    usage: `${ARBITER} key --db FILE --game ID --as PLAYER [--pin PIN] [--json]`,
    summary: "Make a player's signing key for a game, kept in FILE.keys.json under their PIN; records its public key.",
    details:
      'The private key is wrapped (AES-GCM) with a key made from the PIN (PBKDF2, 600,000 rounds) and kept\n' +
      'beside the database, never in the game or its export. The game records the public key; every\n' +
      'signature the player makes is checked against it. See docs/signing.md for what a PIN protects.',
    flags: { db: dbFlag, game: gameFlag, as: playerFlag, pin: pinFlag, json: writeJsonFlag, help: helpFlag },
    examples: [`ARBITER_PIN=4821 ${ARBITER} key --db games.sqlite --game 4f1c… --as chaos`],
    async run(values, _p, io) {
      const file = required(values, 'db')
      const gameId = required(values, 'game')
      const player = required(values, 'as')
      const pin = pinOf(values)
      await withApi(file, 'write', async (api) => {
        const sealed = await newPinKey(pin)
        keepKey(file, gameId, player, sealed)
        let step: Awaited<ReturnType<typeof api.append>>
        try {
          step = await api.append(gameId, {
            type: 'PlayerKeyRecorded',
            actor: player,
            payload: { player, publicKey: sealed.publicKey, holder: 'pin' },
          })
        } catch (error) {
          forgetKey(file, gameId, player, sealed.publicKey)
          throw error
        }
        if (values.json === true) io.stdout.write(`${writeJson(gameId, step, step.status.openRequests)}\n`)
        else
          io.stdout.write(
            `${stepLine(step)}\n${player}'s private key is kept in ${keyFilePath(file)} under the PIN; sign with\n` +
              `  ${ARBITER} sign --db ${file} --game ${gameId} --as ${player}\n`,
          )
      })
      return 0
    },
  },
  sign: {
    usage: `${ARBITER} sign --db FILE --game ID --as PLAYER [--pin PIN] [--end turn|game] [--json]`,
    summary: 'Sign the game as it stands (the head hash), at the end of a turn or of the game, with the PIN-kept key.',
    details:
      'Both players sign the same point: the second signature signs what the first did. `verify` then says\n' +
      '"signed by both through seq N (turn T)"; a log cut short or rewritten before it no longer verifies.',
    flags: {
      db: dbFlag,
      game: gameFlag,
      as: { ...playerFlag, help: 'the player who signs (required)' },
      pin: pinFlag,
      end: { type: 'string', value: 'turn|game', help: 'what the signature closes: the turn (default) or the game' },
      json: writeJsonFlag,
      help: helpFlag,
    },
    examples: [
      `ARBITER_PIN=4821 ${ARBITER} sign --db games.sqlite --game 4f1c… --as chaos`,
      `${ARBITER} sign --db games.sqlite --game 4f1c… --as empire --end game --pin 7310`,
    ],
    async run(values, _p, io) {
      const file = required(values, 'db')
      const gameId = required(values, 'game')
      const player = required(values, 'as')
      const end = optional(values, 'end') ?? 'turn'
      if (end !== 'turn' && end !== 'game') throw new UsageError(`--end is turn or game, not "${end}"`)
      const pin = pinOf(values)
      await withApi(file, 'write', async (api) => {
        const before = await api.signatures(gameId)
        const recorded = before.summary.keys.find((key) => key.player === player)
        if (!recorded)
          throw new ArbiterError(
            'api/no-key',
            `${player} has no key in this game; make one with ${ARBITER} key --db ${file} --game ${gameId} --as ${player}`,
          )
        const sealed = keptKey(file, gameId, player, recorded.publicKey)
        if (!sealed)
          throw new ArbiterError(
            'api/no-key',
            `${player}'s key (recorded at seq ${recorded.seq}) is not kept in ${keyFilePath(file)}: it was made elsewhere`,
          )
        const privateKey = await unwrapWithPin(sealed, pin, player)
        const point = before.toSign[player]
        if (!point)
          throw new ArbiterError(
            'engine/not-the-head',
            `${player} has signed everything up to the head already: ${signatureSentence(before.summary)}`,
          )
        const signature = await signHead(privateKey, { gameId, player, ...point, end })
        const step = await api.append(gameId, {
          type: 'HeadSigned',
          actor: player,
          payload: { player, ...point, end, signature },
        })
        if (values.json === true) {
          io.stdout.write(`${writeJson(gameId, step, step.status.openRequests)}\n`)
          return
        }
        const after = await api.signatures(gameId)
        io.stdout.write(`${stepLine(step)}\n${signatureSentence(after.summary)}\n`)
      })
      return 0
    },
  },
} satisfies Record<string, Command>
