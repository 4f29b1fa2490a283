import type { TroopTemplate } from '../../engine/types.js'

/**
 * Ready Old World units for the muster screen: generic troops to fight the seed's Treemen with (the seed's own
 * units are listed beside these).
 */
export const oldWorldGenericTroops: TroopTemplate[] = [
  {
    id: 'state-troops',
    name: 'State Troops',
    summary: 'regular infantry with hand weapons, shields and light armour (5+, Parry 4+ in combat); full command',
    unit: {
      id: 'state-troops',
      name: 'State Troops',
      troopType: 'infantry',
      models: 20,
      profile: { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
      gear: ['hand-weapon', 'shield', 'light-armour'],
      rules: ['close-order'],
      formation: { files: 5 },
      command: { champion: true, standard: true, musician: true },
    },
  },
]
