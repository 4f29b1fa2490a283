import { defineEntry } from '../../../engine/catalogue.js'
import type { QueryOf } from '../../../engine/effects.js'
import { SEED } from './sources.js'

/** An aimed shot made with the Handbows themselves (the unit may carry other weapons). */
function withHandbows(query: QueryOf<'to-hit'>) {
  const shot = query.shot
  return shot && !shot.template && shot.weapon.id === 'handbows' ? shot : null
}

export const handbows = defineEntry({
  id: 'handbows',
  name: 'Handbows',
  kind: 'weapon',
  source: SEED,
  text:
    'Range 8", S3, no penalty for moving and shooting as well as long range; may always stand and shoot, even if ' +
    'the enemy is within half charge distance.',
  params: { range: 8, strength: 3, shots: 1 },
  clauses: {
    profile: 'range 8", Strength 3',
    'no-penalties': 'no to-hit penalty for moving and shooting, nor for long range',
    'stand-and-shoot': 'may always stand and shoot, even when the charger is within half its charge distance',
  },
  enforcement: 'enforced',
  optionalParams: { multipleShots: 'number' },
  // The core penalties stay in the breakdown; these records cancel them, so both show.
  effects: [
    {
      at: 'to-hit',
      clause: 'no-penalties',
      label: 'Handbows: no penalty for moving and shooting',
      kind: 'add',
      when: (q) => (withHandbows(q)?.moved ? true : null),
      value: -1,
    },
    {
      at: 'to-hit',
      clause: 'no-penalties',
      label: 'Handbows: no penalty for long range',
      kind: 'add',
      when: (q) => (withHandbows(q)?.range === 'long' ? true : null),
      value: -1,
    },
    {
      at: 'permission',
      clause: 'stand-and-shoot',
      label: 'Handbows: may always stand and shoot',
      kind: 'set',
      when: (q) => (q.action === 'stand-and-shoot-close' ? true : null),
      value: 'allowed',
    },
  ],
})
