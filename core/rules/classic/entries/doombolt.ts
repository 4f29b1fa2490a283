import { defineEntry } from '../../../engine/catalogue.js'
import type { Answer, RequestSpec } from '../../../engine/types.js'
import type { ClassicContext } from '../catalogue.js'
import type { Cast } from '../magic/spell-cast.js'
import { castOf, magicMissile } from '../magic/spells.js'
import { SEED } from './sources.js'

export const doombolt = defineEntry({
  id: 'doombolt',
  name: 'Doombolt',
  kind: 'spell',
  source: SEED,
  text: '(7+) MM, Range 18", D6 S5 hits',
  params: { castingValue: 7, range: 18, type: 'magic-missile', strength: 5 },
  clauses: {
    'casting-value': 'casting value 7+',
    range: 'a magic missile with a range of 18"',
    hits: 'the target suffers D6 Strength 5 hits',
  },
  enforcement: 'enforced',
  triggers: [
    {
      on: 'spell-resolves',
      clause: 'hits',
      label: 'Doombolt: a magic missile',
      always: true,
      when: castOf('doombolt'),
      step: (ctx, { cast }) => bolt(ctx as ClassicContext, cast),
    },
  ],
})

/** Doombolt: a magic missile, its hits dealt by its own clause. */
function bolt(ctx: ClassicContext, cast: Cast): Generator<RequestSpec, void, Answer> {
  return magicMissile(ctx, cast, ctx.rule('doombolt', 'hits'))
}
