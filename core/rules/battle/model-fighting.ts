import type { CombatMoment } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import type { Answer, ModelRef, RequestSpec, UnitState } from '../../engine/types.js'
import type { PayloadOf } from '../../events/event-types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import { challengeScore, type Duel, foeIn } from './challenges.js'
import type { BattleContext } from './context.js'
import { s } from './counting.js'
import {
  championAlive,
  modelAlive,
  modelName,
  modelsOf,
  modelView,
  optionId,
  rankAndFile,
  refIn,
  removeRankAndFile,
  sameModel,
  woundModel,
  woundsLeftOf,
} from './models.js'
import { mountNote, mountOf, mountRef, mountView } from './mounts.js'
import { attackCount, strike } from './strike.js'

/**
 * Who fights in a round, model by model: a unit's rank and file, its champion and each joined character
 * are separate fighters (classic/characters, classic/champion), each striking in its own Initiative step at
 * the targets the players direct it to.
 */

type ContactEntry = PayloadOf<'CombatJoined'>['contact'][number]

/** Attacks the players direct at an enemy champion or character. */
export interface Directed {
  readonly at: ModelRef
  readonly attacks: number
}

export interface PlannedFighter {
  readonly unit: UnitState
  /** The champion or character who fights on its own; null for the unit's rank and file (or a lone character). */
  readonly model: ModelRef | null
  readonly target: UnitState
  readonly side: number
  readonly contact: number
  readonly supporting: number
  readonly directed: readonly Directed[]
  /** It is the mount of the model the fighter is (classic/mounts §split-profile): its own profile and weapons. */
  readonly mount?: true
  /** It is a rider whose mount strikes beside it this round. */
  readonly rides?: true
}

export interface Fighter extends PlannedFighter {
  readonly moment: CombatMoment
  /** Its foe in a challenge: it fights that model only. */
  readonly foe: ModelRef | null
  /** Why its rank and file in contact are more than the players entered (a trooper took a refuser's place). */
  readonly contactWhy?: Explanation
}

/** The model a fighter is, for challenges: a lone character's unit is the character. */
export function fighterRef(fighter: PlannedFighter): ModelRef | null {
  if (fighter.model) return fighter.model
  return fighter.unit.character ? { kind: 'lone', unit: fighter.unit.id } : null
}

/** The id a strike-order step gives the fighter: the unit for its rank and file, else the model's. */
export function fighterId(fighter: PlannedFighter): string {
  const rider = fighter.model ? optionId(fighter.model) : fighter.unit.id
  return fighter.mount ? `${rider}:mount` : rider
}

/** The fighter as the timing points see it: the unit, the champion's or character's own view, or its mount's. */
export function attackerOf(ctx: BattleContext, fighter: PlannedFighter): UnitState {
  const rider = fighter.model ? modelView(ctx, fighter.model) : fighter.unit
  const mount = mountOf(fighter.unit, fighter.model)
  if (fighter.mount)
    // A ridden monster whose rider fell this round is its unit now: the rider's weapon choice stays the rider's.
    return mount
      ? mountView(ctx, fighter.unit, rider, mount)
      : { ...rider, id: `${rider.id}:mount`, joinedTo: fighter.unit.id }
  // A rider that rode into the round and has no mount now fell, and its monster fights on (mounts.ts riderFalls).
  return fighter.rides && !mount ? { ...rider, models: 0 } : rider
}

/** Why the fighter strikes with numbers of its own: a mount's, a champion's or a character's. */
export function fighterNotes(ctx: BattleContext, fighter: PlannedFighter): Explanation[] {
  if (fighter.mount) return [mountNote(ctx, attackerOf(ctx, fighter).name)]
  return fighter.model ? [ownProfileNote(ctx, fighter.model)] : []
}

/**
 * The fighters with their mounts: each model that rides strikes beside its mount, whose attacks are those of its
 * models in base contact (no supporting attacks: classic/mounts §no-supporting) at what its rider fights.
 */
function withMounts(fighters: readonly Fighter[]): Fighter[] {
  return fighters.flatMap((fighter) => {
    if (fighter.mount || !mountOf(fighter.unit, fighter.model) || fighter.contact === 0) return [fighter]
    return [
      { ...fighter, rides: true as const },
      { ...fighter, supporting: 0, directed: [], mount: true as const },
    ]
  })
}

/** The fighters whose blows come after all others (Stomp Attacks): a model's mount where it rides one. */
export function lastStrikers(fighters: readonly Fighter[]): Fighter[] {
  return fighters.filter((fighter) => fighter.mount || !mountOf(fighter.unit, fighter.model) || fighter.contact === 0)
}

