import { describe, expect, it } from 'vitest'
import {
  checkScreenWrite,
  readScreenWriteHeader,
  type ScreenWriteMethod,
  type ScreenWriteToCheck,
  SpentNonces,
  signScreenWrite,
} from '../../core/api/screen-writes.js'
import { type KeyPair, newKeyPair, publicKeyText, toBase64url } from '../../core/api/signatures.js'

const gameId = 'g-screen'
const head = 'a'.repeat(64)
const players = [
  { id: 'p1', name: 'One' },
  { id: 'p2', name: 'Two' },
]

async function keysOf(): Promise<{ p1: KeyPair; p2: KeyPair; p1Text: string; p2Text: string }> {
  const p1 = await newKeyPair(false)
  const p2 = await newKeyPair(false)
  return { p1, p2, p1Text: await publicKeyText(p1.publicKey), p2Text: await publicKeyText(p2.publicKey) }
}

/** The game at seq 7, with the keys given recorded. */
function gameWith(keys: Record<string, string>, seq = 7): ScreenWriteToCheck['game'] {
  return {
    seq,
    players,
    signing: {
      keys: Object.fromEntries(
        Object.entries(keys).map(([player, publicKey]) => [player, { publicKey, holder: 'device' as const, seq: 2 }]),
      ),
      signed: {},
      last: null,
      signatures: [],
    },
  } as ScreenWriteToCheck['game']
}

const note = (actor: string, text = 'from the phone') => ({ type: 'Note', actor, payload: { text } })

async function signed(
  key: KeyPair,
  player: string,
  method: ScreenWriteMethod,
  args: unknown[],
  seq = 7,
  nonce?: string,
) {
  return signScreenWrite(key.privateKey, { gameId, method, args, player, seq, head }, nonce)
}

function write(
  method: ScreenWriteMethod,
  args: unknown[],
  header: string | undefined,
  game: ScreenWriteToCheck['game'],
): ScreenWriteToCheck {
  return { gameId, method, args, signed: header, game, headHash: head }
}

