import { defineEntry } from '../../../engine/catalogue.js'
import type { TriggerQueryOf } from '../../../engine/effects.js'
import { RuleError } from '../../../engine/errors.js'
import type { Answer, RequestSpec } from '../../../engine/types.js'
import { explain } from '../../../explain/explanation.js'
import { s } from '../../battle/counting.js'
import { woundsNow } from '../../battle/magic/wizards.js'
import type { ClassicContext } from '../catalogue.js'
import type { Cast, SpellDeclaration } from '../magic/spell-cast.js'
import { castOf, declaring, templateSpell } from '../magic/spells.js'
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
  triggers: [
    {
      on: 'spell-declared',
      clause: 'range',
      label: 'Soul Stealer: a point within the target unit; out of range, no effect',
      always: true,
      when: declaring('soul-stealer'),
      // biome-ignore lint/correctness/useYield: the declaration's check asks nothing of the table; a step is a generator.
      *step(_ctx, query) {
        return pointAndTemplate(query)
      },
    },
    {
      on: 'spell-resolves',
      clause: 'template',
      label: 'Soul Stealer: a template spell that feeds its caster',
      always: true,
      when: castOf('soul-stealer'),
      step: (ctx, { cast }) => stealSouls(ctx as ClassicContext, cast),
    },
  ],
})

/**
 * Soul Stealer's target point: beyond its range the spell is cast to no effect (its own words), so the range does not
 * refuse it; within range, the players say how many models of the target are under the template.
 */
function pointAndTemplate(query: TriggerQueryOf<'spell-declared'>): SpellDeclaration {
  const { spell, target, event, where } = query
  const p = event.payload
  if (p.distance <= spell.range) {
    if (p.modelsUnderTemplate === undefined)
      throw new RuleError(
        'rules/bad-target',
        `${where}: say how many models of ${target.name} are under the template (modelsUnderTemplate)`,
      )
    if (p.modelsUnderTemplate > target.models)
      throw new RuleError(
        'rules/too-many-models',
        `${where}: ${p.modelsUnderTemplate} models under the template, but ${target.name} has ${target.models}`,
      )
  }
  return { beyondRange: 'no-effect' }
}

/** Soul Stealer: its template's S3 hits, no armour save; a wound caused feeds the caster. */
function* stealSouls(ctx: ClassicContext, cast: Cast): Generator<RequestSpec, void, Answer> {
  const { wizard, target, event } = cast
  const result = yield* templateSpell(ctx, cast, {
    range: ctx.rule('soul-stealer', 'range'),
    template: ctx.rule('soul-stealer', 'template'),
    noArmour: ctx.rule('soul-stealer', 'no-armour'),
  })
  if (result === null) return
  const regenerated = result.regenerated ?? 0
  const { wounds, profileW } = woundsNow(wizard.unit, wizard.character)
  const cap = 2 * profileW
  const gainRule = ctx.rule('soul-stealer', 'wound-gain')
  const decision = explain(`classic/variants §soul-stealer-gain: ${ctx.profile.soulStealerGain.value}`, {
    rule: ctx.rule('variants', 'soul-stealer-gain'),
  })
  let gained = 0
  let text: string
  if (result.unsaved === 0)
    text =
      result.wounds > 0
        ? `${wizard.name} gains no Wound: every wound Soul Stealer caused was saved by a ward save`
        : `${wizard.name} gains no Wound: Soul Stealer caused none`
  else if (wounds >= cap) text = `${wizard.name} gains no Wound: it already has ${wounds}, double its W ${profileW}`
  else {
    gained = 1
    text = `${wizard.name} gains 1 Wound: ${wounds} -> ${wounds + 1} (at most ${cap}, double its W ${profileW})`
  }
  ctx.emit({
    kind: 'wounds-gained',
    text,
    values: { unit: wizard.unit.id, character: wizard.character?.id ?? null, gained, wounds: wounds + gained },
    explanation: explain(text, { value: gained, rule: gainRule, from: [event.seq, ctx.seq] }, [
      explain(`${result.unsaved} wound${s(result.unsaved)} caused after ward saves`, {
        value: result.unsaved,
        rule: gainRule,
      }),
      ...(regenerated > 0
        ? [
            explain(
              `${regenerated} of them regenerated by ${target.name}: wounds regained by regeneration still count`,
              { value: regenerated, rule: gainRule },
              [
                explain('Regeneration ignores the wound after it was caused', {
                  rule: ctx.rule('regeneration', 'roll'),
                }),
              ],
            ),
          ]
        : []),
      decision,
    ]),
  })
}
