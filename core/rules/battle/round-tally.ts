import type { CombatMoment, Facing } from '../../engine/effects.js'
import type { CombatState, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { ContactPlan } from './combat-contact.js'
import type { RoundView, StepWounds } from './combat-triggers.js'
import type { BattleContext } from './context.js'
import { hasModelsLeft, rankAndFile } from './models.js'

/** What one side of the combat has counted so far this round, for its combat result. */
export interface SideCount {
  /** Unsaved wounds that count for the combat result. */
  woundsCaused: number
  /** Wounds past the enemy's last model, which do not count (the variant's excess wounds). */
  excess: number
  /** Wounds the enemy regenerated at the round's end, taken off `woundsCaused`. */
  regenerated: number
  /** The seqs whose rolls settled the side's unsaved wounds, for the combat result's `from`. */
  readonly woundSeqs: number[]
  /** What the combat result shows beside the wounds: wasted excess, overkill in a challenge. */
  readonly notes: Explanation[]
}

/** The unsaved wounds a unit suffered this round, for Regeneration at the round's end. */
export interface Suffered {
  readonly target: UnitState
  readonly by: UnitState
  readonly side: number
  wounds: number
  readonly from: number[]
}

/** The one tally of a round: what each side has counted and what the round has seen fall. */
export interface RoundTally {
  readonly sides: readonly [SideCount, SideCount]
  readonly suffered: Map<string, Suffered>
  /** Units whose fall has been dealt with (old-world/timber): each once. */
  readonly fallenSeen: Set<string>
}

/** The units of the combat as the round starts, before any blow. */
export interface RoundStart {
  readonly models: ReadonlyMap<string, number>
  readonly woundsOnNextModel: ReadonlyMap<string, number>
  readonly rankAndFile: ReadonlyMap<string, number>
  readonly alive: ReadonlySet<string>
}

/** One round of close combat as its stages share it (core-mechanics A.5, A.6). */
export interface Round {
  readonly ctx: BattleContext
  readonly combat: CombatState
  readonly round: number
  /** The declaration the round rests on. */
  readonly seq: number
  readonly highGround: string | undefined
  readonly plan: ContactPlan
  readonly start: RoundStart
  readonly tally: RoundTally
  /** What a ruleset's own combat steps may read of the round. */
  readonly view: RoundView
  entryOf(unitId: string): CombatState['sides'][number]['units'][number] | undefined
  /** The units of a side still fighting (not destroyed, not fleeing). */
  live(index: number): UnitState[]
  sideOf(unitId: string): number
  moment(unitId: string): CombatMoment
}

/** Starts the round: says so, and notes the units as they stand before any blow. */
export function openRound(
  ctx: BattleContext,
  combat: CombatState,
  plan: ContactPlan,
  seq: number,
  highGround: string | undefined,
): Round {
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
      // A charger's bonuses are for its own first round (charge §combat): round 1, or the round it joined in.
      charging: charged && round === (entry?.firstRound ?? 1),
      facing: entry?.facing ?? 'front',
      weapons: plan.weapons,
      ...(entry?.moved === undefined ? {} : { moved: entry.moved }),
      ...(chargersOf(unitId) ?? {}),
    }
  }
  // The enemies that charged a unit this turn (their first round), for rules against chargers (old-world/spear).
  function chargersOf(unitId: string): { chargers: Record<string, Facing> } | null {
    const enemies = combat.sides.find((side) => !side.units.some((u) => u.unit === unitId))?.units ?? []
    const charging = enemies.filter((u) => u.charged && round === (u.firstRound ?? 1))
    return charging.length === 0 ? null : { chargers: Object.fromEntries(charging.map((u) => [u.unit, u.facing])) }
  }
  const sideOf = (unitId: string) => combat.sides.findIndex((side) => side.units.some((u) => u.unit === unitId))

  ctx.emit({
    kind: 'round-started',
    text: `combat ${combat.id}: round ${round}`,
    values: { combat: combat.id, round, turn: ctx.game.turn, player: ctx.game.activePlayer },
    explanation: explain(`combat ${combat.id}, round ${round}`, { from: [combat.joinedAt, seq] }),
  })
  const entries = combat.sides.flatMap((side) => side.units)
  const start: RoundStart = {
    models: new Map(entries.map((u) => [u.unit, ctx.unit(u.unit).models])),
    woundsOnNextModel: new Map(entries.map((u) => [u.unit, ctx.unit(u.unit).woundsOnNextModel])),
    rankAndFile: new Map(entries.map((u) => [u.unit, rankAndFile(ctx.unit(u.unit))])),
    alive: new Set(
      combat.sides
        .flatMap((side) => side.units.map((u) => ctx.unit(u.unit)))
        .filter(hasModelsLeft)
        .map((u) => u.id),
    ),
  }
  const count = (): SideCount => ({ woundsCaused: 0, excess: 0, regenerated: 0, woundSeqs: [], notes: [] })
  return {
    ctx,
    combat,
    round,
    seq,
    highGround,
    plan,
    start,
    tally: { sides: [count(), count()], suffered: new Map(), fallenSeen: new Set() },
    view: { combat, live, sideOf, moment, from: [seq] },
    entryOf,
    live,
    sideOf,
    moment,
  }
}

/** Adds what a ruleset's own steps (Tree Whack, Timber!, Stomp) caused to each side's wounds. */
export function addStepWounds(tally: RoundTally, caused: readonly StepWounds[]): void {
  for (const wounds of caused) {
    const side = tally.sides[wounds.side] as SideCount
    side.woundsCaused += wounds.counted
    side.woundSeqs.push(...wounds.seqs)
  }
}
