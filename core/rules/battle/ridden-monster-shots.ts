import { rollDice } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { s } from './counting.js'
import { woundModel } from './models.js'
import { mountRef, mountView, riddenMonster } from './mounts.js'
import { type HitsInput, woundsFromHits } from './strike.js'

/**
 * Shooting hits on a lone character riding a monster whose wounds are its own (classic/mounts §shot-at-monster): a
 * D6 for each hit shares them out, the monster's below the profile's score, the rider's from it; each is then wounded with
 * its own Toughness and saves. False when the ruleset or the target has no such sharing: the hits are the rider's.
 */
export function* shotsAtRiddenMonster(
  ctx: BattleContext,
  input: HitsInput & { readonly target: UnitState },
  hits: number,
): Generator<RequestSpec, boolean, Answer> {
  const shared = ctx.profile.mounts.shotsShared
  const target = input.target
  const mount = shared ? riddenMonster(ctx, target) : null
  if (!shared || !mount) return false
  const { rule, value: riderFrom } = shared
  const roll = yield* rollDice({
    purpose: 'ridden-monster-hits',
    count: hits,
    sides: 6,
    need: riderFrom,
    roller: input.attacker.player,
    text:
      `${input.attacker.name}: roll ${hits} D6 to share the hits between ${target.name} and the ${mount.name}: ` +
      `${riderFrom}+ hits ${target.name}, ${riderFrom - 1} or less the ${mount.name}`,
    explanation: explain(`a D6 for each hit on ${target.name}'s ${mount.name}`, {
      value: hits,
      rule,
      from: input.from,
    }),
    odds: { kind: 'each-die', need: riderFrom, naturalOneFails: false, naturalSixSucceeds: false, reroll: null },
  })
  const rider = roll.faces.filter((face) => face >= riderFrom).length
  const monster = hits - rider
  const monsterRef = mountRef(ctx, target, 'the shot')
  ctx.emit({
    kind: 'hits-split',
    text: `${monster} hit${s(monster)} on the ${mount.name}, ${rider} on ${target.name}`,
    values: { unit: target.id, monster, rider },
    explanation: explain(
      `rolled ${roll.faces.join(', ')}: ${monster} of ${riderFrom - 1} or less hit the ${mount.name}, ${rider} of ` +
        `${riderFrom}+ hit ${target.name}`,
      { value: monster, rule, from: [roll.seq] },
    ),
  })
  // The monster's hits first: they cannot slay the rider, whose own hits are then rolled on the rider as it stands.
  if (monster > 0)
    yield* woundsFromHits(
      ctx,
      {
        ...input,
        target: mountView(ctx, target, target, mount),
        remove: (unsaved, why) => woundModel(ctx, monsterRef, unsaved, why),
      },
      monster,
      monster,
    )
  if (rider > 0) yield* woundsFromHits(ctx, { ...input, target: ctx.unit(target.id) }, rider, rider)
  return true
}
