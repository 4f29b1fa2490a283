import type { Duration } from '../../../engine/effects.js'
import { resolveModifiers } from '../../../engine/modifiers.js'
import { choose, rollDice } from '../../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../../engine/types.js'
import { explain } from '../../../explain/explanation.js'
import type { ClassicContext } from '../catalogue.js'
import { DOMINION_PHASES } from '../entries/dominion.js'
import { woundsFromHits } from '../strike.js'
import type { Cast } from './spell-cast.js'
import { woundsNow } from './wizards.js'

export type SpellType = 'magic-missile' | 'direct-damage' | 'hex' | 'augment'
type Step<T = void> = Generator<RequestSpec, T, Answer>

const s = (count: number) => (count === 1 ? '' : 's')

/** A spell that got through takes effect: each of the seed's spells as its text says. */
export function* resolveSpell(ctx: ClassicContext, cast: Cast): Step {
  switch (cast.spell.id) {
    case 'chill-wind':
      yield* magicMissile(ctx, cast)
      startEffect(
        ctx,
        cast,
        'ballistic-skill',
        {},
        { kind: 'casters-next-magic-phase', caster: cast.wizard.unit.player },
      )
      return
    case 'doombolt':
      yield* magicMissile(ctx, cast)
      return
    case 'dominion':
      yield* dominion(ctx, cast)
      return
    case 'soul-stealer':
      yield* soulStealer(ctx, cast)
      return
    case 'shroud-of-darkness':
      startEffect(ctx, cast, 'ward', {}, { kind: 'casters-next-magic-phase', caster: cast.wizard.unit.player })
      return
    default:
      throw new Error(`spell ${cast.spell.id satisfies never} has no resolution written`)
  }
}

/** The spell's own Strength, as its entry gives it. */
function spellStrength(ctx: ClassicContext, cast: Cast) {
  const value = Number(cast.spell.params.strength)
  const clause = cast.spell.id === 'soul-stealer' ? 'template' : 'hits'
  return resolveModifiers(
    { value, text: "the spell's own Strength", rule: ctx.rule(cast.spell.id as 'doombolt', clause as 'hits') },
    [],
    { mode: 'value', title: `${cast.spell.name}: Strength {}` },
  ) as ReturnType<typeof resolveModifiers> & { value: number }
}

/**
 * The spell as the attacker of the strike pipeline: the caster's unit, named for the spell, with
 * none of the unit's own gear or rules (its weapons and special rules do not strike with a spell).
 */
export function spellAsAttacker(cast: Pick<Cast, 'wizard'> & { readonly spell: { readonly name: string } }): UnitState {
  return {
    ...cast.wizard.unit,
    name: `${cast.wizard.name}'s ${cast.spell.name}`,
    gear: [],
    rules: [],
    command: { champion: false, standard: false, musician: false },
    characters: [],
  }
}

/** D6 hits that need no roll to hit, then the strike pipeline from the wound roll on. */
function* magicMissile(ctx: ClassicContext, cast: Cast): Step {
  const { spell, target, wizard, event } = cast
  const hitsRule = ctx.rule(spell.id as 'doombolt', 'hits')
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
      strength: spellStrength(ctx, cast),
    },
    hits,
    hits,
  )
}

/** Dominion: the caster chooses A, B or C; the target is barred from that action through its next such phase. */
function* dominion(ctx: ClassicContext, cast: Cast): Step {
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
    clause,
    { effect: option },
    { kind: 'next-phase-of', player: target.player, phase: DOMINION_PHASES[option] },
  )
}

/** Soul Stealer: S3 hits without armour saves on the models under the template; a wound caused feeds the caster. */
function* soulStealer(ctx: ClassicContext, cast: Cast): Step {
  const { wizard, target, event, spell } = cast
  const p = event.payload
  if (p.distance > spell.range) {
    ctx.emit({
      kind: 'hits',
      text: `Soul Stealer has no effect: the target point is ${p.distance}" away, beyond 12"`,
      values: { attacks: 0, need: 0, hits: 0 },
      explanation: explain(`the target point is ${p.distance}" away, beyond 12": no effect`, {
        value: 0,
        rule: ctx.rule('soul-stealer', 'range'),
        from: [event.seq],
      }),
    })
    return
  }
  const hits = p.modelsUnderTemplate ?? 0
  ctx.emit({
    kind: 'hits',
    text: `Soul Stealer: ${hits} model${s(hits)} of ${target.name} under the template`,
    values: { attacks: hits, need: 0, hits },
    explanation: explain(`${hits} hit${s(hits)}: the models under the 5" template, as the players counted`, {
      value: hits,
      rule: ctx.rule('soul-stealer', 'template'),
      from: [event.seq],
    }),
  })
  const result =
    hits > 0
      ? yield* woundsFromHits(
          ctx,
          {
            attacker: spellAsAttacker(cast),
            target,
            combat: null,
            from: [event.seq],
            attack: 'spell',
            strength: spellStrength(ctx, cast),
            noArmour: explain('no armour save against Soul Stealer', { rule: ctx.rule('soul-stealer', 'no-armour') }),
          },
          hits,
          hits,
        )
      : { unsaved: 0, wounds: 0, regenerated: 0 }
  const regenerated = result.regenerated ?? 0
  const { wounds, profileW } = woundsNow(wizard.unit, wizard.character)
  const cap = 2 * profileW
  const gainRule = ctx.rule('soul-stealer', 'wound-gain')
  const decision = explain(`classic/variants §soul-stealer-gain: ${ctx.decision('soul-stealer-gain')}`, {
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

/** Puts the spell on its target for its duration. */
function startEffect(
  ctx: ClassicContext,
  cast: Cast,
  clause: string,
  params: Record<string, string>,
  duration: Duration,
): void {
  const { spell, target, wizard, event } = cast
  if (target.models === 0) return
  const until =
    duration.kind === 'next-phase-of'
      ? `through ${duration.player}'s next ${duration.phase} phase`
      : "until the caster's next magic phase"
  const noEffect =
    spell.id === 'shroud-of-darkness' && target.character ? ' (it has no effect on character models)' : ''
  const text = `${spell.name} on ${target.name} ${until}${noEffect}`
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
    explanation: explain(
      text,
      { rule: ctx.rule(spell.id as 'dominion', clause as 'choose'), from: [event.seq, ctx.seq] },
      [explain(`cast by ${wizard.name}`, { from: [event.seq] })],
    ),
  })
}
