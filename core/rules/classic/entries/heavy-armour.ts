import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const heavyArmour = defineEntry({
  id: 'heavy-armour',
  name: 'Heavy armour',
  kind: 'armour',
  source: SEED,
  text: '5+AS',
  params: { save: 5 },
  clauses: { save: 'armour save 5+' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'save',
      label: 'heavy armour',
      kind: 'set',
      value: (_q, held) => Number(held.params.save),
    },
  ],
})
