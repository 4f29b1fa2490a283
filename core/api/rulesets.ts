import { createEngine, type Engine } from '../engine/driver.js'
import type { Ruleset } from '../engine/types.js'
import { ArbiterError } from '../events/errors.js'
import { rulesets } from '../rules/index.js'
import type { RulesetSummary } from './game-api-contract.js'
import { rulesIdentity } from './rules-identity.js'

/**
 * What GameCreated pins as `catalogueHash`: the ruleset's rules identity, which covers its
 * catalogue's data and the code of its rules (core/api/rules-identity.ts).
 */
export function catalogueHash(ruleset: Ruleset): string {
  return rulesIdentity(ruleset)
}

/** The rulesets this Arbiter knows, as the library and the command line's help show them. */
export function rulesetSummaries(): RulesetSummary[] {
  return Object.values(rulesets).map((ruleset) => ({
    id: ruleset.id,
    name: ruleset.name,
    variants: Object.entries(ruleset.catalogue.variants).map(([id, { name, description }]) => ({
      id,
      name,
      description,
    })),
    defaultVariant: ruleset.defaultVariant,
    phases: [...ruleset.phases],
    troopTypes: [...ruleset.troopTypes],
  }))
}

/** The ids of the rulesets this Arbiter knows, the first the one games are created under by default. */
export function rulesetIds(): string[] {
  return Object.keys(rulesets)
}

export function rulesetOf(id: string): Ruleset {
  const ruleset = Object.hasOwn(rulesets, id) ? rulesets[id] : undefined
  if (!ruleset)
    throw new ArbiterError(
      'api/unknown-ruleset',
      `unknown ruleset "${id}" (this Arbiter knows ${Object.keys(rulesets).join(', ')})`,
    )
  return ruleset
}

const engines = new Map<string, { engine: Engine; hash: string }>()
export function engineFor(ruleset: Ruleset): { engine: Engine; hash: string } {
  let entry = engines.get(ruleset.id)
  if (!entry) {
    entry = { engine: createEngine(ruleset), hash: catalogueHash(ruleset) }
    engines.set(ruleset.id, entry)
  }
  return entry
}
