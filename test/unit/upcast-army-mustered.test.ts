import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEngine } from '../../core/engine/driver.js'
import type { EngineEvent } from '../../core/engine/types.js'
import { canonicalJson, type EventEnvelope, gameEvents } from '../../core/events/index.js'
import { classic } from '../../core/rules/classic/index.js'

const folder = join(import.meta.dirname, '..', 'scenarios', 'games')

function replay(events: { type: string; payload: unknown; seq: number; actor: string; gameId: string }[]): string {
  const engine = createEngine(classic)
  const state = engine.initialState()
  const steps = events.map((event) => engine.step(state, event as EngineEvent))
  return canonicalJson({ steps, state: state.game })
}

describe('ArmyMustered v1 -> v2', () => {
  for (const file of ['warriors-meet-boyz.jsonl', 'goblins-and-ogres-8th.jsonl']) {
    it(`${file}: the recorded v1 game replays byte-identically through the upcaster`, () => {
      const lines = readFileSync(join(folder, file), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{"actor"'))
        .map((line) => JSON.parse(line) as EventEnvelope)
      expect(lines.filter((e) => e.type === 'ArmyMustered').every((e) => e.v === 1)).toBe(true)
      const upcast = lines.map((e) => ({ ...e, payload: gameEvents.readPayload(e.type, e.v, e.payload) }))
      // The same game written today: ArmyMustered at v2, gear and rules as references.
      const writtenNow = lines.map((e) => {
        if (e.type !== 'ArmyMustered') return { ...e, payload: gameEvents.readPayload(e.type, e.v, e.payload) }
        const v1 = e.payload as { player: string; units: { gear: string[]; rules: string[] }[] }
        const v2 = {
          ...v1,
          units: v1.units.map((u) => ({
            ...u,
            gear: u.gear.map((id) => ({ id, options: {} })),
            rules: u.rules.map((id) => ({ id, params: {} })),
          })),
        }
        return { ...e, v: 2, payload: gameEvents.validateNew('ArmyMustered', 2, v2) }
      })
      expect(replay(upcast)).toBe(replay(writtenNow))
    })
  }

  it('v2 takes rules with parameters, gear with options, a race, a formation and a command group', () => {
    const payload = gameEvents.validateNew('ArmyMustered', 2, {
      player: 'p1',
      units: [
        {
          id: 'trolls',
          name: 'Trolls',
          troopType: 'monstrous-infantry',
          race: 'orcs-and-goblins',
          models: 3,
          profile: { M: 6, WS: 3, BS: 1, S: 5, T: 4, W: 3, I: 1, A: 3, Ld: 4 },
          gear: ['hand-weapon'],
          rules: [{ id: 'regeneration', params: { save: 5 } }, { id: 'hatred', params: { enemies: 'dwarfs' } }, 'fear'],
          formation: { files: 3 },
          command: { champion: true },
        },
      ],
    }) as { units: unknown[] }
    expect(payload.units[0]).toMatchObject({
      gear: [{ id: 'hand-weapon', options: {} }],
      rules: [
        { id: 'regeneration', params: { save: 5 } },
        { id: 'hatred', params: { enemies: 'dwarfs' } },
        { id: 'fear', params: {} },
      ],
      formation: { files: 3 },
      command: { champion: true, standard: false, musician: false },
    })
  })

  it('a bad parameter is named with its field', () => {
    expect(() =>
      gameEvents.validateNew('ArmyMustered', 2, {
        player: 'p1',
        units: [
          {
            id: 'a',
            name: 'A',
            troopType: 'infantry',
            models: 5,
            profile: { M: 5, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 },
            rules: [{ id: 'regeneration', params: { save: [5] } }],
          },
        ],
      }),
    ).toThrow(/ArmyMustered v2: payload\.units\[0\]\.rules\[0\]/)
  })
})
