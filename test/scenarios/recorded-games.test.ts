import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type GameView, LocalGameApi, replaySteps, type StepView } from '../../core/api/index.js'
import { canonicalJson } from '../../core/events/index.js'
import { useTempDir } from '../helpers/temp.js'

/**
 * Golden replays: each recorded game (JSON Lines, as `arbiter export` writes it) is imported —
 * which verifies its chain and replays it — then replayed twice; the outcomes must match the
 * hand-checked expectations beside it, and the two replays must be byte-identical.
 */
const folder = join(import.meta.dirname, 'games')
const games = readdirSync(folder)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()
const tempDir = useTempDir()

interface Expected {
  outcomes: { seq: number; kind: string; values: Record<string, unknown> }[]
  requests: { seq: number; purpose: string; count: number; need: number }[]
  final: { seq: number; models: Record<string, number>; openRequests: number }
}

async function replayAll(api: LocalGameApi, gameId: string): Promise<{ steps: StepView[]; final: GameView }> {
  const steps: StepView[] = []
  const replay = replaySteps(api, gameId)
  for (;;) {
    const next = await replay.next()
    if (next.done) return { steps, final: next.value }
    steps.push(next.value)
  }
}

describe('recorded games', () => {
  it('there are recorded games to replay', () => {
    expect(games.length).toBeGreaterThanOrEqual(2)
  })

  for (const file of games) {
    it(`${file} replays to its expected outcomes, the same way twice`, async () => {
      const expected = JSON.parse(
        readFileSync(join(folder, file.replace(/\.jsonl$/, '.expected.json')), 'utf8'),
      ) as Expected
      // The scenarios assert the outcomes under this Arbiter's rules, so they replay under the
      // current catalogue on purpose even after it grows past the one they were recorded with.
      const api = await LocalGameApi.open(join(tempDir(), 'scenario.sqlite'), { underCurrentRules: true })
      const { gameId } = await api.importGame(readFileSync(join(folder, file), 'utf8'))
      const first = await replayAll(api, gameId)
      const second = await replayAll(api, gameId)

      expect(
        first.steps.flatMap((s) => s.outcomes.map((o) => ({ seq: o.seq, kind: o.kind, values: o.values }))),
      ).toEqual(expected.outcomes)
      expect(
        first.steps.flatMap((s) =>
          s.requests.map((r) => ({
            seq: r.openedAt,
            purpose: r.purpose,
            count: r.kind === 'dice' ? r.count : 0,
            need: r.kind === 'dice' ? r.need : 0,
          })),
        ),
      ).toEqual(expected.requests)
      expect(first.final.seq).toBe(expected.final.seq)
      expect(Object.fromEntries(Object.values(first.final.state.units).map((u) => [u.id, u.models]))).toEqual(
        expected.final.models,
      )
      expect(first.final.openRequests).toHaveLength(expected.final.openRequests)

      expect(canonicalJson(second.steps)).toBe(canonicalJson(first.steps))
      expect(canonicalJson(second.final.state)).toBe(canonicalJson(first.final.state))
      await api.close()
    })
  }
})
