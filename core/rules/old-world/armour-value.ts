import type { Held, QueryOf } from '../../engine/effects.js'
import { resolveModifiers } from '../../engine/modifiers.js'

// The queries being asked on behalf of an entry, so that its own effect stays silent when it asks the point.
const asking = new WeakSet<object>()

/**
 * The armour value the subject of an armour-save query has from every other armour rule (armour, shield, barding,
 * hide), before limits: for rules whose improvement depends on it (Parry, to 3+ at most) and limits that say
 * whether they bind. Null while the asking entry's own question is being answered (it has nothing to add to it).
 */
export function armourValueBefore(query: QueryOf<'armour-save'>, held: Held, asker: string): number | null {
  if (asking.has(query)) return null
  asking.add(query)
  try {
    const records = held
      .modifiers('armour-save', query)
      .filter((r) => r.source.id !== asker && r.kind !== 'cap' && r.status === 'applied')
    return resolveModifiers({ value: 7, text: 'no armour' }, records, { mode: 'need', title: '', setPick: 'lowest' })
      .value
  } finally {
    asking.delete(query)
  }
}
