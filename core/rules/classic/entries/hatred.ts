import { defineEntry } from '../../../engine/catalogue.js'
import type { Held } from '../../../engine/effects.js'
import type { UnitState } from '../../../engine/types.js'
import { SEED } from './sources.js'

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

export const hatred = defineEntry({
  id: 'hatred',
  name: 'Hatred',
  kind: 'special-rule',
  source: SEED,
  text:
    '- 1. Models that fight against (enemies) X in close combat re-roll failed To Hit rolls in the first round of ' +
    'each combat against these enemies. - 2. Unit has to pursue fleeing (enemies) X from cc and has to overrun.',
  params: { enemies: 'all' },
  clauses: {
    enemies:
      "X, the enemies hated, is the list's `enemies`: race slugs, or `all` when it names none " +
      '(classic/variants §hatred-enemies)',
    're-roll': 'against hated enemies, failed to-hit rolls are re-rolled in the first round of each combat',
    pursue:
      'the unit must pursue hated enemies that flee from combat: it takes no restraint test; its overrun move is ' +
      'made on the table (the engine does not model positions)',
  },
  enforcement: 'enforced',
  effects: [
    {
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
    },
    {
      at: 'permission',
      clause: 'pursue',
      label: 'Hatred: must pursue',
      kind: 'set',
      when: (q, held) => (q.action === 'pursue' && q.opponent !== null ? hates(held, q.opponent) : null),
      value: 'required',
    },
  ],
})
