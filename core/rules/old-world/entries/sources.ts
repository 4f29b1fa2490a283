/** Where entries come from, as catalogue `source` strings. */
export const SEED = 'seed 001_dacc9ffbb72e8b95'
export const CORE = 'rules/core-mechanics.md'

/** A seed entry's provenance: the seed file and the lines it takes its words from. */
export function seedLines(first: number, last: number): string {
  return `${SEED} lines ${first}-${last}`
}
