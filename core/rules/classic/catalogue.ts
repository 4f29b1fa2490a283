import { type Catalogue, entryData, type RuleIndexOf } from '../../engine/catalogue.js'
import type { ProcedureContext } from '../../engine/types.js'
import type { RulesetMechanics } from '../mechanics.js'
import { type ClassicDecisions, classicDecisions } from './decisions.js'
import { classicEntries } from './entries/index.js'

export { classicDecisions } from './decisions.js'

/** id -> clause ids of every classic entry: `ctx.rule('hatred', 'rerol')` does not compile. */
export type ClassicRules = RuleIndexOf<typeof classicEntries>
/** The procedure context with classic citations and decisions checked by the compiler. */
export type ClassicContext = ProcedureContext<ClassicRules, ClassicDecisions, RulesetMechanics>

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
  decisions: classicDecisions,
}
