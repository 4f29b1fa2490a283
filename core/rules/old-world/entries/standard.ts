import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const standard = defineEntry({
  id: 'standard',
  name: 'Standard bearer',
  kind: 'core',
  source: `${CORE} B.6`,
  anchor: 'tow:command-groups/standard-bearers',
  text:
    "A standard adds +1 to its side's combat result (one a side). A unit that breaks loses it; a destroyed or " +
    "run-down unit's standard is captured by the victors.",
  clauses: {
    'combat-result': '+1 combat result for a standard in the combat; at most +1 a side',
    lost: 'a unit that breaks from combat loses its standard',
    captured: 'a standard is captured when its unit is destroyed in combat, or breaks and is run down',
    'no-benefit': 'a captured standard gives its holder no in-game benefit',
    recaptured: 'a captured standard is recaptured when its holder is destroyed or run down, and leaves the game',
    removed: 'a unit that breaks with nobody pursuing has its standard removed from the game',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'combat-result',
      clause: 'combat-result',
      label: 'standard',
      kind: 'add',
      // A core entry acts for every unit unless told otherwise: this one only for a unit with a standard bearer.
      always: false,
      when: (q) => (q.stage === 'score' ? true : null),
      value: 1,
      describe: (_q, held) => `standard of ${held.unit.name}`,
    },
  ],
})
