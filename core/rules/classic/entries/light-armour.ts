import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const lightArmour = defineEntry({
  id: 'light-armour',
  name: 'Light armour',
  kind: 'armour',
  source: SEED,
  text: '6+AS',
  params: { save: 6 },
  clauses: { save: 'armour save 6+' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'save',
      label: 'light armour',
      kind: 'set',
      value: (_q, held) => Number(held.params.save),
    },
  ],
})
