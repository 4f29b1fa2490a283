import type { GameState, HeadSignature, PlayerKey } from '../engine/types.js'
import { canonicalJson } from '../events/canonical-json.js'
import { ArbiterError } from '../events/errors.js'
import type { PayloadOf } from '../events/event-types.js'

/**
 * The players' keys and signatures (issue 17), with Web Crypto alone (`globalThis.crypto.subtle`), so
 * that Node (the CLI, the hosts) and a browser (the renderer) make and check them the same way.
 *
 * A player confirms the game as it stands by signing the hash of its head event: that hash chains every
 * event before it, so a signature covers the whole log up to there. A log cut short before the game's
 * end signatures, or rewritten (and re-hashed) before a signature, no longer verifies as signed.
 */
const ED25519 = { name: 'Ed25519' } as const
const subtle = () => globalThis.crypto.subtle
/** Web Crypto's key, named from the platform's own types (Node's or the DOM's): core imports neither. */
export type Key = Awaited<ReturnType<ReturnType<typeof subtle>['importKey']>>
export interface KeyPair {
  readonly publicKey: Key
  readonly privateKey: Key
}

/** PBKDF2 rounds for a PIN: about a tenth of a second here, so each guess at a PIN costs as much. */
export const PIN_ITERATIONS = 600_000
/** The shortest PIN accepted. */
export const PIN_MIN_LENGTH = 4

export function toBase64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** What a signature covers: the game, the player, the seq and its hash, the turn, and which end it marks. */
export interface HeadSignatureFields {
  readonly gameId: string
  readonly player: string
  readonly seq: number
  readonly head: string
  readonly turn: number
  readonly end: 'turn' | 'game'
}

/** The bytes signed: canonical JSON, named, so that no other message of Arbiter's can be taken for one. */
export function headSignatureMessage(fields: HeadSignatureFields): Uint8Array<ArrayBuffer> {
  const { gameId, player, seq, head, turn, end } = fields
  return new TextEncoder().encode(
    canonicalJson({ arbiter: 'head-signature/1', gameId, player, seq, head, turn, end }),
  ) as Uint8Array<ArrayBuffer>
}

/** A new Ed25519 key pair; a device's private key is not extractable, one to be wrapped under a PIN must be. */
export async function newKeyPair(extractable: boolean): Promise<KeyPair> {
  return (await subtle().generateKey(ED25519, extractable, ['sign', 'verify'])) as KeyPair
}

/** The raw public key as a PlayerKeyRecorded holds it. */
export async function publicKeyText(publicKey: Key): Promise<string> {
  return toBase64url(new Uint8Array(await subtle().exportKey('raw', publicKey)))
}

/** The recorded public key as Web Crypto takes it; `api/bad-key` when it is no Ed25519 key. */
export async function importPublicKey(text: string): Promise<Key> {
  try {
    return await subtle().importKey('raw', fromBase64url(text), ED25519, true, ['verify'])
  } catch (error) {
    throw new ArbiterError(
      'api/bad-key',
      `the public key ${text.slice(0, 12)}… is not an Ed25519 key (${(error as Error).message})`,
    )
  }
}

export async function signHead(privateKey: Key, fields: HeadSignatureFields): Promise<string> {
  return toBase64url(new Uint8Array(await subtle().sign(ED25519, privateKey, headSignatureMessage(fields))))
}

export async function headSignatureHolds(
  publicKey: string,
  fields: HeadSignatureFields,
  signature: string,
): Promise<boolean> {
  const key = await importPublicKey(publicKey)
  return subtle().verify(ED25519, key, fromBase64url(signature), headSignatureMessage(fields))
}

/** A private key wrapped under a PIN: what a shared machine keeps for a player (never part of the game). */
export interface PinWrappedKey {
  readonly publicKey: string
  readonly kdf: {
    readonly name: 'PBKDF2'
    readonly hash: 'SHA-256'
    readonly iterations: number
    readonly salt: string
  }
  /** AES-GCM: its nonce, and the PKCS #8 private key it sealed (with its tag). */
  readonly iv: string
  readonly wrapped: string
}

export function checkPin(pin: string): void {
  if (pin.length < PIN_MIN_LENGTH)
    throw new ArbiterError('api/wrong-pin', `a PIN has at least ${PIN_MIN_LENGTH} characters, not ${pin.length}`)
}

