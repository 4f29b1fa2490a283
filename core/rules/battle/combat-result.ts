import type { Facing, SideTally } from '../../engine/effects.js'
import { resolveModifiers } from '../../engine/modifiers.js'
import type { CombatState, UnitState } from '../../engine/types.js'
import { type Explanation, explain } from '../../explain/explanation.js'
import type { BattleContext } from './context.js'
import type { Round, SideCount } from './round-tally.js'

/**
 * The round's result: one side wiped out (the combat is over), or each side's tally and who won by how
 * much (winnerIndex -1 for a draw).
 */
export type CombatOutcome =
  | { readonly wipedOut: true }
  | {
      readonly wipedOut: false
      readonly tallies: readonly [SideTally, SideTally]
      readonly winnerIndex: number
      readonly difference: number
      readonly resultWhy: Explanation
    }

/** The combat result (core-mechanics A.6): each side's score from the round's tally and every result modifier. */
export function combatResult(r: Round): CombatOutcome {
  const { ctx, combat, round, seq } = r
  const tallies: readonly [SideTally, SideTally] = [sideTally(r, 0), sideTally(r, 1)]
  const [tallyA, tallyB] = tallies
  const wipedOut = tallies.findIndex((tally) => tally.units.length === 0)
  if (wipedOut >= 0) {
    const winner = tallies[1 - wipedOut] as SideTally
    ctx.emit({
      kind: 'combat-result',
      text:
        `combat ${combat.id}: ${(tallies[wipedOut] as SideTally).player} has nothing left in the combat; ` +
        `${winner.player} wins`,
      values: { combat: combat.id, round, scores: {}, winner: winner.player, difference: 0 },
      explanation: explain(`${winner.player} wins: the enemy is wiped out`, {
        rule: ctx.rule('combat-result', 'wiped-out'),
      }),
    })
    return { wipedOut: true }
  }

  const score = (
    side: SideTally,
    enemy: SideTally,
    stage: 'score' | 'tie',
    base: number,
    text: string,
    from: readonly number[] = [],
    details: readonly Explanation[] = [],
  ) =>
    resolveModifiers(
      { value: base, text, rule: ctx.rule('combat-result', stage === 'score' ? 'wounds' : 'winner'), from },
      ctx.modifiers('combat-result', { subject: side.units, opponent: enemy.units, combat, side, enemy, stage }),
      { mode: 'value', title: `${side.player}: {}`, rule: ctx.rule('combat-result', 'winner'), details },
    )
  const [countA, countB] = r.tally.sides
  let results = [
    score(tallyA, tallyB, 'score', tallyA.woundsCaused, woundsText(ctx, countA), countA.woundSeqs, countA.notes),
    score(tallyB, tallyA, 'score', tallyB.woundsCaused, woundsText(ctx, countB), countB.woundSeqs, countB.notes),
  ]
  let totals = results.map((result) => result.value ?? 0)
  const tieNotes: Explanation[] = []
  if (totals[0] === totals[1]) {
    const tie = [
      score(tallyA, tallyB, 'tie', totals[0] as number, 'a draw'),
      score(tallyB, tallyA, 'tie', totals[1] as number, 'a draw'),
    ]
    if (tie.some((result) => result.records.length > 0)) {
      tieNotes.push(...tie.map((result) => result.explanation))
      totals = tie.map((result) => result.value ?? 0)
      results = results.map((result, i) => ({ ...result, value: totals[i] as number }))
    }
  }
  const [totalA, totalB] = totals as [number, number]
  const difference = Math.abs(totalA - totalB)
  const winnerIndex = totalA === totalB ? -1 : totalA > totalB ? 0 : 1
  const winner = winnerIndex < 0 ? null : (tallies[winnerIndex as 0 | 1] as SideTally).player
  const resultWhy = explain(
    winner === null ? `a draw, ${totalA} all` : `${winner} wins by ${difference} (${totalA} to ${totalB})`,
    { value: difference, rule: ctx.rule('combat-result', 'winner'), from: [seq] },
    [...results.map((result) => result.explanation), ...tieNotes],
  )
  ctx.emit({
    kind: 'combat-result',
    text:
      `combat result: ${tallyA.player} ${totalA}, ${tallyB.player} ` +
      `${totalB}${winner ? `; ${winner} wins by ${difference}` : '; a draw'}`,
    values: {
      combat: combat.id,
      round,
      scores: { [tallyA.player]: totalA, [tallyB.player]: totalB },
      winner,
      difference,
    },
    explanation: resultWhy,
  })
  return { tallies, wipedOut: false, winnerIndex, difference, resultWhy }
}

/** One side as the combat result reads it: its fighting units, their facings, ranks and targets, its wounds. */
function sideTally(r: Round, index: number): SideTally {
  const { ctx, combat } = r
  const targets = r.plan.targets
  const units = r.live(index)
  const facings: Record<string, Facing> = {}
  const ranks: Record<string, number> = {}
  const rankMoment = ctx.profile.rankCount.value
  for (const unit of units) {
    facings[unit.id] = r.entryOf(unit.id)?.facing ?? 'front'
    const width = ctx.profile.rankWidth(unit).value
    ranks[unit.id] = fullRanks(
      unit,
      width,
      rankMoment === 'round-start' ? (r.start.models.get(unit.id) ?? 0) : unit.models,
    )
    // A unit that attacked no one this round counts against its only enemy (and pursues it).
    if (!targets[unit.id]) {
      const enemies = r.live(1 - index)
      if (enemies.length === 1) targets[unit.id] = (enemies[0] as UnitState).id
    }
  }
  const side = combat.sides[index] as CombatState['sides'][number]
  const ownTargets = Object.fromEntries(units.flatMap((u) => (targets[u.id] ? [[u.id, targets[u.id] as string]] : [])))
  return {
    player: side.player,
    units,
    woundsCaused: (r.tally.sides[index] as SideCount).woundsCaused,
    facings,
    targets: ownTargets,
    ranks,
    highGround: r.highGround === side.player,
  }
}

/** Ranks of `width` or more models (five; 8th's monstrous infantry three), the front rank included; none unless so wide. */
function fullRanks(unit: UnitState, width: number, models = unit.models): number {
  const files = unit.files
  if (files === null || files < width) return 0
  const full = Math.floor(models / files)
  return full + (models % files >= width ? 1 : 0)
}

function woundsText(ctx: BattleContext, count: SideCount): string {
  const { excess, regenerated } = count
  const text =
    excess === 0
      ? 'unsaved wounds caused'
      : `unsaved wounds caused (${excess} more past the enemy's last model do not count, ${ctx.game.ruleset}/variants §excess-wounds)`
  return regenerated > 0
    ? `${text}, less ${regenerated} regenerated (${ctx.game.ruleset}/regeneration §combat-result)`
    : text
}
