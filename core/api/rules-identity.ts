import type { Ruleset } from '../engine/types.js'
import { canonicalJson } from '../events/canonical-json.js'
import { ArbiterError } from '../events/errors.js'
import { sha256Hex } from '../store/sha256.js'
import { RULES_CODE_DIGEST } from './rules-digest.js'

/**
 * A game's rules identity: what GameCreated pins as `catalogueHash` and what snapshots are keyed by.
 * It covers both what the catalogue says (its entries, clauses, params, effects' points and labels,
 * variants and decisions: `catalogueDataHash`) and what the rules do (the code of the engine, the
 * rulesets and the explanations, digested at build time: `RULES_CODE_DIGEST`), so a rule whose
 * `when` or `value` changes gives a new identity with no version bumped by hand.
 */
export function rulesIdentity(ruleset: Ruleset): string {
  return sha256Hex(canonicalJson({ catalogue: catalogueDataHash(ruleset), code: RULES_CODE_DIGEST }))
}

/** The sha256 of a ruleset's catalogue data alone: what GameCreated pinned before the identity covered the code. */
export function catalogueDataHash(ruleset: Ruleset): string {
  return sha256Hex(canonicalJson(ruleset.catalogue))
}

/**
 * How a game's recorded rules relate to this Arbiter's: `same` (its identity), `data-only` (a game
 * recorded before the identity covered the code, whose catalogue data is this Arbiter's: checked as
 * it was then, by its data), or `changed`.
 */
export function recordedRules(ruleset: Ruleset, recorded: string): 'same' | 'data-only' | 'changed' {
  if (recorded === rulesIdentity(ruleset)) return 'same'
  if (recorded === catalogueDataHash(ruleset)) return 'data-only'
  return 'changed'
}

/** The refusal of a game whose rules have changed since it was played, saying what `--current-rules` would do. */
export function rulesChangedError(ruleset: Ruleset, recorded: string): ArbiterError {
  return new ArbiterError(
    'api/catalogue-mismatch',
    `the rules have changed since this game was played: it was played under ${ruleset.id} rules ` +
      `${recorded.slice(0, 12)}, this Arbiter runs ${ruleset.id} rules ${rulesIdentity(ruleset).slice(0, 12)} ` +
      '(its catalogue or the code of its rules differ), so it cannot replay the game under the rules it was ' +
      'played with. --current-rules replays it under the current rules on purpose, to re-audit it: every ' +
      'number is worked out again by them and may differ from what the table was shown, and an event they ' +
      'refuse stops the replay there, naming its seq',
  )
}
