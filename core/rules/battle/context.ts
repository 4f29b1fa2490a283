import type { EntryDefinition } from '../../engine/catalogue.js'
import type { ProcedureContext } from '../../engine/types.js'
import type { RuleRef } from '../../explain/explanation.js'
import type { RulesetProfile } from './profile.js'

/**
 * Every core entry and clause the battle procedures cite, by entry id. A ruleset's catalogue must have them all:
 * its declaration checks `clauseIndex(entries) satisfies CoreClauseTable`, so a ruleset missing one does not build.
 */
export type CoreClauses = {
  'armour-save': 'armour' | 'natural-1' | 'no-save' | 'unarmoured'
  attacks: 'count'
  'break-test': 'breaks' | 'insane-courage' | 'modifier'
  casualties: 'fill-up' | 'slain-do-not-strike'
  challenge:
    | 'accept'
    | 'ends'
    | 'fight-each-other'
    | 'issue'
    | 'overkill'
    | 'refuse'
    | 'refuser-leadership'
    | 'unanswered'
  champion: 'attacked-separately' | 'challenges' | 'excess-wasted' | 'stat-line' | 'wounds-recorded'
  characters:
    | 'directed-attacks'
    | 'last-standing'
    | 'no-spill'
    | 'own-profile'
    | 'own-save'
    | 'slain-alone'
    | 'slain-do-not-strike'
  charge:
    | 'combat'
    | 'contact-claims'
    | 'declare'
    | 'failed'
    | 'flee'
    | 'flee-caught'
    | 'reached'
    | 'responses'
    | 'stand-and-shoot'
    | 'stand-and-shoot-close'
    | 'who-may-charge'
    | 'hold'
  'combat-result': 'winner' | 'wiped-out' | 'wounds'
  dice: 'characteristic-range' | 're-roll-once'
  fear: 'close-combat'
  'flee-and-pursuit':
    | 'caught'
    | 'escaped'
    | 'flee'
    | 'fresh-enemy'
    | 'held-in-contact'
    | 'overrun'
    | 'reform'
    | 'pursue'
    | 'restraint'
  general: 'general' | 'inspiring-presence'
  joining:
    | 'barred-types'
    | 'into-troops'
    | 'leave'
    | 'not-engaged'
    | 'not-same-turn'
    | 'shared'
    | 'unit-stops'
    | 'when'
    | 'who-joins'
  'leadership-test': 'roll'
  mounts: 'no-supporting' | 'own-weapons' | 'ridden-monster' | 'rider-slain' | 'rider-wounded' | 'split-profile'
  movement:
    | 'march'
    | 'march-block-unit-strength'
    | 'march-blocked'
    | 'march-test'
    | 'normal'
    | 'once'
    | 'reform'
    | 'who-may-move'
  'multiple-shots': 'choice'
  panic:
    | 'exempt'
    | 'flee'
    | 'heavy-casualties'
    | 'once-per-phase'
    | 'friend-destroyed'
    | 'friend-broke'
    | 'fled-through'
  rally: 'below-quarter' | 'test'
  regeneration: 'close-combat' | 'combat-result' | 'no-strike' | 'outside-combat' | 'restored' | 'roll'
  shooting:
    | 'hits-on-rank-and-file'
    | 'models'
    | 'once'
    | 'range'
    | 'shots'
    | 'stand-and-shoot'
    | 'strength'
    | 'template-partial'
    | 'templates'
  standard: 'captured' | 'lost' | 'no-benefit' | 'recaptured' | 'removed'
  'strike-order': 'initiative' | 'simultaneous'
  terror: 'charged'
  'to-hit-close-combat': 'chart' | 'natural-1' | 'natural-6'
  'to-hit-shooting': 'chart' | 'natural-1' | 'seven-plus'
  'to-wound': 'chart' | 'natural-1' | 'cannot-wound'
  'unit-leadership': 'best'
  variants:
    | 'after-the-rout'
    | 'challenge-refusal'
    | 'character-joining'
    | 'charge-range'
    | 'charges-from-the-log'
    | 'directed-at-fallen'
    | 'failed-charge'
    | 'flee-dice'
    | 'general-undesignated'
    | 'lone-challenge'
    | 'march-blocking'
    | 'panic-heavy-casualties'
    | 'rally-below-quarter'
    | 'overrun-in-a-larger-combat'
    | 'ranged-pick-out'
    | 'reform-after-combat'
    | 'stand-and-shoot-range'
    | 'standard-recapture'
    | 'template-partial'
    | 'terror-charge-range'
  'ward-save': 'after-armour' | 'best-single' | 'natural-1'
  'victory-points':
    | 'characters'
    | 'concession'
    | 'destroyed'
    | 'fleeing'
    | 'game-length'
    | 'general'
    | 'points'
    | 'reduced'
    | 'result'
    | 'standards'
}

/** The core clauses as a table of entries and their clause texts: what a ruleset's clause index must satisfy. */
export type CoreClauseTable = { readonly [Id in keyof CoreClauses]: Readonly<Record<CoreClauses[Id], string>> }

/** A ruleset's entries as a table of their clauses by id, typed from their definitions (for `satisfies CoreClauseTable`). */
export type ClauseIndexOf<Entries extends readonly EntryDefinition[]> = {
  readonly [E in Entries[number] as E['id']]: E['clauses']
}

/** The clauses of every entry, by id. */
export function clauseIndex<const Entries extends readonly EntryDefinition[]>(
  entries: Entries,
): ClauseIndexOf<Entries> {
  return Object.fromEntries(entries.map((entry) => [entry.id, entry.clauses])) as ClauseIndexOf<Entries>
}

/** One citation `[id, clause]` of a rule index: the pairs are correlated, so a clause of another entry does not compile. */
export type Citation<Rules> = { [Id in keyof Rules & string]: [id: Id, clause: Rules[Id]] }[keyof Rules & string]

/**
 * What a battle procedure sees of the game: the engine's procedure context, its citations limited to the core
 * clauses every ruleset provides, and the ruleset's profile for the game's variant, where it reads every way the
 * rulesets and variants differ (never a decision by its id).
 */
export interface BattleContext extends Omit<ProcedureContext, 'rule' | 'decision' | 'holdsAnywhere' | 'profile'> {
  readonly profile: RulesetProfile
  holdsAnywhere(id: keyof CoreClauses & string): boolean
  rule(...citation: Citation<CoreClauses>): RuleRef
}
