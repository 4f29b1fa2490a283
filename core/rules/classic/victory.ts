import type { ProcedureContext, UnitState } from '../../engine/types.js'
import type { ResultReading, VictoryRules } from '../../engine/victory.js'
import { type Explanation, explain } from '../../explain/explanation.js'
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
import type { ClassicContext } from './catalogue.js'

/** 7th-edition victory points (classic/victory-points): full for destroyed and fleeing, half at half strength. */
function conventions(ctx: ClassicContext): VictoryConventions {
  return {
    fleeing: 1,
    reduced: { atMost: 0.5, inclusive: true, worth: 0.5, words: 'half strength or less' },
    general: 100,
    standard: 100,
    unknownPoints: ctx.rule('variants', 'victory-unknown-points'),
    trophiesHeld: ctx.rule('variants', 'victory-trophies-held'),
  }
}

/** The result bands (classic/variants §victory-bands), by whole percents of the size of the battle. */
const BANDS = [
  { from: 50, band: 'massacre' },
  { from: 25, band: 'solid-victory' },
  { from: 10, band: 'marginal-victory' },
] as const

/** Each army's points as mustered, its characters' included: the largest is the size of the battle. */
function armyPoints(ctx: ClassicContext, player: string): number {
  const units = Object.values(ctx.game.units).filter((unit: UnitState) => unit.player === player)
  return units.reduce(
    (sum, unit) => sum + (unit.points ?? 0) + unit.characters.reduce((s, c) => s + (c.points ?? 0), 0),
    0,
  )
}

function reading(
  procedure: ProcedureContext,
  vp: Readonly<Record<string, number>>,
  conceded: string | null,
): ResultReading {
  const ctx = procedure as ClassicContext
  const [first, second] = ranked(vp) as [[string, number], [string, number]]
  const bands = ctx.rule('victory-points', 'result')
  if (conceded !== null) {
    const winner = concessionWinner(vp, conceded)
    const margin = leadOf(vp, winner)
    return {
      winner,
      margin,
      band: 'massacre',
      why: explain(
        `${conceded} concedes: ${winner} wins a massacre`,
        { value: 'massacre', rule: ctx.rule('victory-points', 'concession') },
        [explain('a concession is a massacre for the opponent', { rule: ctx.rule('variants', 'victory-bands') })],
      ),
    }
  }
  const margin = first[1] - second[1]
  const sizes = ctx.game.players.map((player) => ({ player: player.id, points: armyPoints(ctx, player.id) }))
  const size = Math.max(...sizes.map((s) => s.points))
  const sizeWhy = explain(
    `size of the battle: ${size} points, the largest army (${sizes.map((s) => `${s.player} ${s.points}`).join(', ')})`,
    {
      value: size,
      rule: ctx.rule('variants', 'victory-battle-size'),
      from: Object.values(ctx.game.units).map((u) => u.musteredAt),
    },
  )
  if (margin === 0)
    return {
      winner: null,
      margin: 0,
      band: 'draw',
      why: explain(`equal victory points (${first[1]} each): a draw`, { value: 'draw', rule: bands }),
    }
  if (size === 0)
    return {
      winner: first[0],
      margin,
      band: 'marginal-victory',
      why: explain(
        `${first[0]} has ${margin} more victory points and no army has points: a marginal victory`,
        { value: 'marginal-victory', rule: ctx.rule('variants', 'victory-battle-size') },
        [sizeWhy],
      ),
    }
  const share = Math.floor((margin * 100) / size)
  const band = BANDS.find((b) => share >= b.from)?.band ?? 'draw'
  const bandWords = band === 'draw' ? 'a draw' : `a ${band.replace('-', ' ')}`
  const reading: Explanation = explain(
    `${first[0]} leads by ${margin} victory points, ${share}% of the battle's ${size} points: ${bandWords}`,
    { value: band, rule: bands },
    [
      sizeWhy,
      explain('0-9% a draw, 10-24% marginal, 25-49% solid, 50%+ a massacre', {
        rule: ctx.rule('variants', 'victory-bands'),
      }),
    ],
  )
  return { winner: band === 'draw' ? null : first[0], margin, band, why: reading }
}

export const classicVictory: VictoryRules = {
  general: (ctx, player) => generalOf(ctx as BattleContext, player)?.model.id ?? null,
  unitScore: (ctx, unit) => unitVictoryPoints(ctx as BattleContext, unit, conventions(ctx as ClassicContext)),
  result(procedure, vp, conceded) {
    const ctx = procedure as ClassicContext
    const read = reading(procedure, vp, conceded)
    const rulings = {
      gameEnd: ctx.rule('variants', 'victory-game-end'),
      notScored: ctx.rule('variants', 'victory-not-scored'),
    }
    const reasons = endOfGame(ctx as BattleContext, conceded, rulings)
    return { ...read, why: { ...read.why, children: [...read.why.children, ...reasons] } }
  },
}