/**
 * Checks a contact entry's champion, characters and directed attacks, and plans the fighters they add.
 * Throws before anything is recorded; `momentOf` says where a unit stands this round.
 */
export function planModels(
  ctx: BattleContext,
  entry: ContactEntry,
  unit: UnitState,
  target: UnitState,
  side: number,
  contact: readonly ContactEntry[],
  where: string,
  momentOf: (unitId: string) => CombatMoment,
): { rankAndFileDirected: Directed[]; models: PlannedFighter[] } {
  const models: PlannedFighter[] = []
  const byModel = new Map<string, Directed[]>()
  if (entry.champion) {
    if (!championAlive(unit))
      throw new RuleError('rules/bad-model', `${where}: ${unit.name} has no champion left to fight`)
    if (entry.models < 1)
      throw new RuleError(
        'rules/too-many-models',
        `${where}: ${unit.name}'s champion is in contact, so models is at least 1`,
      )
    models.push(modelFighter(unit, { kind: 'champion', unit: unit.id }, target, side))
  }
  const seen = new Set<string>()
  for (const id of entry.characters ?? []) {
    const ref = refIn(unit, id, where)
    if (ref.kind !== 'character')
      throw new RuleError('rules/bad-model', `${where}: "${id}" is no character of ${unit.name}`)
    if (seen.has(id)) throw new RuleError('rules/duplicate-unit', `${where}: character "${id}" is entered twice`)
    seen.add(id)
    if (!modelAlive(ctx, ref)) throw new RuleError('rules/bad-model', `${where}: ${modelName(ctx, ref)} has been slain`)
    models.push(modelFighter(unit, ref, target, side))
  }
  const rankAndFileDirected: Directed[] = []
  const targetEntry = contact.find((e) => e.unit === target.id)
  const challenge = ctx.game.challenges?.[momentOf(unit.id).combat]
  const dueling = challenge?.status === 'accepted' ? [challenge.challenger, challenge.answerer] : []
  for (const d of entry.directed ?? []) {
    const at =
      d.at === 'mount'
        ? mountRef(ctx, target, `${where}: attacks directed at`)
        : refIn(target, d.at, `${where}: attacks directed at`)
    const atContact =
      at.kind === 'mount'
        ? targetEntry !== undefined
        : at.kind === 'champion'
          ? targetEntry?.champion === true
          : targetEntry?.characters?.includes(d.at)
    if (!atContact)
      throw new RuleError(
        'rules/bad-target',
        `${where}: ${modelName(ctx, at)} is not in base contact (its unit's contact entry does not list it); only ` +
          `models in contact can be attacked (${ctx.game.ruleset}/characters §in-contact)`,
      )
    let list: Directed[]
    if (d.by === undefined) {
      if (entry.models - (entry.champion ? 1 : 0) < 1)
        throw new RuleError(
          'rules/bad-model',
          `${where}: ${unit.name} has no rank and file in contact to direct attacks`,
        )
      list = rankAndFileDirected
    } else {
      const by = refIn(unit, d.by, `${where}: attacks directed by`)
      const inContact = by.kind === 'champion' ? entry.champion === true : entry.characters?.includes(d.by)
      if (!inContact)
        throw new RuleError('rules/bad-model', `${where}: ${modelName(ctx, by)} is not in base contact to attack`)
      list = byModel.get(optionId(by)) ?? []
      byModel.set(optionId(by), list)
    }
    for (const ref of dueling)
      if (sameModel(ref, at) || (d.by !== undefined && sameModel(ref, refIn(unit, d.by, where))))
        throw new RuleError(
          'rules/bad-target',
          `${where}: ${modelName(ctx, ref as ModelRef)} fights a challenge: it attacks and is attacked by its foe only ` +
            `(${ctx.game.ruleset}/challenge §fight-each-other)`,
        )
    list.push({ at, attacks: d.attacks })
  }
  const withDirected = models.map((m) => ({ ...m, directed: byModel.get(optionId(m.model as ModelRef)) ?? [] }))
  // No fighter may direct more attacks than it has.
  const rankAndFileContact = entry.models - (entry.champion ? 1 : 0)
  const checks: { attacker: UnitState; fighting: number; supporting: number; directed: readonly Directed[] }[] = [
    { attacker: unit, fighting: rankAndFileContact, supporting: entry.supporting, directed: rankAndFileDirected },
    ...withDirected.map((m) => ({
      attacker: modelView(ctx, m.model as ModelRef),
      fighting: 1,
      supporting: 0,
      directed: m.directed,
    })),
  ]
  for (const check of checks) {
    if (check.directed.length === 0) continue
    const wanted = check.directed.reduce((sum, d) => sum + d.attacks, 0)
    const total = attackCount(ctx, {
      attacker: check.attacker,
      target,
      combat: momentOf(unit.id),
      fighting: check.fighting,
      supporting: check.supporting,
      from: [],
    }).value
    if (wanted > total)
      throw new RuleError(
        'rules/too-many-attacks',
        `${where}: ${check.attacker.name} directs ${wanted} attacks but has ${total} (${ctx.game.ruleset}/characters §directed-attacks)`,
      )
  }
  return { rankAndFileDirected, models: withDirected }
}

