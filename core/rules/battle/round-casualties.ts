import type { Answer, RequestSpec } from '../../engine/types.js'
import { hasModelsLeft } from './models.js'
import { regenerate } from './regeneration.js'
import type { Round, SideCount } from './round-tally.js'
import { settleDestroyedStandard } from './standards.js'

type Step = Generator<RequestSpec, void, Answer>

/**
 * After the blows, before the result: the standards of units destroyed in them are captured
 * (classic/standard §captured), then Regeneration at the round's end undoes wounds, which score nothing
 * (classic/regeneration).
 */
export function* roundCasualties(r: Round): Step {
  const { ctx, combat, tally } = r
  for (const [index, side] of combat.sides.entries()) {
    for (const entry of side.units) {
      const unit = ctx.unit(entry.unit)
      if (r.start.alive.has(unit.id) && !hasModelsLeft(unit))
        yield* settleDestroyedStandard(ctx, unit, r.live(1 - index))
    }
  }
  // Under 'on-wound-counted' each wound was regenerated as it was lost, and still counts (old-world/regeneration).
  const regeneratesAtRoundEnd = ctx.profile.regeneration.value === 'round-end-not-counted'
  for (const hurt of regeneratesAtRoundEnd ? tally.suffered.values() : []) {
    const undone = yield* regenerate(ctx, {
      unit: hurt.target,
      opponent: hurt.by,
      combat: r.moment(hurt.target.id),
      wounds: hurt.wounds,
      before: {
        models: r.start.models.get(hurt.target.id) ?? 0,
        woundsOnNextModel: r.start.woundsOnNextModel.get(hurt.target.id) ?? 0,
      },
      from: hurt.from,
    })
    const side = tally.sides[hurt.side] as SideCount
    side.woundsCaused -= undone
    side.regenerated += undone
    if (undone > 0) side.woundSeqs.push(ctx.seq)
  }
}
