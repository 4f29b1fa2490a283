import type { ShotMoment } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import { resolveModifiers } from '../../engine/modifiers.js'
import type { CombatState, EventOf, ModelRef, UnitState } from '../../engine/types.js'
import type { PayloadOf } from '../../events/event-types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import { s } from './counting.js'
import type { Weapon } from './missile-weapons.js'
import { hasModelsLeft, modelsOf, modelView, rangedProtection, rankAndFile, refIn } from './models.js'
import { chargeMarkers, cite, combatOf } from './unit-checks.js'

type Shot = PayloadOf<'ShotDeclared'>

/**
 * The models that fire, as the `firing-ranks` point limits them (classic: the front rank, one more on a hill, two
 * ranks in classic-8th, every rank at a Large Target; The Old World: the front rank, one more on a hill or at a Large
 * Target): at most the unit's width times the ranks that fire, never more ranks than the unit has. A ruleset with
 * nothing at that point sets no limit (the shot as declared). Its explanation joins `why`; too many models is refused.
 */
export function firingModels(
  ctx: BattleContext,
  shot: Shot,
  shooter: UnitState,
  target: UnitState,
  moment: ShotMoment,
  where: string,
  why: Explanation[],
): Shot {
  const records = ctx.modifiers('firing-ranks', { subject: shooter, opponent: target, shot: moment })
  // Only a ruleset with a firing-ranks rule has records there (classic/shooting, old-world/shooting §firing-ranks).
  const rule = ctx.profile.firingRanks
  if (records.length === 0 || !rule) return shot
  const depth = shooter.files === null ? null : Math.ceil(shooter.models / shooter.files)
  const ranks = resolveModifiers({ value: 0, text: 'ranks that fire', rule }, records, {
    mode: 'value',
    title: (n) => `${n} rank${s(n ?? 0)} of ${shooter.name} fire${n === 1 ? 's' : ''}`,
    rule,
    ...(depth !== null
      ? { bounds: { max: depth, rule, text: `${shooter.name} is ${depth} rank${s(depth)} deep` } }
      : {}),
  })
  const count = ranks.value ?? 0
  const cited = records
    .filter((r) => r.status === 'applied')
    .map((r) => `${r.label} (${r.source.ruleset}/${r.source.id} §${r.source.clause})`)
    .join('; ')
  if (shooter.files === null) {
    // Without a frontage the ranks limit nothing the engine can count, unless every model may fire.
    if (shot.models === undefined && shooter.models > 1 && count < shooter.models)
      throw new RuleError(
        'rules/too-many-models',
        `${where}: the list gives no frontage for ${shooter.name}: say how many models fire (models), from the ` +
          `${count} rank${s(count)} that fire (${cited})`,
      )
    why.push(ranks.explanation)
    return shot
  }
  const most = Math.min(shooter.models, shooter.files * count)
  if (shot.models !== undefined && shot.models > most)
    throw new RuleError(
      'rules/too-many-models',
      `${where}: ${shot.models} models cannot fire: ${shooter.name} is ${shooter.files} wide and ${count} ` +
        `rank${s(count)} fire (${cited}), at most ${most}`,
    )
  why.push(
    explain(
      `at most ${most} model${s(most)} fire: ${shooter.files} wide x ${count} rank${s(count)}`,
      { value: most, rule, from: [shooter.musteredAt] },
      [ranks.explanation],
    ),
  )
  return shot.models === undefined ? { ...shot, models: most } : shot
}

export interface CheckedShot {
  readonly range: 'short' | 'long' | null
  readonly why: Explanation[]
  /** The champion or character the shot picks out, if it names one. */
  readonly at: ModelRef | null
}

