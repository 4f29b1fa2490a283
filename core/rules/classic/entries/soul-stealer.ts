import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

export const soulStealer = defineEntry({
  id: 'soul-stealer',
  name: 'Soul Stealer',
  kind: 'spell',
  source: SEED,
  text:
    '(10+) Direct Damage, Range 12", 5" template, S3, no AS. Target a point within the target unit. If the target point is ' +
    'out of range, the spell has no effect. If the target point is within range, place the template with its center over ' +
    'the target point and resolve it. If the spell causes at least one wound (wounds saved with ward saves do not count ' +
    'but wounds regained by regeneration do) the caster gains 1 wound up to a max. of double its original W.',
  params: { castingValue: 10, range: 12, type: 'direct-damage', strength: 3, template: 5 },
  clauses: {
    'casting-value': 'casting value 10+',
    range: 'direct damage aimed at a point within the target unit, up to 12" away; a point out of range: no effect',
    template: 'a 5" template centred on the point: every model under it suffers a Strength 3 hit',
    'no-armour': 'no armour save may be taken',
    'wound-gain':
      'if at least one wound is caused (a ward save stops it counting, a Regeneration does not), the caster gains 1 ' +
      'Wound, up to double its original W',
  },
  enforcement: 'prompted',
})
