import type { Ruleset } from '../engine/types.js'
import { classic } from './classic/index.js'
import { oldWorld } from './old-world/index.js'

/** The rulesets this Arbiter knows, by the id GameCreated names. */
export const rulesets: Readonly<Record<string, Ruleset>> = { classic, 'old-world': oldWorld }
