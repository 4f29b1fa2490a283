import type { EntryDefinition } from '../../engine/catalogue.js'
import type { CombatMoment } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import type { UnitState } from '../../engine/types.js'

/** The id of the weapon every other close-combat weapon replaces. */
const HAND_WEAPON = 'hand-weapon'

/**
 * Which close-combat weapon a unit fights with, known from the ids of its ruleset's close-combat weapon entries
 * alone: what the weapon entries themselves ask (`fightsWith`), so they need not import the ruleset's list of them.
 */
export interface WeaponChoice {
  /** The ids of the ruleset's close-combat weapon entries, the hand weapon first. */
  readonly ids: ReadonlySet<string>
  weaponOf(unit: UnitState, combat: CombatMoment): string | null
  fightsWith(unit: UnitState, combat: CombatMoment | null, weapon: string): true | string | null
}

/** What a ruleset's close-combat weapons tell the procedures and its entries: which one a unit fights with. */
export interface CloseCombatWeapons extends WeaponChoice {
  /** The close-combat weapon entries by id. */
  byId(): ReadonlyMap<string, EntryDefinition>
  isTwoHanded(weapon: string | null): boolean
  weaponInUse(
    unit: UnitState,
    named: string | undefined,
    where: string,
    inContact?: boolean,
    ruleset?: string,
    handWeaponByChoice?: boolean,
  ): string | null
}

/** A weapon entry fights in close combat: a weapon with no Strength of its own to shoot with (missile-weapons.ts). */
export function isCloseCombatWeapon(entry: EntryDefinition): boolean {
  return entry.kind === 'weapon' && typeof entry.params?.strength !== 'number'
}

/** The close-combat weapons a unit (or a character) carries, and those of them that are special. */
function weaponsOf(ids: { has(id: string): boolean }, unit: Pick<UnitState, 'gear'>) {
  const carried = unit.gear.map((g) => g.id).filter((id) => ids.has(id))
  return { carried, special: carried.filter((id) => id !== HAND_WEAPON) }
}

/** Which close-combat weapon a unit fights with, from the ids of the ruleset's close-combat weapons. */
export function weaponChoice(weaponIds: readonly string[]): WeaponChoice {
  const ids: ReadonlySet<string> = new Set(weaponIds)

  /**
   * The weapon `unit` fights with at this moment of a combat: the round's choice when the combat
   * made one for it, else its own (its one special weapon, else its hand weapon; none when it
   * carries several special weapons and was not told which). A character fighting beside its unit,
   * or a moment built without the round's choices, so still gets its weapon.
   */
  function weaponOf(unit: UnitState, combat: CombatMoment): string | null {
    const chosen = combat.weapons?.[unit.id]
    if (chosen !== undefined) return chosen
    const { carried, special } = weaponsOf(ids, unit)
    if (special.length > 1) return null
    return special[0] ?? (carried.includes(HAND_WEAPON) ? HAND_WEAPON : null)
  }

  /**
   * Whether `unit` fights with `weapon` at this moment, for a weapon entry's `when`: `true`; the
   * reason it does not (another weapon); or null outside close combat, where close-combat weapons
   * say nothing (a shot, a spell, a lone declared attack).
   */
  function fightsWith(unit: UnitState, combat: CombatMoment | null, weapon: string): true | string | null {
    if (combat === null) return null
    const inUse = weaponOf(unit, combat)
    if (inUse === weapon) return true
    return `${unit.name} fights with ${inUse === null ? 'no close-combat weapon' : `its ${inUse}`} this round`
  }

  return { ids, weaponOf, fightsWith }
}

/**
 * A ruleset's close-combat weapons: `choice` over its weapon entries, found by their kind among `weapons`. The
 * entries are read on first use; they must be the ones `choice` names (a ruleset that lists one and not the other
 * is a programming error, said at once).
 */
export function closeCombatWeapons(
  choice: WeaponChoice,
  weapons: () => readonly EntryDefinition[],
): CloseCombatWeapons {
  let weaponsById: ReadonlyMap<string, EntryDefinition> | null = null
  function byId(): ReadonlyMap<string, EntryDefinition> {
    if (weaponsById) return weaponsById
    const found = weapons().filter(isCloseCombatWeapon)
    const ids = found.map((weapon) => weapon.id)
    if (ids.length !== choice.ids.size || ids.some((id) => !choice.ids.has(id)))
      throw new Error(
        `close-combat weapons: the entries (${ids.join(', ')}) are not those named (${[...choice.ids].join(', ')})`,
      )
    weaponsById = new Map(found.map((weapon) => [weapon.id, weapon]))
    return weaponsById
  }

  /** Whether a close-combat weapon needs both hands (its entry's `twoHanded` parameter). */
  function isTwoHanded(weapon: string | null): boolean {
    return weapon !== null && byId().get(weapon)?.params?.twoHanded === true
  }

  /**
   * The weapon a unit fights with this round (classic/variants §close-combat-weapon): a unit that
   * carries a special weapon (any close-combat weapon but the hand weapon) must fight with it; one
   * carrying several must be told which, by the `weapon` of its contact entry; otherwise it fights
   * with its hand weapon; null when it carries no close-combat weapon. With `handWeaponByChoice` (a ruleset
   * whose units choose their weapon each round) the hand weapon may be named beside a special weapon.
   */
  function weaponInUse(
    unit: UnitState,
    named: string | undefined,
    where: string,
    inContact = true,
    ruleset = 'classic',
    handWeaponByChoice = false,
  ): string | null {
    const { carried, special } = weaponsOf(byId(), unit)
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
      if (named === HAND_WEAPON && special.length > 0 && !handWeaponByChoice)
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
    return special[0] ?? (carried.includes(HAND_WEAPON) ? HAND_WEAPON : null)
  }

  return { ...choice, byId, isTwoHanded, weaponInUse }
}
