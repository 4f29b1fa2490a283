import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toEngineEvent } from '../../core/api/index.js'
import { createEngine, type Engine, type EngineEvent, type EngineState } from '../../core/engine/index.js'
import { canonicalJson } from '../../core/events/index.js'
import { classic } from '../../core/rules/classic/index.js'
import { parseAndVerifyJsonl } from '../../core/store/jsonl.js'

/**
 * One engine folds every game of its ruleset (the api caches one per ruleset): what a step of one
 * game says must never land in another's, nor a context taken on one game see another's step.
 */
const games = ['warriors-meet-boyz.jsonl', 'goblins-and-ogres-8th.jsonl'].map((file) => {
  const parsed = parseAndVerifyJsonl(readFileSync(join(import.meta.dirname, '../scenarios/games', file), 'utf8'))
  if (!parsed.ok) throw new Error(parsed.problem)
  return parsed.events.map((envelope) => toEngineEvent(envelope))
})

function stepText(engine: Engine, state: EngineState, event: EngineEvent): string {
  const { outcomes, explanation, requests } = engine.step(state, event)
  return canonicalJson({ outcomes, explanation, requests })
}

describe('one engine, two games', () => {
  it('two games stepped in turn through one engine say what each says alone', () => {
    const alone = games.map((events) => {
      const engine = createEngine(classic)
      const state = engine.initialState()
      const steps = events.map((event) => stepText(engine, state, event))
      return { steps, final: canonicalJson(state.game) }
    })

    const shared = createEngine(classic)
    const states = games.map(() => shared.initialState())
    const steps: string[][] = games.map(() => [])
    const longest = Math.max(...games.map((events) => events.length))
    for (let i = 0; i < longest; i++) {
      games.forEach((events, g) => {
        const event = events[i]
        if (event) steps[g]?.push(stepText(shared, states[g] as EngineState, event))
      })
    }
    games.forEach((_, g) => {
      expect(steps[g]).toEqual(alone[g]?.steps)
      expect(canonicalJson(states[g]?.game)).toBe(alone[g]?.final)
    })
  })

  it("a context taken on one game keeps that game's seq and step while another game steps", () => {
    const engine = createEngine(classic)
    const [first, second] = games as [EngineEvent[], EngineEvent[]]
    const a = engine.initialState()
    const b = engine.initialState()
    for (const event of first.slice(0, 3)) engine.step(a, event)
    const contextOfA = engine.contextFor(a)
    const stepsOfB = second.slice(0, 5).map((event) => engine.step(b, event))
    expect(contextOfA.seq).toBe(3)
    // An outcome recorded through A's context lands in A's scratch, never in a result B's step returned.
    const before = canonicalJson(stepsOfB)
    // A casting roll changes no state: the test looks only at where the outcome lands.
    contextOfA.emit({
      kind: 'casting-roll',
      text: 'a casting roll said through the context of game A',
      values: { caster: 'x', spell: 'y', faces: [6, 6], total: 12, need: 7, result: 'cast' },
      explanation: { text: 'a casting roll of game A', children: [] },
    } as Parameters<typeof contextOfA.emit>[0])
    expect(canonicalJson(stepsOfB)).toBe(before)
    expect(contextOfA.seq).toBe(3)
  })
})
