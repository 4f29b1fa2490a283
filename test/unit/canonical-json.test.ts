import { describe, expect, it } from 'vitest'
import { canonicalJson, canonicalJsonPieces } from '../../core/events/index.js'

/** Canonical JSON the plain way: every object's keys sorted, JSON.stringify for the rest. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${reference((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

describe('canonicalJson on the hot path', () => {
  it('writes objects of one shape, in order or not, as the plain way does, however often they come', () => {
    const unit = (n: number) => ({
      id: `u${n}`,
      name: `Unit ${n}`,
      profile: { WS: 3, A: n, M: 4 },
      models: n,
      gone: undefined,
    })
    const state = {
      units: Object.fromEntries(Array.from({ length: 40 }, (_, n) => [`u${n}`, unit(n)])),
      // The same keys, another order each: one sorted order, whatever order they came in.
      turns: [
        { b: 1, a: 2, c: 3 },
        { c: 3, a: 2, b: 1 },
        { a: 2, b: 1, c: 3 },
      ],
      // Integer-like keys come first in Object.keys, but sort as text.
      odd: { '10': 1, '9': 2, B: 3, a: 4, é: 5, '😀': 6, '': 7, n: [-0, 1e21, 0.1, 'line\u2028"quoted"\\'] },
    }
    for (let round = 0; round < 3; round++) {
      expect(canonicalJson(state)).toBe(reference(state))
      expect([...canonicalJsonPieces(state)].join('')).toBe(reference(state))
    }
  })

  it('still names the path of what is not JSON data, however deep', () => {
    const state = { units: { u1: { profile: { A: 1 } }, u2: { profile: { A: Number.POSITIVE_INFINITY } } } }
    expect(() => canonicalJson(state)).toThrow('$.units.u2.profile.A: Infinity is not JSON data')
    expect(() => canonicalJson([{ a: 1 }, { when: new Date(0) }])).toThrow('$[1].when: an instance of Date')
  })
})
