import * as crypto from 'node:crypto'

// crypto.hash (Node >= 20.12) is a one-shot digest about twice as fast as createHash for short
// texts; verification hashes every event, so it is worth the fallback.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash

/** The project's one hashing helper: the lowercase hex sha256 of the UTF-8 bytes of `text`. */
export const sha256Hex: (text: string) => string = oneShot
  ? (text) => oneShot('sha256', text, 'hex')
  : (text) => crypto.createHash('sha256').update(text, 'utf8').digest('hex')

/**
 * Pieces are handed to the hash this many characters at a time, joined: one native call a piece cost
 * more than hashing it, and a batch this size stays a young, small string.
 */
const PIECES_BATCH = 16 * 1024

/** The lowercase hex sha256 of the UTF-8 bytes of the pieces, in order: of their text joined, without joining it. */
export function sha256HexOfPieces(pieces: Iterable<string>): string {
  const hash = crypto.createHash('sha256')
  let batch = ''
  for (const piece of pieces) {
    batch += piece
    if (batch.length >= PIECES_BATCH) {
      hash.update(batch, 'utf8')
      batch = ''
    }
  }
  hash.update(batch, 'utf8')
  return hash.digest('hex')
}
