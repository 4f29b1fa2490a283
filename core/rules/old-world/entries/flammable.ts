import { defineEntry } from '../../../engine/catalogue.js'
import { seedLines } from './sources.js'

/** Flammable, seed 001: no Regeneration save against a wound from a Flaming attack. */
export const flammable = defineEntry({
  id: 'flammable',
  name: 'Flammable',
  kind: 'special-rule',
  source: seedLines(11, 11),
  anchor: 'tow:special-rules/flammable',
  text: 'A model with Flammable loses access to Regeneration saves whenever the wound stems from a Flaming attack.',
  clauses: {
    'no-regeneration': "no Regeneration save against a wound from a Flaming attack (the attacker's attack-traits say)",
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'regeneration',
      clause: 'no-regeneration',
      label: 'Flammable: no Regeneration save against a Flaming attack',
      // A need no die can make: the save is lost, whatever Regeneration value the model has.
      kind: 'cap',
      value: 7,
      when: (q, held) => {
        if (q.opponent === null) return null
        const traits = held.modifiers('attack-traits', { subject: q.opponent, opponent: q.subject, combat: q.combat })
        return traits.some((r) => r.status === 'applied' && r.value === 'flaming') ? true : null
      },
    },
  ],
})