function modelFighter(unit: UnitState, model: ModelRef, target: UnitState, side: number): PlannedFighter {
  return { unit, model, target, side, contact: 1, supporting: 0, directed: [] }
}

/**
 * The round's fighters once the challenge is answered: the refuser steps back; the two in a challenge fight
 * each other (joining the fight if the players had not listed them in contact).
 */
export function arrangeFighters(
  ctx: BattleContext,
  planned: readonly PlannedFighter[],
  duel: Duel,
  sideOf: (unitId: string) => number,
  momentOf: (unitId: string) => CombatMoment,
): Fighter[] {
  // A refuser who stood in contact steps back into the ranks: a trooper from behind takes its place, if the
  // unit has one out of contact (classic/variants §challenge-refusal).
  const refuser = duel.refuser
  const steppedBack =
    refuser && refuser.kind !== 'lone' && planned.some((p) => sameModel(fighterRef(p), refuser)) ? refuser : null
  const fighters: Fighter[] = planned
    .filter((p) => !sameModel(fighterRef(p), duel.refuser))
    .map((p) => {
      const fighter: Fighter = { ...p, moment: momentOf(p.unit.id), foe: foeIn(duel, fighterRef(p)) }
      if (!steppedBack || p.model !== null || p.unit.id !== steppedBack.unit) return fighter
      if (rankAndFile(p.unit) <= p.contact) return fighter
      const contact = p.contact + 1
      return {
        ...fighter,
        contact,
        contactWhy: explain(
          `${modelName(ctx, steppedBack)} refused the challenge and steps back: a trooper takes its place, ` +
            `${contact} rank and file in contact`,
          { value: contact, rule: ctx.rule('variants', 'challenge-refusal') },
        ),
      }
    })
    .filter((f) => f.contact + f.supporting > 0)
  // A model in a challenge that was not listed in contact joins the fight (with its mount: withMounts).
  for (const ref of duel.pair ?? []) {
    if (fighters.some((f) => sameModel(fighterRef(f), ref))) continue
    const foe = foeIn(duel, ref) as ModelRef
    const unit = ctx.unit(ref.unit)
    fighters.push({
      unit,
      model: ref.kind === 'lone' ? null : ref,
      target: ctx.unit(foe.unit),
      side: sideOf(unit.id),
      contact: 1,
      supporting: 0,
      directed: [],
      moment: momentOf(unit.id),
      foe,
    })
  }
  return withMounts(fighters)
}

export interface Blows {
  /** Wounds that count for combat result. */
  readonly counted: number
  /** Unsaved wounds past the rank and file's last model (they do not count). */
  readonly excess: number
  /** What the combat result should show about wounds wasted or scored as overkill. */
  readonly notes: readonly Explanation[]
  /** Seqs whose rolls settled the counted wounds. */
  readonly seqs: readonly number[]
  /** Counted wounds the rank and file of each unit suffered, for Regeneration at the round's end. */
  readonly suffered: readonly { readonly unit: UnitState; readonly wounds: number; readonly seqs: readonly number[] }[]
}

type Allocation = { readonly to: ModelRef | null; readonly unit: UnitState; attacks: number; notes: Explanation[] }

