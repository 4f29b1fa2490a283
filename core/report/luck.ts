import type { LuckReport, ReportPlayer, RolledRequest } from './types.js'

// PROVISIONAL (replaced by the luck helper's real implementation before landing): counts nothing yet.
export function luckOf(rolls: readonly RolledRequest[], players: readonly ReportPlayer[]): LuckReport {
  return { players: [], luckiest: null, unluckiest: null, uncounted: rolls.length + players.length * 0 }
}
