import type { CombatMoment, Facing, MovementQuestion, QueryOf, SideTally } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import { resolveModifiers } from '../../engine/modifiers.js'
import { choose, rollDice } from '../../engine/requests.js'
import type {
  Answer,
  CombatState,
  EventOf,
  Procedure,
  ProcedureContext,
  RequestSpec,
  UnitState,
} from '../../engine/types.js'
import type { PayloadOf } from '../../events/event-types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BreakQuestion, BreakVerdict, RoundView, StepWounds } from '../mechanics.js'
import type { ClassicContext } from './catalogue.js'
import { answerChallenge, checkPendingChallenge, closeChallenge } from './challenges.js'
import { characteristic } from './charts.js'
import { STRIKE_TIER } from './entries/strike-order.js'
import { decideFollowUp, endCombatApart, fallBack, giveGround, outOfContact, reachFallenBack } from './fall-back.js'
import { leadershipOdds, naturalDouble } from './leadership-doubles.js'
import {
  arrangeFighters,
  attackerOf,
  type Fighter,
  fighterId,
  fightFighter,
  ownProfileNote,
  type PlannedFighter,
  planModels,
} from './model-fighting.js'
import { hasModelsLeft, rankAndFile } from './models.js'
import { fearTests, leadershipFor } from './psychology.js'
import { mustPursue } from './pursuit.js'
import { regenerate } from './regeneration.js'
import { stompStep } from './special-blows.js'
import { loseStandard, settleBrokenStandard, settleDestroyedStandard } from './standards.js'
import { weaponInUse } from './weapons.js'

type Contact = PayloadOf<'CombatJoined'>['contact']
type Step = Generator<RequestSpec, void, Answer>

const s = (count: number) => (count === 1 ? '' : 's')

/** CombatJoined: the players lock units in combat and say who charged; round 1 is fought at once. */
export function* combatJoined(context: ProcedureContext, event: EventOf<'CombatJoined'>): Procedure {
  const ctx = context as ClassicContext
  const where = `seq ${event.seq}: CombatJoined`
  requireCombatPhase(ctx, where)
  const { combat: id, sides } = event.payload
  if (Object.hasOwn(ctx.game.combats, id))
    throw new RuleError('rules/duplicate-combat', `${where}: combat "${id}" already exists`)
  const [first, second] = sides as [(typeof sides)[0], (typeof sides)[0]]
  if (first.player === second.player)
    throw new RuleError('rules/friendly-target', `${where}: both sides are player "${first.player}"`)
  const engaged = new Set<string>()
  for (const side of sides) {
    for (const entry of side.units) {
      const unit = ctx.unit(entry.unit)
      if (unit.player !== side.player)
        throw new RuleError('rules/wrong-side', `${where}: ${unit.name} belongs to ${unit.player}, not ${side.player}`)
      if (engaged.has(unit.id)) throw new RuleError('rules/duplicate-unit', `${where}: ${unit.name} is named twice`)
      if (entry.moved !== undefined && !entry.charged)
        throw new RuleError(
          'rules/cannot-move',
          `${where}: ${unit.name} did not charge: it has no inches moved to give`,
        )
      engaged.add(unit.id)
      requireAbleToFight(unit, where)
      const other = Object.values(ctx.game.combats).find(
        (c) => !c.ended && c.sides.some((sd) => sd.units.some((u) => u.unit === unit.id)),
      )
      if (other)
        throw new RuleError('rules/already-engaged', `${where}: ${unit.name} is already in combat "${other.id}"`)
    }
  }
  const plan = planContact(
    ctx,
    id,
    1,
    sides.map((side) => ({ player: side.player, units: side.units })),
    event.payload.contact,
    where,
    event.payload.highGround,
  )
  checkPendingChallenge(ctx, id, sides, where)
  ctx.emit({
    kind: 'combat-joined',
    text:
      `combat ${id}: ` +
      `${sides.map((side) => side.units.map((u) => describeEntry(ctx, u)).join(' and ')).join(' against ')}`,
    values: {
      combat: id,
      sides: sides.map((side) => ({
        player: side.player,
        units: side.units.map((u) => ({
          unit: u.unit,
          charged: u.charged,
          facing: u.facing,
          ...(u.moved === undefined ? {} : { moved: u.moved }),
        })),
      })),
    },
    explanation: explain(`combat ${id} joined`, { from: [event.seq] }),
  })
  // Units that charged this turn take their Fear tests as the combat starts (classic/fear §close-combat).
  yield* fearTests(ctx, ctx.game.combats[id] as CombatState, event.seq)
  yield* fightRound(ctx, ctx.game.combats[id] as CombatState, plan, event.seq, event.payload.highGround)
}

/** CombatRoundDeclared: the next round of a combat that goes on. */
export function* combatRoundDeclared(context: ProcedureContext, event: EventOf<'CombatRoundDeclared'>): Procedure {
  const ctx = context as ClassicContext
  const where = `seq ${event.seq}: CombatRoundDeclared`
  requireCombatPhase(ctx, where)
  const combat = Object.hasOwn(ctx.game.combats, event.payload.combat)
    ? ctx.game.combats[event.payload.combat]
    : undefined
  if (!combat) throw new RuleError('rules/unknown-combat', `${where}: there is no combat "${event.payload.combat}"`)
  if (combat.ended) throw new RuleError('rules/combat-over', `${where}: combat "${combat.id}" is over`)
  const last = combat.lastFought
  if (last && last.turn === ctx.game.turn && last.player === ctx.game.activePlayer)
    throw new RuleError(
      'rules/combat-fought',
      `${where}: combat "${combat.id}" has fought its round in this close-combat phase (${ctx.game.ruleset}/turn-sequence §close-combat)`,
    )
  const plan = planContact(
    ctx,
    combat.id,
    combat.round + 1,
    combat.sides,
    event.payload.contact,
    `${where}: combat ${combat.id}`,
    event.payload.highGround,
  )
  // The Old World tests Fear as each combat is fought (ctx.mechanics.fearInCombat); classic as the phase starts.
  if (ctx.mechanics.fearInCombat === 'combat-fought-causers-only') yield* fearTests(ctx, combat, event.seq)
  yield* fightRound(ctx, combat, plan, event.seq, event.payload.highGround)
}

