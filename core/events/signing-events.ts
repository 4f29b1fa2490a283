import { z } from 'zod'
import { sha256HexSchema } from './envelope.js'
import { slug as id } from './slug.js'

/** `bytes` bytes as base64url without padding (keys and signatures). */
function base64url(bytes: number) {
  const length = Math.ceil((bytes * 4) / 3)
  return z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), `expected ${bytes} bytes as base64url (${length} characters)`)
}

/** The players' keys and signatures (issue 17; docs/signing.md). Spread into `eventSchemas` (event-types.ts). */
export const signingEvents = {
  /**
   * A player's public key in the game (issue 17): an Ed25519 key made with Web Crypto, its private half
   * on the player's own device (`device`) or wrapped under the player's PIN on a shared machine (`pin`).
   * One key a player; recorded by the player it names.
   */
  PlayerKeyRecorded: {
    version: 1,
    schema: z.strictObject({
      player: id,
      /** The raw 32-byte Ed25519 public key, base64url without padding. */
      publicKey: base64url(32),
      holder: z.enum(['device', 'pin']),
    }),
  },
  /**
   * A player confirms the game as it stands: an Ed25519 signature over the hash of the event at `seq`
   * (the head when signed, or the point the signature just before it signed), at the end of a turn or
   * of the game. What is signed is `headSignatureMessage` (core/api/signatures.ts).
   */
  HeadSigned: {
    version: 1,
    schema: z.strictObject({
      player: id,
      seq: z.number().int().min(1),
      head: sha256HexSchema,
      /** The game turn the signature closes (0 before the first turn). */
      turn: z.number().int().min(0).max(100),
      end: z.enum(['turn', 'game']),
      /** The 64-byte Ed25519 signature, base64url without padding. */
      signature: base64url(64),
    }),
  },
} as const
