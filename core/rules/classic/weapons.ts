import type { EntryDefinition } from '../../engine/catalogue.js'
import type { CombatMoment } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import type { UnitState } from '../../engine/types.js'
import { additionalHandWeapon } from './entries/additional-hand-weapon.js'
import { draich } from './entries/draich.js'
import { greatWeapon } from './entries/great-weapon.js'
import { halberd } from './entries/halberd.js'
import { handWeapon } from './entries/hand-weapon.js'
import { lance } from './entries/lance.js'
import { spear } from './entries/spear.js'

let weaponsById: ReadonlyMap<string, EntryDefinition> | null = null
/**
 * The close-combat weapons of the catalogue, by id; the hand weapon is the one every other
 * replaces. Built on first use, because the weapon entries import this module for `fightsWith`.
 */
function byId(): ReadonlyMap<string, EntryDefinition> {
  weaponsById ??= new Map(
    [handWeapon, additionalHandWeapon, spear, lance, halberd, greatWeapon, draich].map((weapon) => [weapon.id, weapon]),
  )
  return weaponsById
}

/** Whether a close-combat weapon needs both hands (its entry's `twoHanded` parameter). */
export function isTwoHanded(weapon: string | null): boolean {
  return weapon !== null && byId().get(weapon)?.params?.twoHanded === true
}

/** The close-combat weapons a unit (or a character) carries, and those of them that are special. */
function weaponsOf(unit: Pick<UnitState, 'gear'>) {
  const carried = unit.gear.map((g) => g.id).filter((id) => byId().has(id))
  return { carried, special: carried.filter((id) => id !== handWeapon.id) }
}

/**
 * The weapon `unit` fights with at this moment of a combat: the round's choice when the combat
 * made one for it, else its own (its one special weapon, else its hand weapon; none when it
 * carries several special weapons and was not told which). A character fighting beside its unit,
 * or a moment built without the round's choices, so still gets its weapon.
 */
export function weaponOf(unit: UnitState, combat: CombatMoment): string | null {
  const chosen = combat.weapons?.[unit.id]
  if (chosen !== undefined) return chosen
  const { carried, special } = weaponsOf(unit)
  if (special.length > 1) return null
  return special[0] ?? (carried.includes(handWeapon.id) ? handWeapon.id : null)
}

/**
 * Whether `unit` fights with `weapon` at this moment, for a weapon entry's `when`: `true`; the
 * reason it does not (another weapon); or null outside close combat, where close-combat weapons
 * say nothing (a shot, a spell, a lone declared attack).
 */
export function fightsWith(unit: UnitState, combat: CombatMoment | null, weapon: string): true | string | null {
  if (combat === null) return null
  const inUse = weaponOf(unit, combat)
  if (inUse === weapon) return true
  return `${unit.name} fights with ${inUse === null ? 'no close-combat weapon' : `its ${inUse}`} this round`
}

/**
 * The weapon a unit fights with this round (classic/variants §close-combat-weapon): a unit that
 * carries a special weapon (any close-combat weapon but the hand weapon) must fight with it; one
 * carrying several must be told which, by the `weapon` of its contact entry; otherwise it fights
 * with its hand weapon; null when it carries no close-combat weapon. With `handWeaponByChoice` (a ruleset
 * whose units choose their weapon each round) the hand weapon may be named beside a special weapon.
 */
export function weaponInUse(
  unit: UnitState,
  named: string | undefined,
  where: string,
  inContact = true,
  ruleset = 'classic',
  handWeaponByChoice = false,
): string | null {
  const { carried, special } = weaponsOf(unit)
  if (named !== undefined) {
    if (!byId().has(named))
      throw new RuleError(
        'rules/bad-weapon',
        `${where}: "${named}" is not a close-combat weapon (${[...byId().keys()].join(', ')})`,
      )
    if (!carried.includes(named))
      throw new RuleError(
        'rules/bad-weapon',
        `${where}: ${unit.name} does not carry a ${named} (it carries ${carried.join(', ') || 'no close-combat weapon'})`,
      )
    if (named === handWeapon.id && special.length > 0 && !handWeaponByChoice)
      throw new RuleError(
        'rules/bad-weapon',
        `${where}: ${unit.name} carries a ${special.join(' and a ')} and must fight with it, not its hand weapon ` +
          `(${ruleset}/variants §close-combat-weapon)`,
      )
    return named
  }
  // A unit with no contact entry does not fight this round and cannot be told which: it wields none.
  if (special.length > 1 && !inContact) return null
  if (special.length > 1)
    throw new RuleError(
      'rules/bad-weapon',
      `${where}: ${unit.name} carries ${special.join(' and ')}: name the one it fights with (weapon) ` +
        `(${ruleset}/variants §close-combat-weapon)`,
    )
  return special[0] ?? (carried.includes(handWeapon.id) ? handWeapon.id : null)
}