/** One fighter's blows in its step: its attacks split as directed, each part struck at its target. */
export function* fightFighter(
  ctx: BattleContext,
  fighter: Fighter,
  fighting: number,
  supporting: number,
  fightingWhy: Explanation | undefined,
  duel: Duel,
  from: readonly number[],
): Generator<RequestSpec, Blows, Answer> {
  const none: Blows = { counted: 0, excess: 0, notes: [], seqs: [], suffered: [] }
  const attacker = attackerOf(ctx, fighter)
  if (attacker.models === 0) {
    ctx.emit({
      kind: 'attacks',
      text: `${attacker.name} was slain before its Initiative step and does not strike`,
      values: { attacks: 0 },
      explanation: explain(`${attacker.name} was slain before its Initiative step: no attacks`, {
        value: 0,
        rule: fighter.mount
          ? ctx.rule('mounts', 'rider-slain')
          : fighter.model?.kind === 'character'
            ? ctx.rule('characters', 'slain-do-not-strike')
            : ctx.rule('casualties', 'slain-do-not-strike'),
        from: [attacker.changedAt],
      }),
    })
    return none
  }
  const foeView = fighter.foe ? modelView(ctx, fighter.foe) : null
  if (foeView && foeView.models === 0) return none
  const target = foeView ?? fighter.target
  if (!foeView && target.models === 0 && target.characters.every((c) => c.slain)) return none
  const own = attackCount(ctx, {
    attacker,
    target,
    combat: fighter.moment,
    fighting,
    supporting,
    from,
    ...(fightingWhy ? { fightingWhy } : {}),
  })
  const notes = fighterNotes(ctx, fighter)
  const total =
    notes.length > 0
      ? { value: own.value, explanation: { ...own.explanation, children: [...own.explanation.children, ...notes] } }
      : own
  const allocations = allocate(ctx, fighter, total.value, duel)
  if (allocations.length === 0) {
    yield* strike(ctx, { attacker, target, combat: fighter.moment, fighting, supporting, from, attacks: total })
    return none
  }
  const blows: BlowsTally = { counted: 0, excess: 0, notes: [], seqs: [], suffered: [] }
  const striking: Striking = { attacker, fighter, fighting, supporting, from }
  for (const allocation of allocations) {
    const to = allocation.to
    const targetView = to ? modelView(ctx, to) : allocation.unit
    const whom = to ? targetView.name : `${allocation.unit.name}'s rank and file`
    const attacksWhy =
      allocation.attacks === total.value && allocation.notes.length === 0
        ? total.explanation
        : explain(
            `${allocation.attacks} of ${total.value} attack${s(total.value)} at ${whom}`,
            { value: allocation.attacks, rule: ctx.rule('characters', 'directed-attacks'), from },
            [total.explanation, ...allocation.notes],
          )
    const attacks = { value: allocation.attacks, explanation: attacksWhy }
    if (to) yield* blowsAtModel(ctx, striking, to, targetView, attacks, blows)
    else yield* blowsAtRankAndFile(ctx, striking, allocation.unit, attacks, blows)
  }
  return blows
}

/** Who strikes, as the parts of its blows read it. */
interface Striking {
  readonly attacker: UnitState
  readonly fighter: Fighter
  readonly fighting: number
  readonly supporting: number
  readonly from: readonly number[]
}

type BlowsTally = {
  counted: number
  excess: number
  notes: Explanation[]
  seqs: number[]
  suffered: Blows['suffered'][number][]
}

/** Attacks at a champion or character: wounds past it do not count, or a challenge scores them (overkill). */
function* blowsAtModel(
  ctx: BattleContext,
  striking: Striking,
  to: ModelRef,
  targetView: UnitState,
  attacks: { readonly value: number; readonly explanation: Explanation },
  blows: BlowsTally,
): Generator<RequestSpec, void, Answer> {
  const { attacker, fighter, fighting, supporting, from } = striking
  const left = woundsLeftOf(targetView)
  const result = yield* strike(ctx, {
    attacker,
    target: targetView,
    combat: fighter.moment,
    fighting,
    supporting,
    from,
    attacks,
    remove: (unsaved, why) => woundModel(ctx, to, unsaved, why),
  })
  if (result.unsaved === 0) return
  blows.seqs.push(ctx.seq)
  if (fighter.foe) {
    const slain = !modelAlive(ctx, to)
    const score = challengeScore(ctx, attacker, targetView, fighter.moment, result.unsaved, left, slain)
    blows.counted += score.value
    blows.notes.push(score.explanation)
  } else {
    blows.counted += Math.min(result.unsaved, left)
    if (result.unsaved > left)
      blows.notes.push(
        explain(`${result.unsaved - left} wound${s(result.unsaved - left)} past ${targetView.name} do not count`, {
          rule: to.kind === 'champion' ? ctx.rule('champion', 'excess-wasted') : ctx.rule('characters', 'no-spill'),
        }),
      )
  }
}

