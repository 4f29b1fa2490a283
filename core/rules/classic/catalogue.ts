import { type Catalogue, decisionData, entryData, type RuleIndexOf } from '../../engine/catalogue.js'
import type { ProcedureContext } from '../../engine/types.js'
import type { RuleRef } from '../../explain/explanation.js'
import { type Citation, type CoreClauseTable, clauseIndex } from '../battle/context.js'
import { type ClassicDecisions, classicDecisions } from './decisions.js'
import { classicEntries } from './entries/index.js'
import type { ClassicProfile } from './profile.js'

export { classicDecisions } from './decisions.js'

/** id -> clause ids of every classic entry: `ctx.rule('hatred', 'rerol')` does not compile. */
export type ClassicRules = RuleIndexOf<typeof classicEntries>
/**
 * The procedure context with classic citations checked by the compiler; its procedures read their variant switches and
 * rulings through the profile (`ctx.profile.magicDice`). `decision` reads the table by id, as entries' `held.decision`
 * does: no procedure calls it, and it stays, typed by the classic table, because existing tests read decisions through
 * it (the profile holds only what the procedures read, so it cannot stand in for the table).
 */
export type ClassicContext = ProcedureContext<ClassicRules, ClassicDecisions, ClassicProfile>

/**
 * A citation of a classic clause, checked by the compiler as `ctx.rule` is, for classic's side of the shared
 * procedures (its profile, its own steps), which a battle procedure hands only a ruleset-neutral context.
 */
export function classicRule(...[id, clause]: Citation<ClassicRules>): RuleRef {
  return Object.freeze({ ruleset: 'classic', id, clause })
}

/** Every clause of the catalogue by entry id; it provides every core clause the battle procedures cite. */
export const classicClauses = clauseIndex(classicEntries) satisfies CoreClauseTable

export const classicCatalogue: Catalogue = {
  ruleset: 'classic',
  entries: classicEntries.map(entryData),
  variants: {
    classic: {
      name: 'Classic (seed as written)',
      description: 'The fan edition of seed 000: 7th-edition conventions with its house rules.',
    },
    'classic-8th': {
      name: 'Classic, strict 8th',
      description: "The seed's entries, with the 8th-edition baseline wherever the seed is silent.",
    },
  },
  decisions: classicDecisions.map(decisionData),
}
