import type { Engine } from '../engine/driver.js'
import { canonicalJson } from '../events/canonical-json.js'
import type { EventEnvelope } from '../events/envelope.js'
import { ArbiterError } from '../events/errors.js'
import { gameEvents } from '../events/index.js'
import { recordedRules, rulesChangedError } from './rules-identity.js'
import { engineFor, rulesetOf } from './rulesets.js'

export { foldEvents, stepCorrected, toEngineEvent } from '../audit/corrected-fold.js'

/** A current-version payload an import would store must already be in its validated form. */
export function requireValidatedForm(envelope: EventEnvelope): void {
  if (envelope.v !== gameEvents.currentVersion(envelope.type)) return
  const validated = gameEvents.readPayload(envelope.type, envelope.v, envelope.payload)
  if (canonicalJson(validated) !== canonicalJson(envelope.payload))
    throw new ArbiterError(
      'import/bad-line',
      `the ${envelope.type} payload is not in the form Arbiter writes (a field is missing that its schema fills in)`,
    )
}

export function rulesVersionOf(ruleset: string, variant: string, hash: string): string {
  return `${ruleset}/${variant}@${hash}`
}

/**
 * The engine for a game, checked against the rules the game was played under: the same rules
 * identity, or a game recorded before the identity covered the code whose catalogue data is this
 * Arbiter's (docs/architecture.md §Rules identity); otherwise refused, unless replayed under the
 * current rules on purpose.
 */
export function engineForGame(ruleset: string, gameCatalogueHash: string, underCurrentRules: boolean): Engine {
  const known = rulesetOf(ruleset)
  const { engine } = engineFor(known)
  if (!underCurrentRules && recordedRules(known, gameCatalogueHash) === 'changed')
    throw rulesChangedError(known, gameCatalogueHash)
  return engine
}
