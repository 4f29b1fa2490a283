import { defineEntry } from '../../../engine/catalogue.js'
import type { Answer, RequestSpec } from '../../../engine/types.js'
import type { ClassicContext } from '../catalogue.js'
import type { Cast } from '../magic/spell-cast.js'
import { castOf, magicMissile, startEffect } from '../magic/spells.js'
import { SEED } from './sources.js'

export const chillWind = defineEntry({
  id: 'chill-wind',
  name: 'Chill Wind',
  kind: 'spell',
  source: SEED,
  text: '(6+) MM, Range 24", D6 S4 hits, target unit suffers -1BS until casters next magic phase',
  params: { castingValue: 6, range: 24, type: 'magic-missile', strength: 4 },
  clauses: {
    'casting-value': 'casting value 6+',
    range: 'a magic missile with a range of 24"',
    hits: 'the target suffers D6 Strength 4 hits',
    'ballistic-skill': "the target unit has -1 BS until the caster's next magic phase",
  },
  enforcement: 'enforced',
  triggers: [
    {
      on: 'spell-resolves',
      clause: 'hits',
      label: 'Chill Wind: a magic missile, then -1 BS on its target',
      always: true,
      when: castOf('chill-wind'),
      step: (ctx, { cast }) => chill(ctx as ClassicContext, cast),
    },
  ],
  effects: [
    {
      at: 'profile',
      clause: 'ballistic-skill',
      label: 'Chill Wind',
      kind: 'add',
      when: (q) => (q.characteristic === 'BS' ? true : null),
      value: -1,
    },
  ],
})

/** Chill Wind: its magic missile, then -1 BS on its target until the caster's next magic phase. */
function* chill(ctx: ClassicContext, cast: Cast): Generator<RequestSpec, void, Answer> {
  yield* magicMissile(ctx, cast, ctx.rule('chill-wind', 'hits'))
  const until = { kind: 'casters-next-magic-phase', caster: cast.wizard.unit.player } as const
  startEffect(ctx, cast, ctx.rule('chill-wind', 'ballistic-skill'), {}, until)
}
