import { defineEntry } from '../../../engine/catalogue.js'
import { MOUNTED } from './armour-save.js'
import { SEED } from './sources.js'

export const thickSkinned = defineEntry({
  id: 'thick-skinned',
  name: 'Thick-skinned',
  kind: 'special-rule',
  source: SEED,
  text: 'Mount grants +2AS instead of +1AS',
  clauses: {
    mount: "the mount improves the rider's armour save by 2 instead of 1: one more than classic/armour-save §mounted",
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'mount',
      label: 'Thick-skinned mount: +2 instead of +1',
      kind: 'add',
      when: (q) =>
        MOUNTED.has(q.subject.troopType) ? true : `${q.subject.name} is not mounted (${q.subject.troopType})`,
      value: -1,
    },
  ],
})
