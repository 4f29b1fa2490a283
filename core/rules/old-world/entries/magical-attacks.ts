import { defineEntry } from '../../../engine/catalogue.js'
import type { QueryOf } from '../../../engine/effects.js'
import { seedLines } from './sources.js'

/** The weapon the attack strikes with: the query's, or the one the combat says the attacker fights with. */
function weaponOf(query: QueryOf<'magical-attack'>): string | null {
  return query.weapon ?? query.combat?.weapons?.[query.subject.id] ?? null
}

/**
 * Magical Attacks, seed 001: the holder's attacks and hits are Magical (a list that gives it a `weapon` param
 * limits it to that weapon); every spell's hits are Magical too. A magic item's hits are Magical through the
 * item's own effect at the same point. The shared wound procedure asks the `magical-attack` point and hands
 * the answer to the saves (a ward "against Magical attacks" reads it).
 */
export const magicalAttacks = defineEntry({
  id: 'magical-attacks',
  name: 'Magical Attacks',
  kind: 'special-rule',
  source: seedLines(19, 21),
  anchor: 'tow:special-rules/magical-attacks',
  text:
    "Restriction: model or weapon with Magical Attacks. Result: its attacks and hits are 'Magical' attacks. All " +
    'spells and all hits from magic items also count.',
  clauses: {
    attacks: "the attacks and hits of a model or weapon with Magical Attacks are 'Magical' attacks",
    spells: 'all spells count as Magical attacks',
    'magic-items': "all hits from magic items count as Magical attacks (each magic item's entry says so)",
  },
  enforcement: 'enforced',
  optionalParams: { weapon: 'text' },
  effects: [
    {
      at: 'magical-attack',
      clause: 'attacks',
      label: 'Magical Attacks',
      kind: 'set',
      when: (q, held) => {
        const weapon = held.params.weapon
        if (typeof weapon !== 'string') return true
        const used = weaponOf(q)
        return used === weapon ? true : `only its ${weapon} has Magical Attacks, not ${used ?? 'this attack'}`
      },
      value: 'magical',
      describe: (q, held) =>
        typeof held.params.weapon === 'string'
          ? `Magical Attacks: ${q.subject.name}'s ${held.params.weapon}`
          : `Magical Attacks: ${q.subject.name}`,
    },
    {
      at: 'magical-attack',
      clause: 'spells',
      label: 'a spell is a Magical attack',
      kind: 'set',
      always: true,
      when: (q) => (q.attack === 'spell' ? true : null),
      value: 'magical',
    },
  ],
})
