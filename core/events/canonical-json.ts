/**
 * Canonical JSON (RFC 8785 style): object keys sorted by UTF-16 code units, no white space,
 * numbers and strings as JSON.stringify writes them. Only plain JSON data is accepted, so a
 * Date, a class instance, a bigint or a non-finite number can never reach the hash chain.
 */
export class NotJsonError extends Error {
  constructor(
    readonly path: string,
    what: string,
  ) {
    super(`${path}: ${what} is not JSON data`)
    this.name = 'NotJsonError'
  }
}

export function canonicalJson(value: unknown, path = '$'): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'boolean':
      return value ? 'true' : 'false'
    case 'number':
      if (!Number.isFinite(value)) throw new NotJsonError(path, String(value))
      return JSON.stringify(value)
    case 'object': {
      if (value === null) return 'null'
      if (Array.isArray(value)) {
        let out = '['
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ','
          out += canonicalJson(value[i], `${path}[${i}]`)
        }
        return `${out}]`
      }
      const proto = Object.getPrototypeOf(value)
      if (proto !== Object.prototype && proto !== null) {
        throw new NotJsonError(path, `an instance of ${(value as object).constructor?.name ?? 'a class'}`)
      }
      const record = value as Record<string, unknown>
      const keys = Object.keys(record).sort()
      let out = '{'
      let first = true
      for (const key of keys) {
        const item = record[key]
        if (item === undefined) continue
        if (!first) out += ','
        first = false
        out += `${JSON.stringify(key)}:${canonicalJson(item, `${path}.${key}`)}`
      }
      return `${out}}`
    }
    default:
      throw new NotJsonError(path, typeof value)
  }
}

/**
 * The same text as `canonicalJson(value)`, in pieces: objects and arrays down to `depth` are opened
 * and closed piece by piece, anything deeper is one piece. For hashing a large state without making
 * one large string (a 200 KB string is allocated straight into the old generation).
 */
export function* canonicalJsonPieces(value: unknown, depth = 2, path = '$'): Generator<string, void, undefined> {
  if (depth <= 0 || typeof value !== 'object' || value === null) {
    yield canonicalJson(value, path)
    return
  }
  if (Array.isArray(value)) {
    yield '['
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ','
      yield* canonicalJsonPieces(value[i], depth - 1, `${path}[${i}]`)
    }
    yield ']'
    return
  }
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) {
    yield canonicalJson(value, path) // refuses it, naming the path
    return
  }
  const record = value as Record<string, unknown>
  yield '{'
  let first = true
  for (const key of Object.keys(record).sort()) {
    const item = record[key]
    if (item === undefined) continue
    yield `${first ? '' : ','}${JSON.stringify(key)}:`
    first = false
    yield* canonicalJsonPieces(item, depth - 1, `${path}.${key}`)
  }
  yield '}'
}
