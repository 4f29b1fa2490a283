import type { ShotMoment } from '../../engine/effects.js'
import { type BaseValue, type Resolved, resolveModifiers } from '../../engine/modifiers.js'
import { type NaturalLimits, rollAgainst } from '../../engine/requests.js'
import type { Answer, ModelRef, RequestSpec, UnitState } from '../../engine/types.js'
import type { PayloadOf } from '../../events/event-types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { characteristic, shootingRoll, toHitShootingChart } from './charts.js'
import type { BattleContext } from './context.js'
import { s } from './counting.js'
import { isHidden } from './hidden.js'
import type { Weapon } from './missile-weapons.js'
import { modelsOf, modelView, rangedProtection } from './models.js'
import type { CheckedShot } from './shot-checks.js'

type Shot = PayloadOf<'ShotDeclared'>
type Step<T> = Generator<RequestSpec, T, Answer>

/** The score to hit with a shot: 7 - BS (BS read through the profile point), then every to-hit modifier. */
export function toHitShootingNeed(
  ctx: BattleContext,
  shooter: UnitState,
  target: UnitState,
  shot: ShotMoment,
): Resolved {
  const bs = characteristic(ctx, shooter, 'BS', target, null)
  return resolveModifiers(
    toHitShootingChart(ctx, bs.value),
    ctx.modifiers('to-hit', { subject: shooter, opponent: target, combat: null, shot }),
    {
      mode: 'need',
      title: 'needs {}+ to hit',
      rule: ctx.rule('to-hit-shooting', 'chart'),
      from: [shooter.musteredAt, target.musteredAt],
      details: [bs.explanation],
    },
  )
}

export interface Hits {
  readonly attacks: number
  readonly hits: number
}

/** Aimed shots: models x shots dice against the BS score, with the 7+ rule. */
export function* aimedHits(
  ctx: BattleContext,
  shot: Shot,
  shooter: UnitState,
  target: UnitState,
  weapon: Weapon,
  moment: ShotMoment,
  checked: CheckedShot,
  from: number[],
): Step<Hits> {
  const models = shot.models ?? shooter.models
  const each = shot.multipleShots ? (weapon.multipleShots as number) : Number(weapon.params.shots ?? 1)
  const attacks = models * each
  const shotsWhy = explain(
    `${attacks} shot${s(attacks)}: ${models} model${s(models)} x ${each} with ${weapon.name}`,
    {
      value: attacks,
      rule: shot.multipleShots ? ctx.rule('multiple-shots', 'choice') : ctx.rule('shooting', 'shots'),
      from,
    },
    [
      explain(`${models} model${s(models)} in range and line of sight, as the players say`, {
        rule: ctx.rule('shooting', 'models'),
      }),
      ...checked.why,
    ],
  )
  const need = toHitShootingNeed(ctx, shooter, target, moment)
  const rolled = yield* rollToHit(ctx, shooter, target, attacks, need, `${weapon.name}`, from, [shotsWhy])
  emitHits(ctx, shooter, target, attacks, rolled, [shotsWhy, rolled.needWhy, ...rolled.rolls], from, checked.at)
  return { attacks, hits: rolled.hits }
}

