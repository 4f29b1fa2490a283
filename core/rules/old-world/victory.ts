import type { ProcedureContext } from '../../engine/types.js'
import type { ResultReading, VictoryRules } from '../../engine/victory.js'
import { explain } from '../../explain/explanation.js'
import type { BattleContext } from '../battle/context.js'
import { generalOf } from '../battle/leadership.js'
import {
  concessionWinner,
  endOfGame,
  leadOf,
  ranked,
  unitVictoryPoints,
  type VictoryConventions,
} from '../battle/victory-points.js'
import type { OldWorldContext } from './catalogue.js'

/** The Old World's victory points (old-world/victory-points): full destroyed, half fleeing, a quarter below 25%. */
function conventions(ctx: OldWorldContext): VictoryConventions {
  return {
    fleeing: 0.5,
    reduced: { atMost: 0.25, inclusive: false, worth: 0.25, words: 'below 25% of its start' },
    general: 100,
    generalRuling: ctx.rule('variants', 'victory-general'),
    standard: 50,
    unknownPoints: ctx.rule('variants', 'victory-unknown-points'),
    trophiesHeld: ctx.rule('variants', 'victory-trophies-held'),
  }
}

/** A victory needs this many VP more than the opponent (old-world/variants §victory-bands). */
const VICTORY_MARGIN = 100

function reading(
  procedure: ProcedureContext,
  vp: Readonly<Record<string, number>>,
  conceded: string | null,
): ResultReading {
  const ctx = procedure as OldWorldContext
  const bands = ctx.rule('variants', 'victory-bands')
  if (conceded !== null) {
    const winner = concessionWinner(vp, conceded)
    return {
      winner,
      margin: leadOf(vp, winner),
      band: 'crushing-victory',
      why: explain(
        `${conceded} concedes: ${winner} wins a crushing victory`,
        { value: 'crushing-victory', rule: ctx.rule('victory-points', 'concession') },
        [explain('a concession gives the opponent the heaviest result', { rule: bands })],
      ),
    }
  }
  const [first, second] = ranked(vp) as [[string, number], [string, number]]
  const margin = first[1] - second[1]
  const rule = ctx.rule('victory-points', 'result')
  if (margin < VICTORY_MARGIN)
    return {
      winner: null,
      margin,
      band: 'draw',
      why: explain(`${first[0]} leads by ${margin}, less than ${VICTORY_MARGIN}: a draw`, { value: 'draw', rule }, [
        explain(`a victory needs at least ${VICTORY_MARGIN} victory points more`, { rule: bands }),
      ]),
    }
  const crushing = first[1] >= 2 * second[1]
  const band = crushing ? 'crushing-victory' : 'victory'
  return {
    winner: first[0],
    margin,
    band,
    why: explain(
      `${first[0]} scores ${first[1]} against ${second[1]}: ${margin} more${crushing ? ', and at least twice as many' : ''}: ` +
        `${crushing ? 'a crushing victory' : 'a victory'}`,
      { value: band, rule },
      [
        explain(`at least ${VICTORY_MARGIN} more is a victory, at least twice as many besides a crushing victory`, {
          rule: bands,
        }),
      ],
    ),
  }
}

export const oldWorldVictory: VictoryRules = {
  general: (ctx, player) => generalOf(ctx as BattleContext, player)?.model.id ?? null,
  unitScore: (ctx, unit) => unitVictoryPoints(ctx as BattleContext, unit, conventions(ctx as OldWorldContext)),
  result(procedure, vp, conceded) {
    const ctx = procedure as OldWorldContext
    const read = reading(procedure, vp, conceded)
    const rulings = {
      gameEnd: ctx.rule('variants', 'victory-game-end'),
      notScored: ctx.rule('variants', 'victory-not-scored'),
    }
    const reasons = endOfGame(ctx as BattleContext, conceded, rulings)
    return { ...read, why: { ...read.why, children: [...read.why.children, ...reasons] } }
  },
}
