import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LocalGameApi, toEngineEvent } from '../../core/api/index.js'
import { createEngine, type GameState, type OpenRequest, type Outcome } from '../../core/engine/index.js'
import type { DiceRequestSpec } from '../../core/engine/types.js'
import { luckOf, rollLuckOf } from '../../core/report/luck.js'
import type { RolledRequest } from '../../core/report/types.js'
import { classic } from '../../core/rules/classic/index.js'
import { useBuiltGame } from '../helpers/built-game.js'
import { useTempDir } from '../helpers/temp.js'

/**
 * The luck of real games' dice: the rolls gathered from the engine's own requests and answers (as the report's fold
 * gathers them), their successes judged by the luck agreeing with what the engine made of them (its hits, wounds,
 * break tests), and a long game's luck worked out fast.
 */

interface Step {
  readonly seq: number
  readonly type: string
  readonly payload: unknown
  readonly outcomes: readonly Outcome[]
  readonly requests: readonly OpenRequest[]
  readonly turn: number
  readonly activePlayer: string | null
}

/** Each dice answer with its request; re-rolls and a 7+'s second dice go with the roll they belong to. */
function gather(steps: readonly Step[]): { rolls: RolledRequest[]; outcomesAfter: Map<RolledRequest, Outcome[]> } {
  const open = new Map<string, OpenRequest>()
  const rolls: RolledRequest[] = []
  const outcomesAfter = new Map<RolledRequest, Outcome[]>()
  for (const step of steps) {
    if (step.type === 'DiceRolled') {
      const { requestId, faces } = step.payload as { requestId: string; faces: number[] }
      const request = open.get(requestId) as OpenRequest & DiceRequestSpec
      const last = rolls[rolls.length - 1]
      const base = request.purpose.replace(/^re-roll-/, '').replace(/-7-plus$/, '')
      if (last && base !== request.purpose && last.request.purpose === base) {
        const grown = { ...last, followUps: [...last.followUps, { purpose: request.purpose, seq: step.seq, faces }] }
        rolls[rolls.length - 1] = grown
        outcomesAfter.set(grown, [...step.outcomes])
      } else {
        const roll = {
          request,
          seq: step.seq,
          faces,
          followUps: [],
          turn: step.turn,
          activePlayer: step.activePlayer,
        }
        rolls.push(roll)
        outcomesAfter.set(roll, [...step.outcomes])
      }
    }
    for (const request of step.requests) open.set(request.id, request)
  }
  return { rolls, outcomesAfter }
}

/** What the engine made of a roll, where it says so in one number: hits, wounds, a passed break test. */
function engineSuccesses(roll: RolledRequest, outcomes: readonly Outcome[]): number | null {
  const of = (kind: string) => outcomes.find((outcome) => outcome.kind === kind)?.values as Record<string, unknown>
  if (roll.request.purpose === 'to-hit') return of('hits')?.hits as number
  if (roll.request.purpose === 'to-wound') return of('wounds')?.wounds as number
  if (roll.request.purpose === 'break-test') return of('break-test')?.passed ? 1 : 0
  return null
}

function fold(events: Iterable<Parameters<typeof toEngineEvent>[0]>): Step[] {
  const engine = createEngine(classic)
  const state = engine.initialState()
  const steps: Step[] = []
  for (const envelope of events) {
    const result = engine.step(state, toEngineEvent(envelope), { explanations: false })
    const game = state.game as GameState
    steps.push({
      seq: envelope.seq,
      type: envelope.type,
      payload: envelope.payload,
      outcomes: result.outcomes,
      requests: result.requests,
      turn: game.turn,
      activePlayer: game.activePlayer,
    })
  }
  return steps
}

const tempDir = useTempDir()
const folder = join(import.meta.dirname, '..', 'scenarios', 'games')

describe('recorded games', () => {
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.jsonl'))) {
    it(`${file}: each roll's successes are the engine's`, async () => {
      const api = await LocalGameApi.open(join(tempDir(), 'luck.sqlite'), { underCurrentRules: true })
      try {
        const { gameId } = await api.importGame(readFileSync(join(folder, file), 'utf8'))
        const { rolls, outcomesAfter } = gather(fold(api.store.readEvents(gameId)))
        let checked = 0
        for (const roll of rolls) {
          const engine = engineSuccesses(roll, outcomesAfter.get(roll) ?? [])
          if (engine === null || engine === undefined) continue
          expect(rollLuckOf(roll)?.tally.actual, `seq ${roll.seq} ${roll.request.purpose}`).toBe(engine)
          checked += 1
        }
        expect(checked).toBeGreaterThan(3)
        const report = luckOf(rolls, [])
        const counted = report.players.reduce((sum, player) => sum + player.byKind.length, 0)
        expect(counted).toBeGreaterThan(0)
      } finally {
        await api.close()
      }
    })
  }
})

describe('a 10,000-event game', () => {
  const built = useBuiltGame(10_000, 19)

  it('its luck agrees with the engine roll by roll, and takes well under 300 ms', async () => {
    const api = await LocalGameApi.open(built.file)
    let steps: Step[]
    try {
      steps = fold(api.store.readEvents(built.built.gameId))
    } finally {
      await api.close()
    }
    const { rolls, outcomesAfter } = gather(steps)
    for (const roll of rolls) {
      const engine = engineSuccesses(roll, outcomesAfter.get(roll) ?? [])
      if (engine !== null && engine !== undefined) expect(rollLuckOf(roll)?.tally.actual).toBe(engine)
    }
    const players = [
      { id: 'druchii', name: 'Druchii raiders' },
      { id: 'orcs', name: 'Orc warband' },
    ]
    // CPU time, not the clock's: the machine running the tests may be busy with other work.
    const cpu = () => {
      const used = process.cpuUsage()
      return (used.user + used.system) / 1000
    }
    const times: number[] = []
    let report = luckOf([], players)
    for (let i = 0; i < 3; i++) {
      const start = cpu()
      report = luckOf(rolls, players)
      times.push(cpu() - start)
    }
    const dice = rolls.reduce((sum, roll) => sum + roll.faces.length, 0)
    console.log(`luck of ${rolls.length} rolls, ${dice} dice: ${times.map((t) => t.toFixed(1)).join(', ')} ms`)
    expect(rolls.length).toBeGreaterThan(3000)
    expect(report.uncounted).toBe(0)
    expect(report.players.map((p) => p.overall.trials).reduce((a, b) => a + b, 0)).toBe(dice)
    expect(report.luckiest).not.toBeNull()
    expect(Math.min(...times)).toBeLessThan(300)
  }, 120_000)
})