function describeEntry(ctx: ClassicContext, entry: { unit: string; charged: boolean; facing: Facing }): string {
  const unit = ctx.unit(entry.unit)
  const parts = [entry.charged ? 'charging' : '', entry.facing !== 'front' ? `into the ${entry.facing}` : '']
  const how = parts.filter(Boolean).join(' ')
  return how ? `${unit.name} (${how})` : unit.name
}

function requireCombatPhase(ctx: ClassicContext, where: string): void {
  if (ctx.game.phase !== 'close-combat') {
    throw new RuleError(
      'rules/wrong-phase',
      `${where}: combats are fought in the close-combat phase, not ` +
        `${ctx.game.phase ?? 'before any phase'} (${ctx.game.ruleset}/turn-sequence §close-combat)`,
    )
  }
}

function requireAbleToFight(unit: UnitState, where: string): void {
  if (!hasModelsLeft(unit)) throw new RuleError('rules/unit-destroyed', `${where}: ${unit.name} has no models left`)
  if (unit.fleeing) throw new RuleError('rules/unit-fleeing', `${where}: ${unit.name} is fleeing`)
}

interface ContactPlan {
  readonly planned: readonly PlannedFighter[]
  /** The enemy each unit in contact attacks, by unit id. */
  readonly targets: Record<string, string>
  /** The close-combat weapon each unit of the combat fights with this round (classic/variants §close-combat-weapon). */
  readonly weapons: Record<string, string | null>
}

/** Checks who the players say is in contact, before anything is recorded; names what is wrong. */
function planContact(
  ctx: ClassicContext,
  combatId: string,
  round: number,
  sides: CombatState['sides'],
  contact: Contact,
  where: string,
  highGround: string | undefined,
): ContactPlan {
  if (highGround !== undefined && !sides.some((side) => side.player === highGround))
    throw new RuleError(
      'rules/wrong-side',
      `${where}: high ground names "${highGround}", who has no side in this combat`,
    )
  const sideOf = new Map<string, number>()
  sides.forEach((side, index) => {
    for (const u of side.units) sideOf.set(u.unit, index)
  })
  const live = (index: number) =>
    (sides[index]?.units ?? []).map((u) => ctx.unit(u.unit)).filter((unit) => hasModelsLeft(unit) && !unit.fleeing)
  const momentOf = (unitId: string): CombatMoment => {
    const entry = sides.flatMap((side) => side.units).find((u) => u.unit === unitId)
    const charged = entry?.charged ?? false
    const facing = entry?.facing ?? 'front'
    const moment = { combat: combatId, round, charged, charging: charged && round === 1, facing }
    return entry?.moved === undefined ? moment : { ...moment, moved: entry.moved }
  }
  const planned: PlannedFighter[] = []
  const targets: Record<string, string> = {}
  const seen = new Set<string>()
  for (const entry of contact) {
    const side = sideOf.get(entry.unit)
    if (side === undefined)
      throw new RuleError('rules/not-in-combat', `${where}: "${entry.unit}" is not in this combat`)
    const unit = ctx.unit(entry.unit)
    requireAbleToFight(unit, where)
    if (seen.has(unit.id)) throw new RuleError('rules/duplicate-unit', `${where}: ${unit.name} is entered twice`)
    seen.add(unit.id)
    if (entry.models + entry.supporting > unit.models) {
      throw new RuleError(
        'rules/too-many-models',
        `${where}: ${unit.name} has ${unit.models} models, not ${entry.models} in contact and ` +
          `${entry.supporting} supporting (${ctx.game.ruleset}/attacks §fighting-models)`,
      )
    }
    const enemies = live(1 - side)
    let target: UnitState | undefined
    if (entry.target !== undefined) {
      target = enemies.find((enemy) => enemy.id === entry.target)
      if (!target)
        throw new RuleError(
          'rules/bad-target',
          `${where}: ${unit.name} cannot attack "${entry.target}": not a fighting enemy in this combat`,
        )
    } else if (enemies.length === 1) {
      target = enemies[0]
    } else {
      throw new RuleError(
        'rules/bad-target',
        `${where}: ${unit.name} faces ${enemies.length} enemy units; say which it attacks (target)`,
      )
    }
    targets[unit.id] = (target as UnitState).id
    const models = planModels(ctx, entry, unit, target as UnitState, side, contact, where, momentOf)
    planned.push({
      unit,
      model: null,
      target: target as UnitState,
      side,
      // The champion, when in contact, is one of the models and fights on its own (classic/champion §stat-line).
      contact: entry.models - (entry.champion ? 1 : 0),
      supporting: entry.supporting,
      directed: models.rankAndFileDirected,
    })
    planned.push(...models.models)
  }
  if (live(0).length === 0 || live(1).length === 0)
    throw new RuleError('rules/combat-over', `${where}: one side has no units left to fight`)
  const weapons: Record<string, string | null> = {}
  for (const side of sides)
    for (const { unit } of side.units)
      weapons[unit] = weaponInUse(
        ctx.unit(unit),
        contact.find((entry) => entry.unit === unit)?.weapon,
        where,
        contact.some((entry) => entry.unit === unit),
        ctx.game.ruleset,
        // The Old World lets a unit choose its hand weapon over its other weapons (old-world/variants).
        ctx.decision('close-combat-weapon') !== 'special-weapon',
      )
  return { planned, targets, weapons }
}