describe('a write from a second screen, checked against the joined player’s key', () => {
  it('lets through a write signed by the player it records as, at the head, once', async () => {
    const { p1, p1Text, p2Text } = await keysOf()
    const game = gameWith({ p1: p1Text, p2: p2Text })
    const spent = new SpentNonces()
    const args = [gameId, note('p1'), 7]
    const header = await signed(p1, 'p1', 'append', args)
    expect(await checkScreenWrite(write('append', args, header, game), spent)).toBeNull()
    const roll = [gameId, 'r3', 'p1']
    expect(
      await checkScreenWrite(write('rollDice', roll, await signed(p1, 'p1', 'rollDice', roll), game), spent),
    ).toBeNull()
    // The same request again (a captured one replayed) at the same head: its nonce is spent.
    expect(await checkScreenWrite(write('append', args, header, game), spent)).toEqual({
      code: 'host/not-signed',
      message: 'append: this request was sent before (its nonce is used): nothing recorded',
    })
    // And once the head moved on (the write landed), it is a request for an old head.
    expect((await checkScreenWrite(write('append', args, header, gameWith({ p1: p1Text }, 8)), spent))?.message).toBe(
      'append: signed at seq 7, but the game is at seq 8 now: a request is good for the head it was made at, once',
    )
  })

  it('refuses an unsigned write, a malformed header, and a player who is not in the game', async () => {
    const { p1, p1Text } = await keysOf()
    const game = gameWith({ p1: p1Text })
    const args = [gameId, note('p1'), 7]
    expect((await checkScreenWrite(write('append', args, undefined, game), new SpentNonces()))?.message).toBe(
      'append: a write on this second screen needs a player who joined it with their key (no signature sent)',
    )
    expect((await checkScreenWrite(write('append', args, 'not base64 json!', game), new SpentNonces()))?.code).toBe(
      'host/not-signed',
    )
    const mallory = [gameId, note('mallory'), 7]
    expect(
      (
        await checkScreenWrite(
          write('append', mallory, await signed(p1, 'mallory', 'append', mallory), game),
          new SpentNonces(),
        )
      )?.message,
    ).toBe(`append: mallory is not a player of game ${gameId}`)
  })

  it('refuses a write as the other player, whoever signs it', async () => {
    const { p1, p2, p1Text, p2Text } = await keysOf()
    const game = gameWith({ p1: p1Text, p2: p2Text })
    const asP2 = [gameId, note('p2'), 7]
    // p1 signs, as themselves, a Note whose actor is p2.
    expect(
      (await checkScreenWrite(write('append', asP2, await signed(p1, 'p1', 'append', asP2), game), new SpentNonces()))
        ?.message,
    ).toBe('append: p1 joined this screen and may record only as p1, not as p2')
    // p1 signs with their key but claims to be p2: the signature is not p2's.
    expect(
      (await checkScreenWrite(write('append', asP2, await signed(p1, 'p2', 'append', asP2), game), new SpentNonces()))
        ?.message,
    ).toBe("append: the signature does not hold under p2's key for this request: nothing recorded")
    const roll = [gameId, 'r3', 'p2']
    expect(
      (
        await checkScreenWrite(
          write('rollDice', roll, await signed(p1, 'p1', 'rollDice', roll), game),
          new SpentNonces(),
        )
      )?.message,
    ).toBe('rollDice: p1 joined this screen and may record only as p1, not as p2')
    // p2's own signature passes: the gate is about who signs, not about a favourite player.
    expect(
      await checkScreenWrite(
        write('rollDice', roll, await signed(p2, 'p2', 'rollDice', roll), game),
        new SpentNonces(),
      ),
    ).toBeNull()
  })

  it('refuses a forged request: changed arguments, another method, game or head, a forged signature', async () => {
    const { p1, p1Text } = await keysOf()
    const game = gameWith({ p1: p1Text })
    const args = [gameId, note('p1', 'I roll a 6'), 7]
    const header = await signed(p1, 'p1', 'append', args)
    const bad = "append: the signature does not hold under p1's key for this request: nothing recorded"
    const changed = [gameId, note('p1', 'I roll a 1'), 7]
    expect((await checkScreenWrite(write('append', changed, header, game), new SpentNonces()))?.message).toBe(bad)
    const elsewhere = { ...write('append', args, header, game), gameId: 'g-other' }
    expect((await checkScreenWrite(elsewhere, new SpentNonces()))?.message).toBe(bad)
    const roll = [gameId, 'r3', 'p1']
    const rollHeader = await signed(p1, 'p1', 'rollDice', roll)
    expect((await checkScreenWrite(write('append', roll, rollHeader, game), new SpentNonces()))?.code).toBe(
      'host/not-signed',
    )
    const carried = readScreenWriteHeader(header)!
    const reheaded = toBase64url(new TextEncoder().encode(JSON.stringify({ ...carried, head: 'b'.repeat(64) })))
    expect((await checkScreenWrite(write('append', args, reheaded, game), new SpentNonces()))?.message).toContain(
      'signed at seq 7',
    )
    const zeroes = toBase64url(new Uint8Array(64))
    const forged = toBase64url(new TextEncoder().encode(JSON.stringify({ ...carried, signature: zeroes })))
    expect((await checkScreenWrite(write('append', args, forged, game), new SpentNonces()))?.message).toBe(bad)
    const renonced = toBase64url(new TextEncoder().encode(JSON.stringify({ ...carried, nonce: 'fresh' })))
    expect((await checkScreenWrite(write('append', args, renonced, game), new SpentNonces()))?.message).toBe(bad)
  })

  it('needs an append to name the head it was signed at as its expected version', async () => {
    const { p1, p1Text } = await keysOf()
    const args = [gameId, note('p1')]
    expect(
      (
        await checkScreenWrite(
          write('append', args, await signed(p1, 'p1', 'append', args), gameWith({ p1: p1Text })),
          new SpentNonces(),
        )
      )?.message,
    ).toBe('append: a signed append names the seq it expects (7) as its expected version')
  })

  it('lets a player without a key record their own, signed by that very key, and nobody else’s', async () => {
    const { p1, p2, p1Text, p2Text } = await keysOf()
    const game = gameWith({})
    const record = (player: string, publicKey: string) => [
      gameId,
      { type: 'PlayerKeyRecorded', actor: player, payload: { player, publicKey, holder: 'device' } },
      7,
    ]
    const own = record('p1', p1Text)
    expect(
      await checkScreenWrite(write('append', own, await signed(p1, 'p1', 'append', own), game), new SpentNonces()),
    ).toBeNull()
    // Signed by another key than the one recorded: whoever records a key must hold it.
    expect(
      (await checkScreenWrite(write('append', own, await signed(p2, 'p1', 'append', own), game), new SpentNonces()))
        ?.message,
    ).toBe("append: the signature does not hold under p1's key for this request: nothing recorded")
    // p1 records a key for p2 (whose actor is p1): refused.
    const forP2 = [
      gameId,
      { type: 'PlayerKeyRecorded', actor: 'p1', payload: { player: 'p2', publicKey: p2Text, holder: 'device' } },
      7,
    ]
    expect(
      (await checkScreenWrite(write('append', forP2, await signed(p2, 'p1', 'append', forP2), game), new SpentNonces()))
        ?.message,
    ).toBe("append: p1 may record only their own key from a second screen, not p2's")
    // A player with a key already: a new key signed by itself does not hold under the recorded one.
    const again = record('p1', p2Text)
    expect(
      (
        await checkScreenWrite(
          write('append', again, await signed(p2, 'p1', 'append', again), gameWith({ p1: p1Text })),
          new SpentNonces(),
        )
      )?.message,
    ).toBe("append: the signature does not hold under p1's key for this request: nothing recorded")
    // Without a key, nothing else: a Note needs the key recorded first.
    const noteArgs = [gameId, note('p1'), 7]
    expect(
      (
        await checkScreenWrite(
          write('append', noteArgs, await signed(p1, 'p1', 'append', noteArgs), game),
          new SpentNonces(),
        )
      )?.message,
    ).toBe(
      `append: p1 has no key recorded in game ${gameId}: join this screen first (it records a key kept on this device)`,
    )
  })

  it('forgets nonces of older heads and refuses a request for a head older than one seen', () => {
    const spent = new SpentNonces()
    expect(spent.take(7, 'n')).toBe(true)
    expect(spent.take(7, 'n')).toBe(false)
    expect(spent.take(8, 'n')).toBe(true)
    expect(spent.take(7, 'm')).toBe(false)
  })
})
