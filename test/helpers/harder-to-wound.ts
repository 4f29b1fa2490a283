import { defineEntry, entryData } from '../../core/engine/catalogue.js'
import type { Ruleset } from '../../core/engine/types.js'
import { classic } from '../../core/rules/classic/index.js'

/**
 * No rule of seed 000 worsens a to-wound score, so a test-only entry stands in for one (+1 to the score needed):
 * S 3 against T 5 needs 6+ on the 7th chart, and with it 7+, rolled as a 6 and then 4+ (classic/variants
 * §killing-blow-seven-plus).
 */
export const harderToWound = defineEntry({
  id: 'test-harder-to-wound',
  name: 'Test: harder to wound',
  kind: 'special-rule',
  source: 'test',
  text: 'Hits on this unit need 1 more to wound.',
  clauses: { harder: '+1 to the score needed to wound it' },
  enforcement: 'enforced',
  effects: [
    { at: 'to-wound', clause: 'harder', label: 'test: harder to wound', kind: 'add', holder: 'opponent', value: 1 },
  ],
})

/** The classic ruleset with `harderToWound` in its catalogue. */
export const classicWithHarderToWound: Ruleset = {
  ...classic,
  catalogue: { ...classic.catalogue, entries: [...classic.catalogue.entries, entryData(harderToWound)] },
  definitions: [...classic.definitions, harderToWound],
}
