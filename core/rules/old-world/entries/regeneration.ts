import { defineEntry } from '../../../engine/catalogue.js'
import { regenerationSave } from '../../battle/common-effects.js'
import { seedLines } from './sources.js'

/** Regeneration (X+), seed 001: a save after a Wound is lost; what it restores still counts for combat result. */
export const regeneration = defineEntry({
  id: 'regeneration',
  name: 'Regeneration',
  kind: 'special-rule',
  source: seedLines(23, 26),
  anchor: 'tow:special-rules/regeneration',
  text:
    'Restriction: model with Regeneration (X+), where X+ is its Regeneration value. Timing: immediately after a Wound ' +
    'is lost, ahead of removing models at 0 Wounds. Result: a "Regeneration save" roll of 1D6 (optional): on X+ the ' +
    'Wound comes back, but still counts toward the combat result. Effects altering armour values do not touch the ' +
    'Regeneration value, unless stated otherwise.',
  params: { save: 4 },
  clauses: {
    roll: 'a D6 for each Wound lost: each roll of X+ brings the Wound back (X from the list)',
    'outside-combat': 'rolled immediately after each Wound is lost, before models at 0 Wounds are removed',
    'close-combat': 'in combat too, right after the Wound is lost, not at the end of the round',
    restored: 'the Wound comes back: the model keeps it as if it had not been lost',
    'combat-result': 'a Wound that came back still counts toward the combat result',
    'no-strike': 'a model that stands again after its Wound came back still fights as it would have',
    'armour-piercing':
      'effects that alter armour values, Armour Piercing among them, do not touch the Regeneration value',
  },
  enforcement: 'enforced',
  effects: [regenerationSave],
})
