import { choose } from '../../engine/requests.js'
import type { Answer, RequestSpec, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { missileWeaponsOf } from './missile-weapons.js'

import type { UnitCharged } from './terror.js'
import { type ChargeResponse, combatOf, permission, recordLines } from './unit-checks.js'

type Step<T> = Generator<RequestSpec, T, Answer>

/** The target's response: forced (in combat, fleeing, a failed Terror test) or the player's choice. */
export function* respond(
  ctx: BattleContext,
  charger: UnitState,
  target: UnitState,
  distance: number,
  m: number,
  range: number | null,
  from: readonly number[],
): Step<{ response: ChargeResponse; why: Explanation }> {
  const responses = ctx.rule('charge', 'responses')
  const engaged = combatOf(ctx.game, target)
  const terrorNotes: Explanation[] = []
  // Immune to Psychology (The Old World) bars Flee as a reaction; such a target skips a Terror test.
  const fleeBar = permission(ctx, target, charger, 'flee-reaction')
  // What the target's and the charger's rules do as it is charged (a Terror causer's charge: classic/terror §charged).
  const charged: UnitCharged = {
    subject: target,
    charger,
    distance,
    range,
    from,
    engaged: engaged !== undefined,
    cannotFlee: fleeBar,
  }
  for (const step of ctx.triggered('unit-charged', charged)) {
    const { forced, notes } = yield* step.run()
    if (forced) return forced
    terrorNotes.push(...notes)
  }
  if (engaged)
    return {
      response: 'hold',
      why: explain(
        `${target.name} is engaged in combat "${engaged.id}": it can only hold`,
        { rule: responses, from },
        terrorNotes,
      ),
    }
  if (target.fleeing)
    return {
      response: 'flee',
      why: explain(`${target.name} is fleeing: it flees again`, { rule: responses, from }, terrorNotes),
    }

  // Stand and shoot: barred by a rule (Stupidity, Dominion), or by the charger's distance.
  const notes: Explanation[] = [...terrorNotes]
  const standAndShoot = mayStandAndShoot(ctx, charger, target, distance, m, notes)
  if (fleeBar.forbidden)
    notes.push(
      explain(`${target.name} cannot flee as a reaction: ${fleeBar.forbidden.label}`, {
        rule: fleeBar.forbidden.source,
      }),
    )
  const options = [
    { id: 'hold', text: 'hold' },
    ...(standAndShoot ? [{ id: 'stand-and-shoot', text: 'stand and shoot (then hold), with a missile weapon' }] : []),
    ...(fleeBar.forbidden ? [] : [{ id: 'flee', text: 'flee' }]),
  ]
  const why = explain(`${target.name} responds to ${charger.name}'s charge`, { rule: responses, from }, notes)
  const option = (yield* choose({
    purpose: 'charge-response',
    chooser: target.player,
    options,
    text: `${target.name} is charged by ${charger.name} (${distance}" away): ${options.map((o) => o.id).join(', ')}?`,
    explanation: why,
  })) as ChargeResponse
  const clause = option === 'hold' ? 'hold' : option === 'flee' ? 'flee' : 'stand-and-shoot'
  return {
    response: option,
    why: explain(
      `${target.name} chooses to ${option}`,
      { rule: ctx.rule('charge', clause), from: [...from, ctx.seq] },
      [why],
    ),
  }
}

/** Whether the target may stand and shoot: barred by a rule (Stupidity, Dominion), or by the charger's distance. */
function mayStandAndShoot(
  ctx: BattleContext,
  charger: UnitState,
  target: UnitState,
  distance: number,
  m: number,
  notes: Explanation[],
): boolean {
  let standAndShoot = true
  const shoot = permission(ctx, target, charger, 'shoot')
  notes.push(...recordLines(shoot.records))
  if (missileWeaponsOf(ctx, target).length === 0) {
    standAndShoot = false
    notes.push(
      explain(`no stand and shoot: ${target.name} has no missile weapon`, {
        rule: ctx.rule('charge', 'stand-and-shoot'),
      }),
    )
  } else if (shoot.forbidden) {
    standAndShoot = false
    notes.push(explain(`no stand and shoot: ${shoot.forbidden.label}`, { rule: shoot.forbidden.source }))
  } else {
    // Half a 2 x M charge is M (classic); 8th bars a charger within its own M: the same inches.
    const close = m
    const variant = ctx.profile.standAndShootRange.value
    if (distance <= close) {
      const lift = permission(ctx, target, charger, 'stand-and-shoot-close')
      notes.push(...recordLines(lift.records))
      const why =
        variant === 'half-charge-move'
          ? `${charger.name} is within half its charge move (${distance}" <= ${close}")`
          : `${charger.name} is within its own M (${distance}" <= ${close}")`
      if (lift.allowed && !lift.forbidden) {
        notes.push(
          explain(`${why}, but ${lift.allowed.label} may stand and shoot all the same`, { rule: lift.allowed.source }, [
            explain('the bar', { rule: ctx.rule('charge', 'stand-and-shoot-close') }),
          ]),
        )
      } else {
        standAndShoot = false
        notes.push(
          explain(`no stand and shoot: ${why}`, { rule: ctx.rule('charge', 'stand-and-shoot-close') }, [
            explain(`stand-and-shoot range: ${variant}`, { rule: ctx.rule('variants', 'stand-and-shoot-range') }),
          ]),
        )
      }
    }
  }
  return standAndShoot
}
