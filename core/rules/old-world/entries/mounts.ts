import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/** Split profiles (cavalry, characters on cavalry mounts and ridden monsters): The Old World's own rules. */
export const mounts = defineEntry({
  id: 'mounts',
  name: 'Split profiles',
  kind: 'core',
  source: `${CORE} B.5`,
  anchor: 'tow:troop-types-in-detail/split-profile-cavalry',
  text:
    'Rider and mount make a single model. Special rules of one apply to the other. Each uses its own WS, BS, S, I ' +
    "and A and its own weapons. Enemy rolls to hit are made against the rider's WS; the model saves with the " +
    "rider's armour (a ridden monster: the better of the two). When the rider is reduced to 0 Wounds the model as " +
    'a whole is removed.',
  clauses: {
    'split-profile': 'the rider and the mount each use their own WS, BS, S, I and A, in their own Initiative step',
    'own-weapons': "each uses its own weapons: a lance is the rider's, never the mount's",
    'shared-rules': 'unless noted otherwise, special rules that apply to one element apply to the other as well',
    'rider-wounded':
      "enemy rolls to hit are against the rider's WS, and the model's T and W are the rider's (as the mount improves " +
      'them, written in its profile)',
    'rider-slain': 'if the rider is reduced to zero Wounds, the model as a whole is removed from play',
    'no-supporting':
      'only mounts in base contact strike: a mount makes no supporting attacks (old-world/variants §mount-support)',
    'ridden-monster':
      "every blow at a ridden monster falls on the character, as at a cavalry model's rider " +
      "(old-world/variants §ridden-monster-attacks); it saves with the better of the mount's and the character's " +
      'armour value',
  },
  enforcement: 'enforced',
})
