import type { EntryDefinition } from '../../engine/catalogue.js'
import type { CombatMoment } from '../../engine/effects.js'
import { RuleError } from '../../engine/errors.js'
import type { UnitState } from '../../engine/types.js'

/** The id of the weapon every other close-combat weapon replaces. */
const HAND_WEAPON = 'hand-weapon'

/**
 * A ruleset's close-combat weapons, found by their kind among its entries: which one a unit fights with, what the
 * procedures and the entries ask. The weapon entries ask it (`fightsWith`) and so cannot be imported by it (an
 * import cycle): the ruleset hands it its entries once (`findAmong`), which it reads on first use.
 */
export interface CloseCombatWeapons {
  /** The ruleset's entries, among which its close-combat weapons are found by their kind; handed over once. */
  findAmong(entries: () => readonly EntryDefinition[]): void
  /** The close-combat weapon entries by id. */
  byId(): ReadonlyMap<string, EntryDefinition>
  weaponOf(unit: UnitState, combat: CombatMoment): string | null
  fightsWith(unit: UnitState, combat: CombatMoment | null, weapon: string): true | string | null
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

/** The close-combat weapons of the ruleset `ruleset`, found among the entries it hands over (`findAmong`). */
export function closeCombatWeapons(ruleset: string): CloseCombatWeapons {
  let entries: (() => readonly EntryDefinition[]) | null = null
  let weaponsById: ReadonlyMap<string, EntryDefinition> | null = null

  function findAmong(found: () => readonly EntryDefinition[]): void {
    if (entries) throw new Error(`${ruleset}'s close-combat weapons: its entries were handed over already`)
    entries = found
  }

  function byId(): ReadonlyMap<string, EntryDefinition> {
    if (weaponsById) return weaponsById
    if (!entries) throw new Error(`${ruleset}'s close-combat weapons: asked before its entries were handed over`)
    weaponsById = new Map(
      entries()
        .filter(isCloseCombatWeapon)
        .map((weapon) => [weapon.id, weapon]),
    )
    return weaponsById
  }

  /**
   * The weapon `unit` fights with at this moment of a combat: the round's choice when the combat
   * made one for it, else its own (its one special weapon, else its hand weapon; none when it
   * carries several special weapons and was not told which). A character fighting beside its unit,
   * or a moment built without the round's choices, so still gets its weapon.
   */
  function weaponOf(unit: UnitState, combat: CombatMoment): string | null {
    const chosen = combat.weapons?.[unit.id]
    if (chosen !== undefined) return chosen
    const { carried, special } = weaponsOf(byId(), unit)
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

  return { findAmong, byId, weaponOf, fightsWith, isTwoHanded, weaponInUse }
}
