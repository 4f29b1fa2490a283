import type { ParamValue } from '../../engine/catalogue.js'
import type { ShotMoment } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import { type BaseValue, type Resolved, resolveModifiers } from '../../engine/modifiers.js'
import { type NaturalLimits, rollAgainst } from '../../engine/requests.js'
import type {
  Answer,
  EventOf,
  ModelRef,
  Procedure,
  ProcedureContext,
  RequestSpec,
  UnitState,
} from '../../engine/types.js'
import type { PayloadOf } from '../../events/event-types.js'
import { type Explanation, explain, type RuleRef } from '../../explain/explanation.js'
import type { ClassicContext } from './catalogue.js'
import { chargeAfterStandAndShoot, chargeMarkers } from './charges.js'
import { characteristic, shootingRoll, toHitShootingChart } from './charts.js'
import { isHidden } from './entries/concealed.js'
import { hasModelsLeft, modelsOf, modelView, rangedProtection, rankAndFile, refIn, woundModel } from './models.js'
import { woundsFromHits } from './strike.js'

type Shot = PayloadOf<'ShotDeclared'>
type Step<T> = Generator<RequestSpec, T, Answer>

const s = (count: number) => (count === 1 ? '' : 's')

/** The declared weapon as the catalogue defines it, with the shooter's list options over its params. */
export interface Weapon {
  readonly id: string
  readonly name: string
  readonly params: Readonly<Record<string, ParamValue>>
  readonly range: number | null
  readonly strength: number
  /** Its template ('flame'), when it hits by template rather than by aimed shots. */
  readonly template: string | null
  readonly breathWeapon: boolean
  /** Multiple Shots (X): X, or null when the weapon has none. */
  readonly multipleShots: number | null
  /** The weapon entry's `profile` clause (its range and Strength), when it has one. */
  readonly profileClause: boolean
}

/**
 * The declared weapon, looked up in the catalogue by the id the declaration names (the shooter
 * must carry it): a missile weapon has a range, a breath weapon a template; both a Strength.
 */
export function weaponOf(ctx: ClassicContext, shooter: UnitState, weaponId: string, where: string): Weapon {
  const carried = [
    ...shooter.gear.map((gear) => ({ id: gear.id, given: gear.options })),
    ...shooter.rules.map((rule) => ({ id: rule.id, given: rule.params })),
  ].find((held) => held.id === weaponId)
  if (!carried) throw new RuleError('rules/wrong-weapon', `${where}: ${shooter.name} does not carry "${weaponId}"`)
  const entry = ctx.mechanics.entry(weaponId)
  const params: Readonly<Record<string, ParamValue>> = { ...(entry?.params ?? {}), ...carried.given }
  const number = (name: string) => (typeof params[name] === 'number' ? (params[name] as number) : null)
  const range = number('range')
  const strength = number('strength')
  const template = typeof params.template === 'string' ? params.template : null
  if (!entry || strength === null || (range === null && template === null))
    throw new RuleError(
      'rules/wrong-weapon',
      `${where}: ${entry?.name ?? weaponId} is not a missile weapon (no range or template and Strength in the catalogue)`,
    )
  return {
    id: entry.id,
    name: entry.name,
    params,
    range,
    strength,
    template,
    breathWeapon: params.breathWeapon === true,
    multipleShots: number('multipleShots'),
    profileClause: Object.hasOwn(entry.clauses, 'profile'),
  }
}

/** The missile weapons (and breath weapons) `unit` carries: its gear and rules whose entry shoots. */
export function missileWeaponsOf(ctx: ClassicContext, unit: UnitState): string[] {
  return [...unit.gear.map((gear) => gear.id), ...unit.rules.map((rule) => rule.id)].filter((id) => {
    const params = ctx.mechanics.entry(id)?.params ?? {}
    return (
      typeof params.strength === 'number' && (typeof params.range === 'number' || typeof params.template === 'string')
    )
  })
}

/** The combat a unit is fighting in, if any. */
function combatOf(ctx: ClassicContext, unit: UnitState) {
  return Object.values(ctx.game.combats).find(
    (combat) => !combat.ended && combat.sides.some((side) => side.units.some((u) => u.unit === unit.id)),
  )
}