/** Attacks at a unit's rank and file: wounds past its last model count as the variant says. */
function* blowsAtRankAndFile(
  ctx: BattleContext,
  striking: Striking,
  unit: UnitState,
  attacks: { readonly value: number; readonly explanation: Explanation },
  blows: BlowsTally,
): Generator<RequestSpec, void, Answer> {
  const { attacker, fighter, fighting, supporting, from } = striking
  const rankAndFileLeft = rankAndFile(unit)
  if (rankAndFileLeft === 0) return
  const left = rankAndFileLeft * unit.profile.W - unit.woundsOnNextModel
  const result = yield* strike(ctx, {
    attacker,
    target: unit,
    combat: fighter.moment,
    fighting,
    supporting,
    from,
    attacks,
    ...(championAlive(unit) ? { remove: (unsaved, why) => removeRankAndFile(ctx, unit, unsaved, why) } : {}),
  })
  // Wounds past the last model score nothing (classic/variants §excess-wounds).
  const scored = ctx.profile.excessWounds.value === 'not-counted' ? Math.min(result.unsaved, left) : result.unsaved
  blows.counted += scored
  blows.excess += result.unsaved - scored
  if (scored > 0) blows.seqs.push(ctx.seq)
  if (scored > 0) blows.suffered.push({ unit, wounds: scored, seqs: [ctx.seq] })
}

/** Why a champion or character fights with its own numbers. */
export function ownProfileNote(ctx: BattleContext, ref: ModelRef): Explanation {
  const name = modelName(ctx, ref)
  return ref.kind === 'champion'
    ? explain(`${name} fights with its own stat line`, { rule: ctx.rule('champion', 'stat-line') })
    : explain(`${name} fights with its own profile, gear and rules, in its own Initiative step`, {
        rule: ctx.rule('characters', 'own-profile'),
      })
}

/** Splits a fighter's attacks: all at its foe in a challenge; else as directed, the rest at the rank and file. */
function allocate(ctx: BattleContext, fighter: Fighter, total: number, duel: Duel): Allocation[] {
  if (total === 0) return []
  if (fighter.foe) return [{ to: fighter.foe, unit: ctx.unit(fighter.foe.unit), attacks: total, notes: [] }]
  const allocations: Allocation[] = []
  const rankAndFileOf = (unit: UnitState): Allocation => {
    let found = allocations.find((a) => a.to === null && a.unit.id === unit.id)
    if (!found) {
      found = { to: null, unit, attacks: 0, notes: [] }
      allocations.push(found)
    }
    return found
  }
  let remaining = total
  for (const d of fighter.directed) {
    const attacks = Math.min(d.attacks, remaining)
    if (attacks === 0) continue
    remaining -= attacks
    const name = modelName(ctx, d.at)
    const unit = ctx.unit(d.at.unit)
    let why: Explanation | null = null
    if (!modelAlive(ctx, d.at))
      why = explain(`${name} has fallen: ${attacks} attack${s(attacks)} go at the rank and file`, {
        rule: ctx.rule('variants', 'directed-at-fallen'),
      })
    else if (foeIn(duel, d.at))
      why = explain(`${name} fights a challenge: ${attacks} attack${s(attacks)} go at the rank and file`, {
        rule: ctx.rule('challenge', 'fight-each-other'),
      })
    else if (sameModel(duel.refuser, d.at))
      why = explain(`${name} refused the challenge and stepped back: ${attacks} go at the rank and file`, {
        rule: ctx.rule('challenge', 'refuse'),
      })
    if (why) {
      const part = rankAndFileOf(unit)
      part.attacks += attacks
      part.notes.push(why)
      continue
    }
    allocations.push({
      to: d.at,
      unit,
      attacks,
      notes: [
        explain(`${attacks} directed at ${name}`, {
          rule:
            d.at.kind === 'champion'
              ? ctx.rule('champion', 'attacked-separately')
              : d.at.kind === 'mount'
                ? ctx.rule('mounts', 'ridden-monster')
                : ctx.rule('characters', 'directed-attacks'),
        }),
        explain(`${name} saves with its own armour and ward`, {
          rule: d.at.kind === 'champion' ? ctx.rule('champion', 'stat-line') : ctx.rule('characters', 'own-save'),
        }),
      ],
    })
  }
  if (remaining > 0) {
    // A unit with no rank and file left: the one model still standing in it takes the attacks at it.
    const standing = rankAndFile(fighter.target) === 0 ? modelsOf(fighter.target) : []
    const last = standing.length === 1 ? (standing[0] as ModelRef) : null
    if (last && last.kind !== 'lone' && !foeIn(duel, last) && !sameModel(duel.refuser, last))
      allocations.push({
        to: last,
        unit: fighter.target,
        attacks: remaining,
        notes: [
          explain(`${fighter.target.name} has no rank and file left: ${modelName(ctx, last)} takes the attacks`, {
            rule: ctx.rule('characters', 'last-standing'),
          }),
        ],
      })
    else rankAndFileOf(fighter.target).attacks += remaining
  }
  return allocations.filter((a) => a.attacks > 0)
}
