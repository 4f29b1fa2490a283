import { describe, expect, it } from 'vitest'
import { defineEntry, entryData } from '../../core/engine/catalogue.js'
import { createEngine } from '../../core/engine/driver.js'
import type { Duration } from '../../core/engine/effects.js'
import type { EngineEvent, Ruleset } from '../../core/engine/types.js'
import { gameEvents } from '../../core/events/index.js'
import { explain } from '../../core/explain/index.js'
import { HASH, unitDef } from '../helpers/classic-game.js'

/**
 * Durations are data on an active effect (DESIGN §3). A drill ruleset: declaring an attack
 * gives the attacker "Blessing" (+1 WS) for the duration under test; declaring a combat round
 * ends round 1 of combat "c1".
 */
const blessing = defineEntry({
  id: 'blessing',
  name: 'Blessing',
  kind: 'spell',
  source: 'test',
  text: '+1 WS while it lasts',
  clauses: { ws: '+1 WS' },
  enforcement: 'enforced',
  effects: [
    {
      at: 'profile',
      clause: 'ws',
      label: 'Blessing',
      kind: 'add',
      when: (q) => (q.characteristic === 'WS' ? true : null),
      value: 1,
    },
  ],
})

function drill(duration: Duration): Ruleset {
  return {
    id: 'drill',
    name: 'Drill',
    defaultVariant: 'plain',
    troopTypes: ['infantry'],
    phases: ['magic', 'close-combat'],
    catalogue: {
      ruleset: 'drill',
      variants: { plain: { name: 'Plain', description: 'test' } },
      decisions: [],
      entries: [entryData(blessing)],
    },
    definitions: [blessing],
    procedures: {
      MeleeAttacksDeclared: {
        name: 'bless',
        phases: ['magic'],
        // biome-ignore lint/correctness/useYield: it decides without asking the table anything
        *start(ctx, event) {
          ctx.emit({
            kind: 'effect-started',
            text: 'blessed',
            values: {
              effect: {
                id: `blessing-${event.seq}`,
                entry: 'blessing',
                unit: event.payload.attacker,
                params: {},
                duration,
                startedAt: event.seq,
              },
            },
            explanation: explain('blessed'),
          })
        },
      },
      CombatRoundDeclared: {
        name: 'end-round',
        phases: ['close-combat'],
        // biome-ignore lint/correctness/useYield: it decides without asking the table anything
        *start(ctx) {
          ctx.emit({
            kind: 'round-ended',
            text: 'round over',
            values: { combat: 'c1', round: 1 },
            explanation: explain('over'),
          })
        },
      },
    },
  }
}

function play(duration: Duration) {
  const engine = createEngine(drill(duration))
  const state = engine.initialState()
  const step = (type: string, payload: unknown, actor = 'p1') =>
    engine.step(state, {
      type,
      payload: gameEvents.validateNew(type, gameEvents.currentVersion(type), payload),
      seq: (state.game?.seq ?? 0) + 1,
      actor,
      gameId: 'g',
    } as EngineEvent)
  step('GameCreated', {
    ruleset: 'drill',
    variant: 'plain',
    catalogueHash: HASH,
    players: [
      { id: 'p1', name: 'a' },
      { id: 'p2', name: 'b' },
    ],
  })
  step('ArmyMustered', { player: 'p1', units: [unitDef('a', { gear: [] })] })
  step('ArmyMustered', { player: 'p2', units: [unitDef('b', { gear: [] })] }, 'p2')
  step('TurnStarted', { turn: 1, player: 'p1' })
  step('PhaseStarted', { phase: 'magic' })
  step('MeleeAttacksDeclared', { attacker: 'a', target: 'b' })
  const ws = () => {
    const ctx = engine.contextFor(state)
    const records = ctx.modifiers('profile', {
      subject: ctx.unit('a'),
      opponent: null,
      characteristic: 'WS',
      combat: null,
    })
    return records.filter((r) => r.status === 'applied').reduce((sum, r) => sum + (r.value as number), 3)
  }
  return { step, ws, state }
}

describe('durations of active effects', () => {
  it('until the end of the turn: ends when the next turn starts', () => {
    const game = play({ kind: 'end-of-turn' })
    expect(game.ws()).toBe(4)
    game.step('PhaseStarted', { phase: 'close-combat' })
    expect(game.ws()).toBe(4)
    const next = game.step('TurnStarted', { turn: 1, player: 'p2' })
    expect(next.outcomes[0]).toMatchObject({
      kind: 'effect-ended',
      values: { entry: 'blessing', why: 'the turn is over' },
    })
    expect(game.ws()).toBe(3)
  })

  it("until the caster's next magic phase: survives the enemy's turn, ends at the caster's next magic phase", () => {
    const game = play({ kind: 'casters-next-magic-phase', caster: 'p1' })
    game.step('TurnStarted', { turn: 1, player: 'p2' })
    game.step('PhaseStarted', { phase: 'magic' })
    expect(game.ws()).toBe(4)
    game.step('TurnStarted', { turn: 2, player: 'p1' })
    expect(game.ws()).toBe(4)
    game.step('PhaseStarted', { phase: 'magic' })
    expect(game.ws()).toBe(3)
  })

  it('this round, and the first round of a combat: end with the round', () => {
    for (const duration of [
      { kind: 'this-round', combat: 'c1' },
      { kind: 'first-round', combat: 'c1' },
    ] as const) {
      const game = play(duration)
      expect(game.ws()).toBe(4)
      game.step('CombatRoundDeclared', {
        combat: 'c1',
        contact: [
          { unit: 'a', models: 1 },
          { unit: 'b', models: 1 },
        ],
      })
      expect(game.ws()).toBe(3)
    }
  })

  it('one use: ends as soon as it has applied once', () => {
    const game = play({ kind: 'one-use' })
    expect(game.ws()).toBe(4)
    expect(game.ws()).toBe(3)
    expect(game.state.game?.effects).toEqual([])
  })
})
