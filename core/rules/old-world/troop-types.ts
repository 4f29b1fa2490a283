import type { TroopType } from '../../events/event-types.js'

/**
 * The Old World's troop types (core-mechanics B.8): `infantry` is its regular infantry. Rules such
 * as the behemoth's stomp and Lumbering read them.
 */
export const OLD_WORLD_TROOP_TYPES: readonly TroopType[] = [
  'infantry',
  'heavy-infantry',
  'monstrous-infantry',
  'swarm',
  'light-cavalry',
  'heavy-cavalry',
  'monstrous-cavalry',
  'war-beast',
  'light-chariot',
  'heavy-chariot',
  'monstrous-creature',
  'behemoth',
  'war-machine',
]
