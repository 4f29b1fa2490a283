import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

export const standard = defineEntry({
  id: 'standard',
  name: 'Standard bearer',
  kind: 'core',
  source: `${CORE} B.6`,
  anchor: 'tow:command-groups/trophies-of-war-command-groups',
  text:
    "A standard adds +1 to its side's combat result (one a side). A unit run down while fleeing, or destroyed in " +
    'combat, has its standard claimed by the enemy as a trophy, which is never reclaimed; a unit that breaks and ' +
    'escapes keeps its standard.',
  clauses: {
    'combat-result': '+1 combat result for a standard in the combat; at most +1 a side',
    lost: 'a unit that breaks from combat keeps its standard as it flees: only being run down or destroyed loses it',
    captured:
      'a standard is claimed as a trophy when its unit is run down while fleeing or destroyed in combat by an enemy ' +
      'unit (trophies of war)',
    'no-benefit': 'a trophy gives its holder no in-game benefit; it is worth victory points',
    recaptured: 'once claimed, a trophy cannot be reclaimed (old-world/variants §standard-recapture)',
    removed: 'a broken unit that nobody runs down keeps its standard: nothing is removed from the game',
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
