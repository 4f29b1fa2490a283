import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { leadershipRoll, rollVerdict } from './psychology-tests.js'

/**
 * The Monster Reaction test of a ridden monster whose rider was just slain (classic/mounts §monster-reaction): at
 * once, a Leadership test on the monster's own Ld (never its General's). Passed, it fights on as normal; failed,
 * the table rolls on the Monster Reaction table and plays its result (classic/variants §monster-reaction-table).
 * `riderWasSlain`: whether its rider had fallen before this blow, so that the test is taken once.
 */
export function* monsterReaction(
  ctx: BattleContext,
  unitId: string,
  riderWasSlain: boolean,
): Generator<RequestSpec, void, Answer> {
  const rules = ctx.profile.mounts.monsterReaction
  const monster: UnitState | undefined = ctx.game.units[unitId]
  if (!rules || riderWasSlain || !monster?.riderSlain || monster.models === 0) return
  const ld = monster.profile.Ld
  const { rule: reaction, table } = rules
  const roll = yield* leadershipRoll(
    monster,
    'for its Monster Reaction test',
    {
      value: ld,
      records: [],
      explanation: explain(`the monster's own Ld ${ld}, never its General's`, { value: ld, rule: reaction }),
    },
    explain(`${monster.name} has lost its rider: a Monster Reaction test on its own Ld`, {
      rule: reaction,
      from: [ctx.seq],
    }),
    ctx,
  )
  ctx.emit({
    kind: 'monster-reaction',
    text: roll.passed
      ? `${monster.name} passes its Monster Reaction test and fights on as normal`
      : `${monster.name} fails its Monster Reaction test: roll on the Monster Reaction table at the table`,
    values: { unit: monster.id, passed: roll.passed, roll: roll.total, leadership: ld },
    explanation: explain(
      roll.passed
        ? `passed: ${monster.name} fights on as normal`
        : `failed: the table rolls a D6 on the Monster Reaction table and plays its result (how the monster moves ` +
            'and acts from now on); in this combat it fights on until then',
      { value: roll.passed, rule: reaction, from: [roll.seq] },
      roll.passed
        ? [rollVerdict(ctx, roll, ld)]
        : [rollVerdict(ctx, roll, ld), explain('played at the table', { rule: table })],
    ),
  })
}
