import { defineEntry } from '../../../engine/catalogue.js'
import { CORE } from './sources.js'

/**
 * A model that rides: cavalry (a mount of one Wound) and a character on a monster. 7th-edition rules, as the seed
 * assumes them (core-mechanics A.10); the seed itself only names mounts (Lance, Spear "-Mounted", Thick-skinned).
 */
export const mounts = defineEntry({
  id: 'mounts',
  name: 'Riders and mounts',
  kind: 'core',
  source: `${CORE} A.5, A.10`,
  anchor: '7e:close-combat/cavalry',
  text:
    'Rider and mount are one model. Each strikes with its own WS, S, I and A and its own weapons. Blows at cavalry ' +
    "hit the rider's WS, T and W; when the rider is slain the whole model is removed. A monster and its rider are " +
    'wounded apart: the attacker says how many attacks go at each; a slain monster leaves its rider on foot, a slain ' +
    'rider leaves the monster to fight on. Shooting hits on a ridden monster fall on the monster on a D6 of 1-4, on ' +
    'the rider on 5-6.',
  clauses: {
    'split-profile': 'the rider and the mount each strike with their own WS, S, I and A, in their own Initiative step',
    'own-weapons':
      "the rider's weapons and their bonuses are the rider's (a lance's +2 S is not the horse's); the mount fights " +
      'with its own gear and rules only (classic/variants §mount-rules)',
    'rider-wounded':
      'blows at a cavalry model are struck at the rider: its WS, T and W, and its armour save (+1 mounted)',
    'rider-slain': 'when the rider is slain the whole model is removed: its mount strikes no more',
    'no-supporting':
      'only mounts in base contact strike: a mount makes no supporting attacks (classic/variants §mount-support)',
    'ridden-monster':
      "a monster's wounds are recorded apart from its rider's; attacks are at the rider unless the attacker directs " +
      'them at the monster (classic/variants §ridden-monster-attacks); a monster gives its rider no +1 mounted save; ' +
      'when the rider is slain the monster fights on with its own profile, after a Monster Reaction test on its own Ld',
    'shot-at-monster':
      'shooting hits on a character riding a monster are shared out: a D6 for each hit, 1-4 hits the monster, 5-6 ' +
      'the rider; each is wounded with its own T and saves as it may (classic/variants §ridden-monster-shots)',
    'monster-reaction':
      'when its rider is slain a monster at once takes a Monster Reaction test: a Leadership test on its own Ld (not ' +
      "its General's); passed, it fights on as normal; failed, roll a D6 on the Monster Reaction table",
    'monster-slain': 'a slain monster strikes no more; its rider fights on, on foot',
  },
  enforcement: 'enforced',
})
