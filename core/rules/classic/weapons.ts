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
 * The weapon a unit fights with this round (classic/variants §close-combat-weapon): the one the
 * players name in its contact entry, which it must carry; else its one special weapon (any
 * close-combat weapon but the hand weapon); else its hand weapon; null when it carries none. A
 * unit with several special weapons must be told which.
 */
export function weaponInUse(
  unit: UnitState,
  named: string | undefined,
  where: string,
  inContact = true,
): string | null {
  const carried = unit.gear.map((g) => g.id).filter((id) => byId.has(id))
  if (named !== undefined) {
    if (!byId.has(named))
      throw new RuleError(
        'rules/bad-weapon',
        `${where}: "${named}" is not a close-combat weapon (${[...byId.keys()].join(', ')}) (classic/variants §close-combat-weapon)`,
      )
    if (!carried.includes(named))
      throw new RuleError(
        'rules/bad-weapon',
        `${where}: ${unit.name} does not carry a ${named} (it carries ${carried.join(', ') || 'no close-combat weapon'})`,
      )
    return named
  }
  const special = carried.filter((id) => id !== handWeapon.id)
  // A unit with no contact entry does not fight this round and cannot be told which: it wields none.
  if (special.length > 1 && !inContact) return null
  if (special.length > 1)
    throw new RuleError(
      'rules/bad-weapon',
      `${where}: ${unit.name} carries ${special.join(' and ')}: name the weapon it fights with (weapon) ` +
        '(classic/variants §close-combat-weapon)',
    )
  return special[0] ?? (carried.includes(handWeapon.id) ? handWeapon.id : null)
}
