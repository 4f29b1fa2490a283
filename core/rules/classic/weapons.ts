import type { EntryDefinition } from '../../engine/catalogue.js'
import { RuleError } from '../../engine/errors.js'
import type { UnitState } from '../../engine/types.js'
import { additionalHandWeapon } from './entries/additional-hand-weapon.js'
import { draich } from './entries/draich.js'
import { greatWeapon } from './entries/great-weapon.js'
import { halberd } from './entries/halberd.js'
import { handWeapon } from './entries/hand-weapon.js'
import { lance } from './entries/lance.js'
import { spear } from './entries/spear.js'

/** The close-combat weapons of the catalogue; the hand weapon is the one every other replaces. */
const closeCombatWeapons: readonly EntryDefinition[] = [
  handWeapon,
  additionalHandWeapon,
  spear,
  lance,
  halberd,
  greatWeapon,
  draich,
]
const byId = new Map(closeCombatWeapons.map((weapon) => [weapon.id, weapon]))

/** Whether a close-combat weapon needs both hands (its entry's `twoHanded` parameter). */
export function isTwoHanded(weapon: string | null): boolean {
  return weapon !== null && byId.get(weapon)?.params?.twoHanded === true
}

/**
 * The weapon a unit fights with this round (classic/variants §close-combat-weapon): a unit that
 * carries a special weapon (any close-combat weapon but the hand weapon) must fight with it; one
 * carrying several must be told which, by the `weapon` of its contact entry; otherwise it fights
 * with its hand weapon; null when it carries no close-combat weapon.
 */
export function weaponInUse(
  unit: UnitState,
  named: string | undefined,
  where: string,
  inContact = true,
): string | null {
  const carried = unit.gear.map((g) => g.id).filter((id) => byId.has(id))
  const special = carried.filter((id) => id !== handWeapon.id)
  if (named !== undefined) {
    if (!byId.has(named))
      throw new RuleError(
        'rules/bad-weapon',
        `${where}: "${named}" is not a close-combat weapon (${[...byId.keys()].join(', ')})`,
      )
    if (!carried.includes(named))
      throw new RuleError(
        'rules/bad-weapon',
        `${where}: ${unit.name} does not carry a ${named} (it carries ${carried.join(', ') || 'no close-combat weapon'})`,
      )
    if (named === handWeapon.id && special.length > 0)
      throw new RuleError(
        'rules/bad-weapon',
        `${where}: ${unit.name} carries a ${special.join(' and a ')} and must fight with it, not its hand weapon ` +
          '(classic/variants §close-combat-weapon)',
      )
    return named
  }
  // A unit with no contact entry does not fight this round and cannot be told which: it wields none.
  if (special.length > 1 && !inContact) return null
  if (special.length > 1)
    throw new RuleError(
      'rules/bad-weapon',
      `${where}: ${unit.name} carries ${special.join(' and ')}: name the one it fights with (weapon) ` +
        '(classic/variants §close-combat-weapon)',
    )
  return special[0] ?? (carried.includes(handWeapon.id) ? handWeapon.id : null)
}
