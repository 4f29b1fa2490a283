/**
 * A fair face from 1 to `sides` from the platform's CSPRNG (Web Crypto, present in Node, Electron
 * and browsers alike). Rejection sampling: a 32-bit value at or above the largest multiple of
 * `sides` is drawn again, so no face is favoured by the modulo.
 */
export function randomFace(sides: number): number {
  if (!Number.isInteger(sides) || sides < 1 || sides > 2 ** 32)
    throw new RangeError(`a die has a whole number of sides from 1 to 2^32, not ${sides}`)
  const limit = Math.floor(2 ** 32 / sides) * sides
  const word = new Uint32Array(1)
  for (;;) {
    globalThis.crypto.getRandomValues(word)
    const value = word[0] as number
    if (value < limit) return (value % sides) + 1
  }
}