async function pinKey(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Key> {
  const base = await subtle().importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveKey'])
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  )
}

/** A new key pair for a player on a shared machine: the private key sealed under the PIN at once. */
export async function newPinKey(pin: string): Promise<PinWrappedKey> {
  checkPin(pin)
  const pair = await newKeyPair(true)
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(16))
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
  const wrapping = await pinKey(pin, salt, PIN_ITERATIONS)
  const wrapped = await subtle().wrapKey('pkcs8', pair.privateKey, wrapping, { name: 'AES-GCM', iv })
  return {
    publicKey: await publicKeyText(pair.publicKey),
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: PIN_ITERATIONS, salt: toBase64url(salt) },
    iv: toBase64url(iv),
    wrapped: toBase64url(new Uint8Array(wrapped)),
  }
}

/** The private key, unsealed for signing (not extractable); `api/wrong-pin` when the PIN is not the one it was sealed with. */
export async function unwrapWithPin(sealed: PinWrappedKey, pin: string, player: string): Promise<Key> {
  const wrapping = await pinKey(pin, fromBase64url(sealed.kdf.salt), sealed.kdf.iterations)
  try {
    return await subtle().unwrapKey(
      'pkcs8',
      fromBase64url(sealed.wrapped),
      wrapping,
      { name: 'AES-GCM', iv: fromBase64url(sealed.iv) },
      ED25519,
      false,
      ['sign'],
    )
  } catch {
    // AES-GCM's tag fails for any other PIN: nothing is learned but that it is wrong.
    throw new ArbiterError('api/wrong-pin', `the PIN is wrong for ${player}'s key`)
  }
}

/** What the next signature of `player` signs: the head, or the point a signature just before it signed. */
export function signableFor(
  game: Pick<GameState, 'seq' | 'turn' | 'signing'>,
  headHash: string,
  player: string,
): { seq: number; head: string; turn: number } {
  const last = game.signing?.last ?? null
  if (last !== null && last.at === game.seq && game.signing?.signed[player]?.seq !== last.seq)
    return { seq: last.seq, head: last.head, turn: game.turn }
  return { seq: game.seq, head: headHash, turn: game.turn }
}

/** How far a game is signed: by whom, through which seq, and what follows unsigned. */
export interface SignatureSummary {
  readonly players: readonly string[]
  readonly keys: readonly ({ readonly player: string } & PlayerKey)[]
  /** Each player's newest signature, in the game's player order. */
  readonly signed: readonly HeadSignature[]
  /** The newest seq every player has signed (each signature covers the chain before it), or null. */
  readonly through: { readonly seq: number; readonly turn: number; readonly end: 'turn' | 'game' } | null
  /** Events after `through` (the whole game when null), signatures not counted. */
  readonly unsignedAfter: number
  readonly head: number
}

/** `verify`'s sentence: "signed by both through seq N (turn T); K events after it unsigned". */
export function signatureSentence(summary: SignatureSummary): string {
  const { through, signed, players, unsignedAfter } = summary
  const events = (count: number) => `${count} event${count === 1 ? '' : 's'}`
  if (signed.length === 0)
    return summary.keys.length === 0 ? 'unsigned: no player has a key in this game' : 'unsigned: no player has signed'
  const all = players.length === 2 ? 'both' : `all ${players.length} players`
  if (through === null) {
    const who = signed.map((s) => `${s.player} through seq ${s.seq} (turn ${s.turn})`).join(', ')
    const missing = players.filter((p) => !signed.some((s) => s.player === p))
    return `signed by ${who} only; ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} not signed`
  }
  const when = through.end === 'game' ? `turn ${through.turn}, the end of the game` : `turn ${through.turn}`
  return `signed by ${all} through seq ${through.seq} (${when}); ${events(unsignedAfter)} after it unsigned`
}

/** Whether every player signed the end of the game, with nothing after it: the whole game, signed. */
export function signedToTheEnd(summary: SignatureSummary): boolean {
  return summary.through?.end === 'game' && summary.unsignedAfter === 0
}

