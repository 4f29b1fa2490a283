import type { EventEnvelope } from '../events/envelope.js'
import { ArbiterError } from '../events/errors.js'
import { gameEvents } from '../events/index.js'
import type { GameMeta } from '../store/event-store.js'
import { parseAndVerifyJsonl } from '../store/jsonl.js'
import type { CreatedPayload } from './game-loader.js'
import { checkLog } from './verify-log.js'

/**
 * An exported game (JSON Lines) checked whole before anything is stored: its chain, then every
 * event replayed under the rules its GameCreated names, each in the form Arbiter writes, and its
 * keys and signatures (`checkLog`). Returns
 * the games row and the events to store; a problem is `import/bad-line`, naming the line and seq.
 */
export async function checkedImport(
  text: string,
  underCurrentRules: boolean,
): Promise<{ meta: GameMeta; events: readonly EventEnvelope[] }> {
  const parsed = parseAndVerifyJsonl(text)
  if (!parsed.ok) throw new ArbiterError('import/bad-line', parsed.problem)
  const events = parsed.events
  const first = events[0]
  if (first?.type !== 'GameCreated')
    throw new ArbiterError('import/bad-line', 'line 1: an exported game starts with GameCreated')
  const created = gameEvents.readPayload(first.type, first.v, first.payload) as CreatedPayload
  // Replayed whole under its rules (the engine refuses an actor who is no player), every key and signature checked.
  const check = await checkLog(events, underCurrentRules)
  // A verified file's line N holds seq N.
  if (!check.ok) throw new ArbiterError('import/bad-line', `line ${check.seq} (seq ${check.seq}): ${check.problem}`)
  const meta: GameMeta = {
    gameId: first.gameId,
    ruleset: created.ruleset,
    variant: created.variant,
    catalogueHash: created.catalogueHash,
    createdAt: first.at,
    ...(created.title === undefined ? {} : { title: created.title }),
  }
  return { meta, events }
}
