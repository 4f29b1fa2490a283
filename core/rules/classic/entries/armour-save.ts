import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * Troop types that ride a mount, for the mounted save bonus. Chariots are not here: their save is
 * their own, listed with the chariot.
 */
export const MOUNTED = new Set(['cavalry', 'monstrous-cavalry'])

export const armourSave = defineEntry({
  id: 'armour-save',
  name: 'Armour save',
  kind: 'core',
  source: `${CORE} A.5, A.10`,
  anchor: '8e:shooting/armour-saves',
  text: "A wounded model saves on its armour's score; each point of Strength above 3 worsens it by 1; a natural 1 always fails.",
  clauses: {
    armour: 'the best armour worn sets the save (light 6+, heavy 5+); shields and mounts improve it',
    unarmoured: 'a model with no armour counts as 7+, so that a shield or a mount still gives it 6+',
    mounted: 'a cavalry (or monstrous cavalry) model improves its save by 1 (an unarmoured rider saves on 6+)',
    'strength-modifier': "the save worsens by 1 for each point of the attack's Strength above 3 (S4 -1 ... S10 -7)",
    'no-save': 'a save that needs more than 6 cannot be taken',
    'natural-1': 'a natural 1 always fails, however good the save',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'mounted',
      label: 'mounted',
      kind: 'add',
      when: (q) => (MOUNTED.has(q.subject.troopType) ? true : null),
      value: -1,
      describe: (q) => `mounted (${q.subject.troopType})`,
    },
    {
      at: 'armour-save',
      clause: 'strength-modifier',
      label: 'Strength modifier',
      kind: 'add',
      when: (q) => (q.strength > 3 ? true : 'no modifier at S 3 or less'),
      value: (q) => Math.max(0, q.strength - 3),
      describe: (q) => `Strength ${q.strength}`,
    },
  ],
})
