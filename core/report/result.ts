import type { Engine, EngineState } from '../engine/driver.js'
import type { GameState, UnitState } from '../engine/types.js'
import { citedRules, type Explanation, type RuleRef } from '../explain/explanation.js'
import type { Figure, ReportResult, ScoreLine, Sentence } from './types.js'
import { bandWords, type Names, seqList } from './words.js'

/**
 * The result and its victory points: the ruleset's own count of what each unit gives whom (its VictoryRules, the
 * count GameEnded makes), each line with the rules it cites and the events it rests on, and the result in a sentence.
 */

/** The players by VP, best first (ties in the game's order). */
function standings(game: GameState): { id: string; vp: number }[] {
  const vp = game.result?.vp ?? game.score?.vp ?? {}
  return game.players
    .map((player, index) => ({ id: player.id, vp: vp[player.id] ?? 0, index }))
    .sort((a, b) => b.vp - a.vp || a.index - b.index)
}

/** "650 VP to 325", "300 VP each", "300 VP to 250 to 100". */
function score(ranked: readonly { vp: number }[]): string {
  const [first, ...rest] = ranked
  if (rest.every((p) => p.vp === first?.vp)) return `${first?.vp ?? 0} VP each`
  return `${first?.vp} VP to ${rest.map((p) => p.vp).join(' to ')}`
}

/** The result in one sentence: "Druchii win a solid victory, 650 VP to 325"; a draw; a concession; "so far". */
export function summaryText(game: GameState, names: Names, turnsAgreed: number): string {
  const ranked = standings(game)
  const vp = score(ranked)
  const result = game.result
  if (!result) {
    const [first, second] = ranked
    const lead =
      first && second && first.vp > second.vp ? `${names.player(first.id)} lead, ${vp}` : `the players are level, ${vp}`
    const when = game.turn === 0 ? 'before the first turn' : `turn ${game.turn} of ${turnsAgreed}`
    return `So far (${when}): ${lead}`
  }
  const conceded = result.conceded === null ? '' : `${names.player(result.conceded)} conceded in turn ${game.turn}: `
  if (result.winner === null) return `${conceded}${conceded ? 'the' : 'The'} game is a draw, ${vp}`
  return `${conceded}${names.player(result.winner)} win a ${bandWords(result.band)}, ${vp}`
}

/** The rules a tree cites and the seqs anywhere in it. */
function grounds(trees: readonly Explanation[]): { rules: RuleRef[]; seqs: number[] } {
  const seqs: number[] = []
  const walk = (node: Explanation): void => {
    if (node.from) seqs.push(...node.from)
    node.children.forEach(walk)
  }
  trees.forEach(walk)
  const rules = new Map<string, RuleRef>()
  for (const tree of trees)
    for (const rule of citedRules(tree)) rules.set(`${rule.ruleset}/${rule.id}#${rule.clause}`, rule)
  return { rules: [...rules.values()], seqs: seqList(seqs) }
}

/** A part of a unit's count in words; one that gives no figure (a character counted apart) with its own parts. */
function partText(part: Explanation): string {
  if (/\d/.test(part.text) || part.children.length === 0) return part.text
  return `${part.text} (${part.children.map(partText).join('; ')})`
}

function why(parts: readonly Explanation[]): Sentence {
  const { rules, seqs } = grounds(parts)
  return { text: parts.map(partText).join('; '), seqs, rules }
}

/** A trophy in a unit's count (a standard it holds, or one it no longer can): what it gives its own player. */
function isTrophy(part: Explanation): boolean {
  return part.rule?.clause === 'standards' || part.rule?.clause === 'victory-trophies-held'
}

/** Each unit's victory points now, as the ruleset counts them, by the player they go to. */
export function scoreLines(engine: Engine, state: EngineState, order: (unit: UnitState) => number): ScoreLine[] {
  const rules = engine.ruleset.victory
  const game = state.game as GameState
  if (!rules) return []
  const ctx = engine.contextFor(state)
  const lines: ScoreLine[] = []
  const units = Object.values(game.units).sort((a, b) => order(a) - order(b) || a.id.localeCompare(b.id))
  for (const unit of units) {
    const counted = rules.unitScore(ctx, unit)
    if (!counted.scores) continue
    const losses = counted.why.children.filter((part) => !isTrophy(part))
    const trophies = counted.why.children.filter(isTrophy)
    if (losses.length > 0)
      for (const player of game.players)
        if (player.id !== unit.player)
          lines.push({ player: player.id, unit: unit.name, vp: counted.lost, why: why(losses) })
    if (trophies.length > 0) lines.push({ player: unit.player, unit: unit.name, vp: counted.held, why: why(trophies) })
  }
  const rank = new Map(game.players.map((player, index) => [player.id, index]))
  return lines.sort((a, b) => (rank.get(a.player) ?? 0) - (rank.get(b.player) ?? 0))
}

export function resultOf(
  engine: Engine,
  state: EngineState,
  names: Names,
  turnsAgreed: number,
  order: (unit: UnitState) => number,
): ReportResult {
  const game = state.game as GameState
  const lines = scoreLines(engine, state, order)
  const result = game.result
  const vp: Record<string, Figure> = {}
  for (const player of game.players) {
    const seqs = lines.filter((line) => line.player === player.id).flatMap((line) => line.why.seqs)
    vp[player.id] = {
      value: result?.vp[player.id] ?? game.score?.vp[player.id] ?? 0,
      seqs: seqList(result ? [...seqs, result.seq] : seqs),
    }
  }
  return {
    ended: result !== undefined,
    reason: result?.reason ?? null,
    conceded: result?.conceded ?? null,
    winner: result?.winner ?? null,
    margin: result?.margin ?? 0,
    band: result?.band ?? null,
    vp,
    lines,
    summary: {
      text: summaryText(game, names, turnsAgreed),
      seqs: result ? [result.seq] : seqList(Object.values(vp).flatMap((figure) => figure.seqs)),
    },
  }
}