/** Ranks of five or more models, the front rank included; none unless the unit is five or more wide. */
function ranksOfFive(unit: UnitState, models = unit.models): number {
  const files = unit.files
  if (files === null || files < 5) return 0
  const full = Math.floor(models / files)
  return full + (models % files >= 5 ? 1 : 0)
}

/**
 * One round of close combat (core-mechanics A.5, A.6; the variant table): strike order, each
 * step's attacks, the combat result, break tests, then flee and pursuit.
 */
function* fightRound(
  ctx: ClassicContext,
  combat: CombatState,
  plan: ContactPlan,
  seq: number,
  highGround: string | undefined,
): Step {
  const round = combat.round + 1
  const entryOf = (unitId: string) => combat.sides.flatMap((side) => side.units).find((u) => u.unit === unitId)
  const live = (index: number) =>
    (combat.sides[index]?.units ?? [])
      .map((u) => ctx.unit(u.unit))
      .filter((unit) => hasModelsLeft(unit) && !unit.fleeing)
  const moment = (unitId: string): CombatMoment => {
    const entry = entryOf(unitId)
    const charged = entry?.charged ?? false
    return {
      combat: combat.id,
      round,
      charged,
      charging: charged && round === 1,
      facing: entry?.facing ?? 'front',
      weapons: plan.weapons,
      ...(entry?.moved === undefined ? {} : { moved: entry.moved }),
      ...(chargersOf(unitId) ?? {}),
    }
  }
  // The enemies that charged a unit this turn (round 1), for rules against chargers (old-world/spear).
  function chargersOf(unitId: string): { chargers: Record<string, Facing> } | null {
    if (round !== 1) return null
    const enemies = combat.sides.find((side) => !side.units.some((u) => u.unit === unitId))?.units ?? []
    const charging = enemies.filter((u) => u.charged)
    return charging.length === 0 ? null : { chargers: Object.fromEntries(charging.map((u) => [u.unit, u.facing])) }
  }

  const { planned, targets } = plan
  ctx.emit({
    kind: 'round-started',
    text: `combat ${combat.id}: round ${round}`,
    values: { combat: combat.id, round, turn: ctx.game.turn, player: ctx.game.activePlayer },
    explanation: explain(`combat ${combat.id}, round ${round}`, { from: [combat.joinedAt, seq] }),
  })
  const modelsAtStart = new Map(
    combat.sides.flatMap((side) => side.units).map((u) => [u.unit, ctx.unit(u.unit).models]),
  )
  const woundsOnNextAtStart = new Map(
    combat.sides.flatMap((side) => side.units).map((u) => [u.unit, ctx.unit(u.unit).woundsOnNextModel]),
  )
  // Unsaved wounds each unit suffered this round, for Regeneration at the round's end.
  const suffered = new Map<string, { target: UnitState; by: UnitState; side: number; wounds: number; from: number[] }>()
  const rankAndFileAtStart = new Map(
    combat.sides.flatMap((side) => side.units).map((u) => [u.unit, rankAndFile(ctx.unit(u.unit))]),
  )
  const aliveAtStart = new Set(
    combat.sides
      .flatMap((side) => side.units.map((u) => ctx.unit(u.unit)))
      .filter(hasModelsLeft)
      .map((u) => u.id),
  )
  const sideOfUnit = (unitId: string) => combat.sides.findIndex((side) => side.units.some((u) => u.unit === unitId))
  // A challenge is answered before the blows (classic/challenge §issue).
  const duel = yield* answerChallenge(ctx, combat, seq)
  const fighters: Fighter[] = arrangeFighters(ctx, planned, duel, sideOfUnit, moment)

  // Strike order.
  const keyed = fighters.map((fighter) => {
    const enemies = live(1 - fighter.side)
    const attacker = attackerOf(ctx, fighter)
    const tier = resolveModifiers(
      {
        value: STRIKE_TIER.initiative,
        text: 'strike tier',
        rule: ctx.rule('strike-order', 'initiative'),
      },
      ctx.modifiers('strike-order', { subject: attacker, opponent: enemies, combat: fighter.moment }),
      { mode: 'value', setPick: 'highest', title: (value) => `${attacker.name}: ${tierName(value)}` },
    )
    const initiative = characteristic(ctx, attacker, 'I', fighter.target, fighter.moment)
    const tierValue = tier.value ?? 0
    // Units with ASF strike together whatever their Initiative (the seed's ASF).
    const key = tierValue === STRIKE_TIER.alwaysFirst ? tierValue * 100 : tierValue * 100 + initiative.value
    return {
      fighter,
      name: attacker.name,
      key,
      why: explain(`${attacker.name}: ${tierName(tier.value)}`, {}, [
        ...(tier.records.length > 0 ? tier.explanation.children : []),
        initiative.explanation,
        ...(fighter.model ? [ownProfileNote(ctx, fighter.model)] : []),
      ]),
    }
  })
  const keys = [...new Set(keyed.map((k) => k.key))].sort((a, b) => b - a)
  const steps = keys.map((key) => keyed.filter((k) => k.key === key))
  ctx.emit({
    kind: 'strike-order',
    text: `strike order: ${steps.map((step, i) => `${i + 1}. ${step.map((k) => k.name).join(' + ')}`).join('; ')}`,
    values: { combat: combat.id, round, steps: steps.map((step) => step.map((k) => fighterId(k.fighter))) },
    explanation: explain(
      `strike order, round ${round}`,
      { rule: ctx.rule('strike-order', 'initiative'), from: [seq] },
      steps.map((step, i) =>
        explain(
          `step ${i + 1}: ` +
            `${step.map((k) => k.name).join(' and ')}${step.length > 1 ? ' strike at the same time' : ''}`,
          step.length > 1 ? { rule: ctx.rule('strike-order', 'simultaneous') } : {},
          step.map((k) => k.why),
        ),
      ),
    ),
  })

  // Each step's attacks; casualties are removed before the next step strikes.
  const woundsCaused = [0, 0]
  // What a ruleset's own steps (combatSteps, the stomp step) add to each side's wounds.
  const addStepWounds = (caused: readonly StepWounds[]) => {
    for (const wounds of caused) {
      woundsCaused[wounds.side] = (woundsCaused[wounds.side] ?? 0) + wounds.counted
      woundSeqs[wounds.side]?.push(...wounds.seqs)
    }
  }
  const roundView: RoundView = { combat, live, sideOf: sideOfUnit, moment, from: [seq] }
  // Units whose fall has been dealt with (old-world/timber): each once.
  const fallenSeen = new Set<string>()
  function* afterBlows(): Step {
    const fallenStep = ctx.mechanics.combatSteps.fallen
    if (!fallenStep) return
    for (;;) {
      const fallen = [...aliveAtStart]
        .map((id) => ctx.unit(id))
        .filter((u) => !hasModelsLeft(u) && !fallenSeen.has(u.id))
      if (fallen.length === 0) return
      for (const unit of fallen) fallenSeen.add(unit.id)
      addStepWounds(yield* fallenStep(ctx, fallen, roundView))
    }
  }
  const excessWounds = [0, 0]
  // The seqs whose rolls settled each side's unsaved wounds, for the combat result's `from`.
  const woundSeqs: number[][] = [[], []]
  // What the combat result shows beside the wounds: wasted excess, overkill in a challenge.
  const resultNotes: Explanation[][] = [[], []]
  for (const step of steps) {
    // Rank and file slain before this step do not strike; a champion or character fights if it stands.
    const lostBefore = new Map(
      step.map((k) => [
        k.fighter.unit.id,
        (rankAndFileAtStart.get(k.fighter.unit.id) ?? 0) - rankAndFile(k.fighter.unit),
      ]),
    )
    const plans = step.map(({ fighter }) => {
      const standing = fighter.model ? 1 : rankAndFile(fighter.unit)
      const lost = fighter.model ? 0 : (lostBefore.get(fighter.unit.id) ?? 0)
      const fighting = Math.max(0, Math.min(fighter.contact - lost, standing))
      const supporting = Math.max(0, Math.min(fighter.supporting, standing - fighting))
      const fightingWhy =
        lost > 0
          ? explain(
              `${fighter.contact} in contact, ${lost} slain before this step: ${fighting} ` +
                `fight${supporting < fighter.supporting ? `, ${supporting} support` : ''}`,
              { value: fighting, rule: ctx.rule('casualties', 'slain-do-not-strike'), from: [fighter.unit.changedAt] },
              fighter.contactWhy ? [fighter.contactWhy] : [],
            )
          : fighter.contactWhy
      return { fighter, fighting, supporting, fightingWhy }
    })
    for (const { fighter, fighting, supporting, fightingWhy } of plans) {
      // A ruleset's own step as a model strikes (old-world/tree-whack), before its attacks are counted.
      if (ctx.mechanics.combatSteps.beforeStrike)
        addStepWounds(yield* ctx.mechanics.combatSteps.beforeStrike(ctx, fighter, roundView))
      const blows = yield* fightFighter(ctx, fighter, fighting, supporting, fightingWhy, duel, [seq])
      woundsCaused[fighter.side] = (woundsCaused[fighter.side] ?? 0) + blows.counted
      woundSeqs[fighter.side]?.push(...blows.seqs)
      excessWounds[fighter.side] = (excessWounds[fighter.side] ?? 0) + blows.excess
      resultNotes[fighter.side]?.push(...blows.notes)
      for (const hurt of blows.suffered) {
        const record = suffered.get(hurt.unit.id) ?? {
          target: hurt.unit,
          by: fighter.unit,
          side: fighter.side,
          wounds: 0,
          from: [],
        }
        record.wounds += hurt.wounds
        record.from.push(...hurt.seqs)
        suffered.set(hurt.unit.id, record)
      }
    }
    yield* afterBlows()
  }

  // Stomp Attacks, after every other attack (old-world/stomp-attacks): asked of each fighter at the 'stomp' point.
  const stillFighting = (fighter: Fighter) => {
    if (fighter.model) return attackerOf(ctx, fighter).models > 0 ? 1 : 0
    const lost = (rankAndFileAtStart.get(fighter.unit.id) ?? 0) - rankAndFile(fighter.unit)
    return Math.max(0, Math.min(fighter.contact - lost, rankAndFile(fighter.unit)))
  }
  addStepWounds(yield* stompStep(ctx, fighters, stillFighting, [seq]))
  yield* afterBlows()

  // Standards of units destroyed in the blows are captured (classic/standard §captured).
  for (const [index, side] of combat.sides.entries()) {
    for (const entry of side.units) {
      const unit = ctx.unit(entry.unit)
      if (aliveAtStart.has(unit.id) && !hasModelsLeft(unit)) yield* settleDestroyedStandard(ctx, unit, live(1 - index))
    }
  }

  // Regeneration: at the end of the round, before the result; what it undoes scores nothing (classic/regeneration).
  const regenerated = [0, 0]
  // Under 'on-wound-counted' each wound was regenerated as it was lost, and still counts (old-world/regeneration).
  const regeneratesAtRoundEnd = ctx.mechanics.regeneration === 'round-end-not-counted'
  for (const hurt of regeneratesAtRoundEnd ? suffered.values() : []) {
    const undone = yield* regenerate(ctx, {
      unit: hurt.target,
      opponent: hurt.by,
      combat: moment(hurt.target.id),
      wounds: hurt.wounds,
      before: {
        models: modelsAtStart.get(hurt.target.id) ?? 0,
        woundsOnNextModel: woundsOnNextAtStart.get(hurt.target.id) ?? 0,
      },
      from: hurt.from,
    })
    woundsCaused[hurt.side] = (woundsCaused[hurt.side] ?? 0) - undone
    regenerated[hurt.side] = (regenerated[hurt.side] ?? 0) + undone
    if (undone > 0) woundSeqs[hurt.side]?.push(ctx.seq)
  }

  // Combat result.
  const tallies = [0, 1].map((index): SideTally => {
    const units = live(index)
    const facings: Record<string, Facing> = {}
    const ranks: Record<string, number> = {}
    const rankMoment = ctx.decision('rank-count')
    for (const unit of units) {
      facings[unit.id] = entryOf(unit.id)?.facing ?? 'front'
      ranks[unit.id] = ranksOfFive(unit, rankMoment === 'round-start' ? (modelsAtStart.get(unit.id) ?? 0) : unit.models)
      if (!targets[unit.id]) {
        const enemies = live(1 - index)
        if (enemies.length === 1) targets[unit.id] = (enemies[0] as UnitState).id
      }
    }
    const side = combat.sides[index] as CombatState['sides'][number]
    const ownTargets = Object.fromEntries(
      units.flatMap((u) => (targets[u.id] ? [[u.id, targets[u.id] as string]] : [])),
    )
    return {
      player: side.player,
      units,
      woundsCaused: woundsCaused[index] ?? 0,
      facings,
      targets: ownTargets,
      ranks,
      highGround: highGround === side.player,
    }
  })
  const [tallyA, tallyB] = tallies as [SideTally, SideTally]
  const wipedOut = tallies.findIndex((tally) => tally.units.length === 0)
  if (wipedOut >= 0) {
    const winner = tallies[1 - wipedOut] as SideTally
    ctx.emit({
      kind: 'combat-result',
      text:
        `combat ${combat.id}: ${(tallies[wipedOut] as SideTally).player} has nothing left in the combat; ` +
        `${winner.player} wins`,
      values: { combat: combat.id, round, scores: {}, winner: winner.player, difference: 0 },
      explanation: explain(`${winner.player} wins: the enemy is wiped out`, {
        rule: ctx.rule('combat-result', 'wiped-out'),
      }),
    })
    closeChallenge(ctx, combat, true)
    endCombat(ctx, combat, round)
    return
  }

  const score = (
    side: SideTally,
    enemy: SideTally,
    stage: 'score' | 'tie',
    base: number,
    text: string,
    from: readonly number[] = [],
    details: readonly Explanation[] = [],
  ) =>
    resolveModifiers(
      { value: base, text, rule: ctx.rule('combat-result', stage === 'score' ? 'wounds' : 'winner'), from },
      ctx.modifiers('combat-result', { subject: side.units, opponent: enemy.units, combat, side, enemy, stage }),
      { mode: 'value', title: `${side.player}: {}`, rule: ctx.rule('combat-result', 'winner'), details },
    )
  let results = [
    score(
      tallyA,
      tallyB,
      'score',
      tallyA.woundsCaused,
      woundsText(ctx, excessWounds[0] ?? 0, regenerated[0]),
      woundSeqs[0],
      resultNotes[0],
    ),
    score(
      tallyB,
      tallyA,
      'score',
      tallyB.woundsCaused,
      woundsText(ctx, excessWounds[1] ?? 0, regenerated[1]),
      woundSeqs[1],
      resultNotes[1],
    ),
  ]
  let totals = results.map((r) => r.value ?? 0)
  const tieNotes: Explanation[] = []
  if (totals[0] === totals[1]) {
    const tie = [
      score(tallyA, tallyB, 'tie', totals[0] as number, 'a draw'),
      score(tallyB, tallyA, 'tie', totals[1] as number, 'a draw'),
    ]
    if (tie.some((r) => r.records.length > 0)) {
      tieNotes.push(...tie.map((r) => r.explanation))
      totals = tie.map((r) => r.value ?? 0)
      results = results.map((r, i) => ({ ...r, value: totals[i] as number }))
    }
  }
  const [totalA, totalB] = totals as [number, number]
  const difference = Math.abs(totalA - totalB)
  const winnerIndex = totalA === totalB ? -1 : totalA > totalB ? 0 : 1
  const winner = winnerIndex < 0 ? null : (tallies[winnerIndex] as SideTally).player
  const resultWhy = explain(
    winner === null ? `a draw, ${totalA} all` : `${winner} wins by ${difference} (${totalA} to ${totalB})`,
    { value: difference, rule: ctx.rule('combat-result', 'winner'), from: [seq] },
    [...results.map((r) => r.explanation), ...tieNotes],
  )
  ctx.emit({
    kind: 'combat-result',
    text:
      `combat result: ${tallyA.player} ${totalA}, ${tallyB.player} ` +
      `${totalB}${winner ? `; ${winner} wins by ${difference}` : '; a draw'}`,
    values: {
      combat: combat.id,
      round,
      scores: { [tallyA.player]: totalA, [tallyB.player]: totalB },
      winner,
      difference,
    },
    explanation: resultWhy,
  })
  if (winnerIndex < 0) {
    closeChallenge(ctx, combat, false)
    endRound(ctx, combat, round)
    return
  }

  // Break tests for every unit of the losing side: the ruleset's own test says how each ends.
  const loser = tallies[1 - winnerIndex] as SideTally
  const winners = tallies[winnerIndex] as SideTally
  const broken: { unit: UnitState; roll: number; hadStandard: boolean }[] = []
  const fellBack: { unit: UnitState; roll: number }[] = []
  const gaveGround: UnitState[] = []
  for (const unit of loser.units) {
    const verdict = yield* ctx.mechanics.breakTest(ctx, { unit, winners, losers: loser, combat, difference, resultWhy })
    if (verdict === 'break') broken.push({ unit, roll: 0, hadStandard: false })
    else if (verdict === 'fall-back') fellBack.push({ unit, roll: 0 })
    else if (verdict === 'give-ground') gaveGround.push(unit)
  }

  // Flee, then pursue.
  for (const flight of broken) {
    const dice = fleeDice(ctx, flight.unit)
    const answer = yield* rollDice({
      purpose: 'flee',
      count: dice.count,
      sides: 6,
      roller: flight.unit.player,
      text: `${flight.unit.name} breaks: roll ${dice.count}D6 to flee`,
      explanation: explain(`${flight.unit.name} flees`, { rule: ctx.rule('flee-and-pursuit', 'flee') }, [dice.why]),
      odds: { kind: 'total' },
    })
    flight.roll = sum(answer.faces)
    ctx.emit({
      kind: 'fled',
      text: `${flight.unit.name} flees ${flight.roll}"`,
      values: { unit: flight.unit.id, roll: flight.roll },
      explanation: explain(
        `${flight.unit.name} flees ${flight.roll}": dice ${answer.faces.join(' + ')}`,
        {
          value: flight.roll,
          rule: ctx.rule('flee-and-pursuit', 'flee'),
          from: [answer.seq],
        },
        [dice.why],
      ),
    })
    flight.hadStandard = loseStandard(ctx, flight.unit)
  }
  // A graded break test's other ends (The Old World): fall back in good order, give ground (fall-back.ts).
  for (const flight of fellBack) flight.roll = yield* fallBack(ctx, flight.unit, combat)
  for (const unit of gaveGround) giveGround(ctx, unit, combat)
  const flights = [...broken, ...fellBack]
  const fellBackIds = new Set(fellBack.map((flight) => flight.unit.id))
  const caught = new Set<string>()
  const pursuersOf = new Map<string, UnitState[]>()
  let followedUp = false
  const contactNote = flights.length > 0 ? ctx.mechanics.pursuitContact(ctx) : null
  for (const pursuer of winners.units) {
    const quarry = flights.filter((flight) => targets[pursuer.id] === flight.unit.id || flights.length === 1)
    if (quarry.length === 0) {
      const foes = gaveGround.filter((unit) => targets[pursuer.id] === unit.id || gaveGround.length === 1)
      if (foes.length > 0 && (yield* decideFollowUp(ctx, pursuer, foes, combat))) followedUp = true
      continue
    }
    const pursues = yield* decidePursuit(
      ctx,
      pursuer,
      quarry.map((q) => q.unit),
    )
    if (!pursues) continue
    for (const q of quarry) pursuersOf.set(q.unit.id, [...(pursuersOf.get(q.unit.id) ?? []), pursuer])
    const dice = fleeDice(ctx, pursuer, 'pursuit')
    const answer = yield* rollDice({
      purpose: 'pursue',
      count: dice.count,
      sides: 6,
      roller: pursuer.player,
      text:
        `${pursuer.name} pursues: roll ${dice.count}D6 (catches on ` +
        `${quarry.map((q) => `${q.roll}+ against ${q.unit.name}`).join(', ')})`,
      explanation: explain(`${pursuer.name} pursues`, { rule: ctx.rule('flee-and-pursuit', 'pursue') }, [dice.why]),
      // Catching one quarry is the test; against several, the chance of each roll says it.
      odds: quarry.length === 1 ? { kind: 'total', pass: { atLeast: quarry[0]?.roll ?? 0 } } : { kind: 'total' },
    })
    const roll = sum(answer.faces)
    ctx.emit({
      kind: 'pursued',
      text: `${pursuer.name} pursues ${roll}"`,
      values: { unit: pursuer.id, roll },
      explanation: explain(`${pursuer.name} pursues ${roll}": dice ${answer.faces.join(' + ')}`, {
        value: roll,
        rule: ctx.rule('flee-and-pursuit', 'pursue'),
        from: [answer.seq],
      }),
    })
    for (const flight of quarry) {
      if (caught.has(flight.unit.id) || roll < flight.roll) continue
      caught.add(flight.unit.id)
      if (fellBackIds.has(flight.unit.id)) {
        reachFallenBack(ctx, pursuer, flight.unit, roll, flight.roll, answer.seq)
        continue
      }
      ctx.emit({
        kind: 'caught',
        text: `${pursuer.name} catches ${flight.unit.name} (${roll} against ${flight.roll}): it is destroyed`,
        values: { unit: flight.unit.id, by: pursuer.id, modelsLost: flight.unit.models },
        explanation: explain(
          `pursuit ${roll} >= flee ${flight.roll}: ${flight.unit.name} is caught and destroyed`,
          { value: flight.unit.models, rule: ctx.rule('flee-and-pursuit', 'caught'), from: [answer.seq] },
          contactNote ? [contactNote] : [],
        ),
      })
    }
  }
  for (const flight of broken) {
    if (caught.has(flight.unit.id)) continue
    ctx.emit({
      kind: 'escaped',
      text: `${flight.unit.name} flees the combat`,
      values: { unit: flight.unit.id, roll: flight.roll },
      explanation: explain(`${flight.unit.name} escapes with a flee roll of ${flight.roll}`, {
        rule: ctx.rule('flee-and-pursuit', 'escaped'),
      }),
    })
  }
  for (const flight of broken)
    yield* settleBrokenStandard(ctx, flight.unit, flight.hadStandard, pursuersOf.get(flight.unit.id) ?? [])
  const over = live(0).length === 0 || live(1).length === 0
  // Units that gave ground with no winner following up are out of contact: the combat is over (fall-back.ts).
  const apart = !over && !followedUp && outOfContact(live(1 - winnerIndex), gaveGround)
  closeChallenge(ctx, combat, over || apart)
  if (over) endCombat(ctx, combat, round)
  else if (apart) endCombatApart(ctx, combat, round)
  else endRound(ctx, combat, round)
}