/** Template hits: models wholly under it are hit; those partly under on a roll (variants §template-partial). */
export function* templateHits(
  ctx: BattleContext,
  shot: Shot,
  shooter: UnitState,
  target: UnitState,
  weapon: Weapon,
  moment: ShotMoment,
  checked: CheckedShot,
  from: number[],
): Step<Hits> {
  const whole = shot.underTemplate ?? 0
  const partly = shot.partlyUnderTemplate ?? 0
  const attacks = whole + partly
  const breathWeapon = weapon.breathWeapon
  const breath = breathWeapon
    ? [
        explain(`${weapon.name} is a Breath Weapon: the flame template, placed in the front arc by the table`, {
          rule: breathWeapon.template,
        }),
        explain('only models in line of sight are counted under it, as the players say', {
          rule: breathWeapon.lineOfSight,
        }),
      ]
    : []
  const counted = explain(
    `${whole} model${s(whole)} wholly and ${partly} partly under the template`,
    { value: attacks, rule: breathWeapon?.hits, from },
    [
      explain('the models under the template are hit', { rule: ctx.rule('shooting', 'templates') }),
      ...breath,
      ...checked.why,
    ],
  )
  const wholeWhy = explain(`${whole} model${s(whole)} wholly under the template: hit`, {
    value: whole,
    rule: ctx.rule('shooting', 'templates'),
  })
  if (partly === 0) {
    const hits = whole
    emitHits(
      ctx,
      shooter,
      target,
      attacks,
      { hits, rolledNeed: null, rolls: [] },
      [counted, wholeWhy],
      from,
      checked.at,
    )
    return { attacks, hits }
  }
  const need = resolveModifiers(
    partialBase(ctx),
    ctx.modifiers('to-hit', { subject: shooter, opponent: target, combat: null, shot: moment }),
    { mode: 'need', title: 'partly covered models are hit on {}+', rule: ctx.rule('shooting', 'template-partial') },
  )
  const rolled = yield* rollToHit(ctx, shooter, target, partly, need, weapon.name, from, [counted], true)
  const hits = whole + rolled.hits
  emitHits(
    ctx,
    shooter,
    target,
    attacks,
    { hits, rolledNeed: rolled.rolledNeed, rolls: rolled.rolls },
    [counted, wholeWhy, rolled.needWhy, ...rolled.rolls],
    from,
    checked.at,
  )
  return { attacks, hits }
}

function partialBase(ctx: BattleContext): BaseValue {
  return {
    value: 4,
    text: 'a model partly under the template',
    rule: ctx.rule('variants', 'template-partial'),
  }
}

interface ToHitRolled {
  readonly hits: number
  /** The score asked for (7+ and worse: the first roll's 6); null when nothing was rolled. */
  readonly rolledNeed: number | null
  readonly needWhy: Explanation
  readonly rolls: readonly Explanation[]
}

const HIT_WORDS = { success: ['hit', 'hits'], failure: ['miss', 'misses'] } as const
const SIX_WORDS = { success: ['6', '6s'], failure: ['miss', 'misses'] } as const

/** Rolls `count` dice to hit against a shooting score: 2+ at best, 7+ to 9+ in two rolls, 10+ no roll. */
function* rollToHit(
  ctx: BattleContext,
  shooter: UnitState,
  target: UnitState,
  count: number,
  need: Resolved,
  what: string,
  from: number[],
  context: readonly Explanation[],
  partly = false,
): Step<ToHitRolled> {
  const score = need.value as number
  const plan = shootingRoll(score)
  const limits: NaturalLimits = { one: { fails: true, rule: ctx.rule('to-hit-shooting', 'natural-1') }, six: null }
  const notes: Explanation[] = []
  if (score < 2)
    notes.push(
      explain(`a natural 1 always misses: ${score}+ is rolled as 2+`, {
        rule: ctx.rule('to-hit-shooting', 'natural-1'),
      }),
    )
  if (score >= 7)
    notes.push(
      explain(
        plan.first === null
          ? `${score}+ cannot hit`
          : `${score}+: a 6, and then ${plan.second === 6 ? 'a 6' : `${plan.second}+`} with a second die`,
        { rule: ctx.rule('to-hit-shooting', 'seven-plus') },
      ),
    )
  const needWhy =
    notes.length === 0 ? need.explanation : { ...need.explanation, children: [...need.explanation.children, ...notes] }
  if (plan.first === null || count === 0) return { hits: 0, rolledNeed: null, needWhy, rolls: [] }
  const rerolls = ctx.modifiers('re-roll', { subject: shooter, opponent: target, combat: null, roll: 'to-hit' })
  const first = yield* rollAgainst(
    ctx,
    {
      purpose: 'to-hit',
      count,
      sides: 6,
      need: plan.first,
      roller: shooter.player,
      text:
        `${shooter.name}: roll ${count} D6 to hit ${target.name} with ${what}, ` +
        (plan.second === null ? `${plan.first}+` : `6s, then ${plan.second}+ (${score}+)`),
      explanation: explain(
        `${shooter.name} rolls ${count} dice to hit${partly ? ' the models partly under the template' : ''}`,
        { from },
        [...context, needWhy],
      ),
    },
    limits,
    plan.second === null ? HIT_WORDS : SIX_WORDS,
    rerolls,
    ctx.rule('dice', 're-roll-once'),
    plan.second ?? undefined,
  )
  if (plan.second === null || first.successes === 0)
    return {
      hits: plan.second === null ? first.successes : 0,
      rolledNeed: plan.first,
      needWhy,
      rolls: [first.explanation],
    }
  const second = yield* rollAgainst(
    ctx,
    {
      purpose: 'to-hit-7-plus',
      count: first.successes,
      sides: 6,
      need: plan.second,
      roller: shooter.player,
      text: `${shooter.name}: roll ${first.successes} D6 for the 6s, ${plan.second}+ to hit (${score}+)`,
      explanation: explain(`${first.successes} 6${s(first.successes)} roll again: ${plan.second}+ hits`, {
        rule: ctx.rule('to-hit-shooting', 'seven-plus'),
        from,
      }),
    },
    limits,
    HIT_WORDS,
    [],
    ctx.rule('dice', 're-roll-once'),
  )
  return { hits: second.successes, rolledNeed: plan.first, needWhy, rolls: [first.explanation, second.explanation] }
}

