import { main } from '../../core/cli/main.js'
import { canonicalJson, chainText, type EventEnvelope, GENESIS_HASH } from '../../core/events/index.js'
import { sha256Hex } from '../../core/store/index.js'

/** The `arbiter` command in-process, with what it printed and its exit code. */
export async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await main(argv, {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
  })
  return { code, out, err }
}

/** Recomputes every link and hash of exported envelopes, so only the rules can object to a change. */
export function rechain(events: { -readonly [K in keyof EventEnvelope]: EventEnvelope[K] }[]): void {
  let prevHash = GENESIS_HASH
  for (const event of events) {
    event.prevHash = prevHash
    event.hash = sha256Hex(chainText(prevHash, event, canonicalJson(event.payload)))
    prevHash = event.hash
  }
}
