import type { GameState } from '../engine/types.js'
import { canonicalJson } from '../events/canonical-json.js'
import type { ErrorData } from '../events/errors.js'
import type { PayloadOf } from '../events/event-types.js'
import { fromBase64url, importPublicKey, type Key, toBase64url } from './signatures.js'

/**
 * A write from a second screen by a player who joined it with their key (issue 17): the request
 * carries the player's Ed25519 signature over what it does (the method, the game, its arguments'
 * hash), the head it was made at (seq and hash) and a fresh nonce. The host lets it through only
 * when the signature holds under the key the game records for that player, the write is the
 * player's own (its actor), the head is still the game's head and the nonce was not used before:
 * a captured request cannot be sent again, changed, or sent in another player's name.
 *
 * Pure: Web Crypto and canonical JSON alone, so the page signs and the host checks with one text.
 */

/** The request header that carries the signature: base64url of the JSON of a `ScreenWriteSignature`. */
export const SCREEN_WRITE_HEADER = 'x-arbiter-screen-write'

export type ScreenWriteMethod = 'append' | 'rollDice'

/** What travels in the header. */
export interface ScreenWriteSignature {
  /** The player who joined the screen and signs. */
  readonly player: string
  /** The head the write was made at: its seq and the hash of the event there. */
  readonly seq: number
  readonly head: string
  /** 16 random bytes, base64url: one request, once. */
  readonly nonce: string
  /** Ed25519 over `screenWriteMessage`, base64url. */
  readonly signature: string
}

export interface ScreenWriteFields {
  readonly gameId: string
  readonly method: ScreenWriteMethod
  readonly args: readonly unknown[]
  readonly player: string
  readonly seq: number
  readonly head: string
  readonly nonce: string
}

/** The SHA-256 of the arguments' canonical JSON, base64url: what the signature says the body is. */
export async function argumentsHash(args: readonly unknown[]): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(args))
  return toBase64url(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes)))
}

/** The bytes signed: canonical JSON, named, so that no head signature or other message can be taken for one. */
export async function screenWriteMessage(fields: ScreenWriteFields): Promise<Uint8Array<ArrayBuffer>> {
  const { gameId, method, player, seq, head, nonce } = fields
  const body = await argumentsHash(fields.args)
  return new TextEncoder().encode(
    canonicalJson({ arbiter: 'screen-write/1', gameId, method, player, seq, head, body, nonce }),
  ) as Uint8Array<ArrayBuffer>
}

/** A fresh nonce for one request. */
export function newNonce(): string {
  return toBase64url(globalThis.crypto.getRandomValues(new Uint8Array(16)))
}

/** The header's value for a write the player makes at `head` (seq, hash) with their private key. */
export async function signScreenWrite(
  privateKey: Key,
  fields: Omit<ScreenWriteFields, 'nonce'>,
  nonce: string = newNonce(),
): Promise<string> {
  const message = await screenWriteMessage({ ...fields, nonce })
  const signature = toBase64url(
    new Uint8Array(await globalThis.crypto.subtle.sign({ name: 'Ed25519' }, privateKey, message)),
  )
  const carried: ScreenWriteSignature = { player: fields.player, seq: fields.seq, head: fields.head, nonce, signature }
  return toBase64url(new TextEncoder().encode(JSON.stringify(carried)))
}

/** The header read back, or null when it is not one. */
export function readScreenWriteHeader(value: string | undefined): ScreenWriteSignature | null {
  if (value === undefined || value === '') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder().decode(fromBase64url(value)))
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null) return null
  const { player, seq, head, nonce, signature } = parsed as Record<string, unknown>
  const text = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 512
  if (!text(player) || !text(head) || !text(nonce) || !text(signature)) return null
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return null
  return { player, seq, head, nonce, signature }
}

/** The write as the host sees it: the call, the header's value, and the game at its head. */
export interface ScreenWriteToCheck {
  readonly gameId: string
  readonly method: ScreenWriteMethod
  readonly args: readonly unknown[]
  /** The value of `SCREEN_WRITE_HEADER`, if the request had one. */
  readonly signed: string | undefined
  /** The game at its head and the hash of its head event. */
  readonly game: Pick<GameState, 'seq' | 'players' | 'signing'>
  readonly headHash: string
}

