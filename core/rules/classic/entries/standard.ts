import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const standard = defineEntry({
  id: 'standard',
  name: 'Standard',
  kind: 'special-rule',
  source: SEED,
  text:
    '- Standards that are positioned in the front rank of their unit grant a +1 bonus to the combat ' +
    'result. In a combat with multiple units, each side only gets a max of +1 CR, not +1 CR per ' +
    'standard. - Standards are lost if the unit with the standard bearer breaks form combat. Replace the ' +
    'standard bearer with a rank & file model. - Standards are captured by enemy units if the unit with ' +
    'the standard bearer is completely destroyed in CC or if the unit broke from combat and was pursued. ' +
    'Mark one of the pursuing units that is now in possession of the captured standard. Units gain no ' +
    'ingame benefit from captured standards but captured standard may affect the outcome of the game ' +
    '(e.g. victory points). Captured standard may be recaptured if the unit with the captured standard ' +
    'is defeated in CC (see above). In this case the recaptured standard is removed from the game (i.e. ' +
    'it cannot be used by the unit and cannot be captured again). If a unit with a standard breaks from ' +
    'combat but no enemy pursues, the standard is removed from the game. Standards removed from the game ' +
    'do not count as captured for the outcome of the game.',
  clauses: {
    'combat-result': '+1 combat result for a standard in the front rank; at most +1 a side',
    lost: 'a unit that breaks from combat loses its standard',
    captured:
      'a standard is captured when its unit is destroyed in combat, or breaks and is pursued; one pursuing (or ' +
      'victorious) unit is marked as holding it',
    'no-benefit': 'a captured standard gives its holder no in-game benefit; it counts for the outcome of the game',
    recaptured:
      'a captured standard is recaptured when its holder is destroyed in combat or breaks and is pursued; it is ' +
      'then removed from the game (classic/variants §standard-recapture)',
    removed:
      'a unit that breaks from combat with nobody pursuing has its standard removed from the game; removed ' +
      'standards do not count as captured',
  },
  enforcement: 'enforced',
  effects: [
    {
      at: 'combat-result',
      clause: 'combat-result',
      label: 'standard',
      kind: 'add',
      when: (q) => (q.stage === 'score' ? true : null),
      value: 1,
      describe: (_q, held) => `standard of ${held.unit.name}`,
    },
  ],
})
