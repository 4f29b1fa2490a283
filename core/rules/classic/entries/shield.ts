import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const shield = defineEntry({
  id: 'shield',
  name: 'Shield',
  kind: 'armour',
  source: SEED,
  text: '+1AS',
  params: { improves: 1 },
  clauses: { save: 'improves the armour save by 1 (on its own, a 6+ save)' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'save',
      label: 'shield',
      kind: 'add',
      value: (_q, held) => -Number(held.params.improves),
    },
  ],
})
