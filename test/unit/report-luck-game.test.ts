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
import { combatGame, ev, RulesetGame, unitDef } from '../helpers/classic-game.js'
import { classicWithHarderToWound } from '../helpers/harder-to-wound.js'
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

/** The steps of a game driven through the engine by the test helpers. */
function stepsOf(game: RulesetGame): Step[] {
  return game.steps.map((result, i) => ({
    seq: result.seq,
    type: game.drafts[i]?.type as string,
    payload: game.drafts[i]?.payload,
    outcomes: result.outcomes,
    requests: result.requests,
    turn: result.state.turn,
    activePlayer: result.state.activePlayer,
  }))
}

const sevenPlusRules = classicWithHarderToWound

describe('re-rolls and 7+ as the engine asks for them', () => {
  it("Hatred: the failed dice re-rolled, in order, make the engine's hits", () => {
    const game = combatGame(
      unitDef('haters', { models: 10, rules: [{ id: 'hatred', params: { enemies: 'all' } }] }),
      unitDef('foes', { models: 10 }),
    )
    game.apply(ev.joined('haters', 'foes', 5))
    game.roll([1, 3, 6, 2, 5]) // 4+: 6 and 5 hit; 1, 3 and 2 re-rolled
    expect(game.game.requests[game.openRequest()]).toMatchObject({ purpose: 're-roll-to-hit', count: 3 })
    game.roll([4, 1, 6]) // the 1 -> 4 hits, the 3 -> 1 misses, the 2 -> 6 hits: 4 hits
    const { rolls, outcomesAfter } = gather(stepsOf(game))
    const hit = rolls[0] as RolledRequest
    expect(hit.followUps.map((f) => f.purpose)).toEqual(['re-roll-to-hit'])
    expect(engineSuccesses(hit, outcomesAfter.get(hit) ?? [])).toBe(4)
    // 3/4 a die (1/2 + 1/2 × 1/2). Four of five: expected 15/4 < 4, P(X >= 4) = 5 × (3/4)^4 × 1/4 + (3/4)^5
    // = (405 + 243) / 1024 = 648/1024 = 81/128.
    expect(rollLuckOf(hit)?.tally).toMatchObject({ actual: 4, direction: 'luckier', chance: { exact: '81/128' } })
    expect(rollLuckOf(hit)?.text).toBe('5 dice to hit, 4+, failed ones re-rolled')
  })

  it("a 7+ to wound: the second dice score the engine's wounds", () => {
    const game = new RulesetGame(
      sevenPlusRules,
      ev.created(),
      ev.mustered(
        'p1',
        unitDef('executioners', { profile: { WS: 5, S: 3, I: 5, A: 1 }, gear: ['hand-weapon'], rules: [] }),
      ),
      ev.mustered(
        'p2',
        unitDef('guard', {
          profile: { WS: 1, T: 5, I: 1, A: 0 },
          gear: ['hand-weapon'],
          rules: ['test-harder-to-wound'],
        }),
      ),
      ev.turn(1, 'p1'),
      ev.phase('close-combat'),
    )
    game.apply({
      type: 'CombatJoined',
      actor: 'p1',
      payload: {
        combat: 'c1',
        sides: [
          { player: 'p1', units: [{ unit: 'executioners' }] },
          { player: 'p2', units: [{ unit: 'guard' }] },
        ],
        contact: [
          { unit: 'executioners', models: 3 },
          { unit: 'guard', models: 3 },
        ],
      },
    })
    game.roll([6, 6, 6]) // three hits
    game.roll([6, 3, 6]) // two 6s roll again
    expect(game.game.requests[game.openRequest()]).toMatchObject({ purpose: 'to-wound-7-plus', count: 2 })
    game.roll([5, 2]) // 4+: one wound
    const { rolls, outcomesAfter } = gather(stepsOf(game))
    const wound = rolls.find((roll) => roll.request.purpose === 'to-wound') as RolledRequest
    expect(wound.followUps.map((f) => f.purpose)).toEqual(['to-wound-7-plus'])
    expect(engineSuccesses(wound, outcomesAfter.get(wound) ?? [])).toBe(1)
    // 1/6 × 1/2 = 1/12 a die. One of three: expected 1/4 < 1, P(X >= 1) = 1 - (11/12)³ = 397/1728.
    expect(rollLuckOf(wound)?.tally).toMatchObject({ actual: 1, direction: 'luckier', chance: { exact: '397/1728' } })
  })
})

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

  it('its luck agrees with the engine roll by roll, and every die is a trial', async () => {
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
    // Its speed is measured by the bench (`npm run bench`: the 10k game's report), never here.
    const report = luckOf(rolls, players)
    const dice = rolls.reduce((sum, roll) => sum + roll.faces.length, 0)
    expect(rolls.length).toBeGreaterThan(3000)
    expect(report.uncounted).toBe(0)
    expect(report.players.map((p) => p.overall.trials).reduce((a, b) => a + b, 0)).toBe(dice)
    expect(report.luckiest).not.toBeNull()
  }, 120_000)
})
