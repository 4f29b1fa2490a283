import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/** Flaming Attacks (core rules, B.5): the holder's attacks are Flaming, which Flammable models fear. */
export const flamingAttacks = defineEntry({
  id: 'flaming-attacks',
  name: 'Flaming Attacks',
  kind: 'special-rule',
  source: `${CORE} B.5`,
  anchor: 'tow:special-rules/flaming-attacks',
  text: 'A model with Flaming Attacks makes Flaming attacks: a Flammable model hit by them loses its Regeneration saves.',
  clauses: {
    flaming: "the holder's attacks are Flaming attacks",
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'attack-traits',
      clause: 'flaming',
      label: 'Flaming Attacks',
      kind: 'set',
      value: 'flaming',
    },
  ],
})