/**
 * The nonces a screen has seen at the game's head. A nonce is taken only after every other check,
 * synchronously, so of two copies of one request sent at once only the first passes. Nonces of older
 * heads are forgotten: a request made at an older head is refused for that already.
 */
export class SpentNonces {
  private seq = -1
  private readonly spent = new Set<string>()

  /** False when the nonce was used at this head already, or the head is older than one seen; else it is taken. */
  take(seq: number, nonce: string): boolean {
    if (seq < this.seq) return false
    if (seq > this.seq) {
      this.seq = seq
      this.spent.clear()
    }
    if (this.spent.has(nonce)) return false
    this.spent.add(nonce)
    return true
  }
}

function refused(message: string): ErrorData {
  return { code: 'host/not-signed', message }
}

/** Who a write records as: the draft's actor, or rollDice's third argument. */
function actorOf(method: ScreenWriteMethod, args: readonly unknown[]): unknown {
  if (method === 'rollDice') return args[2]
  const draft = args[1]
  return typeof draft === 'object' && draft !== null ? (draft as { actor?: unknown }).actor : undefined
}

/**
 * The key a write is checked against: the key the game records for the player, or — for the
 * player's own first PlayerKeyRecorded — the key being recorded (whoever records it must hold it).
 * A player who already holds a key records no other from a screen (nor anywhere: one key a game).
 */
function keyFor(check: ScreenWriteToCheck, player: string): { publicKey: string } | ErrorData {
  const recorded = check.game.signing?.keys[player]
  if (recorded) return recorded
  const draft = check.args[1] as { type?: unknown; payload?: unknown } | undefined
  if (check.method === 'append' && draft?.type === 'PlayerKeyRecorded') {
    const payload = draft.payload as Partial<PayloadOf<'PlayerKeyRecorded'>> | undefined
    if (payload?.player !== player)
      return refused(
        `append: ${player} may record only their own key from a second screen, not ${String(payload?.player)}'s`,
      )
    if (typeof payload.publicKey !== 'string') return refused(`append: ${player}'s key to record has no public key`)
    return { publicKey: payload.publicKey }
  }
  return refused(
    `${check.method}: ${player} has no key recorded in game ${check.gameId}: join this screen first (it records a key kept on this device)`,
  )
}

/**
 * Decides a write to a second screen's game: null lets it through, else the refusal
 * (`host/not-signed`), which names what is wrong. `spent` is the screen's nonce book; the nonce is
 * taken only when everything else holds.
 */
export async function checkScreenWrite(check: ScreenWriteToCheck, spent: SpentNonces): Promise<ErrorData | null> {
  const carried = readScreenWriteHeader(check.signed)
  if (!carried)
    return refused(
      `${check.method}: a write on this second screen needs a player who joined it with their key (no signature sent)`,
    )
  const { player, seq, head, nonce, signature } = carried
  if (!check.game.players.some((each) => each.id === player))
    return refused(`${check.method}: ${player} is not a player of game ${check.gameId}`)
  const actor = actorOf(check.method, check.args)
  if (actor !== player)
    return refused(
      `${check.method}: ${player} joined this screen and may record only as ${player}, not as ${String(actor)}`,
    )
  if (seq !== check.game.seq || head !== check.headHash)
    return refused(
      `${check.method}: signed at seq ${seq}, but the game is at seq ${check.game.seq} now: ` +
        'a request is good for the head it was made at, once',
    )
  if (check.method === 'append' && check.args[2] !== seq)
    return refused(`append: a signed append names the seq it expects (${seq}) as its expected version`)
  const key = keyFor(check, player)
  if ('code' in key) return key
  let holds = false
  try {
    const message = await screenWriteMessage({ ...check, player, seq, head, nonce })
    holds = await globalThis.crypto.subtle.verify(
      { name: 'Ed25519' },
      await importPublicKey(key.publicKey),
      fromBase64url(signature),
      message,
    )
  } catch {
    holds = false
  }
  if (!holds)
    return refused(
      `${check.method}: the signature does not hold under ${player}'s key for this request: nothing recorded`,
    )
  if (!spent.take(seq, nonce))
    return refused(`${check.method}: this request was sent before (its nonce is used): nothing recorded`)
  return null
}
