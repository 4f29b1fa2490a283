import type { AttackKind, CombatMoment, ModifierRecord } from '../../engine/effects.js'
import { type BaseValue, type Resolved, type ResolveOptions, resolveModifiers } from '../../engine/modifiers.js'
import type { NaturalLimits } from '../../engine/requests.js'
import type { Characteristic, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { betterArmourOfMount } from './mounts.js'

/** A characteristic as it stands now: the profile's value and every profile modifier. */
export function characteristic(
  ctx: BattleContext,
  unit: UnitState,
  name: Characteristic,
  opponent: UnitState | null,
  combat: CombatMoment | null,
): Resolved & { readonly value: number } {
  const records = ctx.modifiers('profile', { subject: unit, opponent, characteristic: name, combat })
  const resolved = resolveModifiers({ value: unit.profile[name], text: 'profile', from: [unit.musteredAt] }, records, {
    mode: 'value',
    title: `${unit.name} ${name} {}`,
    bounds: characteristicBounds(ctx),
  })
  return resolved as Resolved & { value: number }
}

/** Characteristics run 0-10, as each catalogue cites it: made once a catalogue (asked for every characteristic). */
const boundsByCatalogue = new WeakMap<BattleContext['rule'], NonNullable<ResolveOptions['bounds']>>()
function characteristicBounds(ctx: BattleContext): NonNullable<ResolveOptions['bounds']> {
  let bounds = boundsByCatalogue.get(ctx.rule)
  if (bounds === undefined) {
    bounds = { min: 0, max: 10, rule: ctx.rule('dice', 'characteristic-range'), text: 'characteristics run 0-10' }
    boundsByCatalogue.set(ctx.rule, bounds)
  }
  return bounds
}

type LimitedRoll = 'to-hit' | 'to-wound' | 'armour-save' | 'ward-save'

/** Each catalogue's limits, made once a roll (asked for every roll of a replay): keyed by its citations. */
const limitsByCatalogue = new WeakMap<BattleContext['rule'], Map<LimitedRoll, NaturalLimits>>()

/** What natural rolls do in the classic ruleset, roll by roll (core-mechanics A.4, A.5). */
export function naturalLimits(ctx: BattleContext, roll: LimitedRoll): NaturalLimits {
  let limits = limitsByCatalogue.get(ctx.rule)
  if (limits === undefined) {
    limits = new Map()
    limitsByCatalogue.set(ctx.rule, limits)
  }
  let made = limits.get(roll)
  if (made === undefined) {
    made = limitsOf(ctx, roll)
    limits.set(roll, made)
  }
  return made
}

function limitsOf(ctx: BattleContext, roll: LimitedRoll): NaturalLimits {
  switch (roll) {
    case 'to-hit':
      return {
        one: { fails: true, rule: ctx.rule('to-hit-close-combat', 'natural-1') },
        six: { succeeds: true, rule: ctx.rule('to-hit-close-combat', 'natural-6') },
      }
    case 'to-wound':
      return { one: { fails: true, rule: ctx.rule('to-wound', 'natural-1') }, six: null }
    case 'armour-save':
      return { one: { fails: true, rule: ctx.rule('armour-save', 'natural-1') }, six: null }
    case 'ward-save':
      return { one: { fails: true, rule: ctx.rule('ward-save', 'natural-1') }, six: null }
  }
}

/**
 * The score to ask the table for: a need below 2 is rolled as 2+ when a natural 1 fails, and a
 * need above 6 as 6+ when a natural 6 succeeds; otherwise above 6 there is no roll.
 */
export function scoreToRoll(need: number | null, limits: NaturalLimits): { need: number | null; notes: Explanation[] } {
  if (need === null) return { need: null, notes: [] }
  if (need < 2 && limits.one?.fails)
    return {
      need: 2,
      notes: [explain(`a natural 1 always fails: ${need}+ is rolled as 2+`, { rule: limits.one.rule })],
    }
  if (need > 6 && limits.six?.succeeds)
    return {
      need: 6,
      notes: [explain(`a natural 6 always succeeds: ${need}+ is rolled as 6+`, { rule: limits.six.rule })],
    }
  if (need > 6) return { need: null, notes: [] }
  return { need, notes: [] }
}

/** The score to hit in close combat: the WS chart's cell and every to-hit modifier. */
export function toHitNeed(
  ctx: BattleContext,
  attacker: UnitState,
  target: UnitState,
  combat: CombatMoment | null,
): Resolved {
  const ws = characteristic(ctx, attacker, 'WS', target, combat)
  const targetWs = characteristic(ctx, target, 'WS', attacker, null)
  return resolveModifiers(
    ctx.profile.toHitChart(ctx, ws.value, targetWs.value),
    ctx.modifiers('to-hit', { subject: attacker, opponent: target, combat }),
    {
      mode: 'need',
      title: 'needs {}+ to hit',
      rule: ctx.rule('to-hit-close-combat', 'chart'),
      from: [attacker.musteredAt, target.musteredAt],
      details: [ws.explanation, targetWs.explanation],
    },
  )
}

/** The score to wound: the S-vs-T chart's cell (null: cannot wound) and every to-wound modifier. */
export function toWoundNeed(
  ctx: BattleContext,
  attacker: UnitState,
  target: UnitState,
  combat: CombatMoment | null,
  strength: Resolved & { readonly value: number },
  magical?: boolean,
): Resolved {
  const toughness = characteristic(ctx, target, 'T', attacker, null)
  return resolveModifiers(
    ctx.profile.toWoundChart(ctx, strength.value, toughness.value),
    ctx.modifiers('to-wound', {
      subject: attacker,
      opponent: target,
      combat,
      strength: strength.value,
      ...(magical ? { magical } : {}),
    }),
    {
      mode: 'need',
      title: 'needs {}+ to wound',
      none: 'cannot wound',
      rule: ctx.rule('to-wound', 'chart'),
      details: [strength.explanation, toughness.explanation],
    },
  )
}

/**
 * The armour save of `target` against a wound of `strength`: the best armour, then every modifier; then, where a
 * rule pierces armour (the 'armour-piercing' point, and `piercing` records such as a natural 6's Armour Bane), the
 * settled armour value worsened by it, so that limits on the armour value come before Armour Piercing.
 */
export function armourSaveNeed(
  ctx: BattleContext,
  target: UnitState,
  attacker: UnitState,
  combat: CombatMoment | null,
  strength: number,
  piercing: readonly ModifierRecord[] = [],
  attack?: AttackKind,
  special?: string,
): Resolved {
  const query = {
    subject: target,
    opponent: attacker,
    combat,
    strength,
    ...(attack ? { attack } : {}),
    ...(special ? { special } : {}),
  }
  const armourOf = (subject: UnitState) =>
    resolveModifiers(
      { value: 7, text: `${subject.name}: no armour counts as 7+`, rule: ctx.rule('armour-save', 'unarmoured') },
      ctx.modifiers('armour-save', { ...query, subject }),
      {
        mode: 'need',
        title: armourSaveTitle,
        rule: ctx.rule('armour-save', 'armour'),
        from: [subject.musteredAt],
        setPick: 'lowest',
      },
    )
  const armour = betterArmourOfMount(ctx, target, armourOf)
  const pierced = [...ctx.modifiers('armour-piercing', query), ...piercing]
  if (pierced.length === 0) return armour
  return resolveModifiers(
    { value: armour.value, text: `${target.name}'s armour value`, rule: ctx.rule('armour-save', 'armour') },
    pierced,
    {
      mode: 'need',
      title: armourSaveTitle,
      rule: ctx.rule('armour-save', 'armour'),
      // What the armour gives, before it is pierced: the armour value.
      details: [{ ...armour.explanation, text: `armour value ${armour.value}+` }],
    },
  )
}

/** The best single ward save of `target`, never modified by Strength; null when it has none. */
export function wardSaveNeed(
  ctx: BattleContext,
  target: UnitState,
  attacker: UnitState,
  combat: CombatMoment | null,
  attack?: AttackKind,
  magical?: boolean,
) {
  return resolveModifiers(
    { value: null, text: `${target.name}: no ward save`, rule: ctx.rule('ward-save', 'best-single') },
    ctx.modifiers('ward-save', {
      subject: target,
      opponent: attacker,
      combat,
      attack,
      ...(magical ? { magical } : {}),
    }),
    {
      mode: 'need',
      title: 'ward save {}+',
      none: 'no ward save',
      rule: ctx.rule('ward-save', 'after-armour'),
      setPick: 'lowest',
    },
  )
}

function armourSaveTitle(need: number | null): string {
  return need !== null && need <= 6 ? `armour save ${need}+` : 'no armour save'
}

/** The BS chart's cell (core-mechanics A.4): 7 - BS, so BS 3 needs 4+ and BS 6 "1+". */
export function toHitShootingChart(ctx: BattleContext, bs: number): BaseValue {
  return { value: 7 - bs, text: `BS ${bs}: 7 - BS`, rule: ctx.rule('to-hit-shooting', 'chart') }
}

/**
 * How a shooting score is rolled (core-mechanics A.4): below 2+ it is 2+ (a natural 1 always
 * misses); 7+ is a 6 then 4+, 8+ a 6 then 5+, 9+ a 6 then a 6; 10+ cannot hit (`first` null).
 */
export function shootingRoll(need: number): { first: number | null; second: number | null } {
  if (need <= 2) return { first: 2, second: null }
  if (need <= 6) return { first: need, second: null }
  if (need <= 9) return { first: 6, second: need - 3 }
  return { first: null, second: null }
}
