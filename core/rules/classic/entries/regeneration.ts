import { defineEntry } from '../../../engine/catalogue.js'
import { regenerationSave } from '../../battle/common-effects.js'
import { SEED } from './sources.js'

export const regeneration = defineEntry({
  id: 'regeneration',
  name: 'Regeneration',
  kind: 'special-rule',
  source: SEED,
  text:
    'Every time a unit with this skill suffers a wound (after armour and ward saves and after any wound multipliers) ' +
    'roll a D6 for each wound the unit suffered. For each roll that comes up as an X+ the unit ignores a wound. In ' +
    'close combat regeneration rolls are made at the end of combat but before combat result is calculated. ' +
    'Regenerated wounds do not count towards combat result but models that were killed before they could attack are ' +
    'not allowed to strike, even if they are saved by the regeneration at the end of combat.',
  params: { save: 4 },
  clauses: {
    roll:
      'a D6 for each unsaved wound the unit suffered; each roll of X+ ignores a wound (X from the list, else 4+: ' +
      'classic/variants §regeneration-default)',
    'close-combat':
      'in close combat the rolls are made at the end of the round, after every strike and before the combat result',
    'combat-result': 'regenerated wounds do not count towards the combat result',
    'no-strike': 'models slain before they struck do not strike, even if regeneration brings them back',
    restored:
      'an ignored wound is undone: the unit keeps the wounds as if never suffered, and a model those wounds slew ' +
      'stands again (classic/variants §regeneration-restores)',
    'outside-combat': 'outside close combat (shooting, spells) the rolls are made right after the saves',
  },
  enforcement: 'enforced',
  effects: [regenerationSave],
})
