import type { RuleRef } from '../../explain/explanation.js'
import type { Citation } from '../battle/context.js'
import type { OldWorldRules } from './catalogue.js'

/**
 * A citation of an Old World clause, checked by the compiler as `ctx.rule` is, for The Old World's side of the
 * shared procedures (its profile, its break test, Tree Whack, Timber!), which a battle procedure hands only a
 * ruleset-neutral context. Its own module, so that the steps an entry owns may cite without importing the catalogue.
 */
export function oldWorldRule(...[id, clause]: Citation<OldWorldRules>): RuleRef {
  return Object.freeze({ ruleset: 'old-world', id, clause })
}