/** The hits outcome, with where the hits fall on a unit with characters or a champion. */
function emitHits(
  ctx: BattleContext,
  shooter: UnitState,
  target: UnitState,
  attacks: number,
  rolled: { readonly hits: number; readonly rolledNeed: number | null; readonly rolls: readonly Explanation[] },
  children: readonly Explanation[],
  from: number[],
  at: ModelRef | null,
): void {
  const hits = rolled.hits
  const allocation = at ? null : rankAndFileNote(ctx, shooter, target)
  const on = at ? modelView(ctx, at).name : target.name
  ctx.emit({
    kind: 'hits',
    text: `${shooter.name} scores ${hits} hit${s(hits)} of ${attacks} on ${on}`,
    values: { attacks, need: rolled.rolledNeed, hits },
    explanation: explain(`${hits} hit${s(hits)} on ${on}`, { value: hits, from }, [
      ...children,
      ...(allocation ? [allocation] : []),
    ]),
  })
}

/**
 * Hits on a unit with characters or a champion fall on its rank and file (the `ranged-protection` point says
 * which of them it shields: seed Champion, 7th-edition characters). One it no longer protects could have been
 * picked out by naming it (classic/variants §ranged-pick-out); a hidden character is not there to be hit.
 */
function rankAndFileNote(ctx: BattleContext, shooter: UnitState, target: UnitState): Explanation | null {
  if (target.character) return null
  const models = modelsOf(target)
  const hiding = ctx.profile.hiddenModels
  const hidden = hiding ? target.characters.filter(isHidden) : []
  if (models.length + hidden.length === 0) return null
  const protections = models.map((ref) => ({ ref, ...rangedProtection(ctx, ref, shooter) }))
  const exposed = protections.filter((p) => !p.protected).map((p) => modelView(ctx, p.ref).name)
  const text =
    exposed.length === 0
      ? `the hits fall on the rank and file of ${target.name}`
      : `the hits fall on the rank and file of ${target.name}: the shot did not pick out ${exposed.join(' or ')}`
  return explain(text, { rule: ctx.rule('shooting', 'hits-on-rank-and-file') }, [
    ...protections.map((p) => p.explanation),
    ...hidden.map((c) =>
      explain(`${c.name} is hidden in ${target.name}: no hit can reach it`, {
        rule: hiding?.unharmed,
      }),
    ),
    ...(exposed.length > 0
      ? [
          explain('a model its unit no longer protects is picked out by naming it', {
            rule: ctx.rule('variants', 'ranged-pick-out'),
          }),
        ]
      : []),
  ])
}
