import { defineEntry } from '../../../engine/catalogue.js'
import { explain } from '../../../explain/explanation.js'
import type { ClassicContext } from '../catalogue.js'
import type { SpellDeclaration } from '../magic/spell-cast.js'
import { castOf, declaring, startEffect } from '../magic/spells.js'
import { SEED } from './sources.js'

export const shroudOfDarkness = defineEntry({
  id: 'shroud-of-darkness',
  name: 'Shroud of Darkness',
  kind: 'spell',
  source: SEED,
  text:
    'Augment, Range 18", 5+ Ward Save vs ranged attacks and spells until the casters next magic phase. ' +
    'Has no effect on character models.',
  params: { castingValue: 3, range: 18, type: 'augment', ward: 5 },
  clauses: {
    'casting-value': 'casting value 3 (the heading\'s "3/5+", classic/variants §shroud-casting-value)',
    range: 'an augment with a range of 18"',
    ward: "the target has a 5+ ward save against ranged attacks and spells until the caster's next magic phase",
    characters: 'no effect on character models',
  },
  enforcement: 'enforced',
  triggers: [
    {
      on: 'spell-declared',
      clause: 'casting-value',
      label: 'Shroud of Darkness: cast on 3, its heading\'s "3/5+"',
      always: true,
      when: declaring('shroud-of-darkness'),
      // biome-ignore lint/correctness/useYield: the note asks nothing of the table; a step is a generator all the same.
      *step(ctx) {
        return castingValueRuling(ctx as ClassicContext)
      },
    },
    {
      on: 'spell-resolves',
      clause: 'ward',
      label: "Shroud of Darkness: an augment until the caster's next magic phase",
      always: true,
      when: castOf('shroud-of-darkness'),
      // biome-ignore lint/correctness/useYield: an augment asks nothing of the table; a step is a generator all the same.
      *step(ctx, { cast }) {
        const until = { kind: 'casters-next-magic-phase', caster: cast.wizard.unit.player } as const
        const classic = ctx as ClassicContext
        const note = cast.target.character ? ' (it has no effect on character models)' : ''
        startEffect(classic, cast, classic.rule('shroud-of-darkness', 'ward'), {}, until, note)
      },
    },
  ],
  effects: [
    {
      at: 'ward-save',
      clause: 'ward',
      label: 'Shroud of Darkness',
      kind: 'set',
      when: (q, held) => {
        if (held.unit.character) return 'no effect on character models'
        return q.attack === 'shooting' || q.attack === 'spell' ? true : 'only against ranged attacks and spells'
      },
      value: (_q, held) => Number(held.params.ward),
    },
  ],
})

/** Its heading's "3/5+" read as casting value 3 (and the 5+ ward it grants): the ruling its casting value rests on. */
function castingValueRuling(ctx: ClassicContext): SpellDeclaration {
  return {
    castingValueNotes: [explain('"3/5+": casting value 3', { rule: ctx.rule('variants', 'shroud-casting-value') })],
  }
}
