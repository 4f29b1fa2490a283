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
  try {
    return canonicalText(value, null)
  } catch (error) {
    if (error !== NOT_JSON) throw error
  }
  // Walked again, keeping the path this time, to name what is not JSON data.
  return canonicalText(value, path)
}

/** Thrown by `canonicalText` walking without a path, for `canonicalJson` to walk again and name where. */
const NOT_JSON: unique symbol = Symbol('not JSON')

function notJson(path: string | null, what: string): never {
  if (path === null) throw NOT_JSON
  throw new NotJsonError(path, what)
}

/** Object keys as JSON strings, kept: a state or a payload names the same few keys over and over. */
const quotedKeys = new Map<string, string>()
const QUOTED_KEYS_KEPT = 10_000

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key)
  if (quoted === undefined) {
    quoted = JSON.stringify(key)
    if (quotedKeys.size < QUOTED_KEYS_KEPT) quotedKeys.set(key, quoted)
  }
  return quoted
}

/**
 * The canonical text. `path` null on the hot path (every snapshot, every replay's snapshot check):
 * building `$.units.x.profile` for every key cost more than the text itself. Most objects already
 * list their keys in order, so they are sorted only when they do not (the sort was half the cost).
 */
function canonicalText(value: unknown, path: string | null): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'boolean':
      return value ? 'true' : 'false'
    case 'number':
      if (!Number.isFinite(value)) notJson(path, String(value))
      // JSON.stringify writes a finite number as String does.
      return String(value)
    case 'object': {
      if (value === null) return 'null'
      if (Array.isArray(value)) {
        let out = '['
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ','
          out += canonicalText(value[i], path === null ? null : `${path}[${i}]`)
        }
        return `${out}]`
      }
      const proto = Object.getPrototypeOf(value)
      if (proto !== Object.prototype && proto !== null)
        notJson(path, `an instance of ${(value as object).constructor?.name ?? 'a class'}`)
      const record = value as Record<string, unknown>
      const keys = Object.keys(record)
      // By UTF-16 code units, as Array.prototype.sort orders strings. (Caching each shape's order
      // was tried: holding Object.keys arrays made a replay's scavenges far slower after a build in-process.)
      for (let i = 1; i < keys.length; i++)
        if ((keys[i - 1] as string) > (keys[i] as string)) {
          keys.sort()
          break
        }
      let out = '{'
      let first = true
      for (const key of keys) {
        const item = record[key]
        if (item === undefined) continue
        if (!first) out += ','
        first = false
        out += quotedKey(key)
        out += ':'
        out += canonicalText(item, path === null ? null : `${path}.${key}`)
      }
      return `${out}}`
    }
    default:
      return notJson(path, typeof value)
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
