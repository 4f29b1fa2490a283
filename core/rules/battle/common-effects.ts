import type { VariantDecision } from '../../engine/catalogue.js'
import type { EffectSpec, Held, QueryOf } from '../../engine/effects.js'
import type { UnitState } from '../../engine/types.js'

/**
 * Effects that an entry of each ruleset carries the same way (the rule reads alike in both sources):
 * one piece of code each, which the classic and the Old World entries both list.
 */

/** Regeneration's save (classic/regeneration §roll, old-world/regeneration §roll): X+ from the list. */
export const regenerationSave: EffectSpec<'regeneration', 'roll'> = {
  at: 'regeneration',
  clause: 'roll',
  label: 'Regeneration',
  kind: 'set',
  value: (_q, held) => Number(held.params.save),
  describe: (_q, held) => `Regeneration ${held.params.save}+`,
}

/** Hatred: failed to-hit rolls against hated foes re-rolled, in the first round of a combat only. */
export const hatredReRoll: EffectSpec<'re-roll', 're-roll'> = {
  at: 're-roll',
  clause: 're-roll',
  label: 'Hatred',
  kind: 'reroll',
  when: (q, held) => {
    if (q.roll !== 'to-hit' || q.combat === null) return null
    const hated = hates(held, q.opponent)
    if (hated !== true) return hated
    if (q.combat.round !== 1) return `only in the first round of a combat: this is round ${q.combat.round}`
    return true
  },
  value: 'failed',
}

/**
 * Whether `enemy` is hated: the list's `enemies` parameter is `all` or the race slugs hated,
 * comma-separated ("high-elves"); a unit whose race the list does not give is hated only by `all`.
 */
export function hates(held: Held, enemy: UnitState): true | string {
  const hated = String(held.params.enemies)
  if (hated === 'all') return true
  const races = hated.split(',').map((race) => race.trim())
  if (enemy.race !== null && races.includes(enemy.race)) return true
  return `${enemy.name} (${enemy.race ?? 'race not given'}) is not a hated enemy (${races.join(', ')})`
}

/** Multiple Shots (X): X shots at -1 to hit, when the shot declares them (every weapon with it carries X). */
export const multipleShotsPenalty: EffectSpec<'to-hit', 'penalty'> = {
  at: 'to-hit',
  clause: 'penalty',
  label: 'Multiple Shots',
  kind: 'add',
  always: true,
  when: (q) => (q.shot?.multipleShots ? true : null),
  value: 1,
  describe: (q) => `Multiple Shots: ${q.shot?.weapon.params.multipleShots} shots each`,
}

/** The clauses of a ruleset's variant table entry: one a decision, saying each variant's value and why. */
export function variantClauses<const Decisions extends readonly VariantDecision[]>(
  decisions: Decisions,
): Record<Decisions[number]['id'], string> {
  return Object.fromEntries(
    decisions.map((d) => [
      d.id,
      `${d.topic} ${Object.entries(d.values)
        .map(([v, value]) => `${v}: ${value}`)
        .join('; ')}. ${d.why}`,
    ]),
  ) as Record<Decisions[number]['id'], string>
}

/** The shot behind a to-hit query, when it is an aimed shot (not close combat, not a template's roll). */
export function aimed(query: QueryOf<'to-hit'>) {
  return query.shot && !query.shot.template ? query.shot : null
}
