import { defineEntry } from '../../../engine/catalogue.js'
import type { UnitAction } from '../../../engine/effects.js'
import { choose } from '../../../engine/requests.js'
import type { Answer, RequestSpec } from '../../../engine/types.js'
import { explain } from '../../../explain/explanation.js'
import type { ClassicContext } from '../catalogue.js'
import type { Cast } from '../magic/spell-cast.js'
import { castOf, startEffect } from '../magic/spells.js'
import { SEED } from './sources.js'

/** What each of Dominion's effects bars; A leaves the unit only its reform. */
export const DOMINION_BARS: Readonly<Record<'A' | 'B' | 'C', readonly UnitAction[]>> = {
  A: ['charge', 'march', 'move'],
  B: ['cast'],
  C: ['shoot'],
}

/** The phase of the target's player each effect lasts through. */
export const DOMINION_PHASES: Readonly<Record<'A' | 'B' | 'C', string>> = {
  A: 'movement',
  B: 'magic',
  C: 'shooting',
}

function bars(option: 'A' | 'B' | 'C') {
  return (q: { readonly action: UnitAction }, held: { readonly params: Readonly<Record<string, unknown>> }) =>
    held.params.effect === option && DOMINION_BARS[option].includes(q.action) ? true : null
}

export const dominion = defineEntry({
  id: 'dominion',
  name: 'Dominion',
  kind: 'spell',
  source: SEED,
  text:
    '(10+) Hex, Range 18". - Choose effect A), B) or C): - A) In its next movment phase, target unit cannot charge and ' +
    'may only reform but not move otherwise. - B) In its next magic phase, target unit cannot cast spells. - C) In its ' +
    'next shooting phase, target unit cannot use ranged attacks.',
  params: { castingValue: 10, range: 18, type: 'hex' },
  clauses: {
    'casting-value': 'casting value 10+',
    range: 'a hex with a range of 18"',
    choose: 'the caster chooses effect A, B or C',
    'no-move': 'A: in its next movement phase the target cannot charge, and may reform but not move otherwise',
    'no-spells': 'B: in its next magic phase the target cannot cast spells',
    'no-shooting': 'C: in its next shooting phase the target cannot use ranged attacks',
  },
  enforcement: 'enforced',
  triggers: [
    {
      on: 'spell-resolves',
      clause: 'choose',
      label: "Dominion: a hex of the caster's choosing",
      always: true,
      when: castOf('dominion'),
      step: (ctx, { cast }) => chooseDominion(ctx as ClassicContext, cast),
    },
  ],
  effects: [
    {
      at: 'permission',
      clause: 'no-move',
      label: 'Dominion (A): no charge, only a reform',
      kind: 'set',
      when: bars('A'),
      value: 'forbidden',
    },
    {
      at: 'permission',
      clause: 'no-spells',
      label: 'Dominion (B): no spells',
      kind: 'set',
      when: bars('B'),
      value: 'forbidden',
    },
    {
      at: 'permission',
      clause: 'no-shooting',
      label: 'Dominion (C): no ranged attacks',
      kind: 'set',
      when: bars('C'),
      value: 'forbidden',
    },
  ],
})

/** Dominion: the caster chooses A, B or C; the target is barred from that action through its next such phase. */
function* chooseDominion(ctx: ClassicContext, cast: Cast): Generator<RequestSpec, void, Answer> {
  const { wizard, target } = cast
  const option = (yield* choose({
    purpose: 'dominion-effect',
    options: [
      { id: 'A', text: 'A) in its next movement phase it cannot charge, and may only reform' },
      { id: 'B', text: 'B) in its next magic phase it cannot cast spells' },
      { id: 'C', text: 'C) in its next shooting phase it cannot use ranged attacks' },
    ],
    chooser: wizard.unit.player,
    text: `${wizard.unit.player}: choose Dominion's effect on ${target.name}`,
    explanation: explain('Dominion: the caster chooses effect A, B or C', { rule: ctx.rule('dominion', 'choose') }),
  })) as 'A' | 'B' | 'C'
  const clause = option === 'A' ? 'no-move' : option === 'B' ? 'no-spells' : 'no-shooting'
  startEffect(
    ctx,
    cast,
    ctx.rule('dominion', clause),
    { effect: option },
    { kind: 'next-phase-of', player: target.player, phase: DOMINION_PHASES[option] },
  )
}
