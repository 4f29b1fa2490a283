/**
 * The what-if figure (issue 18): GameApi.whatIf on a fresh GameApi (so its whole-chain check is paid too), forking
 * the 10,000-event game at the first dice answer from seq 100 on. Three forks: the same faces in reverse order (the
 * fork becomes the game again soon after, and stops folding there), every face a 6 (a real change, which the game's
 * later rolls may no longer fit: the fork then stops where they do), and a note added after seq 100 (every later
 * seq moves on by one, so the two games never become the same again: all 9,900 events folded twice and compared,
 * the worst case).
 */
import { LocalGameApi, type WhatIfEdit } from '../../core/api/index.js'

const FORK_AT = 100
const RUNS = 5

export interface WhatIfFigures {
  /** Median and worst milliseconds of each fork. */
  readonly reversed: { readonly median: number; readonly worst: number; readonly stopped: number | null }
  readonly sixes: { readonly median: number; readonly worst: number; readonly stopped: number | null }
  readonly added: { readonly median: number; readonly worst: number; readonly stopped: number | null }
  readonly seq: number
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

export async function whatIfFigures(file: string, gameId: string): Promise<WhatIfFigures> {
  const api = await LocalGameApi.open(file, { mustExist: true, readOnly: true })
  let seq = 0
  let faces: number[] = []
  try {
    for (let fromSeq = FORK_AT; seq === 0; fromSeq += 100) {
      const { steps } = await api.replay(gameId, { fromSeq, limit: 100 })
      const dice = steps.find((step) => step.type === 'DiceRolled')
      if (dice) {
        seq = dice.seq
        faces = (dice.payload as { faces: number[] }).faces
      }
    }
  } finally {
    await api.close()
  }
  const time = async (edits: WhatIfEdit[]) => {
    const times: number[] = []
    let stopped: number | null = null
    for (let run = 0; run < RUNS; run++) {
      const fresh = await LocalGameApi.open(file, { mustExist: true, readOnly: true })
      const started = process.hrtime.bigint()
      const result = await fresh.whatIf(gameId, edits)
      times.push(Number(process.hrtime.bigint() - started) / 1e6)
      stopped = result.stopped?.seq ?? null
      await fresh.close()
    }
    return { median: median(times), worst: Math.max(...times), stopped }
  }
  const reversed = await time([{ kind: 'dice', seq, faces: [...faces].reverse() }])
  const sixes = await time([{ kind: 'dice', seq, faces: faces.map(() => 6) }])
  const added = await time([
    { kind: 'add', after: FORK_AT, type: 'Note', actor: 'druchii', payload: { text: 'what if' } },
  ])
  return { reversed, sixes, added, seq }
}
