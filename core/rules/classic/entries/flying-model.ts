import { defineEntry } from '../../../engine/catalogue.js'
import { SEED } from './sources.js'

/**
 * The seed's Flying Model adds "no additional special rules": it marks a model that flies under the
 * edition's own flying rules, which core-mechanics leaves out. So the entry is a marker with one
 * effect where it matters: a declared flying move (MoveDeclared kind `fly`) is checked against the
 * flying distance the variant table gives (classic/variants §flying-move); a unit without it
 * cannot fly. A unit that failed its Stupidity test declares no move at all (the `permission` point's
 * `move` action, which this procedure asks for flying too); its compulsory move is on the ground,
 * as Stupidity itself says ("flyers always use their ground movement").
 */
export const flyingModel = defineEntry({
  id: 'flying-model',
  name: 'Flying Model',
  kind: 'special-rule',
  source: SEED,
  text: 'No additional special rules',
  clauses: { flies: 'the model may fly instead of moving on the ground (classic/variants §flying-move)' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'movement',
      clause: 'flies',
      label: 'Flying Model',
      kind: 'set',
      value: (_q, held) => (held.decision('flying-move') === 'twenty-inches' ? 20 : 10),
      when: (query) => (query.move === 'fly' ? true : null),
    },
  ],
})