function woundsText(ctx: ClassicContext, excess: number, regenerated = 0): string {
  const text =
    excess === 0
      ? 'unsaved wounds caused'
      : `unsaved wounds caused (${excess} more past the enemy's last model do not count, ${ctx.game.ruleset}/variants §excess-wounds)`
  return regenerated > 0
    ? `${text}, less ${regenerated} regenerated (${ctx.game.ruleset}/regeneration §combat-result)`
    : text
}

function tierName(value: number | null): string {
  if (value === STRIKE_TIER.last) return 'strikes last (great weapon)'
  if (value === STRIKE_TIER.alwaysFirst) return 'strikes first (Always Strikes First)'
  if (value === STRIKE_TIER.charged) return 'strikes first (charged)'
  return 'strikes in Initiative order'
}

function sum(faces: readonly number[]): number {
  return faces.reduce((total, face) => total + face, 0)
}

export function endRound(ctx: ClassicContext, combat: CombatState, round: number): void {
  ctx.emit({
    kind: 'round-ended',
    text: `combat ${combat.id}: round ${round} is over`,
    values: { combat: combat.id, round },
    explanation: explain(`round ${round} of combat ${combat.id} is over`),
  })
}

function endCombat(ctx: ClassicContext, combat: CombatState, round: number): void {
  endRound(ctx, combat, round)
  ctx.emit({
    kind: 'combat-ended',
    text: `combat ${combat.id} is over`,
    values: { combat: combat.id, round },
    explanation: explain(
      `combat ${combat.id} is over after ${round} round${s(round)}: one side has no unit left in it`,
    ),
  })
}

