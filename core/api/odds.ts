/**
 * The odds before a roll, as the api hands them to the renderer and reports: worked out in core (core/engine/odds.ts)
 * from a dice request's `odds`, how its procedure will judge the faces. Browser-safe: no store, no Node.
 */
export {
  type AtLeast,
  type DiceOdds,
  type DiceOddsRequest,
  diceOdds,
  MAX_ODDS_DICE,
  MAX_TOTAL_DICE,
  type OddsOfRequest,
  type Probability,
  type RollOdds,
  requestOdds,
  rollOdds,
} from '../engine/odds.js'
export type { DiceJudging, EachDieJudging, NaturalRoll, TotalJudging } from '../engine/types.js'
