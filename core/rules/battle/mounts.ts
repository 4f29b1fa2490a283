import { RuleError } from '../../engine/errors.js'
import type { Resolved } from '../../engine/modifiers.js'
import type { ModelRef, MountState, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'

/**
 * Riders and their mounts (classic/mounts, old-world/mounts): rider and mount are one model, but each strikes with its
 * own profile, weapons and Initiative step. The mount is seen by the timing points as a model of its own — a view
 * built from the state, as a champion's or a character's is — so the rider's lance never reaches it.
 */

/** Troop types whose mount is a monster (its wounds may be its own: classic/mounts §ridden-monster). */
const MONSTERS: ReadonlySet<string> = new Set(['monster', 'monstrous-creature', 'behemoth'])

/** What the model a fighter is rides: the unit's mount for its rank and file, champion or a lone character. */
export function mountOf(unit: UnitState, model: ModelRef | null): MountState | undefined {
  if (model?.kind === 'character') return unit.characters.find((c) => c.id === model.character)?.mount
  return unit.mount
}

/** A lone model on a monster whose wounds are its own in this ruleset (classic: wounded apart from its rider). */
export function riddenMonster(ctx: BattleContext, unit: UnitState): MountState | null {
  if (!ctx.profile.mounts.monsterApart || !unit.character || !unit.mount || !MONSTERS.has(unit.troopType)) return null
  return unit.mount
}

/** The monster a lone rider rides, as a model attacks can be directed at (`at: "mount"`); throws where there is none. */
export function mountRef(ctx: BattleContext, unit: UnitState, where: string): ModelRef {
  if (riddenMonster(ctx, unit)) return { kind: 'mount', unit: unit.id }
  throw new RuleError(
    'rules/bad-target',
    `${where}: ${unit.name} rides no monster whose wounds are its own: attacks at it strike the rider ` +
      `(${ctx.game.ruleset}/mounts §rider-wounded, §ridden-monster)`,
  )
}

/** Wounds a ridden monster has left standing: its own W less those it has lost. */
function monsterStanding(mount: MountState): boolean {
  return (mount.woundsLost ?? 0) < mount.profile.W
}

/**
 * The mount of `rider` (the view of the model it carries: a unit's rank and file, its champion, a character) as a
 * model of its own: its own name, profile, gear and rules (the rider's too where the ruleset shares them), the
 * rider's models while they stand (a slain rider takes its mount with it: §rider-slain), none once a ridden monster
 * has lost its last Wound. Its id is its own, so the round's weapon choice for the unit (a lance) is not its.
 */
export function mountView(ctx: BattleContext, unit: UnitState, rider: UnitState, mount: MountState): UnitState {
  const own = new Set(mount.rules.map((rule) => rule.id))
  const shared = ctx.profile.mounts.sharedRules ? rider.rules.filter((rule) => !own.has(rule.id)) : []
  const standing = riddenMonster(ctx, unit) && !monsterStanding(mount) ? 0 : rider.models
  return {
    ...rider,
    id: `${rider.id}:mount`,
    name: `${rider.name}'s ${mount.name}`,
    profile: mount.profile,
    gear: mount.gear,
    rules: [...mount.rules, ...shared],
    files: null,
    command: { champion: false, standard: false, musician: false },
    championProfile: null,
    characters: [],
    character: false,
    models: standing,
    woundsOnNextModel: mount.woundsLost ?? 0,
    joinedTo: unit.id,
  }
}

/** Why a mount strikes apart from its rider, with its own numbers. */
export function mountNote(ctx: BattleContext, name: string): Explanation {
  return explain(`${name} strikes with its own profile and weapons, in its own Initiative step`, {
    rule: ctx.rule('mounts', 'split-profile'),
  })
}

/**
 * The armour value a wounded model saves with: its own, or, where the ruleset lets a ridden monster's rider save with
 * the better of the two (old-world/mounts §ridden-monster), the monster's when it is better. `armourOf` resolves one
 * model's armour value.
 */
export function betterArmourOfMount(
  ctx: BattleContext,
  target: UnitState,
  armourOf: (subject: UnitState) => Resolved,
): Resolved {
  const own = armourOf(target)
  const rule = ctx.profile.mounts.betterArmour
  const mount = target.mount
  if (!rule || !mount || !target.character || !MONSTERS.has(target.troopType)) return own
  const mounts = armourOf(mountView(ctx, target, target, mount))
  const better = mounts.value !== null && (own.value === null || mounts.value < own.value)
  const chosen = better ? mounts : own
  return {
    ...chosen,
    explanation: explain(
      `${target.name} saves with the better armour value of rider and ${mount.name}: ${chosen.value ?? 'none'}+`,
      { value: chosen.value, rule },
      [own.explanation, mounts.explanation],
    ),
  }
}

/**
 * A lone rider slain on a ridden monster that still stands: the monster fights on as the unit, with its own profile,
 * gear and rules (classic/mounts §ridden-monster). Its Monster Reaction test follows at once (monster-reaction.ts).
 */
export function riderFalls(ctx: BattleContext, unit: UnitState): void {
  const mount = riddenMonster(ctx, unit)
  if (!mount || !monsterStanding(mount)) return
  const rule = ctx.profile.mounts.monsterApart
  ctx.emit({
    kind: 'rider-slain',
    text: `${unit.name} is slain; the ${mount.name} fights on alone, with its own profile`,
    values: { unit: unit.id, monster: mount.name },
    explanation: explain(
      `${unit.name} is slain: the ${mount.name} (${mount.profile.W - (mount.woundsLost ?? 0)} of ` +
        `${mount.profile.W} Wounds left) fights on with its own profile, gear and rules, once it has taken a ` +
        `Monster Reaction test on its own Ld ${mount.profile.Ld}`,
      { value: 1, ...(rule ? { rule } : {}), from: [ctx.seq] },
    ),
  })
}
