import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../core/events/canonical-json.js'
import type { EventEnvelope } from '../../core/events/envelope.js'
import { chainText, GENESIS_HASH } from '../../core/events/envelope.js'
import { parseAndVerifyJsonl, sha256Hex, toJsonl } from '../../core/store/index.js'

/** A chained game of `count` events, built by hand from the chain rule. */
function chain(count: number, gameId = 'g1'): EventEnvelope[] {
  const events: EventEnvelope[] = []
  let prevHash = GENESIS_HASH
  for (let seq = 1; seq <= count; seq++) {
    const fields = { seq, gameId, type: 'Note', v: 1, at: '2024-05-01T10:00:00Z', actor: 'p1', rulesVersion: 'r1' }
    const payload = { text: `note ${seq}`, dice: [seq, 6 - (seq % 6)] }
    const hash = sha256Hex(chainText(prevHash, fields, canonicalJson(payload)))
    events.push({ ...fields, payload, prevHash, hash })
    prevHash = hash
  }
  return events
}

function lines(text: string): string[] {
  return text.split('\n').slice(0, -1)
}

function join(parts: string[]): string {
  return `${parts.join('\n')}\n`
}

describe('jsonl export', () => {
  it('writes one canonical envelope a line, and an intact file verifies to the same events', () => {
    const events = chain(8)
    const text = toJsonl(events)
    expect(lines(text)).toHaveLength(9)
    expect(lines(text)[8]).toBe(`{"arbiterExport":{"events":8,"gameId":"g1","head":"${events[7]!.hash}"}}`)
    expect(text.endsWith('}\n')).toBe(true)
    expect(lines(text)[0]).toBe(canonicalJson(events[0]))
    expect(parseAndVerifyJsonl(text)).toEqual({ ok: true, events })
  })

  it('accepts a file without the trailing newline, with CRLF line ends or a BOM', () => {
    const text = toJsonl(chain(3))
    expect(parseAndVerifyJsonl(text.slice(0, -1)).ok).toBe(true)
    expect(parseAndVerifyJsonl(text.replace(/\n/g, '\r\n')).ok).toBe(true)
    expect(parseAndVerifyJsonl(`\uFEFF${text}`).ok).toBe(true)
  })

  it('names the line of a changed payload', () => {
    const parts = lines(toJsonl(chain(8)))
    parts[4] = parts[4]!.replace('"note 5"', '"note five"')
    expect(parseAndVerifyJsonl(join(parts))).toEqual({
      ok: false,
      line: 5,
      seq: 5,
      problem: "line 5 (seq 5): hash does not match the event's content: it was changed",
    })
  })

  it('names the line after one whose hash was recomputed to hide an edit', () => {
    const events = chain(6)
    const forged = { ...events[2]!, payload: { text: 'forged', dice: [1, 1] } }
    const rehashed = { ...forged, hash: sha256Hex(chainText(forged.prevHash, forged, canonicalJson(forged.payload))) }
    const result = parseAndVerifyJsonl(toJsonl([...events.slice(0, 2), rehashed, ...events.slice(3)]))
    expect(result).toMatchObject({ ok: false, line: 4, seq: 4 })
    expect(!result.ok && result.problem).toBe(
      'line 4 (seq 4): prevHash does not match the hash of line 3: a line before it was changed or the chain was spliced',
    )
  })

  it('names the line where a line was removed', () => {
    const parts = lines(toJsonl(chain(8)))
    parts.splice(4, 1)
    expect(parseAndVerifyJsonl(join(parts))).toEqual({
      ok: false,
      line: 5,
      seq: 6,
      problem: 'line 5: seq 6 where seq 5 was expected: a line is missing or the lines are out of order',
    })
  })

  it('names the first of two swapped lines', () => {
    const parts = lines(toJsonl(chain(8)))
    ;[parts[3], parts[4]] = [parts[4]!, parts[3]!]
    expect(parseAndVerifyJsonl(join(parts))).toEqual({
      ok: false,
      line: 4,
      seq: 5,
      problem: 'line 4: seq 5 where seq 4 was expected: a line is missing or the lines are out of order',
    })
  })

  it('names a malformed line', () => {
    const parts = lines(toJsonl(chain(5)))
    parts[2] = parts[2]!.slice(0, 40)
    const result = parseAndVerifyJsonl(join(parts))
    expect(result).toMatchObject({ ok: false, line: 3 })
    expect(!result.ok && result.problem).toMatch(/^line 3: not valid JSON \(.+\)$/)
  })

  it('names a truncated last line', () => {
    const parts = lines(toJsonl(chain(4)))
    const result = parseAndVerifyJsonl(parts.slice(0, 4).join('\n').slice(0, -30))
    expect(result).toMatchObject({ ok: false, line: 4 })
  })

  it('names a file cut short at a line boundary: the closing line is missing', () => {
    const parts = lines(toJsonl(chain(4)))
    const result = parseAndVerifyJsonl(join(parts.slice(0, 3)))
    expect(result).toMatchObject({ ok: false, line: 4 })
    expect(!result.ok && result.problem).toMatch(
      /^line 4: the file ends after seq 3 without its closing line: it was cut short/,
    )
  })

  it('names the closing line when the last events were removed', () => {
    const parts = lines(toJsonl(chain(4)))
    const result = parseAndVerifyJsonl(join([...parts.slice(0, 3), parts[4]!]))
    expect(result).toMatchObject({ ok: false, line: 4 })
    expect(!result.ok && result.problem).toMatch(
      /closing line says 4 events .* the file has 3 .*removed or added at the end/,
    )
  })

  it('refuses a closing line with a field it does not define, naming the line', () => {
    const parts = lines(toJsonl(chain(4)))
    const closing = JSON.parse(parts[4]!) as { arbiterExport: Record<string, unknown> }
    const withTop = canonicalJson({ ...closing, signedBy: 'me' })
    expect(parseAndVerifyJsonl(join([...parts.slice(0, 4), withTop]))).toEqual({
      ok: false,
      line: 5,
      problem: 'line 5: the closing line has unexpected field signedBy: it was edited or not written by arbiter export',
    })
    const inside = canonicalJson({ arbiterExport: { ...closing.arbiterExport, note: 'x', by: 'y' } })
    const result = parseAndVerifyJsonl(join([...parts.slice(0, 4), inside]))
    expect(result).toMatchObject({ ok: false, line: 5 })
    expect(!result.ok && result.problem).toMatch(
      /^line 5: the closing line has unexpected fields arbiterExport\.by, arbiterExport\.note: /,
    )
  })

  it('names the field of a line that is not a valid envelope', () => {
    const events = chain(3)
    const { actor: _actor, ...noActor } = events[1]!
    const result = parseAndVerifyJsonl(
      join([canonicalJson(events[0]), canonicalJson(noActor), canonicalJson(events[2])]),
    )
    expect(result).toMatchObject({ ok: false, line: 2, seq: 2 })
    expect(!result.ok && result.problem).toMatch(/^line 2 \(seq 2\): field actor: /)

    const extra = parseAndVerifyJsonl(join([canonicalJson({ ...events[0], signedBy: 'me' })]))
    expect(!extra.ok && extra.problem).toBe('line 1 (seq 1): unexpected field signedBy')

    const badHash = parseAndVerifyJsonl(join([canonicalJson({ ...events[0], hash: 'xyz' })]))
    expect(!badHash.ok && badHash.problem).toMatch(/^line 1 \(seq 1\): field hash: /)
  })

  it('names a line from another game', () => {
    const mine = chain(3)
    const theirs = chain(3, 'g2')
    const result = parseAndVerifyJsonl(toJsonl([mine[0]!, theirs[1]!, mine[2]!]))
    expect(result).toMatchObject({ ok: false, line: 2 })
    expect(!result.ok && result.problem).toMatch(/^line 2 \(seq 2\): gameId "g2" differs/)
  })

  it('refuses a file that does not start at seq 1 or from the genesis hash', () => {
    const events = chain(4)
    expect(parseAndVerifyJsonl(toJsonl(events.slice(1)))).toMatchObject({ ok: false, line: 1, seq: 2 })
    const fakeStart = { ...events[0]!, prevHash: 'f'.repeat(64) }
    const result = parseAndVerifyJsonl(toJsonl([fakeStart]))
    expect(!result.ok && result.problem).toMatch(/^line 1 \(seq 1\): prevHash is not the genesis hash/)
  })

  it('refuses an empty file and an empty line', () => {
    expect(parseAndVerifyJsonl('')).toMatchObject({ ok: false, line: 1 })
    const parts = lines(toJsonl(chain(3)))
    parts.splice(1, 0, '')
    expect(parseAndVerifyJsonl(join(parts))).toMatchObject({ ok: false, line: 2 })
  })
})
