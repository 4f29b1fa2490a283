import type { EventEnvelope } from '../events/envelope.js'
import { ArbiterError } from '../events/errors.js'
import { gameEvents } from '../events/index.js'
import type { GameMeta } from '../store/event-store.js'
import { parseAndVerifyJsonl } from '../store/jsonl.js'
import { engineForGame, requireValidatedForm, rulesVersionOf, toEngineEvent } from './fold.js'
import type { CreatedPayload } from './game-loader.js'

/**
 * An exported game (JSON Lines) checked whole before anything is stored: its chain, then every
 * event replayed under the rules its GameCreated names, each in the form Arbiter writes. Returns
 * the games row and the events to store; a problem is `import/bad-line`, naming the line and seq.
 */
export function checkedImport(
  text: string,
  underCurrentRules: boolean,
): { meta: GameMeta; events: readonly EventEnvelope[] } {
  const parsed = parseAndVerifyJsonl(text)
  if (!parsed.ok) throw new ArbiterError('import/bad-line', parsed.problem)
  const events = parsed.events
  const first = events[0]
  if (first?.type !== 'GameCreated')
    throw new ArbiterError('import/bad-line', 'line 1: an exported game starts with GameCreated')
  const created = gameEvents.readPayload(first.type, first.v, first.payload) as CreatedPayload
  const engine = engineForGame(created.ruleset, created.catalogueHash, underCurrentRules)
  const state = engine.initialState()
  const rulesVersion = rulesVersionOf(created.ruleset, created.variant, created.catalogueHash)
  events.forEach((envelope, index) => {
    try {
      if (envelope.rulesVersion !== rulesVersion)
        throw new ArbiterError(
          'import/rules-version',
          `rulesVersion ${envelope.rulesVersion} differs from the game's ${rulesVersion}`,
        )
      requireValidatedForm(envelope)
      engine.step(state, toEngineEvent(envelope))
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw new ArbiterError('import/bad-line', `line ${index + 1} (seq ${envelope.seq}): ${message}`)
    }
  })
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
