import type { EntryDefinition } from '../../engine/catalogue.js'
import { choose } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { explain, type RuleRef } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'

/**
 * What becomes of standards when a unit breaks or is destroyed in close combat. Classic (seed Standard): lost
 * when it breaks (with the magic banner its bearer bore), captured by a pursuer or by the enemy that destroyed it,
 * removed from the game when nobody pursues; standards its holder had captured are recaptured, and so removed. The
 * Old World (`profile.standardTrophies`): a standard is claimed as a trophy only when its unit is run down or
 * destroyed in combat, and a trophy is never reclaimed.
 */

/** The magic banners in the unit's gear (catalogue entries of kind banner): its standard bearer bears them. */
function bannersOf(ctx: BattleContext, unit: UnitState): EntryDefinition[] {
  const banners: EntryDefinition[] = []
  for (const gear of unit.gear) {
    const entry = ctx.profile.entry(gear.id)
    if (entry?.kind === 'banner') banners.push(entry)
  }
  return banners
}

/** The banner's clause that it is lost with the standard (`lost-with-standard`), when its entry has one. */
function lostWithStandard(ctx: BattleContext, banner: EntryDefinition): RuleRef | undefined {
  const clause = 'lost-with-standard'
  return clause in banner.clauses ? Object.freeze({ ruleset: ctx.game.ruleset, id: banner.id, clause }) : undefined
}

/**
 * A unit that breaks from combat loses its standard: the bearer is replaced by a rank and file model, and the magic
 * banner it bore is lost with it. Returns whether the unit had a standard. Where standards are trophies (The Old
 * World) a broken unit flees with its standard: nothing is lost yet.
 */
export function loseStandard(ctx: BattleContext, unit: UnitState): boolean {
  if (ctx.profile.standardTrophies) return unit.command.standard
  const banners = unit.standardLostAt === undefined ? bannersOf(ctx, unit) : []
  if (!unit.command.standard && banners.length === 0) return false
  const lostBanners = banners.length > 0 ? ` and its ${banners.map((b) => b.name).join(' and ')}` : ''
  ctx.emit({
    kind: 'standard-lost',
    text: `${unit.name} breaks and loses its standard${lostBanners}; the bearer fights on as rank and file`,
    values: { unit: unit.id },
    explanation: explain(
      `${unit.name} broke from combat: its standard is lost${lostBanners}`,
      { rule: ctx.rule('standard', 'lost'), from: [ctx.seq] },
      banners.map((banner) =>
        explain(`${banner.name} is borne by the standard bearer: lost with the standard, it no longer acts`, {
          rule: lostWithStandard(ctx, banner),
        }),
      ),
    ),
  })
  return true
}

/**
 * A broken unit's standard once pursuit is settled: captured by one of its pursuers (the winners mark
 * which), or removed from the game when nobody pursued. What it had captured is recaptured if pursued.
 */
export function* settleBrokenStandard(
  ctx: BattleContext,
  unit: UnitState,
  hadStandard: boolean,
  pursuers: readonly UnitState[],
): Generator<RequestSpec, void, Answer> {
  const trophies = ctx.profile.standardTrophies
  if (trophies) {
    // Claimed only from a unit run down (caught and destroyed); one that escapes keeps its standard.
    if (!hadStandard || unit.models > 0 || pursuers.length === 0) return
    const captor = yield* markCaptor(ctx, unit, pursuers, 'pursuing')
    capture(ctx, unit, captor, `${unit.name} was run down by ${captor.name}`)
    return
  }
  if (pursuers.length === 0) {
    if (hadStandard)
      ctx.emit({
        kind: 'standard-removed',
        text: `nobody pursued ${unit.name}: its standard is removed from the game`,
        values: { standard: unit.id, from: null, why: 'no-pursuit' },
        explanation: explain(`${unit.name} broke and no enemy pursued: its standard is removed from the game`, {
          rule: ctx.rule('standard', 'removed'),
          from: [ctx.seq],
        }),
      })
    return
  }
  recapture(ctx, unit, `${unit.name} broke and was pursued`)
  if (!hadStandard) return
  const captor = yield* markCaptor(ctx, unit, pursuers, 'pursuing')
  capture(ctx, unit, captor, `${unit.name} broke from combat and was pursued by ${captor.name}`)
}

/** A unit destroyed in the blows: its standard goes to an enemy unit in the combat (the winners mark which). */
export function* settleDestroyedStandard(
  ctx: BattleContext,
  unit: UnitState,
  enemies: readonly UnitState[],
): Generator<RequestSpec, void, Answer> {
  recapture(ctx, unit, `${unit.name} was destroyed in close combat`)
  if (!unit.command.standard || enemies.length === 0) return
  const captor = yield* markCaptor(ctx, unit, enemies, 'victorious')
  capture(ctx, unit, captor, `${unit.name} was destroyed in close combat`)
}

function* markCaptor(
  ctx: BattleContext,
  unit: UnitState,
  candidates: readonly UnitState[],
  how: string,
): Generator<RequestSpec, UnitState, Answer> {
  if (candidates.length === 1) return candidates[0] as UnitState
  const chosen = yield* choose({
    purpose: 'standard-captor',
    chooser: (candidates[0] as UnitState).player,
    options: candidates.map((c) => ({ id: c.id, text: `${c.name} takes the standard` })),
    text: `${unit.name}'s standard is captured: mark the ${how} unit that holds it`,
    explanation: explain(`mark one of the ${how} units as holding ${unit.name}'s standard`, {
      rule: ctx.rule('standard', 'captured'),
    }),
  })
  return candidates.find((c) => c.id === chosen) as UnitState
}

function capture(ctx: BattleContext, unit: UnitState, captor: UnitState, why: string): void {
  ctx.emit({
    kind: 'standard-captured',
    text: `${captor.name} captures the standard of ${unit.name}`,
    values: { standard: unit.id, by: captor.id },
    explanation: explain(
      `${why}: ${captor.name} captures its standard`,
      { rule: ctx.rule('standard', 'captured'), from: [ctx.seq] },
      [
        explain('it gives no in-game benefit; it counts for the outcome of the game', {
          rule: ctx.rule('standard', 'no-benefit'),
        }),
      ],
    ),
  })
}

/** Standards the unit had captured are recaptured, and so removed from the game; a trophy never is (The Old World). */
function recapture(ctx: BattleContext, unit: UnitState, why: string): void {
  if (ctx.profile.standardTrophies) return
  for (const standard of [...(unit.capturedStandards ?? [])]) {
    const owner = ctx.unit(standard)
    ctx.emit({
      kind: 'standard-removed',
      text: `the standard of ${owner.name} is recaptured from ${unit.name} and removed from the game`,
      values: { standard, from: unit.id, why: 'recaptured' },
      explanation: explain(
        `${why}: the standard of ${owner.name} it held is recaptured and removed from the game`,
        { rule: ctx.rule('standard', 'recaptured'), from: [ctx.seq] },
        [
          explain('recaptured when its holder is destroyed or broken and pursued', {
            rule: ctx.rule('variants', 'standard-recapture'),
          }),
        ],
      ),
    })
  }
}