/** The Leadership a unit tests on, with every leadership modifier and the General's (psychology.ts). */
export function leadership(
  ctx: ClassicContext,
  unit: UnitState,
  enemies: readonly UnitState[],
  test: QueryOf<'leadership'>['test'],
) {
  return leadershipFor(ctx, unit, test, enemies)
}

/** Classic's break test for the shared round (RulesetMechanics.breakTest): passed, the unit holds; failed, it breaks. */
export function* passOrBreak(
  ctx: ClassicContext,
  question: BreakQuestion,
): Generator<RequestSpec, BreakVerdict, Answer> {
  const { unit, winners, losers } = question
  const enemyRanks = Math.max(0, ...winners.units.map((u) => winners.ranks[u.id] ?? 0))
  const passed = yield* breakTest(
    ctx,
    unit,
    winners.units,
    question.combat,
    question.difference,
    losers.ranks[unit.id] ?? 0,
    enemyRanks,
    question.resultWhy,
  )
  return passed ? 'hold' : 'break'
}

/** A 2D6 Leadership test: passed on a total at or below the target; a double 1 passes a break test. */
function* breakTest(
  ctx: ClassicContext,
  unit: UnitState,
  enemies: readonly UnitState[],
  combat: CombatState,
  difference: number,
  ranks: number,
  enemyRanks: number,
  resultWhy: Explanation,
): Generator<RequestSpec, boolean, Answer> {
  const ld = yield* leadership(ctx, unit, enemies, 'break')
  const modifier = resolveModifiers(
    { value: -difference, text: `lost by ${difference}`, rule: ctx.rule('break-test', 'modifier') },
    ctx.modifiers('break-test', { subject: unit, opponent: enemies, combat, difference, ranks, enemyRanks }),
    { mode: 'value', title: 'break-test modifier {}', setPick: 'highest' },
  )
  const target = (ld.value ?? 0) + (modifier.value ?? 0)
  const why = explain(
    `${unit.name} tests on ${target}: Ld ${ld.value} ${(modifier.value ?? 0) < 0 ? '-' : '+'} ` +
      `${Math.abs(modifier.value ?? 0)}`,
    { value: target, rule: ctx.rule('break-test', 'modifier') },
    [
      ld.explanation,
      modifier.explanation,
      explain(`combat result: ${resultWhy.text}`, { rule: resultWhy.rule, from: resultWhy.from }),
    ],
  )
  const answer = yield* rollDice({
    purpose: 'break-test',
    count: 2,
    sides: 6,
    roller: unit.player,
    text: `${unit.name}: roll 2D6 break test, passes on ${target} or less (a double 1 always passes)`,
    explanation: why,
    odds: { kind: 'total', pass: { atMost: target }, naturals: [{ face: 1, count: 2, passes: true }] },
  })
  const total = sum(answer.faces)
  const insaneCourage = answer.faces.every((face) => face === 1)
  const passed = total <= target || insaneCourage
  const verdict = insaneCourage
    ? explain('double 1: insane courage, the test is passed', { rule: ctx.rule('break-test', 'insane-courage') })
    : explain(`${total} ${passed ? '<=' : '>'} ${target}`, { rule: ctx.rule('leadership-test', 'roll') })
  ctx.emit({
    kind: 'break-test',
    text: `${unit.name} ${passed ? 'holds' : 'breaks'}: rolled ${total} against ${target}`,
    values: { unit: unit.id, passed, roll: total, leadership: target },
    explanation: explain(
      `${unit.name} ${passed ? 'passes' : 'fails'} its break test`,
      {
        value: passed,
        rule: passed ? ctx.rule('break-test', 'modifier') : ctx.rule('break-test', 'breaks'),
        from: [answer.seq],
      },
      [why, explain(`dice ${answer.faces.join(' + ')} = ${total} (${answer.source})`, { from: [answer.seq] }), verdict],
    ),
  })
  return passed
}

