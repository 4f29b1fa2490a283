import type { ShotMoment } from '../../engine/effects.js'
import type { EventOf, Procedure, ProcedureContext } from '../../engine/types.js'
import { explain } from '../../explain/explanation.js'
import { chargeAfterStandAndShoot } from './charge-move.js'
import type { BattleContext } from './context.js'
import { weaponOf, weaponStrength } from './missile-weapons.js'
import { modelView, woundModel } from './models.js'
import { shotsAtRiddenMonster } from './ridden-monster-shots.js'
import { aimedHits, templateHits } from './shooting-hits.js'
import { checkShot, firingModels } from './shot-checks.js'
import { woundsFromHits } from './strike.js'
import { chargeMarkers } from './unit-checks.js'

/**
 * ShotDeclared: a unit shoots (shooting phase), or answers a charge with Stand and Shoot
 * (movement phase). Everything is checked before anything is recorded.
 */
export function* shotDeclared(context: ProcedureContext, event: EventOf<'ShotDeclared'>): Procedure {
  yield* resolveShot(context, event)
  const shot = event.payload
  if (shot.standAndShoot !== true) return
  // A charge whose range is rolled waited for this shot (charge-move.ts): it goes on now.
  const ctx = context as BattleContext
  const charged = chargeMarkers(ctx.game, shot.shooter).find(
    (marker) => marker.params.role === 'charged' && marker.startedAt === shot.charge,
  )
  if (charged) yield* chargeAfterStandAndShoot(ctx, charged)
}

function* resolveShot(context: ProcedureContext, event: EventOf<'ShotDeclared'>): Procedure {
  const ctx = context as BattleContext
  const shot = event.payload
  const where = `seq ${event.seq}: ShotDeclared`
  const shooter = ctx.unit(shot.shooter)
  const target = ctx.unit(shot.target)
  const weapon = weaponOf(ctx, shooter, shot.weapon, where)
  const checked = checkShot(ctx, event, shooter, target, weapon, where)
  const from = shot.charge !== undefined ? [shot.charge, event.seq] : [event.seq]
  const moment: ShotMoment = {
    weapon: { id: weapon.id, name: weapon.name, params: weapon.params },
    range: checked.range,
    moved: shot.moved,
    marched: shot.marched,
    cover: shot.cover,
    standAndShoot: shot.standAndShoot === true,
    multipleShots: shot.multipleShots,
    template: false,
    ...(shot.hill !== undefined ? { hill: shot.hill } : {}),
  }
  const fired = weapon.template === null ? firingModels(ctx, shot, shooter, target, moment, where, checked.why) : shot
  // Marked before any die is asked for, so that a shot left half-rolled still counts as made.
  ctx.emit({
    kind: 'effect-started',
    text: `${shooter.name} has shot this turn`,
    values: {
      effect: {
        id: `shot-${event.seq}`,
        entry: 'shooting',
        unit: shooter.id,
        params: {},
        duration: { kind: 'end-of-turn' },
        startedAt: event.seq,
      },
    },
    explanation: explain(`${shooter.name} shoots with ${weapon.name}: once this turn`, {
      rule: ctx.rule('shooting', 'once'),
      from: [event.seq],
    }),
  })
  const strength = weaponStrength(ctx, weapon)
  const hits =
    weapon.template !== null
      ? yield* templateHits(ctx, shot, shooter, target, weapon, { ...moment, template: true }, checked, from)
      : yield* aimedHits(ctx, fired, shooter, target, weapon, moment, checked, from)
  if (hits.hits === 0) return
  const aimed = {
    attacker: shooter,
    target,
    combat: null,
    from,
    strength,
    attack: 'shooting' as const,
    weapon: weapon.id,
  }
  // A shot at a character on a monster: its hits are shared between the two where the ruleset says so.
  if (weapon.template === null && !checked.at && (yield* shotsAtRiddenMonster(ctx, aimed, hits.hits))) return
  // Hits on a model picked out are its own: its Toughness, armour and ward, its wounds (classic/variants
  // §ranged-pick-out); else they fall on the rank and file, never on the champion (strike's removal).
  const at = checked.at
  yield* woundsFromHits(
    ctx,
    at
      ? {
          attacker: shooter,
          target: modelView(ctx, at),
          combat: null,
          from,
          strength,
          attack: 'shooting',
          weapon: weapon.id,
          remove: (unsaved, why) => woundModel(ctx, at, unsaved, why),
        }
      : aimed,
    hits.attacks,
    hits.hits,
  )
}
