import type { TroopTemplate } from '../../engine/types.js'
import type { Profile } from '../../events/event-types.js'

/**
 * Ready units for the classic ruleset: generic troops built from the seed's generic gear (hand
 * weapon, spear, halberd, great weapon, lance, shield, light and heavy armour, command group) to
 * fight the Dark Elves with, and the Dark Elf units the seed's entries belong to.
 */
const fullCommand = { champion: true, standard: true, musician: true }

/** A human soldier of the generic lists: the profile every generic infantry unit starts from. */
const soldier: Profile = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }
const knight: Profile = { M: 8, WS: 4, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 8 }
const darkElf: Profile = { M: 5, WS: 4, BS: 4, S: 3, T: 3, W: 1, I: 5, A: 1, Ld: 8 }

function infantry(
  id: string,
  name: string,
  summary: string,
  gear: string[],
  options: { profile?: Profile; race?: string; rules?: string[] } = {},
): TroopTemplate {
  return {
    id,
    name,
    summary,
    unit: {
      id,
      name,
      troopType: 'infantry',
      ...(options.race ? { race: options.race } : {}),
      models: 20,
      profile: { ...(options.profile ?? soldier) },
      gear: ['hand-weapon', ...gear],
      rules: options.rules ?? [],
      formation: { files: 5 },
      command: { ...fullCommand },
    },
  }
}

export const classicTroops: readonly TroopTemplate[] = [
  infantry('swordsmen', 'Swordsmen', 'hand weapons and shields: the steady line', ['light-armour', 'shield']),
  infantry('spearmen', 'Spearmen', 'spears fight in two ranks; shields', ['spear', 'light-armour', 'shield']),
  infantry('halberdiers', 'Halberdiers', 'halberds: +1 Strength, two-handed', ['halberd', 'light-armour']),
  infantry('greatswords', 'Greatswords', 'great weapons: +2 Strength, strike last', ['great-weapon', 'heavy-armour']),
  {
    id: 'knights',
    name: 'Knights',
    summary: 'heavy cavalry with lances: +2 Strength on the charge',
    unit: {
      id: 'knights',
      name: 'Knights',
      troopType: 'cavalry',
      models: 6,
      profile: { ...knight },
      gear: ['hand-weapon', 'lance', 'heavy-armour', 'shield'],
      formation: { files: 3 },
      command: { ...fullCommand },
    },
  },
  infantry(
    'dark-elf-warriors',
    'Dark Elf Warriors',
    'spears and shields; all Dark Elves (the Hydra Banner counts them)',
    ['spear', 'light-armour', 'shield'],
    { profile: darkElf, race: 'dark-elves' },
  ),
  infantry('executioners', 'Executioners', 'Draich and Killing Blow, heavy armour', ['draich', 'heavy-armour'], {
    profile: { ...darkElf, WS: 5 },
    race: 'dark-elves',
    rules: ['killing-blow'],
  }),
]
