import { RuleError } from '../../engine/errors.js'
import { resolveModifiers } from '../../engine/modifiers.js'
import { rollAgainst } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { removeRankAndFile } from './models.js'
import type { TerrainRules } from './profile.js'

export type Terrain = 'difficult' | 'dangerous'

/** The terrain rules' clauses, which only a ruleset with terrain rules has (old-world/terrain): it alone gets here. */
export function terrainRules(ctx: BattleContext): TerrainRules {
  const rules = ctx.profile.terrain
  if (!rules) throw new Error(`ruleset ${ctx.game.ruleset} has no terrain rules`)
  return rules
}

/**
 * The M a unit moves on through the terrain a move names: the ruleset's terrain modifier (its
 * mechanics), as the `movement` point's `terrain` records leave it (Move Through Cover sets it to 0),
 * kept at 1 or more. Refused where the ruleset has no terrain rules.
 */
export function terrainMove(
  ctx: BattleContext,
  where: string,
  unit: UnitState,
  terrain: Terrain | undefined,
  m: { readonly value: number; readonly explanation: Explanation },
): { readonly value: number; readonly explanation: Explanation } {
  if (terrain === undefined) return m
  const base = ctx.profile.terrainMovement(ctx, unit, terrain)
  if (base === null)
    throw new RuleError('rules/not-permitted', `${where}: the ${ctx.game.ruleset} ruleset has no terrain rules`)
  const modifier = resolveModifiers(base, ctx.modifiers('movement', { subject: unit, opponent: [], move: 'terrain' }), {
    mode: 'value',
    title: `${terrain} terrain: {} to M`,
  })
  const unbounded = m.value + (modifier.value ?? 0)
  const value = Math.max(1, unbounded)
  return {
    value,
    explanation: explain(
      `M ${m.value} through ${terrain} terrain: ${value}"${unbounded < 1 ? ' (at least 1)' : ''}`,
      { value, rule: base.rule, from: [ctx.seq] },
      [m.explanation, modifier.explanation],
    ),
  }
}

/**
 * Dangerous Terrain tests after a move through dangerous terrain: a D6 for each model of the unit, each 1
 * costs a Wound (taken as the unit's casualties); `reroll` records at the `movement` point's
 * `dangerous-terrain` question re-roll the 1s (Move Through Cover). Joined characters' own tests are the
 * table's to roll: the engine rolls for the unit's own models.
 */
export function* dangerousTerrainTests(
  ctx: BattleContext,
  unit: UnitState,
  terrain: Terrain | undefined,
): Generator<RequestSpec, void, Answer> {
  if (terrain !== 'dangerous' || unit.models === 0) return
  const rule = terrainRules(ctx).dangerousTest
  const why = explain(`${unit.name} moved through dangerous terrain: a Dangerous Terrain test for each model`, {
    rule,
    from: [ctx.seq],
  })
  const rerolls = ctx.modifiers('movement', { subject: unit, opponent: [], move: 'dangerous-terrain' })
  const judged = yield* rollAgainst(
    ctx,
    {
      purpose: 'dangerous-terrain',
      count: unit.models,
      sides: 6,
      roller: unit.player,
      need: 2,
      text: `${unit.name}: roll ${unit.models}D6 Dangerous Terrain tests, each 1 loses a Wound`,
      explanation: why,
    },
    { one: null, six: null },
    { success: ['passes', 'pass'], failure: ['fails', 'fail'] },
    rerolls,
    ctx.rule('dice', 're-roll-once'),
  )
  const failed = judged.dice.length - judged.successes
  removeRankAndFile(
    ctx,
    unit,
    failed,
    explain(
      `${failed} Dangerous Terrain test${failed === 1 ? '' : 's'} failed: a Wound each`,
      { value: failed, rule },
      [why, judged.explanation],
    ),
  )
}