/**
 * ShotDeclared: a unit shoots (shooting phase), or answers a charge with Stand and Shoot
 * (movement phase). Everything is checked before anything is recorded.
 */
export function* shotDeclared(context: ProcedureContext, event: EventOf<'ShotDeclared'>): Procedure {
  yield* resolveShot(context, event)
  const shot = event.payload
  if (shot.standAndShoot !== true) return
  // A charge whose range is rolled waited for this shot (classic/charges.ts): it goes on now.
  const ctx = context as ClassicContext
  const charged = chargeMarkers(ctx.game, shot.shooter).find(
    (marker) => marker.params.role === 'charged' && marker.startedAt === shot.charge,
  )
  if (charged) yield* chargeAfterStandAndShoot(ctx, charged)
}

function* resolveShot(context: ProcedureContext, event: EventOf<'ShotDeclared'>): Procedure {
  const ctx = context as ClassicContext
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
      : { attacker: shooter, target, combat: null, from, strength, attack: 'shooting', weapon: weapon.id },
    hits.attacks,
    hits.hits,
  )
}

/**
 * The models that fire, as the `firing-ranks` point limits them (The Old World: the front rank, one more on a hill
 * or at a Large Target): at most the unit's width times the ranks that fire. A ruleset with nothing at that point
 * sets no limit (the shot as declared). Its explanation joins `why`; too many models is refused.
 */
