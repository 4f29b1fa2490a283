import { type Catalogue, decisionData, entryData, type RuleIndexOf } from '../../engine/catalogue.js'
import type { ProcedureContext } from '../../engine/types.js'
import type { RuleRef } from '../../explain/explanation.js'
import { type Citation, type CoreClauseTable, clauseIndex } from '../battle/context.js'
import type { RulesetProfile } from '../battle/profile.js'
import { type ClassicDecisions, classicDecisions } from './decisions.js'
import { classicEntries } from './entries/index.js'

export { classicDecisions } from './decisions.js'

/** id -> clause ids of every classic entry: `ctx.rule('hatred', 'rerol')` does not compile. */
export type ClassicRules = RuleIndexOf<typeof classicEntries>
/** The procedure context with classic citations and decisions checked by the compiler. */
export type ClassicContext = ProcedureContext<ClassicRules, ClassicDecisions, RulesetProfile>

/**
 * A citation of a classic clause, checked by the compiler as `ctx.rule` is, for classic's side of the shared
 * procedures (its profile, its own steps), which a battle procedure hands only a ruleset-neutral context.
 */
export function classicRule(...[id, clause]: Citation<ClassicRules>): RuleRef {
  return Object.freeze({ ruleset: 'classic', id, clause })
}

/**
 * The value a classic decision takes in the game's variant, for classic's side of the shared procedures (its charts),
 * read from the table as `ctx.decision` reads it.
 */
export function classicDecision<Id extends keyof ClassicDecisions & string>(
  ctx: { readonly variant: string },
  id: Id,
): ClassicDecisions[Id] {
  const value = classicDecisions.find((decision) => decision.id === id)?.values[ctx.variant]
  if (value === undefined) throw new Error(`ruleset classic has no decision ${id} for variant ${ctx.variant}`)
  return value as ClassicDecisions[Id]
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
