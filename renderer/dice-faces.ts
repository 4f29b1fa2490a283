/**
 * The faces a player types, read the two ways the dice entry offers: how many dice show each face,
 * or the faces as a list. Pure, so it is tested without a browser. Whether the faces succeed is
 * the engine's to say; this only checks they are faces of the die and as many as were asked for.
 */
export type FacesRead = { readonly faces: number[] } | { readonly problem: string }

/** counts[face - 1] dice show each face: the faces in order, 1s first. */
export function facesFromCounts(counts: readonly number[], count: number): FacesRead {
  return exactly(
    counts.flatMap((times, index) => new Array<number>(times).fill(index + 1)),
    count,
  )
}

/**
 * "6 2 3 5 1", "6,2,3,5,1", or "62351" (one digit a die, when every face of the die is one digit
 * and the digits are as many as the dice). Anything else typed is named, never dropped: a stray
 * letter may be a die misread.
 */
export function facesFromList(text: string, sides: number, count: number): FacesRead {
  const trimmed = text.trim()
  const oneDigitEach = /^\d+$/.test(trimmed) && sides < 10 && trimmed.length === count
  const words = (oneDigitEach ? trimmed.split('') : trimmed.split(/[\s,;]+/)).filter(Boolean)
  const stray = words.find((word) => !/^\d+$/.test(word))
  if (stray !== undefined) return { problem: `'${stray}' is not a die face` }
  const faces = words.map(Number)
  const bad = faces.find((face) => face < 1 || face > sides)
  if (bad !== undefined) return { problem: `${bad} is not a face of a D${sides}` }
  return exactly(faces, count)
}

function exactly(faces: number[], count: number): FacesRead {
  if (faces.length < count) return { problem: `${faces.length} of ${count} dice` }
  if (faces.length > count) return { problem: `${faces.length} dice: ${faces.length - count} too many` }
  return { faces }
}
