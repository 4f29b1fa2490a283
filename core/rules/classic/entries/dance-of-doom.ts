import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const danceOfDoom = defineEntry({
  id: 'dance-of-doom',
  name: 'Dance of Doom',
  kind: 'item',
  source: SEED,
  text: '5+ Ward Save',
  params: { save: 5 },
  clauses: { ward: 'a 5+ ward save' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'ward-save',
      clause: 'ward',
      label: 'Dance of Doom',
      kind: 'set',
      value: (_q, held) => Number(held.params.save),
    },
  ],
})
