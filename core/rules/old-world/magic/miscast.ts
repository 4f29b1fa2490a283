import { type Resolved, resolveModifiers } from '../../../engine/modifiers.js'
import { rollDice } from '../../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../../engine/types.js'
import { type Explanation, explain } from '../../../explain/explanation.js'
import type { Wizard } from '../../battle/magic/wizards.js'
import { spellAsAttacker } from '../../battle/magic/wizards.js'
import { woundModel } from '../../battle/models.js'
import { woundsFromHits } from '../../battle/strike.js'
import type { OldWorldContext } from '../catalogue.js'
import { endCasting, wizardModel } from './cast.js'

type Step<T = void> = Generator<RequestSpec, T, Answer>

export type MiscastLine = 'harm' | 'cast-at-value' | 'perfect-invocation'

/**
 * The Miscast table (2D6): 2-7 harm the Wizard (2-6, blasts: the table's template, recorded for the table to
 * resolve; 7, one hit: resolved here); 8-9 cast at its casting value, 10-12 as a Perfect Invocation, and
 * the Wizard casts no more this turn. A dispelling Wizard: old-world/variants §dispel-miscast.
 */
export function* miscast(ctx: OldWorldContext, wizard: Wizard, from: number, by: 'cast' | 'dispel'): Step<MiscastLine> {
  const rule = ctx.rule('magic', 'miscast-table')
  const roll = yield* rollDice({
    purpose: 'miscast',
    count: 2,
    sides: 6,
    roller: wizard.unit.player,
    text: `${wizard.name}: roll 2D6 on the Miscast table`,
    explanation: explain(`${wizard.name} has miscast${by === 'dispel' ? ' while dispelling' : ''}`, {
      rule: ctx.rule('magic', by === 'cast' ? 'miscast' : 'dispel-miscast'),
      from: [from],
    }),
    odds: { kind: 'total' },
  })
  const total = roll.faces.reduce((x, y) => x + y, 0)
  const harm =
    total <= 4
      ? `a 5" blast template centred on ${wizard.name}: every model under it takes a Strength 10 hit, AP -4`
      : total <= 6
        ? `a 3" blast template centred on ${wizard.name}: every model under it takes a Strength 6 hit, AP -2`
        : total === 7
          ? `${wizard.name} takes one Strength 4 hit, AP -1`
          : null
  let line: MiscastLine
  let text: string
  const notes: Explanation[] = []
  if (harm !== null) {
    line = 'harm'
    text = `Miscast ${total}: ${harm}${total === 7 ? '' : '; the table resolves it'}`
  } else if (by === 'dispel') {
    line = 'harm'
    text = `Miscast ${total}: the dispel fails; ${wizard.name} has no spell of its own in hand, and casts no more this turn`
    notes.push(
      explain(`old-world/variants §dispel-miscast: ${ctx.profile.dispelMiscast.value}`, {
        rule: ctx.rule('variants', 'dispel-miscast'),
      }),
    )
  } else if (total <= 9) {
    line = 'cast-at-value'
    text = `Miscast ${total}: the spell is cast at its casting value, and ${wizard.name} casts no more this turn`
  } else {
    line = 'perfect-invocation'
    text = `Miscast ${total}: the spell is cast as a Perfect Invocation, and ${wizard.name} casts no more this turn`
  }
  ctx.emit({
    kind: 'miscast',
    text,
    values: { caster: wizard.id, roll: total },
    explanation: explain(text, { value: total, rule, from: [roll.seq] }, [
      explain(`dice ${roll.faces.join(', ')} (${roll.source}) = ${total}`, { value: total, from: [roll.seq] }),
      ...notes,
    ]),
  })
  if (total >= 8) endCasting(ctx, wizard, `Miscast ${total}`, roll.seq)
  if (total === 7) yield* miscastHit(ctx, wizard, roll.seq)
  return line
}

/**
 * Miscast 7: one Strength 4 hit on the Wizard, AP -1, through the shared strike pipeline (to wound, its own armour
 * and ward, its own Wounds when it joined a unit). The hit's attacker holds old-world/magic, whose armour-piercing
 * effect acts for that hit alone.
 */
function* miscastHit(ctx: OldWorldContext, wizard: Wizard, from: number): Step {
  const rule = ctx.rule('magic', 'miscast-table')
  const target = wizardModel(wizard)
  const miscast = spellAsAttacker({ wizard, spell: { name: 'miscast' } })
  const attacker: UnitState = { ...miscast, rules: [{ id: 'magic', params: {} }] }
  ctx.emit({
    kind: 'hits',
    text: `Miscast 7: one Strength 4 hit on ${wizard.name}`,
    values: { attacks: 1, need: null, hits: 1 },
    explanation: explain(`Miscast 7: one hit on ${wizard.name}`, { value: 1, rule, from: [from] }),
  })
  const strength = resolveModifiers({ value: 4, text: 'Miscast 7: Strength 4', rule, from: [from] }, [], {
    mode: 'value',
    title: 'Miscast: Strength {}',
  }) as Resolved & { readonly value: number }
  const character = wizard.character
  yield* woundsFromHits(
    ctx,
    {
      attacker,
      target,
      combat: null,
      from: [from],
      strength,
      ...(character
        ? {
            remove: (unsaved: number, why: Explanation) =>
              woundModel(ctx, { kind: 'character', unit: wizard.unit.id, character: character.id }, unsaved, why),
          }
        : {}),
    },
    1,
    1,
  )
}