/** What the declaration is allowed to be; throws a RuleError naming what is wrong. */
export function checkShot(
  ctx: BattleContext,
  event: EventOf<'ShotDeclared'>,
  shooter: UnitState,
  target: UnitState,
  weapon: Weapon,
  where: string,
): CheckedShot {
  const shot = event.payload
  const why: Explanation[] = []
  const question: ShotInQuestion = { ctx, event, shooter, target, weapon, where, why }
  checkShotTiming(question)
  checkShooterAndTarget(question)
  checkShotDetails(question)
  const range = weapon.template !== null ? null : rangeBand(ctx, shot, weapon, where, why)
  if (weapon.template !== null && shot.at !== undefined)
    throw new RuleError(
      'rules/wrong-weapon',
      `${where}: ${weapon.name} hits the models under its template; it does not pick out a model (at)`,
    )
  const at = pickedOut(ctx, shot, shooter, target, where, why)
  // Asked last: a one-use permission is spent only by a shot that is otherwise allowed.
  const barred = ctx
    .modifiers('permission', { subject: shooter, opponent: target, action: 'shoot' })
    .find((record) => record.status === 'applied' && record.kind === 'set' && record.value === 'forbidden')
  if (barred)
    throw new RuleError(
      'rules/not-permitted',
      `${where}: ${shooter.name} may not shoot: ${barred.label} (${barred.source.ruleset}/${barred.source.id} ` +
        `§${barred.source.clause})`,
    )
  return { range, why, at }
}

/**
 * The model the shot picks out (`at`): a champion or joined character of the target that its unit no longer
 * protects (classic/champion §ranged-protection, classic/characters §ranged-protection), never one still hidden
 * (classic/concealed §hidden). Null when the shot names none.
 */
function pickedOut(
  ctx: BattleContext,
  shot: Shot,
  shooter: UnitState,
  target: UnitState,
  where: string,
  why: Explanation[],
): ModelRef | null {
  if (shot.at === undefined) return lastStanding(ctx, target, where, why)
  const ref = refIn(target, shot.at, `${where}: the model picked out`)
  if (ref.kind === 'lone')
    throw new RuleError('rules/bad-model', `${where}: ${target.name} is a character on its own: shoot at it`)
  const protection = rangedProtection(ctx, ref, shooter)
  if (protection.protected) {
    const reasons = protection.records
      .filter((r) => r.status === 'applied')
      .map((r) => `${r.label} (${r.source.ruleset}/${r.source.id} §${r.source.clause})`)
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${protection.explanation.text}: ${reasons.join('; ')}; its hits fall on the rank and file`,
    )
  }
  why.push(
    explain(
      `${shooter.name} picks out ${modelView(ctx, ref).name}: its hits go at it alone`,
      { rule: ctx.rule('variants', 'ranged-pick-out') },
      [protection.explanation],
    ),
  )
  return ref
}

/** Short or long range, from the measured distance or the band the players give; out of range is refused. */
function rangeBand(
  ctx: BattleContext,
  shot: Shot,
  weapon: Weapon,
  where: string,
  why: Explanation[],
): 'short' | 'long' {
  const range = weapon.range as number
  const half = range / 2
  if (shot.distance === undefined) {
    if (shot.range === undefined)
      throw new RuleError(
        'rules/out-of-range',
        `${where}: say the measured distance or the range band (short, long) of the shot (${ctx.game.ruleset}/shooting §range)`,
      )
    why.push(
      explain(`${shot.range} range for ${weapon.name} (range ${range}"), as the players measured`, {
        rule: ctx.rule('shooting', 'range'),
      }),
    )
    return shot.range
  }
  const rule = ctx.profile.standAndShootBeyondRange
  if (shot.distance > range && shot.standAndShoot === true && rule) {
    why.push(
      explain(
        `${shot.distance}" is beyond ${weapon.name}'s range of ${range}": a Stand and Shoot reaction fires anyway, at ` +
          'long range',
        { rule },
      ),
    )
    return 'long'
  }
  if (shot.distance > range)
    throw new RuleError(
      'rules/out-of-range',
      `${where}: the target is ${shot.distance}" away, beyond ${weapon.name}'s range of ${range}" (${ctx.game.ruleset}/shooting §range)`,
    )
  const band = shot.distance > half ? 'long' : 'short'
  if (shot.range !== undefined && shot.range !== band)
    throw new RuleError(
      'rules/out-of-range',
      `${where}: ${shot.distance}" is ${band} range for ${weapon.name} (half range ${half}"), not ${shot.range}`,
    )
  why.push(
    explain(`${shot.distance}" is ${band} range for ${weapon.name} (range ${range}", half ${half}")`, {
      rule: ctx.rule('shooting', 'range'),
    }),
  )
  return band
}

/**
 * A unit with no rank and file left: the one model still standing in it takes the shot (classic/characters
 * §last-standing); with more than one, the shot names the one it is at. Null while rank and file are left.
 */
