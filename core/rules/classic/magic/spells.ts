import type { Duration } from '../../../engine/effects.js'
import { resolveModifiers } from '../../../engine/modifiers.js'
import { rollDice } from '../../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../../engine/types.js'
import { explain, type RuleRef } from '../../../explain/explanation.js'
import { s } from '../../battle/counting.js'
import { spellAsAttacker } from '../../battle/magic/wizards.js'
import { woundsFromHits } from '../../battle/strike.js'
import type { ClassicContext } from '../catalogue.js'
import type { Cast } from './spell-cast.js'

export type SpellType = 'magic-missile' | 'direct-damage' | 'hex' | 'augment'
type Step<T = void> = Generator<RequestSpec, T, Answer>

/**
 * "A spell resolves" (DESIGN §3): a spell that got through takes effect. Each spell's entry contributes the step
 * that carries out its text, written on the small library of spell effects below (a magic missile, a hex or an
 * augment, a template); the procedure names no spell.
 */
declare module '../../../engine/effects.js' {
  interface TriggerMoments {
    // biome-ignore lint/suspicious/noConfusingVoidType: a spell's step gives nothing back, as a procedure's generator.
    'spell-resolves': { readonly query: { readonly subject: UnitState; readonly cast: Cast }; readonly result: void }
  }
}

/** A spell that got through takes effect: the step its entry contributes, for its own casting. */
export function* resolveSpell(ctx: ClassicContext, cast: Cast): Step {
  const steps = ctx.triggered('spell-resolves', { subject: cast.wizard.unit, cast })
  if (steps.length === 0) throw new Error(`spell ${cast.spell.id} has no resolution written`)
  for (const step of steps) yield* step.run()
}

/** Whether a spell-resolves query is the casting of `spell` (a spell's step acts for its own casting only). */
export function castOf(spell: string): (query: { readonly cast: Cast }) => boolean {
  return (query) => query.cast.spell.id === spell
}

/** Whether a spell-declared query is the declaration of `spell` (a spell's step acts for its own declaration only). */
export function declaring(spell: string): (query: { readonly spell: { readonly id: string } }) => boolean {
  return (query) => query.spell.id === spell
}

/** The spell's own Strength, as its entry gives it, citing the clause of the entry that deals its hits (`rule`). */
export function spellStrength(cast: Cast, rule: RuleRef) {
  const value = Number(cast.spell.params.strength)
  return resolveModifiers({ value, text: "the spell's own Strength", rule }, [], {
    mode: 'value',
    title: `${cast.spell.name}: Strength {}`,
  }) as ReturnType<typeof resolveModifiers> & { value: number }
}

/**
 * A magic missile: D6 hits that need no roll to hit, then the strike pipeline from the wound roll on. `hitsRule`: the
 * clause of the spell's entry that deals them.
 */
export function* magicMissile(ctx: ClassicContext, cast: Cast, hitsRule: RuleRef): Step {
  const { spell, target, wizard, event } = cast
  const roll = yield* rollDice({
    purpose: 'spell-hits',
    count: 1,
    sides: 6,
    roller: wizard.unit.player,
    text: `${wizard.name}: roll a D6 for ${spell.name}'s hits on ${target.name}`,
    explanation: explain(`${spell.name}: D6 hits`, { rule: hitsRule, from: [event.seq] }),
    odds: { kind: 'total' },
  })
  const hits = roll.faces[0] as number
  ctx.emit({
    kind: 'hits',
    text: `${spell.name} hits ${target.name} ${hits} time${s(hits)}`,
    values: { attacks: hits, need: 0, hits },
    explanation: explain(
      `${hits} hit${s(hits)} on ${target.name}`,
      { value: hits, rule: hitsRule, from: [event.seq, roll.seq] },
      [
        explain(`D6 rolled ${hits}`, { value: hits, from: [roll.seq] }),
        explain('a magic missile hits automatically', { rule: ctx.rule('magic', 'magic-missile') }),
      ],
    ),
  })
  yield* woundsFromHits(
    ctx,
    {
      attacker: spellAsAttacker(cast),
      target,
      combat: null,
      from: [event.seq],
      attack: 'spell',
      strength: spellStrength(cast, hitsRule),
    },
    hits,
    hits,
  )
}

/**
 * A hex (on an enemy) or an augment (on a friend): the spell stays on its target for its duration. `rule`: the clause
 * of the spell's entry it carries out; `note`: what the entry adds to what is said (Shroud of Darkness on characters).
 */
export function startEffect(
  ctx: ClassicContext,
  cast: Cast,
  rule: RuleRef,
  params: Record<string, string>,
  duration: Duration,
  note = '',
): void {
  const { spell, target, wizard, event } = cast
  if (target.models === 0) return
  const until =
    duration.kind === 'next-phase-of'
      ? `through ${duration.player}'s next ${duration.phase} phase`
      : "until the caster's next magic phase"
  const text = `${spell.name} on ${target.name} ${until}${note}`
  ctx.emit({
    kind: 'effect-started',
    text,
    values: {
      effect: {
        id: `${ctx.seq}-${spell.id}-${target.id}`,
        entry: spell.id,
        unit: target.id,
        params,
        duration,
        startedAt: event.seq,
      },
    },
    explanation: explain(text, { rule, from: [event.seq, ctx.seq] }, [
      explain(`cast by ${wizard.name}`, { from: [event.seq] }),
    ]),
  })
}

/**
 * A template spell (direct damage, as a vortex is): aimed at a point within range, else no effect (null); every model
 * under the template, as the players count them, suffers a hit at the spell's Strength, with no armour save when the
 * spell says so. Returns the wounds caused.
 */
export function* templateSpell(
  ctx: ClassicContext,
  cast: Cast,
  rules: { readonly range: RuleRef; readonly template: RuleRef; readonly noArmour: RuleRef | null },
): Step<{ readonly unsaved: number; readonly wounds: number; readonly regenerated?: number } | null> {
  const { target, event, spell } = cast
  const p = event.payload
  if (p.distance > spell.range) {
    ctx.emit({
      kind: 'hits',
      text: `${spell.name} has no effect: the target point is ${p.distance}" away, beyond ${spell.range}"`,
      values: { attacks: 0, need: 0, hits: 0 },
      explanation: explain(`the target point is ${p.distance}" away, beyond ${spell.range}": no effect`, {
        value: 0,
        rule: rules.range,
        from: [event.seq],
      }),
    })
    return null
  }
  const hits = p.modelsUnderTemplate ?? 0
  ctx.emit({
    kind: 'hits',
    text: `${spell.name}: ${hits} model${s(hits)} of ${target.name} under the template`,
    values: { attacks: hits, need: 0, hits },
    explanation: explain(
      `${hits} hit${s(hits)}: the models under the ${String(spell.params.template)}" template, as the players counted`,
      {
        value: hits,
        rule: rules.template,
        from: [event.seq],
      },
    ),
  })
  if (hits === 0) return { unsaved: 0, wounds: 0, regenerated: 0 }
  return yield* woundsFromHits(
    ctx,
    {
      attacker: spellAsAttacker(cast),
      target,
      combat: null,
      from: [event.seq],
      attack: 'spell',
      strength: spellStrength(cast, rules.template),
      ...(rules.noArmour
        ? { noArmour: explain(`no armour save against ${spell.name}`, { rule: rules.noArmour }) }
        : {}),
    },
    hits,
    hits,
  )
}