function firingModels(
  ctx: ClassicContext,
  shot: Shot,
  shooter: UnitState,
  target: UnitState,
  moment: ShotMoment,
  where: string,
  why: Explanation[],
): Shot {
  const records = ctx.modifiers('firing-ranks', { subject: shooter, opponent: target, shot: moment })
  if (records.length === 0) return shot
  const rule = (ctx as ProcedureContext).rule('shooting', 'firing-ranks')
  const ranks = resolveModifiers({ value: 0, text: 'ranks that fire', rule }, records, {
    mode: 'value',
    title: (n) => `${n} rank${s(n ?? 0)} of ${shooter.name} fire${n === 1 ? 's' : ''}`,
    rule,
  })
  const count = ranks.value ?? 0
  const cited = records
    .filter((r) => r.status === 'applied')
    .map((r) => `${r.label} (${r.source.ruleset}/${r.source.id} §${r.source.clause})`)
    .join('; ')
  if (shooter.files === null) {
    if (shot.models === undefined && shooter.models > 1)
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

interface CheckedShot {
  readonly range: 'short' | 'long' | null
  readonly why: Explanation[]
  /** The champion or character the shot picks out, if it names one. */
  readonly at: ModelRef | null
}

/** What the declaration is allowed to be; throws a RuleError naming what is wrong. */
function checkShot(
  ctx: ClassicContext,
  event: EventOf<'ShotDeclared'>,
  shooter: UnitState,
  target: UnitState,
  weapon: Weapon,
  where: string,
): CheckedShot {
  const shot = event.payload
  const why: Explanation[] = []
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
  const engaged = combatOf(ctx, shooter)
  if (engaged)
    throw new RuleError(
      'rules/engaged',
      `${where}: ${shooter.name} is engaged in combat "${engaged.id}" and cannot shoot (${ctx.game.ruleset}/shooting §who-shoots` +
        `${weapon.breathWeapon ? ', classic/breath-weapon §ranged-attack' : ''})`,
    )
  const targetEngaged = combatOf(ctx, target)
  if (targetEngaged)
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
        rule: ctx.rule('breath-weapon', 'ranged-attack'),
      }),
    )
  }
  const models = shot.models ?? shooter.models
  if (models > shooter.models)
    throw new RuleError(
      'rules/too-many-models',
      `${where}: ${models} models cannot shoot, ${shooter.name} has ${shooter.models} (${ctx.game.ruleset}/shooting §models)`,
    )
  if (shot.cover !== 'none' && !ctx.mechanics.cover.includes(shot.cover))
    throw new RuleError(
      'rules/bad-target',
      `${where}: cover "${shot.cover}" is not this ruleset's: say ${ctx.mechanics.cover.join(' or ')} cover, or none`,
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
  ctx: ClassicContext,
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
  ctx: ClassicContext,
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
  if (shot.distance > range && shot.standAndShoot === true && ctx.mechanics.standAndShootBeyondRange === 'long-range') {
    // The Old World's clause (old-world/shooting §beyond-range), which classic's entry does not have.
    const rule = (ctx as unknown as { rule(id: string, clause: 'beyond-range'): RuleRef }).rule(
      'shooting',
      'beyond-range',
    )
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

/** The weapon's Strength, from its catalogue entry: a missile weapon hits with its own. */
function weaponStrength(ctx: ClassicContext, weapon: Weapon): Resolved & { readonly value: number } {
  return resolveModifiers(
    {
      value: weapon.strength,
      text: `${weapon.name}: S${weapon.strength}`,
      // The weapon's own profile clause (Handbows: "Range 8\", S3"), else the core rule.
      rule: weapon.profileClause
        ? (ctx as ProcedureContext).rule(weapon.id, 'profile')
        : ctx.rule('shooting', 'strength'),
    },
    [],
    { mode: 'value', title: `${weapon.name} Strength {}`, rule: ctx.rule('shooting', 'strength') },
  ) as Resolved & { readonly value: number }
}

/** The score to hit with a shot: 7 - BS (BS read through the profile point), then every to-hit modifier. */
export function toHitShootingNeed(
  ctx: ClassicContext,
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

interface Hits {
  readonly attacks: number
  readonly hits: number
}

/** Aimed shots: models x shots dice against the BS score, with the 7+ rule. */
function* aimedHits(
  ctx: ClassicContext,
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

/** Template hits: models wholly under it are hit; those partly under as the variant says. */
function* templateHits(
  ctx: ClassicContext,
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
  const breath = weapon.breathWeapon
    ? [
        explain(`${weapon.name} is a Breath Weapon: the flame template, placed in the front arc by the table`, {
          rule: ctx.rule('breath-weapon', 'template'),
        }),
        explain('only models in line of sight are counted under it, as the players say', {
          rule: ctx.rule('breath-weapon', 'line-of-sight'),
        }),
      ]
    : []
  const counted = explain(
    `${whole} model${s(whole)} wholly and ${partly} partly under the template`,
    { value: attacks, rule: ctx.rule(weapon.breathWeapon ? 'breath-weapon' : 'shooting', 'hits'), from },
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
  if (partly === 0 || ctx.decision('template-partial') === 'all-hit') {
    const hits = whole + partly
    const partlyWhy =
      partly === 0
        ? []
        : [
            explain(
              `${partly} model${s(partly)} partly under the template: hit (${ctx.game.ruleset}/variants §template-partial)`,
              {
                value: partly,
                rule: ctx.rule('variants', 'template-partial'),
              },
            ),
          ]
    emitHits(
      ctx,
      shooter,
      target,
      attacks,
      { hits, rolledNeed: null, rolls: [] },
      [counted, wholeWhy, ...partlyWhy],
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

function partialBase(ctx: ClassicContext): BaseValue {
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
  ctx: ClassicContext,
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
  ctx: ClassicContext,
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
 * A unit with no rank and file left: the one model still standing in it takes the shot (classic/characters
 * §last-standing); with more than one, the shot names the one it is at. Null while rank and file are left.
 */
function lastStanding(ctx: ClassicContext, target: UnitState, where: string, why: Explanation[]): ModelRef | null {
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

/**
 * Hits on a unit with characters or a champion fall on its rank and file (the `ranged-protection` point says
 * which of them it shields: seed Champion, 7th-edition characters). One it no longer protects could have been
 * picked out by naming it (classic/variants §ranged-pick-out); a hidden character is not there to be hit.
 */
function rankAndFileNote(ctx: ClassicContext, shooter: UnitState, target: UnitState): Explanation | null {
  if (target.character) return null
  const models = modelsOf(target)
  const hidden = target.characters.filter(isHidden)
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
        rule: ctx.rule('concealed', 'unharmed'),
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