/** A winner chooses to pursue or to hold; holding takes a Leadership test, failed means it pursues. */
function* decidePursuit(
  ctx: ClassicContext,
  pursuer: UnitState,
  quarry: readonly UnitState[],
): Generator<RequestSpec, boolean, Answer> {
  if (mustPursue(ctx, pursuer, quarry)) return true
  const names = quarry.map((q) => q.name).join(' and ')
  const option = yield* choose({
    purpose: 'pursuit',
    chooser: pursuer.player,
    options: [
      { id: 'pursue', text: `pursue ${names}` },
      { id: 'hold', text: 'hold: take a Leadership test to restrain' },
    ],
    text: `${pursuer.name}: pursue ${names}, or hold?`,
    explanation: explain(`${names} broke: ${pursuer.name} may pursue`, {
      rule: ctx.rule('flee-and-pursuit', 'pursue'),
    }),
  })
  if (option === 'pursue') return true
  return !(yield* restraintTest(ctx, pursuer, quarry))
}

/** A winner's Leadership test to hold back; `must` says what it does when it fails. Returns whether it held. */
export function* restraintTest(
  ctx: ClassicContext,
  pursuer: UnitState,
  quarry: readonly UnitState[],
  must = 'pursue',
): Generator<RequestSpec, boolean, Answer> {
  const ld = yield* leadership(ctx, pursuer, quarry, 'restraint')
  const answer = yield* rollDice({
    purpose: 'restraint',
    count: 2,
    sides: 6,
    roller: pursuer.player,
    text: `${pursuer.name}: roll 2D6 to restrain, passes on ${ld.value} or less`,
    explanation: explain(`${pursuer.name} tries to hold`, { rule: ctx.rule('flee-and-pursuit', 'restraint') }, [
      ld.explanation,
    ]),
    odds: leadershipOdds(ctx, ld.value ?? 0),
  })
  const total = sum(answer.faces)
  // A natural double may decide it (The Old World: double 1 passes, double 6 fails; classic: the total).
  const natural = naturalDouble(ctx, answer.faces)
  const passed = natural ? natural.passed : total <= (ld.value ?? 0)
  ctx.emit({
    kind: 'restraint-test',
    text: `${pursuer.name} ${passed ? 'holds' : `fails to hold and must ${must}`}: rolled ${total} against ${ld.value}`,
    values: { unit: pursuer.id, passed, roll: total, leadership: ld.value ?? 0 },
    explanation: explain(
      `${total} ${total <= (ld.value ?? 0) ? '<=' : '>'} ${ld.value}`,
      {
        value: passed,
        rule: ctx.rule('flee-and-pursuit', 'restraint'),
        from: [answer.seq],
      },
      natural ? [ld.explanation, explain(natural.text, { rule: natural.rule })] : [ld.explanation],
    ),
  })
  return passed
}

