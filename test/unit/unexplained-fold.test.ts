import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDemoGame } from '../../core/api/demo-game.js'
import { foldEvents, LocalGameApi } from '../../core/api/index.js'
import { rulesetOf } from '../../core/api/rulesets.js'
import { createEngine, type Engine, type EngineState, type StepResult } from '../../core/engine/index.js'
import { canonicalJson } from '../../core/events/index.js'
import { NOT_EXPLAINED } from '../../core/explain/index.js'
import type { FoldedEvent } from '../../core/store/event-store.js'
import { buildGame } from '../bench/build-game.js'
import { useTempDir } from '../helpers/temp.js'

/**
 * A fold that reads no explanations (`StepOptions.explanations` false: a verify's, an audit's state) builds
 * none of the trees that go only into explanations, and changes nothing else: after every step the state
 * (its open requests, explanations and all), the snapshot, the outcomes' kinds, values and texts and the
 * requests are byte for byte those of a fold with explanations; and a fold that leaves explanations out
 * until no procedure is open, then asks for them, explains every later step as the full fold does.
 */
const tempDir = useTempDir()
const recorded = join(import.meta.dirname, '../scenarios/games')

interface Game {
  readonly name: string
  readonly ruleset: string
  readonly events: readonly FoldedEvent[]
}

async function gamesToFold(): Promise<Game[]> {
  const api = await LocalGameApi.open(join(tempDir(), 'games.sqlite'), { underCurrentRules: true })
  const ids: { name: string; gameId: string }[] = []
  for (const file of readdirSync(recorded).filter((f) => f.endsWith('.jsonl'))) {
    const { gameId } = await api.importGame(readFileSync(join(recorded, file), 'utf8'))
    ids.push({ name: file, gameId })
  }
  ids.push({ name: 'the demo game', gameId: await createDemoGame(api) })
  const games = ids.map(({ name, gameId }) => {
    const events = [...api.store.readEvents(gameId, { forFold: true })]
    return { name, ruleset: (events[0]!.payload as { ruleset: string }).ruleset, events }
  })
  await api.close()
  const benchFile = join(tempDir(), 'bench.sqlite')
  const bench = await buildGame(benchFile, 3000, 17)
  const benchApi = await LocalGameApi.open(benchFile, { mustExist: true })
  games.push({
    name: 'a 3,000-event bench game',
    ruleset: 'classic',
    events: [...benchApi.store.readEvents(bench.gameId, { forFold: true })],
  })
  await benchApi.close()
  return games
}

/** What a step gives that does not depend on its explanations being read. */
function unexplainedParts(step: StepResult | null): string {
  if (!step) return 'skipped'
  return canonicalJson({
    outcomes: step.outcomes.map(({ explanation: _e, ...rest }) => rest),
    requests: step.requests,
  })
}

function fold(engine: Engine, events: readonly FoldedEvent[], explanations: (seq: number) => boolean) {
  const state: EngineState = engine.initialState()
  const steps: { step: StepResult | null; game: string; snapshot: string | null }[] = []
  for (const event of events)
    foldEvents(
      engine,
      state,
      [event],
      (step) => steps.push({ step, game: canonicalJson(state.game), snapshot: engine.snapshot(state) }),
      undefined,
      { explanations: explanations(event.seq) },
    )
  return steps
}

describe('a fold that reads no explanations', async () => {
  const games = await gamesToFold()

  it('has games of every kind of step to fold', () => {
    expect(games.length).toBeGreaterThanOrEqual(5)
    for (const game of games) expect(game.events.length).toBeGreaterThan(10)
  })

  for (const game of games) {
    it(`${game.name}: state, snapshots, outcomes and requests are those of the explained fold, step by step`, () => {
      const engine = createEngine(rulesetOf(game.ruleset))
      const explained = fold(engine, game.events, () => true)
      const unexplained = fold(engine, game.events, () => false)
      let left = 0
      expect(unexplained).toHaveLength(explained.length)
      explained.forEach((full, i) => {
        const bare = unexplained[i]!
        expect(bare.game).toBe(full.game)
        expect(bare.snapshot).toBe(full.snapshot)
        expect(unexplainedParts(bare.step)).toBe(unexplainedParts(full.step))
        expect(bare.step?.explanation ?? null).toBeNull()
        for (const outcome of bare.step?.outcomes ?? []) if (outcome.explanation === NOT_EXPLAINED) left += 1
      })
      // The fold did leave trees out (the game has strikes), and the explained fold built every one.
      expect(left).toBeGreaterThan(0)
      for (const { step } of explained)
        for (const o of step?.outcomes ?? []) expect(o.explanation).not.toBe(NOT_EXPLAINED)
    })

    it(`${game.name}: explanations asked for after no procedure is open are those of the full fold`, () => {
      const engine = createEngine(rulesetOf(game.ruleset))
      const explained = fold(engine, game.events, () => true)
      // The first seq past the middle after which no procedure is open: from there on explanations are asked for.
      const middle = Math.floor(game.events.length / 2)
      const quiet = explained.findIndex((s, i) => i >= middle && s.snapshot !== null)
      expect(quiet).toBeGreaterThan(0)
      const from = game.events[quiet + 1]!.seq
      const mixed = fold(engine, game.events, (seq) => seq >= from)
      for (let i = quiet + 1; i < explained.length; i++) {
        expect(canonicalJson(mixed[i]!.step)).toBe(canonicalJson(explained[i]!.step))
        expect(mixed[i]!.game).toBe(explained[i]!.game)
      }
    })
  }

  it('refuses to explain a step of a game folded without explanations while a procedure it began is open', () => {
    const game = games.find((g) => g.name.includes('bench'))!
    const engine = createEngine(rulesetOf(game.ruleset))
    const state = engine.initialState()
    const open = game.events.findIndex((event, i) => {
      foldEvents(engine, state, [event], undefined, undefined, { explanations: false })
      return i > 0 && state.frames.size > 0
    })
    const next = game.events[open + 1]!
    expect(() => foldEvents(engine, state, [next])).toThrow(
      `game ${next.gameId} seq ${next.seq} (${next.type}): the engine could not fold it: seq ${next.seq}: explanations ` +
        'asked of a game folded without them while a procedure was open',
    )
  })
})
