import { type Catalogue, decisionData, entryData, type RuleIndexOf } from '../../engine/catalogue.js'
import type { ProcedureContext } from '../../engine/types.js'
import { type CoreClauseTable, clauseIndex } from '../battle/context.js'
import { type OldWorldDecisions, oldWorldDecisions } from './decisions.js'
import { oldWorldEntries } from './entries/index.js'
import type { OldWorldProfile } from './profile.js'

/** id -> clause ids of every Old World entry: `ctx.rule('terror', 'rerol')` does not compile. */
export type OldWorldRules = RuleIndexOf<typeof oldWorldEntries>
/** The procedure context with Old World citations and decisions checked by the compiler; its procedures read the profile. */
export type OldWorldContext = ProcedureContext<OldWorldRules, OldWorldDecisions, OldWorldProfile>

export { oldWorldRule } from './rule.js'

/** Every clause of the catalogue by entry id; it provides every core clause the battle procedures cite. */
export const oldWorldClauses = clauseIndex(oldWorldEntries) satisfies CoreClauseTable

export const oldWorldCatalogue: Catalogue = {
  ruleset: 'old-world',
  entries: oldWorldEntries.map(entryData),
  variants: {
    'old-world': {
      name: 'The Old World',
      description: 'The Old World (2024) core rules with the entries of seed 001.',
    },
  },
  decisions: oldWorldDecisions.map(decisionData),
}
