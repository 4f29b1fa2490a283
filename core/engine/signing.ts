import { explain } from '../explain/explanation.js'
import { RuleError } from './errors.js'
import { requireGame, requireNoOpenRequests, requirePlayer } from './guards.js'
import type { Handler } from './handlers.js'
import type { EngineEvent, GameState, SigningState } from './types.js'

/**
 * The players' keys and signatures as the game records them (issue 17). The engine keeps who holds
 * which key and who signed which seq; that a signature is the key's and the hash the chain's is checked
 * where the hashes are (core/api/signatures.ts), since the engine never sees a hash.
 */
function signingOf(game: GameState): SigningState {
  game.signing ??= { keys: {}, signed: {}, last: null, signatures: [] }
  return game.signing
}

export const playerKeyRecorded: Handler<'PlayerKeyRecorded'> = (state, event) => {
  const game = requireGame(state, event as EngineEvent)
  const { player, publicKey, holder } = event.payload
  requirePlayer(game, player, event as EngineEvent)
  const known = game.signing?.keys[player]
  if (known)
    throw new RuleError(
      'engine/key-recorded',
      `seq ${event.seq}: ${player} has a key already (recorded at seq ${known.seq}); a player has one key a game`,
    )
  const held = Object.entries(game.signing?.keys ?? {}).find(([, key]) => key.publicKey === publicKey)
  if (held) throw new RuleError('engine/key-recorded', `seq ${event.seq}: that public key is ${held[0]}'s already`)
  signingOf(game).keys[player] = { publicKey, holder, seq: event.seq }
  const kept = holder === 'pin' ? 'under a PIN' : 'on their own device'
  return explain(`${player}'s key ${publicKey.slice(0, 12)}… is recorded (kept ${kept})`, { from: [event.seq] })
}

export const headSigned: Handler<'HeadSigned'> = (state, event) => {
  const game = requireGame(state, event as EngineEvent)
  const { player, seq, head, turn, end, signature: signed } = event.payload
  requirePlayer(game, player, event as EngineEvent)
  const key = game.signing?.keys[player]
  if (!key)
    throw new RuleError('engine/no-key', `seq ${event.seq}: ${player} has no key recorded in this game to sign with`)
  requireNoOpenRequests(game, event as EngineEvent)
  const last = game.signing?.last ?? null
  // The head, or the point the signature just before this one signed: both players sign one seq.
  const signable = last !== null && last.at === event.seq - 1 ? [event.seq - 1, last.seq] : [event.seq - 1]
  if (!signable.includes(seq))
    throw new RuleError(
      'engine/not-the-head',
      `seq ${event.seq}: a signature signs the game as it stands (seq ${signable.join(' or ')}), not seq ${seq}`,
    )
  if (last !== null && seq === last.seq && head !== last.head)
    throw new RuleError(
      'engine/not-the-head',
      `seq ${event.seq}: seq ${seq} was signed with head ${last.head.slice(0, 12)}, not ${head.slice(0, 12)}`,
    )
  const own = game.signing?.signed[player]
  if (own && own.seq === seq)
    throw new RuleError(
      'engine/not-the-head',
      `seq ${event.seq}: ${player} has signed seq ${seq} already (at seq ${own.at})`,
    )
  if (turn !== game.turn)
    throw new RuleError('engine/wrong-turn', `seq ${event.seq}: the game is in turn ${game.turn}, not turn ${turn}`)
  const signature = { player, seq, head, turn, end, signature: signed, at: event.seq }
  const signing = signingOf(game)
  signing.signed[player] = signature
  signing.last = signature
  signing.signatures.push(event.seq)
  return explain(
    `${player} signs the ${end === 'game' ? 'game' : `end of turn ${turn}`} through seq ${seq} (${head.slice(0, 12)})`,
    {
      from: [seq],
    },
  )
}
