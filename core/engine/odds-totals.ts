import type { TotalJudging } from './types.js'

/** What a set of dice comes to, die by die: the dice kept so far (or their sum) and the natural faces counted. */
interface DiceSoFar {
  /** The kept dice, best first (with `keep`), or one number, the sum of every die. */
  readonly kept: readonly number[]
  /** How many dice showed each natural face watched, capped at the most any natural roll asks for. */
  readonly seen: readonly number[]
  ways: bigint
}

export interface TotalDistribution {
  /** The number of face combinations (of `denominator`) giving each total, `add` included. */
  readonly totals: Map<number, bigint>
  /** Combinations that pass the test; 0 when there is none. */
  readonly passes: bigint
  /** Combinations that fail it the worse way (`worseAbove`). */
  readonly worse: bigint
  /** sides^count: every combination. */
  readonly denominator: bigint
}

/** One face added to the dice kept: the highest (or lowest) `count` stay, in order. */
function keepWith(kept: readonly number[], face: number, which: 'highest' | 'lowest', count: number): number[] {
  const next = [...kept, face].sort(which === 'highest' ? (x, y) => y - x : (x, y) => x - y)
  return next.length > count ? next.slice(0, count) : next
}

/**
 * Every combination of `count` dice of `sides`, grouped as the judging needs them (the kept dice and the natural
 * faces), die by die: the number of states stays small where 6^count does not. Then each state is judged in the
 * judging's order: natural rolls, a natural total that fails, the worse grade, the test on the total.
 */
export function totalDistribution(count: number, sides: number, judging: TotalJudging): TotalDistribution {
  const keep = judging.keep
  const watched = [...new Set((judging.naturals ?? []).map((natural) => natural.face))]
  const cap = watched.map((face) =>
    Math.max(...(judging.naturals ?? []).filter((n) => n.face === face).map((n) => n.count)),
  )
  let states = new Map<string, DiceSoFar>([['', { kept: keep ? [] : [0], seen: watched.map(() => 0), ways: 1n }]])
  for (let die = 0; die < count; die++) {
    const next = new Map<string, DiceSoFar>()
    for (const state of states.values()) {
      for (let face = 1; face <= sides; face++) {
        const kept = keep ? keepWith(state.kept, face, keep.which, keep.count) : [(state.kept[0] as number) + face]
        const seen = state.seen.map((n, i) => (watched[i] === face ? Math.min(n + 1, cap[i] as number) : n))
        const key = `${kept.join(',')}|${seen.join(',')}`
        const known = next.get(key)
        if (known) known.ways += state.ways
        else next.set(key, { kept, seen, ways: state.ways })
      }
    }
    states = next
  }

  const add = judging.add ?? 0
  const totals = new Map<number, bigint>()
  let passes = 0n
  let worse = 0n
  for (const state of states.values()) {
    const dice = state.kept.reduce((sum, face) => sum + face, 0)
    const total = dice + add
    totals.set(total, (totals.get(total) ?? 0n) + state.ways)
    const verdict = judge(judging, dice, total, (face) => state.seen[watched.indexOf(face)] ?? 0)
    if (verdict === 'pass') passes += state.ways
    else if (verdict === 'worse') worse += state.ways
  }
  return { totals, passes, worse, denominator: BigInt(sides) ** BigInt(count) }
}

/**
 * The faces of one roll judged as `totalDistribution` judges each combination (so a verdict and the odds before the
 * roll cannot disagree): the kept dice added up, the natural faces counted. 'none' for a count, which no test judges.
 */
export function totalVerdict(judging: TotalJudging, faces: readonly number[]): 'pass' | 'fail' | 'worse' | 'none' {
  const keep = judging.keep
  let kept: readonly number[] = faces
  if (keep) {
    kept = []
    for (const face of faces) kept = keepWith(kept, face, keep.which, keep.count)
  }
  const dice = kept.reduce((sum, face) => sum + face, 0)
  const showing = (face: number) => faces.filter((shown) => shown === face).length
  return judge(judging, dice, dice + (judging.add ?? 0), showing)
}

/**
 * A total judged as the judging says: the first natural roll that applies; the dice alone at or below
 * `naturalAtMostFails`; above `worseAbove` (the worse failure); else the test on the total.
 */
function judge(
  judging: TotalJudging,
  dice: number,
  total: number,
  showing: (face: number) => number,
): 'pass' | 'fail' | 'worse' | 'none' {
  for (const natural of judging.naturals ?? []) {
    if (showing(natural.face) < natural.count) continue
    if (natural.passes) return 'pass'
    return judging.worseAbove === undefined ? 'fail' : 'worse'
  }
  if (judging.naturalAtMostFails !== undefined && dice <= judging.naturalAtMostFails) return 'fail'
  if (judging.worseAbove !== undefined && dice > judging.worseAbove) return 'worse'
  const pass = judging.pass
  if (!pass) return 'none'
  if ('never' in pass) return 'fail'
  if ('atMost' in pass) return total <= pass.atMost ? 'pass' : 'fail'
  return total >= pass.atLeast ? 'pass' : 'fail'
}
