/** The total of some dice faces (or any counts). */
export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

/** The plural ending of a counted noun: '' for one, 's' otherwise (`${hits} hit${s(hits)}`). */
export function s(count: number): string {
  return count === 1 ? '' : 's'
}