function lastStanding(ctx: BattleContext, target: UnitState, where: string, why: Explanation[]): ModelRef | null {
  if (target.character || rankAndFile(target) > 0) return null
  const standing = modelsOf(target)
  if (standing.length > 1)
    throw new RuleError(
      'rules/bad-model',
      `${where}: ${target.name} has no rank and file left: name the model the shot is at (at: ` +
        `${standing.map((ref) => (ref.kind === 'character' ? ref.character : 'champion')).join(', ')})`,
    )
  const last = standing[0]
  if (!last) return null
  why.push(
    explain(`${target.name} has no rank and file left: ${modelView(ctx, last).name}, the one model standing, is hit`, {
      rule: ctx.rule('characters', 'last-standing'),
    }),
  )
  return last
}

/** A declared shot as its checks read it; `why` gathers what the checks found worth saying. */
interface ShotInQuestion {
  readonly ctx: BattleContext
  readonly event: EventOf<'ShotDeclared'>
  readonly shooter: UnitState
  readonly target: UnitState
  readonly weapon: Weapon
  readonly where: string
  readonly why: Explanation[]
}

/** When a unit may shoot: in its shooting phase, or in the movement phase to stand and shoot at its charger. */
function checkShotTiming(question: ShotInQuestion): void {
  const { ctx, event, shooter, target, where, why } = question
  const shot = event.payload
  const standAndShoot = shot.standAndShoot === true
  const phase = ctx.game.phase
  if (standAndShoot) {
    if (phase !== 'movement')
      throw new RuleError(
        'rules/wrong-phase',
        `${where}: Stand and Shoot answers a charge in the movement phase, not ${phase ?? 'before any phase'} ` +
          `(${ctx.game.ruleset}/shooting §stand-and-shoot)`,
      )
    if (shot.charge === undefined || shot.charge >= event.seq)
      throw new RuleError(
        'rules/not-permitted',
        `${where}: Stand and Shoot must name the earlier ChargeDeclared it answers (charge: its seq)`,
      )
    if (shooter.player === ctx.game.activePlayer)
      throw new RuleError(
        'rules/wrong-side',
        `${where}: ${shooter.name} belongs to the player whose turn it is; only a charged unit stands and shoots`,
      )
    if (shot.moved || shot.marched)
      throw new RuleError('rules/not-permitted', `${where}: a unit standing to shoot at its charger has not moved`)
    // The charge it answers: the target's charge at the shooter, answered with stand and shoot (classic/charge).
    const charged = chargeMarkers(ctx.game, shooter.id).find(
      (marker) => marker.params.role === 'charged' && marker.startedAt === shot.charge,
    )
    if (!charged || charged.params.charger !== target.id)
      throw new RuleError(
        'rules/not-permitted',
        `${where}: seq ${shot.charge} is no charge by ${target.name} at ${shooter.name} this turn; Stand and Shoot ` +
          `answers a charge at the shooter, and shoots at its charger (${ctx.game.ruleset}/shooting §stand-and-shoot)`,
      )
    if (charged.params.response !== 'stand-and-shoot')
      throw new RuleError(
        'rules/not-permitted',
        `${where}: ${shooter.name} answered ${target.name}'s charge (seq ${shot.charge}) with ` +
          `${String(charged.params.response)}, not stand and shoot (${ctx.game.ruleset}/charge §stand-and-shoot)`,
      )
    why.push(
      explain(`${shooter.name} stands and shoots at its charger ${target.name}`, {
        rule: ctx.rule('shooting', 'stand-and-shoot'),
        from: [shot.charge],
      }),
    )
  } else {
    if (shot.charge !== undefined)
      throw new RuleError('rules/not-permitted', `${where}: "charge" is only for a Stand and Shoot response`)
    if (phase !== 'shooting')
      throw new RuleError(
        'rules/wrong-phase',
        `${where}: units shoot in the shooting phase, not ${phase ?? 'before any phase'} (${ctx.game.ruleset}/turn-sequence)`,
      )
    if (shooter.player !== ctx.game.activePlayer)
      throw new RuleError('rules/wrong-side', `${where}: it is not ${shooter.player}'s turn to shoot`)
  }
}

