import * as crypto from 'node:crypto'

// crypto.hash (Node >= 20.12) is a one-shot digest about twice as fast as createHash for short
// texts; verification hashes every event, so it is worth the fallback.
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string }).hash

/** The project's one hashing helper: the lowercase hex sha256 of the UTF-8 bytes of `text` (or of the bytes given). */
export const sha256Hex: (text: string | Uint8Array) => string = oneShot
  ? (text) => oneShot('sha256', text, 'hex')
  : (text) =>
      typeof text === 'string'
        ? crypto.createHash('sha256').update(text, 'utf8').digest('hex')
        : crypto.createHash('sha256').update(text).digest('hex')

/** The lowercase hex sha256 of the UTF-8 bytes of the pieces, in order: of their text joined, without joining it. */
export function sha256HexOfPieces(pieces: Iterable<string>): string {
  const hash = crypto.createHash('sha256')
  for (const piece of pieces) hash.update(piece, 'utf8')
  return hash.digest('hex')
}
