import type { TroopTemplate } from '../../engine/types.js'
import type { Profile } from '../../events/event-types.js'

/**
 * Ready units for The Old World's Treeman and the troops to test its rules against (issue #8, Build 4). The seed
 * gives the Treeman's rules but no profile: its numbers are a default the players edit at muster, taken from the
 * Treeman as The Old World's Wood Elf list prints it as we recall it (M5 WS5 BS0 S6 T6 W6 I2 A5 Ld8; not checked
 * against the book: correct them at the table). The generic profiles are a human soldier's (as the classic
 * templates') and round monster numbers.
 *
 * The seed lists its seventeen entries under the one heading "Treemen" and does not say which a Treeman holds as
 * standard and which come with an option or a character. The ready Treeman holds those that describe the Treeman
 * itself and need no number the seed leaves out: Terror, Large Target, Tree Spirit, Immune to Psychology, Move
 * Through Cover, Stomp Attacks (D6), Regeneration (5+), Flammable, Timber!, Tree Whack and Lumbering (which grants
 * Close Order: "deemed a Close Order formation", seed line 89). Immune to Psychology and Move Through Cover are
 * listed on The Old World's Treemen as we recall them, not checked against the book. Its natural armour is
 * Armoured Hide (3), from an unarmoured 7+ to 4+: a default, as recalled, that the players edit. Left for the
 * players to add at muster: Armour Bane (the seed gives no X), Magical Attacks, Stubborn and Hatred (the seed names
 * no hated foe), which we take for an option's or a character's.
 */
const treeman: Profile = { M: 5, WS: 5, BS: 0, S: 6, T: 6, W: 6, I: 2, A: 5, Ld: 8 }
const soldier: Profile = { M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }
const ogre: Profile = { M: 6, WS: 3, BS: 2, S: 5, T: 5, W: 5, I: 2, A: 4, Ld: 7 }
const giant: Profile = { M: 6, WS: 3, BS: 3, S: 6, T: 5, W: 6, I: 2, A: 4, Ld: 6 }

export const treemanTroops: TroopTemplate[] = [
  {
    id: 'treeman',
    name: 'Treeman',
    summary:
      'behemoth: Terror, Large Target, Tree Spirit, Immune to Psychology, Move Through Cover, Armoured Hide (3), ' +
      'Stomp Attacks (D6), Regeneration (5+), Flammable, Timber!, Tree Whack, Lumbering (a Close Order formation)',
    unit: {
      id: 'treeman',
      name: 'Treeman',
      troopType: 'behemoth',
      race: 'wood-elves',
      models: 1,
      profile: { ...treeman },
      gear: ['hand-weapon'],
      rules: [
        'terror',
        'large-target',
        'tree-spirit',
        'immune-to-psychology',
        'move-through-cover',
        { id: 'armoured-hide', params: { X: 3 } },
        { id: 'stomp-attacks', params: { X: 'D6' } },
        { id: 'regeneration', params: { save: 5 } },
        'flammable',
        'timber',
        'tree-whack',
        'lumbering',
      ],
    },
  },
  {
    id: 'torch-bearers',
    name: 'Torch-bearers',
    summary: 'regular infantry with Flaming Attacks: the Treeman loses its Regeneration against them',
    unit: {
      id: 'torch-bearers',
      name: 'Torch-bearers',
      troopType: 'infantry',
      models: 10,
      profile: { ...soldier },
      gear: ['hand-weapon'],
      rules: ['flaming-attacks'],
      formation: { files: 5 },
      command: { champion: false, standard: true, musician: true },
    },
  },
  {
    id: 'giant',
    name: 'Giant',
    summary: 'a behemoth: its Stomp Attacks have AP -2 except against monstrous creatures and behemoths',
    unit: {
      id: 'giant',
      name: 'Giant',
      troopType: 'behemoth',
      models: 1,
      profile: { ...giant },
      gear: ['hand-weapon'],
      rules: [{ id: 'stomp-attacks', params: { X: 'D6' } }],
    },
  },
  {
    id: 'monster',
    name: 'Monster',
    summary: 'a monstrous creature: stomps with no AP, and too huge for a behemoth to trample',
    unit: {
      id: 'monster',
      name: 'Monster',
      troopType: 'monstrous-creature',
      models: 1,
      profile: { ...ogre },
      gear: ['hand-weapon'],
      rules: [{ id: 'stomp-attacks', params: { X: 'D3' } }],
    },
  },
]