/** Who may shoot at whom: enemies with models left, a shooter not fleeing, not engaged and not shot yet this turn. */
function checkShooterAndTarget(question: ShotInQuestion): void {
  const { ctx, event, shooter, target, weapon, where, why } = question
  const shot = event.payload
  if (shooter.player === target.player)
    throw new RuleError('rules/friendly-target', `${where}: ${shooter.name} and ${target.name} are on the same side`)
  if (shooter.models === 0) throw new RuleError('rules/unit-destroyed', `${where}: ${shooter.name} has no models left`)
  if (!hasModelsLeft(target)) throw new RuleError('rules/unit-destroyed', `${where}: ${target.name} has no models left`)
  if (shooter.fleeing)
    throw new RuleError(
      'rules/unit-fleeing',
      `${where}: ${shooter.name} is fleeing (${ctx.game.ruleset}/shooting §who-shoots)`,
    )
  const shotBefore = ctx.game.effects.find((effect) => effect.unit === shooter.id && effect.entry === 'shooting')
  if (shotBefore)
    throw new RuleError(
      'rules/not-permitted',
      `${where}: ${shooter.name} has already shot this turn (seq ${shotBefore.startedAt}; ${ctx.game.ruleset}/shooting §once)`,
    )
  // A Stand and Shoot is made at the charger the charge locked it with, before that combat is fought (charge §combat).
  const charging = (combat: CombatState | undefined) =>
    shot.standAndShoot === true && combat?.round === 0 && combat === combatOf(ctx.game, target)
  const engaged = combatOf(ctx.game, shooter)
  if (engaged && !charging(engaged))
    throw new RuleError(
      'rules/engaged',
      `${where}: ${shooter.name} is engaged in combat "${engaged.id}" and cannot shoot (${ctx.game.ruleset}/shooting §who-shoots` +
        `${weapon.breathWeapon ? ', classic/breath-weapon §ranged-attack' : ''})`,
    )
  const targetEngaged = combatOf(ctx.game, target)
  if (targetEngaged && !charging(targetEngaged))
    throw new RuleError(
      'rules/bad-target',
      `${where}: ${target.name} is engaged in combat "${targetEngaged.id}"; no one shoots into close combat ` +
        `(${ctx.game.ruleset}/shooting §target)`,
    )
  if (shot.marched) {
    if (!weapon.breathWeapon)
      throw new RuleError(
        'rules/not-permitted',
        `${where}: ${shooter.name} marched this turn and cannot shoot (${ctx.game.ruleset}/shooting §marched)`,
      )
    why.push(
      explain(`${weapon.name} is a Breath Weapon: it may be used after marching`, {
        rule: weapon.breathWeapon.rangedAttack,
      }),
    )
  }
}

/** What the declaration says of the shot: its models, cover, Multiple Shots, the models under a template. */
function checkShotDetails(question: ShotInQuestion): void {
  const { ctx, event, shooter, target, weapon, where } = question
  const shot = event.payload
  const models = shot.models ?? shooter.models
  if (models > shooter.models)
    throw new RuleError(
      'rules/too-many-models',
      `${where}: ${models} models cannot shoot, ${shooter.name} has ${shooter.models} (${ctx.game.ruleset}/shooting §models)`,
    )
  if (shot.cover !== 'none' && !ctx.profile.cover.includes(shot.cover))
    throw new RuleError(
      'rules/bad-target',
      `${where}: cover "${shot.cover}" is not this ruleset's: say ${ctx.profile.cover.join(' or ')} cover, or none ` +
        `(${Object.values(ctx.profile.coverRules).map(cite).join(', ')})`,
    )
  if (shot.multipleShots && weapon.multipleShots === null)
    throw new RuleError(
      'rules/wrong-weapon',
      `${where}: ${weapon.name} has no Multiple Shots (${ctx.game.ruleset}/multiple-shots)`,
    )

  if (weapon.template !== null) {
    if (shot.underTemplate === undefined)
      throw new RuleError(
        'rules/wrong-weapon',
        `${where}: ${weapon.name} uses a template: say how many models are under it (underTemplate, ` +
          `partlyUnderTemplate) (${ctx.game.ruleset}/shooting §templates)`,
      )
    const under = shot.underTemplate + (shot.partlyUnderTemplate ?? 0)
    if (under > target.models)
      throw new RuleError(
        'rules/too-many-models',
        `${where}: ${under} models under the template, but ${target.name} has ${target.models}`,
      )
  } else if (shot.underTemplate !== undefined || shot.partlyUnderTemplate !== undefined)
    throw new RuleError('rules/wrong-weapon', `${where}: ${weapon.name} is no template weapon; it shoots`)
}