/** What a signature check reads of an event. */
export interface SignedEvent {
  readonly seq: number
  readonly gameId: string
  readonly type: string
  readonly payload: unknown
  readonly hash: string
}

export type SignatureCheck = { ok: true; summary: SignatureSummary } | { ok: false; seq: number; problem: string }

/**
 * Checks the keys and signatures of a whole log, event by event, in order (`add`, then `finish`): each
 * key an Ed25519 key, each signature's head the hash the chain has at its seq, and the signature the
 * signer's under the key recorded for them. The events' order and payloads are the fold's to check
 * (the engine refuses a signature out of place); this checks what only hashes and keys can show.
 */
export function signatureChecker(players: readonly string[]) {
  const keys = new Map<string, { player: string } & PlayerKey>()
  const signed = new Map<string, HeadSignature>()
  const signatureSeqs: number[] = []
  let previousHash: string | null = null
  let last: HeadSignature | null = null
  let head = 0
  return {
    async add(event: SignedEvent): Promise<{ seq: number; problem: string } | null> {
      head = event.seq
      const hashBefore = previousHash
      previousHash = event.hash
      if (event.type === 'PlayerKeyRecorded') {
        const { player, publicKey, holder } = event.payload as PayloadOf<'PlayerKeyRecorded'>
        try {
          await importPublicKey(publicKey)
        } catch (error) {
          return { seq: event.seq, problem: (error as Error).message }
        }
        keys.set(player, { player, publicKey, holder, seq: event.seq })
        return null
      }
      if (event.type !== 'HeadSigned') return null
      const payload = event.payload as PayloadOf<'HeadSigned'>
      const { player, seq, head: signedHead, turn, end, signature } = payload
      signatureSeqs.push(event.seq)
      const key = keys.get(player)
      if (!key) return { seq: event.seq, problem: `${player} signs with no key recorded before it` }
      const chained = seq === event.seq - 1 ? hashBefore : last !== null && last.seq === seq ? last.head : null
      if (chained === null)
        return {
          seq: event.seq,
          problem: `${player}'s signature names seq ${seq}, which is not the head it was made at`,
        }
      if (chained !== signedHead)
        return {
          seq: event.seq,
          problem:
            `${player} signed seq ${seq} as ${signedHead.slice(0, 12)}…, but the log has ${chained.slice(0, 12)}… there: ` +
            'the events up to it were changed after they were signed',
        }
      const holds = await headSignatureHolds(
        key.publicKey,
        { gameId: event.gameId, player, seq, head: signedHead, turn, end },
        signature,
      )
      if (!holds)
        return {
          seq: event.seq,
          problem:
            `${player}'s signature over seq ${seq} does not verify under the key recorded at seq ${key.seq}: ` +
            'the signature, what it signs, or the key was changed',
        }
      last = { player, seq, head: signedHead, turn, end, signature, at: event.seq }
      signed.set(player, last)
      return null
    },
    finish(): SignatureSummary {
      return summarise(
        players,
        [...keys.values()],
        players.flatMap((p) => signed.get(p) ?? []),
        signatureSeqs,
        head,
      )
    },
  }
}

/** The summary of a game's signatures from its keys, each player's newest signature and where the signatures are. */
export function summarise(
  players: readonly string[],
  keys: readonly ({ player: string } & PlayerKey)[],
  signed: readonly HeadSignature[],
  signatureSeqs: readonly number[],
  head: number,
): SignatureSummary {
  const everyone = signed.length === players.length && players.length > 0
  const oldest = everyone ? signed.reduce((a, b) => (b.seq < a.seq ? b : a)) : null
  const through =
    oldest === null ? null : { seq: oldest.seq, turn: oldest.turn, end: everyoneEnded(signed, oldest.seq) }
  const from = through?.seq ?? 0
  const unsignedAfter = head - from - signatureSeqs.filter((at) => at > from).length
  return { players, keys, signed, through, unsignedAfter, head }
}

function everyoneEnded(signed: readonly HeadSignature[], seq: number): 'turn' | 'game' {
  return signed.every((s) => s.seq === seq && s.end === 'game') ? 'game' : 'turn'
}