/** Flee and pursuit dice: 2D6, or 3D6 for a unit with M above 6 where the variant says so. */
export function fleeDice(
  ctx: ClassicContext,
  unit: UnitState,
  move: Extract<MovementQuestion, 'flee' | 'pursuit'> = 'flee',
): { count: number; why: Explanation } {
  const decision = ctx.decision('flee-dice')
  // The M the dice count: Heavy Cavalry counts as M6 or less (a cap at the movement point).
  const counted = fleeMove(ctx, unit, move)
  const count = decision === 'three-if-m-over-6' && counted.value > 6 ? 3 : 2
  return {
    count,
    why: explain(
      `${count}D6: M ${counted.value}, ${decision}`,
      { value: count, rule: ctx.rule('variants', 'flee-dice') },
      counted.records.length > 0 ? [counted.explanation] : [],
    ),
  }
}

/** The M a unit's flee or pursuit dice count: its M, limited by the movement point's records. */
function fleeMove(ctx: ClassicContext, unit: UnitState, move: 'flee' | 'pursuit') {
  const m = characteristic(ctx, unit, 'M', null, null)
  return resolveModifiers(
    { value: m.value, text: `${unit.name} M`, from: [unit.musteredAt] },
    ctx.modifiers('movement', { subject: unit, opponent: [], move }),
    { mode: 'value', title: `M {} for ${move}` },
  ) as ReturnType<typeof resolveModifiers> & { value: number }
}
