import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/** Natural armour (core-mechanics B.5; tow:special-rules/armoured-hide): Armoured Hide (X). */
export const armouredHide = defineEntry({
  id: 'armoured-hide',
  name: 'Armoured Hide',
  kind: 'special-rule',
  source: `${CORE} B.5`,
  anchor: 'tow:special-rules/armoured-hide',
  text:
    'The hide of some creatures forms natural armour and improves their armour value (and that of their rider) by ' +
    'X; a model that wears no armour counts as 7+ for it.',
  params: { X: 1 },
  clauses: {
    improves: "improves the armour value by X, the list's `X` (from 7+ when the model wears no armour)",
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'armour-save',
      clause: 'improves',
      label: 'Armoured Hide',
      kind: 'add',
      value: (_q, held) => -Number(held.params.X),
      describe: (_q, held) => `Armoured Hide (${held.params.X})`,
    },
  ],
})