/** The summary at a game's head from its folded state (the newest signature of each player was checked as written). */
export function summaryOfState(game: GameState): SignatureSummary {
  const players = game.players.map((p) => p.id)
  const signing = game.signing
  const keys = Object.entries(signing?.keys ?? {}).map(([player, key]) => ({ player, ...key }))
  const signed = players.flatMap((p) => signing?.signed[p] ?? [])
  return summarise(players, keys, signed, signing?.signatures ?? [], game.seq)
}

/**
 * A key or a signature about to be written, checked as only keys and hashes can: a key that Web Crypto
 * takes as Ed25519, a signature whose head is the chain's hash at its seq and that holds under the
 * signer's recorded key. The engine checks the rest (who signs, which seq, the turn) when it steps.
 */
export async function checkNewSigningEvent(
  gameId: string,
  type: string,
  payload: unknown,
  game: GameState,
  hashAt: (seq: number) => string | undefined,
): Promise<void> {
  if (type === 'PlayerKeyRecorded') {
    await importPublicKey((payload as PayloadOf<'PlayerKeyRecorded'>).publicKey)
    return
  }
  if (type !== 'HeadSigned') return
  const { player, seq, head, turn, end, signature } = payload as PayloadOf<'HeadSigned'>
  const key = game.signing?.keys[player]
  // No key, or a seq that is no head: the engine names it.
  if (!key || seq > game.seq) return
  const stored = hashAt(seq)
  if (stored !== head)
    throw new ArbiterError(
      'api/bad-signature',
      `${player} signs seq ${seq} as ${head.slice(0, 12)}…, but its hash is ${String(stored).slice(0, 12)}…: ` +
        'sign the game as it stands',
    )
  if (!(await headSignatureHolds(key.publicKey, { gameId, player, seq, head, turn, end }, signature)))
    throw new ArbiterError(
      'api/bad-signature',
      `${player}'s signature over seq ${seq} does not verify under ${player}'s key (recorded at seq ${key.seq})`,
    )
}

/** What a screen shows of a game's signatures: the head, how far it is signed, and what each player would sign now. */
export interface SigningView {
  readonly gameId: string
  readonly head: { readonly seq: number; readonly hash: string }
  readonly summary: SignatureSummary
  /** What a signature by each player with a key signs now; absent for a player who has signed everything there is. */
  readonly toSign: Readonly<Record<string, { readonly seq: number; readonly head: string; readonly turn: number }>>
  /** A signature can be made now: no roll or choice is owed. */
  readonly canSign: boolean
}

/**
 * The signing view of a game at its head, checked: each player's newest signature again (its head
 * against the chain, its signature against the key), so what is shown as signed was checked.
 */
export async function signingView(
  gameId: string,
  game: GameState,
  hashAt: (seq: number) => string | undefined,
): Promise<SigningView> {
  const view = signingViewOf(gameId, game, hashAt(game.seq) ?? '')
  for (const { player, seq, head, turn, end, signature, at } of view.summary.signed) {
    const key = game.signing?.keys[player]
    const holds =
      key !== undefined &&
      hashAt(seq) === head &&
      (await headSignatureHolds(key.publicKey, { gameId, player, seq, head, turn, end }, signature))
    if (!holds)
      throw new ArbiterError(
        'api/bad-signature',
        `game ${gameId}: ${player}'s signature at seq ${at} does not hold for the log as it is: it was changed after it was signed`,
      )
  }
  return view
}

/**
 * The signing view of a game from its folded state and the hash of its head, as a screen builds it
 * from the view a write brings (no call of its own): signatures as the log holds them, each checked
 * when it was written or imported.
 */
export function signingViewOf(gameId: string, game: GameState, hash: string): SigningView {
  const summary = summaryOfState(game)
  const signatures = game.signing?.signatures ?? []
  // A player whose newest signature is followed by signatures alone has nothing new to sign.
  const upToDate = (player: string) => {
    const own = game.signing?.signed[player]
    return own !== undefined && game.seq - own.seq === signatures.filter((at) => at > own.seq).length
  }
  const toSign = Object.fromEntries(
    Object.keys(game.signing?.keys ?? {})
      .filter((player) => !upToDate(player))
      .map((player) => [player, signableFor(game, hash, player)]),
  )
  return { gameId, head: { seq: game.seq, hash }, summary, toSign, canSign: Object.keys(game.requests).length === 0 }
}
