import { canonicalJson } from '../events/canonical-json.js'
import type { EventEnvelope } from '../events/envelope.js'
import { chainText, envelopeLine, envelopeSchema, GENESIS_HASH } from '../events/envelope.js'
import { sha256Hex } from './sha256.js'

/** The result of checking an exported game: the events, or the first bad line (1-based). */
export type JsonlResult =
  | { ok: true; events: EventEnvelope[] }
  | { ok: false; line: number; seq?: number; problem: string }

/**
 * The checks every link of a chain must pass, in order: same game as the first event, seq one
 * past the previous one, prevHash equal to the previous hash, hash equal to the sha256 of the
 * event's content. Returns what is wrong (without a location prefix), or null.
 */
export function chainLinkProblem(
  event: EventEnvelope,
  previous: { readonly seq: number; readonly hash: string } | undefined,
  gameId: string,
  where: { readonly previousName: string },
): { kind: 'game' | 'seq' | 'prev' | 'hash'; problem: string } | null {
  if (event.gameId !== gameId) {
    return {
      kind: 'game',
      problem:
        `gameId ${JSON.stringify(event.gameId)} differs from the first event's ${JSON.stringify(gameId)}: ` +
        'it belongs to another game',
    }
  }
  const expectedSeq = previous === undefined ? 1 : previous.seq + 1
  if (event.seq !== expectedSeq) {
    return {
      kind: 'seq',
      problem: `seq ${event.seq} where seq ${expectedSeq} was expected: a line is missing or the lines are out of order`,
    }
  }
  const expectedPrev = previous === undefined ? GENESIS_HASH : previous.hash
  if (event.prevHash !== expectedPrev) {
    return {
      kind: 'prev',
      problem:
        previous === undefined
          ? 'prevHash is not the genesis hash: the start of the game was changed or removed'
          : `prevHash does not match the hash of ${where.previousName}: a line before it was changed or the chain was spliced`,
    }
  }
  if (event.hash !== sha256Hex(chainText(event.prevHash, event, canonicalJson(event.payload)))) {
    return { kind: 'hash', problem: "hash does not match the event's content: it was changed" }
  }
  return null
}

function describeSchemaIssue(issue: {
  path: readonly PropertyKey[]
  message: string
  code?: string
  keys?: readonly string[]
}): string {
  if (issue.code === 'unrecognized_keys' && issue.keys !== undefined) {
    return `unexpected field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`
  }
  if (issue.path.length === 0) return `not an event envelope (${issue.message})`
  return `field ${issue.path.map(String).join('.')}: ${issue.message}`
}

/**
 * Parses the text of an exported game (one envelope a line, trailing newline allowed) and checks
 * it whole: each line JSON, a valid envelope, of the same game, seq 1, 2, 3…, chained by
 * prevHash, and hashed over its content. Names the FIRST bad line; `problem` is a full sentence
 * starting with `line N`.
 */
export function parseAndVerifyJsonl(text: string): JsonlResult {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const lines = body.split('\n')
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
  if (lines.length === 1 && lines[0]!.trim() === '') {
    return { ok: false, line: 1, problem: 'line 1: the file is empty: an exported game has at least one event' }
  }

  const events: EventEnvelope[] = []
  let previous: EventEnvelope | undefined
  let gameId = ''
  for (let index = 0; index < lines.length; index++) {
    if (index === lines.length - 1 && index > 0 && isClosingLine(lines[index]!)) {
      const problem = closingLineProblem(lines[index]!, events, gameId)
      return problem === null
        ? { ok: true, events }
        : { ok: false, line: index + 1, problem: `line ${index + 1}: ${problem}` }
    }
    const line = index + 1
    const raw = lines[index]!
    if (raw.trim() === '')
      return { ok: false, line, problem: `line ${line}: empty line: a line is missing or the file was edited` }
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch (error) {
      return { ok: false, line, problem: `line ${line}: not valid JSON (${(error as Error).message})` }
    }
    const seqHint =
      typeof value === 'object' && value !== null && typeof (value as { seq?: unknown }).seq === 'number'
        ? (value as { seq: number }).seq
        : undefined
    const at = seqHint === undefined ? `line ${line}` : `line ${line} (seq ${seqHint})`
    const parsed = envelopeSchema.safeParse(value)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const problem =
        issue === undefined
          ? 'not an event envelope'
          : describeSchemaIssue(issue as Parameters<typeof describeSchemaIssue>[0])
      return { ok: false, line, ...(seqHint === undefined ? {} : { seq: seqHint }), problem: `${at}: ${problem}` }
    }
    const event = parsed.data as EventEnvelope
    if (index === 0) gameId = event.gameId
    const wrong = chainLinkProblem(event, previous, gameId, { previousName: `line ${line - 1}` })
    if (wrong !== null) {
      const prefix = wrong.kind === 'seq' ? `line ${line}` : at
      return { ok: false, line, seq: event.seq, problem: `${prefix}: ${wrong.problem}` }
    }
    events.push(event)
    previous = event
  }
  return {
    ok: false,
    line: lines.length + 1,
    problem:
      `line ${lines.length + 1}: the file ends after seq ${previous?.seq ?? 0} without its closing line: ` +
      'it was cut short (or not written by arbiter export)',
  }
}

