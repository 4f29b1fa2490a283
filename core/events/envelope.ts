import { z } from 'zod'
import { canonicalJson } from './canonical-json.js'

/** The hash a game's first event chains from. */
export const GENESIS_HASH = '0'.repeat(64)

export const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a lowercase sha256 hex digest')

/**
 * How a host that records events names itself (`host` of an envelope; docs/signing.md): lowercase
 * letters, digits and hyphens, starting with a letter, so that it is safe to print anywhere.
 */
export const hostNameSchema = z
  .string()
  .regex(
    /^[a-z][a-z0-9-]{0,39}$/,
    'a host names itself with at most 40 lowercase letters, digits and hyphens, starting with a letter',
  )

/** What is wrong with a host's name (`hostNameSchema`), or null when it is one. */
export function hostNameProblem(host: unknown): string | null {
  const parsed = hostNameSchema.safeParse(host)
  return parsed.success ? null : `host ${JSON.stringify(host)}: ${parsed.error.issues[0]?.message ?? 'not a name'}`
}

/** The stored facts around an event's payload (DESIGN §2). */
export const envelopeSchema = z.strictObject({
  seq: z.number().int().min(1),
  gameId: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  v: z.number().int().min(1),
  at: z.iso.datetime({ offset: true }),
  actor: z.string().min(1).max(100),
  host: hostNameSchema.optional(),
  rulesVersion: z.string().min(1).max(200),
  payload: z.unknown(),
  prevHash: sha256HexSchema,
  hash: sha256HexSchema,
})

export interface EventEnvelope<Payload = unknown> {
  readonly seq: number
  readonly gameId: string
  readonly type: string
  readonly v: number
  readonly at: string
  readonly actor: string
  /** The host that recorded the event (`cli`, `desktop`, …); absent from events recorded before hosts named themselves. */
  readonly host?: string
  readonly rulesVersion: string
  readonly payload: Payload
  readonly prevHash: string
  readonly hash: string
}

/** An event before the chain has placed it: what a writer hands to the store. */
export type UnchainedEvent<Payload = unknown> = Omit<EventEnvelope<Payload>, 'seq' | 'prevHash' | 'hash'>

/**
 * The text that is hashed: prevHash followed by the canonical JSON of the envelope without
 * prevHash and hash. Built by concatenation from the payload's canonical text so that verifying a
 * stored row never re-serialises the payload; the keys are written in canonical (sorted) order.
 * `host` is written only when there is one, so an event recorded without it hashes as it always did.
 */
export function chainText(
  prevHash: string,
  fields: {
    seq: number
    gameId: string
    type: string
    v: number
    at: string
    actor: string
    rulesVersion: string
    host?: string | null | undefined
  },
  payloadCanonical: string,
): string {
  return (
    prevHash +
    '{"actor":' +
    JSON.stringify(fields.actor) +
    ',"at":' +
    JSON.stringify(fields.at) +
    ',"gameId":' +
    JSON.stringify(fields.gameId) +
    (fields.host == null ? '' : `,"host":${JSON.stringify(fields.host)}`) +
    ',"payload":' +
    payloadCanonical +
    ',"rulesVersion":' +
    JSON.stringify(fields.rulesVersion) +
    ',"seq":' +
    String(fields.seq) +
    ',"type":' +
    JSON.stringify(fields.type) +
    ',"v":' +
    String(fields.v) +
    '}'
  )
}

/** One exported line: the envelope as canonical JSON (hashes included). */
export function envelopeLine(event: EventEnvelope): string {
  return canonicalJson(event)
}
