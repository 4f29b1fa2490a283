import type { UnitState } from '../../engine/types.js'

/**
 * How many models make a rank of `unit` that counts (rank bonus, Disruption, Steadfast), as the variant's
 * `classic/variants §rank-width` says: five, or (8th) three for monstrous infantry and monstrous beasts.
 */
export function classicRankWidth(unit: UnitState, rankWidth: string): number {
  const monstrous = unit.troopType === 'monstrous-infantry' || unit.troopType === 'monstrous-beast'
  return rankWidth === 'three-for-monstrous-infantry-and-beasts' && monstrous ? 3 : 5
}

/** The width in words, as the explanations say it ("ranks of five"). */
export function rankWidthWords(width: number): string {
  return width === 3 ? 'three' : width === 5 ? 'five' : String(width)
}