/**
 * The closing line of an export: how many events it holds and the hash of the last. Without it a
 * file cut at a line boundary would look like a shorter, valid game. It is not itself hashed: it
 * catches a file cut short, not a forger who also rewrites it — for that, compare the head hash
 * `arbiter verify` prints with the one the players noted at the table.
 */
interface ClosingLine {
  readonly arbiterExport: { readonly gameId: string; readonly events: number; readonly head: string }
}

const CLOSING_FIELDS: readonly string[] = ['events', 'gameId', 'head']

function isClosingLine(raw: string): boolean {
  return raw.startsWith('{"arbiterExport":')
}

function closingLineProblem(raw: string, events: readonly EventEnvelope[], gameId: string): string | null {
  let closing: ClosingLine
  try {
    closing = JSON.parse(raw) as ClosingLine
  } catch (error) {
    return `the closing line is not valid JSON (${(error as Error).message})`
  }
  const last = events[events.length - 1]
  const info = closing.arbiterExport
  if (typeof info !== 'object' || info === null) return 'the closing line has no arbiterExport record'
  // Nothing unchecked may ride along in a verified file: only the fields the closing line defines.
  const extra = [
    ...Object.keys(closing).filter((key) => key !== 'arbiterExport'),
    ...Object.keys(info)
      .filter((key) => !CLOSING_FIELDS.includes(key))
      .map((key) => `arbiterExport.${key}`),
  ]
  if (extra.length > 0)
    return (
      `the closing line has unexpected field${extra.length === 1 ? '' : 's'} ${extra.join(', ')}: ` +
      'it was edited or not written by arbiter export'
    )
  if (info.gameId !== gameId)
    return `the closing line is for game ${JSON.stringify(info.gameId)}, the events for ${JSON.stringify(gameId)}`
  if (info.events !== events.length || info.head !== last?.hash) {
    return (
      `the closing line says ${String(info.events)} events ending in ${String(info.head).slice(0, 12)}, ` +
      `the file has ${events.length} ending in ${last?.hash.slice(0, 12) ?? '-'}: events were removed or added at the end`
    )
  }
  return null
}

/** The closing line of an export of `events` events ending in `head`. */
export function closingLine(gameId: string, events: number, head: string): string {
  return canonicalJson({ arbiterExport: { gameId, events, head } })
}

/**
 * The export text of a game as it is produced, one line at a time with its newline: one canonical
 * envelope a line, then the closing line. Pulls `events` lazily, so a caller writing each line out
 * holds one event at a time.
 */
export function* jsonlLines(events: Iterable<EventEnvelope>): Generator<string, void, undefined> {
  let last: EventEnvelope | undefined
  let count = 0
  for (const event of events) {
    yield `${envelopeLine(event)}\n`
    last = event
    count += 1
  }
  if (last === undefined) throw new Error('jsonlLines: a game has at least one event')
  yield `${closingLine(last.gameId, count, last.hash)}\n`
}

/** The export text of a game, whole: `jsonlLines` joined. */
export function toJsonl(events: Iterable<EventEnvelope>): string {
  let out = ''
  for (const line of jsonlLines(events)) out += line
  return out
}
